import { z } from 'zod';
import { queryInt, readOnly, strict } from '../../../platform/validation';
import { bool, date, int, optionalDate, optionalText, refId, requiredText, saveId, version } from './abstellplaetze';

export const funktionBody = strict({
  id: saveId,
  version,
  name: requiredText(100, 'Bitte geben Sie den Namen der Funktion an.'),
  sortierung: int(-1_000_000, 1_000_000)
    .nullish()
    .transform((v) => v ?? 0),
  pflicht: bool(false),
});

export const funktionaerBody = strict({
  id: saveId,
  version,
  funktionId: refId('Bitte wählen Sie eine Funktion.'),
  adresseId: refId('Bitte wählen Sie eine Adresse.'),
  von: date,
  bis: optionalDate,
  notiz: optionalText(5000, true),
  funktionName: readOnly,
  adresseName: readOnly,
}).refine((v) => v.bis === null || v.bis >= v.von, {
  message: 'Das Ende darf nicht vor dem Beginn liegen.',
  path: ['bis'],
});

export const funktionaerListQuery = z.object({
  funktionId: queryInt.optional(),
  adresseId: queryInt.optional(),
});

// ---- Answers: the UI imports their types (`import type`) from here (ADR 0005) ----

/** A Funktion (Obmann, Kassier …) as lists and saves answer it (`presentFunktion`). */
export const funktionResponse = z.object({
  id: z.number(),
  /** Optimistic lock: send it back with the save. */
  version: z.number(),
  name: z.string(),
  sortierung: z.number(),
  /** Required: an alert while nobody holds it. */
  pflicht: z.boolean(),
});
export type Funktion = z.infer<typeof funktionResponse>;

/** A required Funktion nobody holds today (GetFunktionAlert). */
export const funktionAlertResponse = z.object({ funktionId: z.number(), name: z.string(), text: z.string() });
export type FunktionAlert = z.infer<typeof funktionAlertResponse>;

/** A term of a Funktionär (`presentFunktionaer`); dates YYYY-MM-DD. */
export const funktionaerResponse = z.object({
  id: z.number(),
  /** Optimistic lock: send it back with the save. */
  version: z.number(),
  funktionId: z.number(),
  adresseId: z.number(),
  von: z.string(),
  bis: z.string().nullable(),
  notiz: z.string(),
  funktionName: z.string(),
  adresseName: z.string(),
});
export type Funktionaer = z.infer<typeof funktionaerResponse>;

/** A term ending within 60 days, or a holder who is no longer a member (GetFunktionaerAlert). */
export const funktionaerAlertResponse = z.object({
  funktionaerId: z.number(),
  funktionId: z.number(),
  adresseId: z.number(),
  name: z.string(),
  art: z.enum(['endet', 'kein_mitglied']),
  text: z.string(),
});
export type FunktionaerAlert = z.infer<typeof funktionaerAlertResponse>;
