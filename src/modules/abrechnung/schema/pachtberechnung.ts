import { z } from 'zod';
import { queryInt, readOnly, strict } from '../../../platform/validation';
import { int, optionalText, refId, version } from '../../stammdaten/schema/abstellplaetze';

// Request and answer schemas of the Pachtberechnung calls (the rates of a billing year; Abrechnung
// controller, docs/api/abrechnung.md "Pachtberechnung"). Rates and areas are decimal strings with a
// dot; the UI imports the answer types (ADR 0005).

const REQUIRED = 'Dieses Feld ist erforderlich.';

/**
 * A decimal string with a dot, ≥ 0 and at most `places` decimals (a number is accepted and read as
 * its shortest text). `example` completes the message ("z. B. 1.31").
 */
export function decimalText(places: number, example: string) {
  const pattern = new RegExp(`^\\d{1,8}(\\.\\d{1,${places}})?$`);
  return z
    .union([z.string(), z.number()], {
      error: (i) => (i.input === undefined ? REQUIRED : `Erwartet wird eine Zahl als Text, z. B. "${example}".`),
    })
    .transform((v) => (typeof v === 'number' ? String(v) : v.trim()))
    .refine((s) => !s.startsWith('-'), { error: 'Der Wert darf nicht negativ sein.', abort: true })
    .refine(
      (s) => pattern.test(s),
      `Erwartet wird eine Zahl mit Punkt als Dezimaltrennzeichen und höchstens ${places} Nachkommastellen, z. B. ${example}.`,
    );
}

/** The lease positions' tax rates (0: Kleingartenpacht is exempt). */
export const PACHT_STEUERSAETZE = [0, 10, 20] as const;
export type PachtSteuersatz = (typeof PACHT_STEUERSAETZE)[number];
export const pachtSteuersatz = z
  .number({ error: (i) => (i.input === undefined ? REQUIRED : 'Steuersatz muss 0, 10 oder 20 % sein.') })
  .refine((n): n is PachtSteuersatz => (PACHT_STEUERSAETZE as readonly number[]).includes(n), {
    message: 'Steuersatz muss 0, 10 oder 20 % sein.',
  })
  .transform((n) => n as PachtSteuersatz);

/** A booking account id or null (none). */
export const optionalKonto = refId('Bitte wählen Sie ein Buchungskonto.')
  .nullish()
  .transform((v) => v ?? null);

export const pachtberechnungIdQuery = z.object({ id: queryInt });
/** GetNewPachtberechnung: the year to create (absent: the newest year with rates + 1, else the current year). */
export const newPachtberechnungQuery = z.object({ jahr: queryInt.optional() });

export const pachtberechnungBody = strict({
  /** The Pachtabrechnung's id (the Pachtberechnung is 1:1 with the billing year). */
  id: refId('Bitte wählen Sie ein Abrechnungsjahr.'),
  version,
  bezeichnung: optionalText(200).optional(),
  pachtzinsProM2: decimalText(4, '1.31'),
  /** null or '': the year charges no Grundsteuer. */
  grundsteuerProM2: z.preprocess((v) => (v === '' || v === undefined ? null : v), decimalText(4, '0.14').nullable()),
  gemeinschaftsflaeche: decimalText(2, '2000.00'),
  /** null: the settings' Zahlungsziel. */
  zahlungszielTage: int(0, 365, 'Erlaubt sind 0 bis 365 Tage.')
    .nullish()
    .transform((v) => v ?? null),
  pachtSteuersatz,
  buchungskonten: strict({
    pachtzins: optionalKonto,
    gemeinschaftsflaeche: optionalKonto,
    grundsteuer: optionalKonto,
  }),
  pachtabrechnungId: readOnly,
  jahr: readOnly,
  zahlungszielTageWirksam: readOnly,
  summeFlaeche: readOnly,
  anzahlParzellen: readOnly,
  anzahlZuschlaege: readOnly,
  gebucht: readOnly,
});
export type PachtberechnungInput = z.output<typeof pachtberechnungBody>;

// ---- Answers ----

export const pachtberechnungResponse = z.object({
  /** = pachtabrechnungId. */
  id: z.number(),
  pachtabrechnungId: z.number(),
  version: z.number(),
  jahr: z.number(),
  bezeichnung: z.string(),
  pachtzinsProM2: z.string(),
  grundsteuerProM2: z.string().nullable(),
  gemeinschaftsflaeche: z.string(),
  zahlungszielTage: z.number().nullable(),
  /** The term that applies (the year's, else the settings'). */
  zahlungszielTageWirksam: z.number(),
  pachtSteuersatz: z.union([z.literal(0), z.literal(10), z.literal(20)]),
  buchungskonten: z.object({
    pachtzins: z.number().nullable(),
    gemeinschaftsflaeche: z.number().nullable(),
    grundsteuer: z.number().nullable(),
  }),
  /** m² of the active plots. */
  summeFlaeche: z.string(),
  anzahlParzellen: z.number(),
  anzahlZuschlaege: z.number(),
  /** The year's Zahlungsvorschreibung is booked: rates, surcharges and shares are fixed. */
  gebucht: z.boolean(),
});
export type Pachtberechnung = z.infer<typeof pachtberechnungResponse>;

/** GetAllPachtberechnungIDs. */
export type PachtberechnungId = { id: number; jahr: number };
