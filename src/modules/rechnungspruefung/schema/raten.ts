// Instalments (Ratenvereinbarung) of a receivable: body of UpdateRaten and the monthly suggestion.
// Shared with the UI: no server-only imports here.
import { z } from 'zod';
import { isoDate, queryInt } from '../../../platform/validation';

export const rateInput = z.object({
  faelligAm: isoDate,
  betragCent: z.number({ error: 'Erwartet wird ein Betrag in Cent.' }).int('Erwartet wird ein Betrag in Cent.'),
});
export type RateInput = z.output<typeof rateInput>;

/** POST UpdateRaten: the receivable's instalments (empty = none); they add up to its amount. */
export const updateRatenBody = z.object({
  rechnungId: z.number({ error: 'Erwartet wird eine Nummer.' }).int().positive(),
  raten: z.array(rateInput, { error: 'Erwartet wird eine Liste von Raten.' }).max(120, 'Höchstens 120 Raten.'),
});
export type UpdateRatenBody = z.output<typeof updateRatenBody>;

/** GET RatenVorschlag: `anzahl` monthly instalments from `ersteFaelligkeit`. */
export const ratenVorschlagQuery = z.object({
  rechnungId: queryInt,
  anzahl: queryInt.refine((n) => n >= 1 && n <= 120, 'Zwischen 1 und 120 Raten.'),
  ersteFaelligkeit: isoDate,
});
export type RatenVorschlagQuery = z.output<typeof ratenVorschlagQuery>;

export const rate = z.object({ faelligAm: z.string(), betragCent: z.number().int() });
export const ratenVorschlag = z.array(rate);
export type RatenVorschlag = z.infer<typeof ratenVorschlag>;
