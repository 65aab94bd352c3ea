import { z } from 'zod';
import { roundDecimal } from '../../../platform/money';
import { readOnly, strict } from '../../../platform/validation';
import { bool, date, optionalDate, optionalText, refId, requiredText, saveId, version } from './abstellplaetze';

const READING_MESSAGE = 'Erwartet wird ein Zählerstand wie 12340.000 (höchstens 3 Nachkommastellen).';

/** A meter reading: a decimal string with a dot (or a number), ≥ 0, at most 3 decimals; answered as "12340.000". */
export const reading = z
  .union([z.string().trim(), z.number()], {
    error: (i) => (i.input === undefined ? 'Dieses Feld ist erforderlich.' : READING_MESSAGE),
  })
  .transform((v) => (typeof v === 'number' ? String(v) : v))
  .refine((s) => /^\d{1,9}(\.\d{1,3})?$/.test(s), READING_MESSAGE)
  .transform((s) => roundDecimal(s, 3));

export const hauptwasserzaehlerBody = strict({
  id: saveId,
  version,
  nummer: requiredText(50, 'Bitte geben Sie die Zählernummer an.'),
  bezeichnung: optionalText(200),
  standort: optionalText(200),
  eichdatum: optionalDate,
  aktiv: bool(true),
  notiz: optionalText(5000, true),
  eichungFaelligAm: readOnly,
  eichungWarnung: readOnly,
  letzteAblesung: readOnly,
  anzahlParzellen: readOnly,
});

export const wechselBody = strict({
  id: refId('Bitte wählen Sie einen Hauptwasserzähler.'),
  datum: date,
  endstand: reading,
  neueNummer: requiredText(50, 'Bitte geben Sie die Nummer des neuen Zählers an.'),
  anfangsstand: reading,
  eichdatum: optionalDate,
});

// ---- Answers: the UI imports their types (`import type`) from here (ADR 0005) ----

/** A reading: date YYYY-MM-DD, stand as "12340.000". */
export const ablesungResponse = z.object({ datum: z.string(), stand: z.string() });
export type Ablesung = z.infer<typeof ablesungResponse>;

/** A Hauptwasserzähler as its list, Get, save and WechselHWZ answer it (`presentHauptwasserzaehler`). */
export const hauptwasserzaehlerResponse = z.object({
  id: z.number(),
  /** Optimistic lock: send it back with the save. */
  version: z.number(),
  nummer: z.string(),
  bezeichnung: z.string(),
  standort: z.string(),
  eichdatum: z.string().nullable(),
  aktiv: z.boolean(),
  notiz: z.string(),
  /** eichdatum + 5 years (read-only). */
  eichungFaelligAm: z.string().nullable(),
  /** Due within 90 days or past (read-only). */
  eichungWarnung: z.boolean(),
  letzteAblesung: ablesungResponse.nullable(),
  anzahlParzellen: z.number(),
});
export type Hauptwasserzaehler = z.infer<typeof hauptwasserzaehlerResponse>;
