import { z } from 'zod';
import { queryInt, readOnly, strict } from '../../../platform/validation';
import { int, refId, saveId, version } from '../../stammdaten/schema/abstellplaetze';

// Request and answer schemas of the Wassergrunddaten and water-group calls (Abrechnung controller,
// docs/api/wasserbuch.md "Water settlement"). Rates are decimal strings with a dot.

export const SCHWUND_METHODEN = ['keine', 'proportional', 'gleichverteilt'] as const;
export type SchwundMethode = (typeof SCHWUND_METHODEN)[number];

const REQUIRED = 'Dieses Feld ist erforderlich.';

/** A decimal string with a dot and at most `places` decimals, checked against min (exclusive when `above`) and max. */
export function rate(places: number, check: (n: number) => boolean, rangeMessage: string, example: string) {
  return z
    .string({
      error: (i) => (i.input === undefined ? REQUIRED : `Erwartet wird eine Zahl als Text, z. B. "${example}".`),
    })
    .trim()
    .regex(new RegExp(`^\\d{1,6}(\\.\\d{1,${places}})?$`), {
      error: `Erwartet wird eine Zahl mit Punkt als Dezimaltrennzeichen und höchstens ${places} Nachkommastellen, z. B. ${example}.`,
      abort: true,
    })
    .refine((s) => check(Number(s)), rangeMessage);
}

/** €/m³, up to 4 decimals, above 0. */
export const preisProM3 = rate(4, (n) => n > 0, 'Der Preis pro m³ muss größer als 0 sein.', '2.00');
const cents = int(0, 100_000_000, 'Erlaubt sind 0 bis 100000000 Cent (ganze Cent).');

export const wassergrunddatenBody = strict({
  id: saveId,
  version,
  pachtabrechnungId: refId('Bitte wählen Sie ein Abrechnungsjahr.'),
  preisProM3,
  grundgebuehrCent: cents,
  schwundMethode: z.enum(SCHWUND_METHODEN, {
    error: (i) => (i.input === undefined ? REQUIRED : 'Erlaubt sind keine, proportional oder gleichverteilt.'),
  }),
  akontoMindestCent: cents,
  verbrauchsfaktorWarnung: rate(2, (n) => n > 1 && n <= 1000, 'Der Faktor muss größer als 1 sein.', '3'),
  schwundWarnungProzent: rate(2, (n) => n >= 0 && n <= 100, 'Erlaubt sind Werte von 0 bis 100.', '30'),
  jahr: readOnly,
  gruppen: readOnly,
});
export type WassergrunddatenInput = z.output<typeof wassergrunddatenBody>;

export const gruppeBody = strict({
  id: saveId,
  wasserberechnungID: refId('Bitte wählen Sie die Wassergrunddaten.'),
  gruppeId: refId('Bitte wählen Sie eine Gruppe.'),
  preisProM3,
  gruppeName: readOnly,
  anzahlParzellen: readOnly,
});
export type WassergruppeInput = z.output<typeof gruppeBody>;

export const newGrunddatenQuery = z.object({ pachtabrechnungID: queryInt.optional() });
export const wasserberechnungIdQuery = z.object({ wasserberechnungID: queryInt });
export const gruppeDeleteQuery = z.object({ id: queryInt, wasserberechnungID: queryInt.optional() });

// ---- Answers ----

export const wassergruppeResponse = z.object({
  id: z.number(),
  gruppeId: z.number(),
  gruppeName: z.string(),
  preisProM3: z.string(),
  anzahlParzellen: z.number(),
});
export type Wassergruppe = z.infer<typeof wassergruppeResponse>;

export const wassergrunddatenResponse = z.object({
  id: z.number(),
  version: z.number(),
  pachtabrechnungId: z.number(),
  jahr: z.number(),
  preisProM3: z.string(),
  grundgebuehrCent: z.number(),
  schwundMethode: z.enum(SCHWUND_METHODEN),
  akontoMindestCent: z.number(),
  verbrauchsfaktorWarnung: z.string(),
  schwundWarnungProzent: z.string(),
  gruppen: z.array(wassergruppeResponse),
});
export type Wassergrunddaten = z.infer<typeof wassergrunddatenResponse>;

export const wassergrunddatenIdResponse = z.object({ id: z.number(), pachtabrechnungId: z.number(), jahr: z.number() });
export type WassergrunddatenId = z.infer<typeof wassergrunddatenIdResponse>;
