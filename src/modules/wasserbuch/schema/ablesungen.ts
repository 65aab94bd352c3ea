import { z } from 'zod';
import { isoDate, queryBool, queryInt, readOnly, strict } from '../../../platform/validation';
import { bool, optionalText, refId, requiredText, saveId, version } from '../../stammdaten/schema/abstellplaetze';
import { reading } from '../../stammdaten/schema/hauptwasserzaehler';

// Request schemas of the reading calls (Wasserbuch) and the plot meter change (Stammdaten).
// Readings are decimal strings with a dot ("150.250", m³, at most 3 decimals), as the main meters'.

export const QUELLEN = ['manuell', 'funk', 'import'] as const;
export type Quelle = (typeof QUELLEN)[number];

/** A date `YYYY-MM-DD`, with German messages for a missing value or one of another type. */
const datum = z
  .string({
    error: (i) =>
      i.input === undefined ? 'Dieses Feld ist erforderlich.' : 'Erwartet wird ein Datum im Format JJJJ-MM-TT.',
  })
  .pipe(isoDate);

/** A reading or nothing: '' and null mean "not read yet". */
const optionalReading = z.preprocess((v) => (v === '' || v === null ? undefined : v), reading.optional());

const optionalRef = z
  .number({ error: 'Erwartet wird eine Zahl.' })
  .int('Erwartet wird eine ganze Zahl.')
  .min(1, 'Erwartet wird eine positive Zahl.')
  .max(2_147_483_647, 'Die Zahl ist zu groß.')
  .nullish()
  .transform((v) => v ?? null);

export const ablesungBody = strict({
  id: saveId,
  version,
  datum,
  parzelleId: optionalRef,
  hauptwasserzaehlerId: optionalRef,
  /** Empty or absent: the meter the plot or main meter had at `datum`. */
  zaehlernummer: optionalText(50),
  /** Empty or absent: not read yet (a row of a reading round). */
  stand: optionalReading,
  isZaehlerwechsel: bool(false),
  quelle: z
    .enum(QUELLEN, { error: 'Erlaubt sind manuell, funk oder import.' })
    .nullish()
    .transform((v): Quelle => v ?? 'manuell'),
  notiz: optionalText(5000, true),
  parzelleNummer: readOnly,
  hauptwasserzaehlerNummer: readOnly,
});
export type AblesungInput = z.output<typeof ablesungBody>;

export const ablesungenQuery = z.object({
  datum: datum.optional(),
  parzelleId: queryInt.optional(),
  hauptwasserzaehlerId: queryInt.optional(),
  /** Only rows of a round that are not read yet. */
  nurFehlende: queryBool.optional(),
});
export type AblesungenFilter = z.output<typeof ablesungenQuery>;

export const selectedDatumQuery = z.object({ selectedDatum: datum });
export const datumQuery = z.object({ datum });
export const parzelleIdQuery = z.object({ parzelleId: queryInt });

export const zaehlerwechselBody = strict({
  parzelleId: refId('Bitte wählen Sie eine Parzelle.'),
  datum,
  endstand: reading,
  neueNummer: requiredText(50, 'Bitte geben Sie die Nummer des neuen Zählers an.'),
  anfangsstand: reading,
  /** The seal number of the new meter; kept in the new reading's note. */
  plombe: optionalText(50),
});
export type ZaehlerwechselInput = z.output<typeof zaehlerwechselBody>;

// ---- Answers: the UI imports their types (`import type`) from here (ADR 0005) ----

export const ablesungResponse = z.object({
  id: z.number(),
  /** Optimistic lock: send it back with the update. */
  version: z.number(),
  datum: z.string(),
  parzelleId: z.number().nullable(),
  parzelleNummer: z.string().nullable(),
  hauptwasserzaehlerId: z.number().nullable(),
  hauptwasserzaehlerNummer: z.string().nullable(),
  zaehlernummer: z.string(),
  /** m³ as "150.250"; null: not read yet. */
  stand: z.string().nullable(),
  isZaehlerwechsel: z.boolean(),
  quelle: z.enum(QUELLEN),
  notiz: z.string(),
});
export type Ablesung = z.infer<typeof ablesungResponse>;

/** One reading date of GetWasserablesungLookup. */
export const ablesedatumResponse = z.object({ datum: z.string(), anzahl: z.number(), fehlend: z.number() });
export type Ablesedatum = z.infer<typeof ablesedatumResponse>;
