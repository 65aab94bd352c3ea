import { z } from 'zod';
import { isoDate, queryBool, queryInt, text } from '../../../platform/validation';

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
