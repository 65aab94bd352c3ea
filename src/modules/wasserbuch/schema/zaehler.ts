import { z } from 'zod';
import { queryInt } from '../../../platform/validation';

// Main-meter balance and meter calibration (docs/api/wasserbuch.md "Main meters"). Volumes are m³
// as decimal strings with 3 decimals, percentages with 1; the UI imports the answer types.

export const hauptwasserzaehlerIdQuery = z.object({ id: queryInt });

/** `tage` absent: every meter; else only those due within that many days (or overdue). */
export const eichungQuery = z.object({
  tage: queryInt.refine((n) => n <= 3650, 'Erlaubt sind höchstens 3650 Tage.').optional(),
});
export type EichungFilter = z.output<typeof eichungQuery>;

// ---- Answers ----

const m3 = z.string();

export const bilanzPunktResponse = z.object({
  datum: z.string(),
  /** The main meter's reading that day (after a meter change: the new meter's first). */
  stand: m3.nullable(),
  /** Main meter's consumption since the previous point; null on the first point. */
  verbrauch: m3.nullable(),
  /** The read plots' consumption between the same two dates; null on the first point. */
  summeParzellen: m3.nullable(),
  anzahlParzellen: z.number(),
  anzahlGelesen: z.number(),
  schwund: m3.nullable(),
  /** "6.7"; null when the main meter measured nothing. */
  schwundProzent: z.string().nullable(),
  warnung: z.boolean(),
  /** German, for the screen; null when there is nothing to say. */
  hinweis: z.string().nullable(),
});
export type BilanzPunkt = z.infer<typeof bilanzPunktResponse>;

export const bilanzResponse = z.object({
  id: z.number(),
  nummer: z.string(),
  warnProzent: z.string(),
  punkte: z.array(bilanzPunktResponse),
});
export type Bilanz = z.infer<typeof bilanzResponse>;

export const ZAEHLER_ARTEN = ['parzelle', 'hauptwasserzaehler'] as const;

export const zaehlerEichungResponse = z.object({
  art: z.enum(ZAEHLER_ARTEN),
  parzelleId: z.number().nullable(),
  parzelleNummer: z.string().nullable(),
  /** Today's holder of the plot. */
  adresseName: z.string().nullable(),
  /** The plot's main meter, or the main meter itself. */
  hauptwasserzaehlerId: z.number().nullable(),
  zaehlernummer: z.string(),
  eingebautAm: z.string().nullable(),
  eichungFaelligAm: z.string().nullable(),
  faellig: z.boolean(),
});
export type ZaehlerEichung = z.infer<typeof zaehlerEichungResponse>;
