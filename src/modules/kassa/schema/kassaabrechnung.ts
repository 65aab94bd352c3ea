import { z } from 'zod';
import { isoDate, queryInt, readOnly, strict } from '../../../platform/validation';
import { int, requiredText, saveId, version } from '../../stammdaten/schema/abstellplaetze';

// Request and answer schemas of the cash periods (Abrechnung controller, docs/api/kassa.md
// "Kassaabrechnung"). The UI imports the answer types from here (ADR 0005).

export const kassaabrechnungIdQuery = z.object({ id: queryInt });
export const optionalIdQuery = z.object({ id: queryInt.optional() });
export const newKassaabrechnungQuery = z.object({ jahr: queryInt.optional() });

export const kassaabrechnungBody = strict({
  id: saveId,
  version,
  jahr: int(2000, 2100, 'Erlaubt ist ein Jahr von 2000 bis 2100.'),
  bezeichnung: requiredText(200, 'Bitte geben Sie eine Bezeichnung an.'),
  von: isoDate,
  bis: isoDate,
  geschlossen: readOnly,
  geschlossenAm: readOnly,
  kettenKopf: readOnly,
  anzahlBuchungen: readOnly,
});
export type KassaabrechnungInput = z.output<typeof kassaabrechnungBody>;

// ---- Answers ----

export const kassaabrechnungResponse = z.object({
  id: z.number(),
  jahr: z.number(),
  bezeichnung: z.string(),
  von: z.string(),
  bis: z.string(),
  geschlossen: z.boolean(),
  /** ISO 8601 (UTC) when it was closed, else null. */
  geschlossenAm: z.string().nullable(),
  /** The hash chain's end when it was closed (null: nothing checked yet, or open). */
  kettenKopf: z.string().nullable(),
  anzahlBuchungen: z.number(),
  version: z.number(),
});
export type Kassaabrechnung = z.infer<typeof kassaabrechnungResponse>;

/** GetKassaabrechnungDatum: the screens' default period. */
export type KassaabrechnungDatum = { id: number; von: string; bis: string };

/** Common/Kassaabrechnungen (dropdowns). */
export type KassaabrechnungLookup = {
  id: number;
  name: string;
  jahr: number;
  von: string;
  bis: string;
  geschlossen: boolean;
};
