import { z } from 'zod';
import { isoDate, queryBool, queryInt, strict } from '../../../platform/validation';
import { int, optionalText, refId, version } from '../../stammdaten/schema/abstellplaetze';
import { SCHWUND_METHODEN } from './grunddaten';

// Request and answer schemas of the water settlement and the akonto (docs/api/wasserbuch.md,
// "Water settlement"). Volumes are m³ strings with 3 decimals, money integer cents.

const REQUIRED = 'Dieses Feld ist erforderlich.';
/** A date `YYYY-MM-DD`, with German messages for a missing value or one of another type. */
const datum = z
  .string({
    error: (i) => (i.input === undefined ? REQUIRED : 'Erwartet wird ein Datum im Format JJJJ-MM-TT.'),
  })
  .pipe(isoDate);
/** Absent or empty: the default. */
const optionalDatum = z.preprocess((v) => (v === '' || v === null ? undefined : v), datum.optional());

export const erstelleAbrechnungQuery = z.object({
  stichtag: datum,
  von: optionalDatum,
  akontoStichtag: optionalDatum,
  dryRun: queryBool.optional(),
});

export const berechneBody = strict({ stichtag: datum, von: optionalDatum, akontoStichtag: optionalDatum });
export type BerechneInput = z.output<typeof berechneBody>;

export const berechneGruppeBody = strict({
  wasserberechnungID: refId('Bitte wählen Sie die Wassergrunddaten.'),
  gruppeId: refId('Bitte wählen Sie eine Gruppe.'),
  stichtag: datum,
  von: optionalDatum,
});

export const stichtagQuery = z.object({ stichtag: datum });
export const detailsQuery = z.object({ abrechnungStichtag: datum, akontoStichtag: optionalDatum });
export const abrechnungsdatumQuery = z.object({ wasserabrechnungsdatum: datum });
export const abrechnungIdQuery = z.object({ id: queryInt });

const korrekturCent = z
  .number({ error: 'Erwartet wird eine ganze Zahl (Cent).' })
  .int('Erwartet wird eine ganze Zahl (Cent).')
  .min(-100_000_000, 'Die Korrektur ist zu groß.')
  .max(100_000_000, 'Die Korrektur ist zu groß.');

const korrekturZeile = strict({
  parzelleId: refId('Bitte wählen Sie eine Parzelle.'),
  korrekturCent,
  korrekturGrund: optionalText(500),
});

export const updateAbrechnungBody = strict({
  version,
  zeilen: z.array(korrekturZeile, { error: 'Erwartet wird eine Liste.' }).max(100_000),
  /** Absent: unchanged; null: no akonto (0); a date: the akonto calculation of that day. */
  akontoStichtag: z.preprocess((v) => (v === '' ? null : v), datum.nullable().optional()),
});
export type UpdateAbrechnungInput = z.output<typeof updateAbrechnungBody>;
/** The Abrechnung controller's UpdateWasserabrechnung: the stichtag in the body. */
export const updateAbrechnungMitStichtagBody = updateAbrechnungBody.extend({ stichtag: datum });

export const akontoBody = strict({
  stichtag: datum,
  zeilen: z
    .array(
      strict({
        parzelleId: refId('Bitte wählen Sie eine Parzelle.'),
        akontoCent: int(0, 100_000_000, 'Erlaubt sind 0 bis 100000000 Cent (ganze Cent).'),
      }),
      { error: 'Erwartet wird eine Liste.' },
    )
    .max(100_000),
});
export type AkontoInput = z.output<typeof akontoBody>;

// ---- Answers ----

const ablesungPunkt = z.object({ datum: z.string(), stand: z.string() });
export const zaehlerSegmentResponse = z.object({
  zaehlernummer: z.string(),
  anfang: ablesungPunkt,
  ende: ablesungPunkt,
  verbrauch: z.string(),
});
export type ZaehlerSegment = z.infer<typeof zaehlerSegmentResponse>;

export const abrechnungZeileResponse = z.object({
  parzelleId: z.number(),
  parzelleNummer: z.string(),
  adresseId: z.number().nullable(),
  adresseName: z.string(),
  hauptwasserzaehlerId: z.number().nullable(),
  zaehler: z.array(zaehlerSegmentResponse),
  verbrauch: z.string(),
  schwund: z.string(),
  preisProM3: z.string(),
  verbrauchCent: z.number(),
  schwundCent: z.number(),
  grundgebuehrCent: z.number(),
  korrekturCent: z.number(),
  korrekturGrund: z.string(),
  betragCent: z.number(),
  akontoCent: z.number(),
  differenzCent: z.number(),
});
export type AbrechnungZeile = z.infer<typeof abrechnungZeileResponse>;

export const abrechnungHauptzaehlerResponse = z.object({
  id: z.number().nullable(),
  nummer: z.string(),
  /** The main meter's own segments (beyond the issue: so its volume can be checked too). */
  zaehler: z.array(zaehlerSegmentResponse),
  verbrauch: z.string(),
  summeParzellen: z.string(),
  schwund: z.string(),
  schwundProzent: z.string(),
});
export type AbrechnungHauptzaehler = z.infer<typeof abrechnungHauptzaehlerResponse>;

export const abrechnungSummenResponse = z.object({
  verbrauch: z.string(),
  schwund: z.string(),
  verbrauchCent: z.number(),
  schwundCent: z.number(),
  grundgebuehrCent: z.number(),
  korrekturCent: z.number(),
  betragCent: z.number(),
  akontoCent: z.number(),
  differenzCent: z.number(),
});

export const wasserabrechnungResponse = z.object({
  /** 0 for a preview (dry run). */
  id: z.number(),
  version: z.number(),
  stichtag: z.string(),
  von: z.string(),
  pachtabrechnungId: z.number(),
  wassergrunddatenId: z.number(),
  schwundMethode: z.enum(SCHWUND_METHODEN),
  preisProM3: z.string(),
  akontoStichtag: z.string().nullable(),
  gebuchtAm: z.string().nullable(),
  /** '' for a preview. */
  erstelltAm: z.string(),
  zeilen: z.array(abrechnungZeileResponse),
  hauptwasserzaehler: z.array(abrechnungHauptzaehlerResponse),
  summen: abrechnungSummenResponse,
});
export type Wasserabrechnung = z.infer<typeof wasserabrechnungResponse>;

export const abrechnungStichtagResponse = z.object({
  id: z.number(),
  stichtag: z.string(),
  von: z.string(),
  betragCent: z.number(),
  differenzCent: z.number(),
  gebucht: z.boolean(),
});
export type WasserabrechnungStichtag = z.infer<typeof abrechnungStichtagResponse>;

export const neueAbrechnungResponse = z.object({
  von: z.string().nullable(),
  stichtag: z.string().nullable(),
  akontoStichtag: z.string().nullable(),
});
export type NeueWasserabrechnung = z.infer<typeof neueAbrechnungResponse>;

export const akontoZeileResponse = z.object({
  parzelleId: z.number(),
  parzelleNummer: z.string(),
  adresseName: z.string(),
  /** Charged volume (verbrauch + schwund) of the last settlement; null: none. */
  verbrauch: z.string().nullable(),
  vorschlagCent: z.number(),
  akontoCent: z.number(),
});
export const akontoBerechnungResponse = z.object({
  stichtag: z.string(),
  gespeichert: z.boolean(),
  abrechnungStichtag: z.string().nullable(),
  zeilen: z.array(akontoZeileResponse),
});
export type AkontoBerechnung = z.infer<typeof akontoBerechnungResponse>;

export const akontoStichtagResponse = z.object({ stichtag: z.string(), anzahl: z.number(), summeCent: z.number() });
export type AkontoStichtag = z.infer<typeof akontoStichtagResponse>;
