// Request and answer schemas of the insurances (Versicherungen) and their import
// (docs/api/rechnungspruefung.md "Versicherungen"). Shared with the UI (no server-only imports here).
import { z } from 'zod';
import { queryBool, queryInt, readOnly, strict } from '../../../platform/validation';
import { int, optionalText, refId, requiredText, saveId, version } from '../../stammdaten/schema/abstellplaetze';

/** Billing years an insurance may belong to. */
export const JAHR_MIN = 2000;
export const JAHR_MAX = 2100;
const JAHR_MESSAGE = `Erlaubt ist ein Jahr von ${JAHR_MIN} bis ${JAHR_MAX}.`;

/** A premium is at least 1 cent (it goes on the payment request as a position). */
export const praemieCent = int(1, 100_000_000, 'Die Prämie muss größer als 0 sein (höchstens 1.000.000,00 €).');

export const versicherungenQuery = z.object({
  jahr: queryInt.optional(),
  parzelleID: queryInt.optional(),
});
export type VersicherungenQuery = z.infer<typeof versicherungenQuery>;
export const versicherungIdQuery = z.object({ id: queryInt });

/** UpdateVersicherung: `id` 0 or absent creates. */
export const versicherungBody = strict({
  id: saveId,
  version,
  jahr: int(JAHR_MIN, JAHR_MAX, JAHR_MESSAGE),
  parzelleId: refId('Bitte wählen Sie eine Parzelle.'),
  versicherer: optionalText(200),
  polizze: optionalText(100),
  text: requiredText(200, 'Bitte geben Sie einen Text an.'),
  praemieCent,
  parzelleNummer: readOnly,
  hinweis: readOnly,
});
export type VersicherungInput = z.output<typeof versicherungBody>;

/**
 * The import's fields (multipart form fields are text, so they are read like query values; the
 * same names in the query string work too).
 */
export const versicherungenImportFields = z.object({
  jahr: queryInt.pipe(z.number().int().min(JAHR_MIN, JAHR_MESSAGE).max(JAHR_MAX, JAHR_MESSAGE)).optional(),
  dryRun: queryBool.optional(),
});
export type VersicherungenImportFields = z.infer<typeof versicherungenImportFields>;
/** The same fields as the multipart body's text fields (absent body: none). */
export const versicherungenImportBody = z.preprocess((v) => v ?? {}, versicherungenImportFields);

// ---- Answers ----

export const versicherungResponse = z.object({
  id: z.number(),
  version: z.number(),
  jahr: z.number(),
  parzelleId: z.number(),
  parzelleNummer: z.string(),
  versicherer: z.string(),
  polizze: z.string(),
  text: z.string(),
  praemieCent: z.number(),
});
export type Versicherung = z.infer<typeof versicherungResponse>;

/** UpdateVersicherung's answer: `hinweis` when that year's Zahlungsvorschreibung is already booked. */
export const versicherungSaveResponse = versicherungResponse.extend({ hinweis: z.string().optional() });
export type VersicherungGespeichert = z.infer<typeof versicherungSaveResponse>;

/** One row of an import file as read (line number as in the file, header = 1). */
export const versicherungImportZeile = z.object({
  zeile: z.number(),
  parzelleId: z.number(),
  parzelleNummer: z.string(),
  versicherer: z.string(),
  polizze: z.string(),
  text: z.string(),
  praemieCent: z.number(),
});
export type VersicherungImportZeile = z.infer<typeof versicherungImportZeile>;

export const versicherungenImportResponse = z.object({
  jahr: z.number(),
  /** Insurances created (dryRun: that would be created). */
  angelegt: z.number(),
  /** Insurances of the year removed first (ImportVersicherungenDeleteExisting; 0 for ImportAdd). */
  geloescht: z.number(),
  dryRun: z.boolean(),
  zeilen: z.array(versicherungImportZeile),
  /** Set when that year's Zahlungsvorschreibung is already booked. */
  hinweis: z.string().optional(),
});
export type VersicherungenImportErgebnis = z.infer<typeof versicherungenImportResponse>;

export const versicherungenImportJahr = z.object({ jahr: z.number(), anzahl: z.number() });
export type VersicherungenImportJahr = z.infer<typeof versicherungenImportJahr>;
