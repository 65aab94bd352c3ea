import { z } from 'zod';
import { isoDate, queryInt } from '../../../platform/validation';

// The Pachtzinsliste (the lease per plot for the Generalpächter; docs/api/abrechnung.md
// "Pachtzinsliste"): json, PDF and Excel with the same numbers.

export const PACHTZINSLISTE_FORMATE = ['json', 'pdf', 'xlsx'] as const;

export const pachtzinslisteQuery = z.object({
  pachtabrechnungID: queryInt.optional(),
  /** The holder on this date (default today). */
  date: isoDate.optional(),
  /** Only this address's plots. */
  adress: queryInt.optional(),
  format: z.enum(PACHTZINSLISTE_FORMATE, { error: 'Erlaubt sind json, pdf oder xlsx.' }).optional(),
});
export type PachtzinslisteQuery = z.infer<typeof pachtzinslisteQuery>;

export const pachtzinslisteZeile = z.object({
  parzelleId: z.number(),
  nummer: z.string(),
  flaeche: z.string(),
  anteil: z.string(),
  /** The holder's name on the date ('' when none). */
  nutzungsberechtigter: z.string(),
  pachtzinsCent: z.number(),
  gemeinschaftsflaecheCent: z.number(),
  grundsteuerCent: z.number(),
  zuschlaegeCent: z.number(),
  summeCent: z.number(),
});
export type PachtzinslisteZeile = z.infer<typeof pachtzinslisteZeile>;

export const pachtzinslisteResponse = z.object({
  jahr: z.number(),
  datum: z.string(),
  zeilen: z.array(pachtzinslisteZeile),
  summen: z.object({
    flaeche: z.string(),
    anteil: z.string(),
    pachtzinsCent: z.number(),
    gemeinschaftsflaecheCent: z.number(),
    grundsteuerCent: z.number(),
    zuschlaegeCent: z.number(),
    summeCent: z.number(),
  }),
});
export type Pachtzinsliste = z.infer<typeof pachtzinslisteResponse>;
