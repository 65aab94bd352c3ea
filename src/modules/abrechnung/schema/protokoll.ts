// The run protocol (GetProtokoll, GetProtokollWasser): per receivable when it was booked, printed
// and mailed. Shared with the UI (no server-only imports here).
import { z } from 'zod';
import { queryInt } from '../../../platform/validation';
import { stichtagPflicht } from './wasserrechnungen';
import { laufStatusResponse } from './zvData';

export const protokollZeile = z.object({
  rechnungId: z.number().int(),
  nummer: z.string(),
  adresseId: z.number().int(),
  name: z.string(),
  betragCent: z.number().int(),
  /** How the address wants its letters (BevorzugtEmail with an address: 'email'). */
  kanal: z.enum(['post', 'email']),
  gebuchtAm: z.string(),
  /** The latest print after booking; null: not printed yet. */
  gedrucktAm: z.string().nullable(),
  /** The latest mail attempt; null: not mailed. */
  email: z
    .object({
      status: z.enum(['ok', 'fehler']),
      empfaenger: z.string(),
      zeitpunkt: z.string(),
      fehler: z.string().nullable(),
    })
    .nullable(),
});
export type ProtokollZeile = z.infer<typeof protokollZeile>;

export const protokollResponse = z.object({
  lauf: laufStatusResponse,
  zeilen: z.array(protokollZeile),
  summen: z.object({
    anzahl: z.number().int(),
    gedruckt: z.number().int(),
    emailOk: z.number().int(),
    emailFehler: z.number().int(),
  }),
});
export type Protokoll = z.infer<typeof protokollResponse>;

export const PROTOKOLL_FORMATE = ['json', 'pdf', 'xlsx'] as const;

export const protokollQuery = z.object({
  /** Absent: the newest billing year. */
  pachtabrechnungID: queryInt.optional(),
  format: z.enum(PROTOKOLL_FORMATE, { error: 'Format json, pdf oder xlsx.' }).optional(),
});
export type ProtokollQuery = z.infer<typeof protokollQuery>;

export const protokollWasserQuery = z.object({
  /** The settlement's stichtag (its Wasserrechnung run). */
  stichtag: stichtagPflicht,
  format: z.enum(PROTOKOLL_FORMATE, { error: 'Format json, pdf oder xlsx.' }).optional(),
});
export type ProtokollWasserQuery = z.infer<typeof protokollWasserQuery>;

/** GET GetProtokollVorhanden: absent = the newest billing year. */
export const protokollVorhandenQuery = z.object({ pachtabrechnungID: queryInt.optional() });

/** GET GetProtokollVorhandenWasser: the settlement's stichtag. */
export const protokollVorhandenWasserQuery = z.object({ stichtag: stichtagPflicht });
