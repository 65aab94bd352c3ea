import { z } from 'zod';
import { isoDate, queryBool, queryInt, text } from '../../../platform/validation';
import { pachtabrechnungResponse } from '../../abrechnung/schema/pachtabrechnung';

// Query schemas of the Stammdaten lists (Geburtstags-, Jubiläums-, Unterschriftenliste, Summenblatt,
// Stammdatenblatt). Like the module's other queries they ignore parameters they do not know.

function formatOf<const T extends readonly [string, ...string[]]>(values: T) {
  return z.enum(values, { error: `Erlaubt sind: ${values.join(', ')}.` }).optional();
}

/** The answer of a list: its rows as JSON, a PDF or an Excel workbook. */
export const listFormat = formatOf(['json', 'pdf', 'xlsx']);
export type ListFormat = NonNullable<z.output<typeof listFormat>>;

export const geburtstagslisteQuery = z.object({
  date: isoDate.optional(),
  weiterePersonen: queryBool.optional(),
  zeitungsfilter: queryBool.optional(),
  fifties: queryBool.optional(),
  format: listFormat,
});

export const jubilaeumslisteQuery = z.object({ date: isoDate.optional(), format: listFormat });

export const unterschriftenlisteQuery = z.object({
  title: text(200).optional(),
  nurMitglieder: queryBool.optional(),
  /** A Gruppe's id; absent or 0 = all plots. */
  gruppenFilter: queryInt.optional(),
  format: listFormat,
});

/** The billing year; absent or 0 = the newest (created for the current year when there is none). */
export const summenblattQuery = z.object({ pachtabrechnungID: queryInt.optional(), format: listFormat });

/** One address's sheet (`id`, as PDF or JSON) or a blank form to fill in by hand (`isleer=true`, PDF only). */
export const stammdatenblattQuery = z
  .object({ id: queryInt.optional(), isleer: queryBool.optional(), format: formatOf(['json', 'pdf']) })
  .superRefine((q, ctx) => {
    if (q.isleer) {
      if (q.format === 'json') {
        ctx.addIssue({ code: 'custom', path: ['format'], message: 'Ein leeres Blatt gibt es nur als PDF.' });
      }
    } else if (!q.id) {
      ctx.addIssue({
        code: 'custom',
        path: ['id'],
        message: 'Bitte eine Adresse wählen oder ein leeres Blatt anfordern.',
      });
    }
  });

// ---- Answers (format=json): the UI imports their types (`import type`) from here (ADR 0005) ----

/** A row of the Geburtstagsliste: an active address or one of its further persons. */
export const geburtstagRowResponse = z.object({
  name: z.string(),
  geburtsdatum: z.string(),
  /** The age reached in the year of the Stichtag. */
  alter: z.number(),
  /** The address's current plots, "12, 14". */
  parzellen: z.string(),
  adresseId: z.number(),
  weiterePerson: z.boolean(),
});
export type GeburtstagRow = z.infer<typeof geburtstagRowResponse>;

/** A row of the Jubiläumsliste: a member reaching `jahre` years of membership. */
export const jubilaeumRowResponse = z.object({
  name: z.string(),
  eintrittsdatum: z.string(),
  jahre: z.number(),
  parzellen: z.string(),
  adresseId: z.number(),
});
export type JubilaeumRow = z.infer<typeof jubilaeumRowResponse>;

/** A row of the Unterschriftenliste: a lease running today. */
export const unterschriftRowResponse = z.object({
  parzelle: z.string(),
  name: z.string(),
  adresseId: z.number(),
  parzelleId: z.number(),
});
export type UnterschriftRow = z.infer<typeof unterschriftRowResponse>;

/** A line of the Summenblatt: a count or a sum (areas as decimal strings). */
export const summenRowResponse = z.object({
  key: z.string(),
  bezeichnung: z.string(),
  wert: z.union([z.string(), z.number()]),
});
export type SummenRow = z.infer<typeof summenRowResponse>;

/** The Summenblatt of a year, counted on its Stichtag. */
export const summenblattResponse = z.object({
  pachtabrechnung: pachtabrechnungResponse,
  stichtag: z.string(),
  rows: z.array(summenRowResponse),
});
export type Summenblatt = z.infer<typeof summenblattResponse>;

/** The Stammdatenblatt of one address (format=json): the address's columns and what hangs on it. */
export const stammdatenblattResponse = z.object({
  /** The address's stored fields (dates YYYY-MM-DD) with its display name. */
  adresse: z.looseObject({ id: z.number(), name: z.string() }),
  parzellen: z.array(
    z.object({ nummer: z.string(), flaeche: z.string(), von: z.string(), bis: z.string().nullable() }),
  ),
  weiterePersonen: z.array(
    z.object({
      name: z.string(),
      beziehung: z.string(),
      geburtsdatum: z.string().nullable(),
      telefon: z.string(),
      email: z.string(),
    }),
  ),
  abstellplaetze: z.array(
    z.object({ nummer: z.string(), kategorie: z.string(), von: z.string(), bis: z.string().nullable() }),
  ),
  funktionen: z.array(z.object({ name: z.string(), von: z.string(), bis: z.string().nullable() })),
});
export type Stammdatenblatt = z.infer<typeof stammdatenblattResponse>;
