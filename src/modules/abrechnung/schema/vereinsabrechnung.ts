// Request and answer schemas of the Vereinsabrechnung (the club positions of a billing year) and of
// the Weitere Mitgliedschaften run (docs/api/abrechnung.md "Vereinsabrechnung", "Weitere
// Mitgliedschaften"). Shared with the UI (no server-only imports here).
import { z } from 'zod';
import { isoDate, queryInt, readOnly, strict } from '../../../platform/validation';
import { bool, int, optionalText, refId, requiredText, saveId, version } from '../../stammdaten/schema/abstellplaetze';
import { laufDatum } from './zvData';

export const VEREINS_POSITION_ARTEN = [
  'proMitglied',
  'proWeiteresMitglied',
  'proParzelle',
  'proM2',
  'proAbstellplatz',
  'proAdresse',
] as const;
export type VereinsPositionArtName = (typeof VEREINS_POSITION_ARTEN)[number];

/** German labels of the kinds (the basis-data table, the Handbuch). */
export const VEREINS_POSITION_ART_LABEL: Record<VereinsPositionArtName, string> = {
  proMitglied: 'pro Mitglied',
  proWeiteresMitglied: 'pro weiterem Mitglied',
  proParzelle: 'pro Parzelle',
  proM2: 'pro m²',
  proAbstellplatz: 'pro Abstellplatz',
  proAdresse: 'pro Adresse',
};

/** The tax rates a club or group position may carry. */
export const POSITION_STEUERSAETZE = [0, 10, 20] as const;
export type PositionSteuersatz = (typeof POSITION_STEUERSAETZE)[number];

const REQUIRED = 'Dieses Feld ist erforderlich.';
const STEUERSATZ_MESSAGE = 'Steuersatz muss 0, 10 oder 20 % sein.';

/** 0, 10 or 20 (%); absent: 0. */
export const positionSteuersatz = z
  .number({ error: STEUERSATZ_MESSAGE })
  .refine((n): n is PositionSteuersatz => (POSITION_STEUERSAETZE as readonly number[]).includes(n), {
    message: STEUERSATZ_MESSAGE,
  })
  .nullish()
  .transform((n) => (n ?? 0) as PositionSteuersatz);

/** An amount in cents of a position: 0 to 1,000,000.00 €. */
export const positionCent = int(0, 100_000_000, 'Erlaubt sind 0 bis 100000000 Cent (ganze Cent).');

/** € per m² as a decimal string with a dot, at most 4 decimals, ≥ 0 ("0.05"). */
export const satzProM2 = z
  .string({
    error: (i) => (i.input === undefined ? REQUIRED : 'Erwartet wird eine Zahl als Text, z. B. "0.05".'),
  })
  .trim()
  .regex(/^\d{1,6}(\.\d{1,4})?$/, {
    error: 'Erwartet wird eine Zahl mit Punkt als Dezimaltrennzeichen und höchstens 4 Nachkommastellen, z. B. 0.05.',
  });

/** An optional booking account (Kassa) of a position. */
export const optionalBuchungskonto = refId('Bitte wählen Sie ein Buchungskonto.')
  .nullish()
  .transform((v) => v ?? null);

export const vereinsabrechnungIdQuery = z.object({ id: queryInt });
export const vereinsabrechnungNeuQuery = z.object({ pachtabrechnungID: queryInt.optional() });

/** One position as sent by the dialog: 'proM2' needs `satz`, every other kind `betragCent`. */
export const vereinsPositionBody = strict({
  id: readOnly,
  sortierung: readOnly,
  text: requiredText(200, 'Bitte geben Sie einen Text an.'),
  art: z.enum(VEREINS_POSITION_ARTEN, {
    error: (i) =>
      i.input === undefined
        ? REQUIRED
        : 'Erlaubt sind proMitglied, proWeiteresMitglied, proParzelle, proM2, proAbstellplatz oder proAdresse.',
  }),
  betragCent: positionCent.nullish().transform((v) => v ?? null),
  satz: satzProM2.nullish().transform((v) => v ?? null),
  steuersatz: positionSteuersatz,
  buchungskontoId: optionalBuchungskonto,
  nurMitglieder: bool(false),
}).superRefine((p, ctx) => {
  if (p.art === 'proM2' && p.satz === null)
    ctx.addIssue({ code: 'custom', path: ['satz'], message: 'Bitte geben Sie den Satz pro m² an.' });
  if (p.art !== 'proM2' && p.betragCent === null)
    ctx.addIssue({ code: 'custom', path: ['betragCent'], message: 'Bitte geben Sie einen Betrag an.' });
});
export type VereinsPositionInput = z.output<typeof vereinsPositionBody>;

/**
 * UpdateVereinsabrechnung: the whole record; the positions replace the stored ones in the given order.
 * `id` 0 or absent creates the year's Vereinsabrechnung (409 when it has one).
 */
export const vereinsabrechnungBody = strict({
  id: saveId,
  version,
  pachtabrechnungId: refId('Bitte wählen Sie ein Abrechnungsjahr.'),
  bezeichnung: optionalText(200),
  positionen: z.array(vereinsPositionBody, { error: 'Erwartet wird eine Liste von Positionen.' }).max(200, {
    error: 'Höchstens 200 Positionen.',
  }),
  jahr: readOnly,
});
export type VereinsabrechnungInput = z.output<typeof vereinsabrechnungBody>;

// ---- Answers ----

export const vereinsPositionResponse = z.object({
  id: z.number(),
  sortierung: z.number(),
  text: z.string(),
  art: z.enum(VEREINS_POSITION_ARTEN),
  betragCent: z.number().nullable(),
  satz: z.string().nullable(),
  steuersatz: z.number(),
  buchungskontoId: z.number().nullable(),
  nurMitglieder: z.boolean(),
});
export type VereinsabrechnungPosition = z.infer<typeof vereinsPositionResponse>;

export const vereinsabrechnungResponse = z.object({
  id: z.number(),
  version: z.number(),
  pachtabrechnungId: z.number(),
  jahr: z.number(),
  bezeichnung: z.string(),
  positionen: z.array(vereinsPositionResponse),
});
export type Vereinsabrechnung = z.infer<typeof vereinsabrechnungResponse>;

/** GetAllVereinsabrechnungIDs. */
export const vereinsabrechnungIdResponse = z.object({ id: z.number(), jahr: z.number() });
export type VereinsabrechnungId = z.infer<typeof vereinsabrechnungIdResponse>;

/** Common/Vereinsabrechnungen (dropdown lookup). */
export const vereinsabrechnungLookupResponse = z.object({ id: z.number(), jahr: z.number(), bezeichnung: z.string() });
export type VereinsabrechnungLookup = z.infer<typeof vereinsabrechnungLookupResponse>;

// ---- Weitere Mitgliedschaften run ----

export const WEITERE_FORMATE = ['json', 'pdf', 'xlsx'] as const;

/** GET WeitereMitgliedschaften: year (absent: newest), letters' date (default today), one address, format. */
export const weitereMitgliedschaftenQuery = z.object({
  pachtabrechnungID: queryInt.optional(),
  date: isoDate.optional(),
  adress: queryInt.optional(),
  format: z.enum(WEITERE_FORMATE, { error: 'Erlaubt sind json, pdf oder xlsx.' }).optional(),
});
export type WeitereMitgliedschaftenQuery = z.infer<typeof weitereMitgliedschaftenQuery>;

/** POST ForderungenEinbuchenWeitereMitgliedschaften and ForderungenEinbuchenGruppenrechnungen. */
export const laufJahrEinbuchenBody = strict({
  pachtabrechnungId: refId('Bitte wählen Sie ein Abrechnungsjahr.').optional(),
  datum: laufDatum('Bitte geben Sie das Datum der Rechnungen an.'),
});
export type LaufJahrEinbuchenInput = z.output<typeof laufJahrEinbuchenBody>;
