import { z } from 'zod';
import { isoDate } from '../../../platform/validation';

// GetFehlersuche: the request and the answer (docs/api/wasserbuch.md, "Fehlersuche").

const datum = z
  .string({
    error: (i) =>
      i.input === undefined ? 'Dieses Feld ist erforderlich.' : 'Erwartet wird ein Datum im Format JJJJ-MM-TT.',
  })
  .pipe(isoDate);

export const fehlersucheQuery = z.object({
  stichtag: datum,
  /** Start of the period; absent or empty: the previous settlement's stichtag, else the earliest reading date. */
  von: z.preprocess((v) => (v === '' ? undefined : v), datum.optional()),
});
export type FehlersucheInput = z.output<typeof fehlersucheQuery>;

/** GetVerbrauchDetailsPDF: the settlement's stichtag, optionally one plot. */
export const verbrauchDetailsQuery = z.object({
  stichtag: datum,
  parzelleId: z.preprocess(
    (v) => (v === '' || v === undefined ? undefined : Number(v)),
    z
      .number({ error: 'Erwartet wird eine Zahl.' })
      .int('Erwartet wird eine ganze Zahl.')
      .min(1, 'Erwartet wird eine positive Zahl.')
      .optional(),
  ),
});

// ---- Answers: the UI imports their types (`import type`) from here (ADR 0005) ----

/** The five kinds of DOMAIN.md's Fehlersuche, in the order the answer lists them. */
export const BEFUND_ARTEN = [
  'fehlendeAblesung',
  'gesunkenerStand',
  'hoherVerbrauch',
  'doppelteZaehlernummer',
  'hoherSchwund',
] as const;
export type BefundArt = (typeof BEFUND_ARTEN)[number];

export const befundResponse = z.object({
  art: z.enum(BEFUND_ARTEN),
  /** A German sentence the Wasserwart understands without the other fields. */
  text: z.string(),
  parzelleId: z.number().nullable(),
  parzelleNummer: z.string().nullable(),
  hauptwasserzaehlerId: z.number().nullable(),
  zaehlernummer: z.string().nullable(),
  /** The reading date the finding is about (the row to open), null for a meter number. */
  datum: z.string().nullable(),
  /** The reading row to open; null when there is none (a reading never entered). */
  ablesungId: z.number().nullable(),
});
export type Befund = z.infer<typeof befundResponse>;

export const fehlersucheResponse = z.object({
  stichtag: z.string(),
  von: z.string(),
  befunde: z.array(befundResponse),
});
export type Fehlersuche = z.infer<typeof fehlersucheResponse>;
