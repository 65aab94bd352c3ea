import { z } from 'zod';
import { queryInt, readOnly, strict } from '../../../platform/validation';
import { refId, requiredText, saveId, version } from '../../stammdaten/schema/abstellplaetze';

// Request and answer schemas of the cost centres (Kassa controller, docs/api/kassa.md
// "Buchungskonten und Kostenstellen").

export const kostenstellenQuery = z.object({ kassaabrechnungID: queryInt.optional() });

export const kostenstelleBody = strict({
  id: saveId,
  version,
  kassaabrechnungId: refId('Bitte wählen Sie eine Kassaabrechnung.'),
  nummer: requiredText(20, 'Bitte geben Sie eine Nummer an.'),
  name: requiredText(200, 'Bitte geben Sie einen Namen an.'),
  anzahlBuchungen: readOnly,
});
export type KostenstelleInput = z.output<typeof kostenstelleBody>;

// ---- Answers ----

export const kostenstelleResponse = z.object({
  id: z.number(),
  kassaabrechnungId: z.number(),
  nummer: z.string(),
  name: z.string(),
  anzahlBuchungen: z.number(),
  version: z.number(),
});
export type Kostenstelle = z.infer<typeof kostenstelleResponse>;

/** Common/Kostenstellen (dropdowns). */
export type KostenstelleLookup = { id: number; nummer: string; name: string; kassaabrechnungId: number };
