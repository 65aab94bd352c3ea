import { z } from 'zod';
import { isoDate, queryBool, queryInt } from '../../../platform/validation';
import { berichtFormat } from './anlagen';

// Query and answer schemas of the Kassa reports (Kassabericht, Kontobericht, Steuerbericht,
// Kostenaufstellung; the Anlagebericht is in ./anlagen) and the audit package (docs/api/kassa.md
// "Berichte"). `format=json` answers exactly the numbers the PDF prints; pdf is the default.

export { BERICHT_FORMATE, berichtFormat } from './anlagen';
export type BerichtFormat = z.output<typeof berichtFormat>;

const date = z.string().pipe(isoDate);

/** Without kassaabrechnungID: the period containing today, else the newest (GetKassaabrechnungDatum). */
export const kassaberichtQuery = z.object({ kassaabrechnungID: queryInt.optional(), format: berichtFormat });
export type KassaberichtFilter = z.output<typeof kassaberichtQuery>;

export const kostenaufstellungQuery = kassaberichtQuery;
export type KostenaufstellungFilter = z.output<typeof kostenaufstellungQuery>;

/** A period, or a date range across periods (dateFrom/dateTo win over the period). */
export const steuerberichtQuery = z.object({
  kassaabrechnungID: queryInt.optional(),
  dateFrom: date.optional(),
  dateTo: date.optional(),
  format: berichtFormat,
});
export type SteuerberichtFilter = z.output<typeof steuerberichtQuery>;

export const GRUPPIERUNGEN = ['buchungskonto', 'kostenstelle', 'konto', 'monat', 'keine'] as const;
export type Gruppierung = (typeof GRUPPIERUNGEN)[number];

export const kontoberichtQuery = z.object({
  /** Default: the GetKassaabrechnungDatum period's von/bis. */
  dateFrom: date.optional(),
  dateTo: date.optional(),
  /** A booking account's id: entries of the booking accounts with its number in every period of the range. */
  buchungskonto: queryInt.optional(),
  /** A cost centre's id: matched by its number like `buchungskonto`. */
  kostenstelle: queryInt.optional(),
  /** A Stammdaten group's id: entries whose plot belongs to the group. */
  gruppe: queryInt.optional(),
  gruppierung: z
    .enum(GRUPPIERUNGEN, { error: 'Erlaubt sind buchungskonto, kostenstelle, konto, monat oder keine.' })
    .optional()
    .transform((v): Gruppierung => v ?? 'buchungskonto'),
  /** Landscape PDF. */
  querformat: queryBool.optional(),
  format: berichtFormat,
});
export type KontoberichtFilter = z.output<typeof kontoberichtQuery>;

export const pruefpaketQuery = z.object({ kassaabrechnungID: queryInt });

// ---- Answers: the UI imports their types (`import type`) from here (ADR 0005) ----

/** The period a report covers (a subset of S1's Kassaabrechnung). */
export const berichtPeriodeResponse = z.object({
  id: z.number(),
  jahr: z.number(),
  bezeichnung: z.string(),
  von: z.string(),
  bis: z.string(),
  geschlossen: z.boolean(),
  geschlossenAm: z.string().nullable(),
  kettenKopf: z.string().nullable(),
});
export type BerichtPeriode = z.infer<typeof berichtPeriodeResponse>;

const saldo = z.object({
  anfangCent: z.number(),
  einnahmenCent: z.number(),
  /** Positive sum. */
  ausgabenCent: z.number(),
  endeCent: z.number(),
});
const summen = z.object({
  einnahmenCent: z.number(),
  /** Positive sum. */
  ausgabenCent: z.number(),
  /** Signed: einnahmen − ausgaben. */
  summeCent: z.number(),
});

export const kassaberichtResponse = z.object({
  kassaabrechnung: berichtPeriodeResponse,
  konten: z.array(saldo.extend({ kontoId: z.number(), name: z.string() })),
  buchungskonten: z.array(
    summen.extend({
      buchungskontoId: z.number(),
      nummer: z.string(),
      name: z.string(),
      /** einnahme | ausgabe */
      art: z.string(),
    }),
  ),
  summe: saldo.extend({ anzahl: z.number() }),
  pruefung: z.object({
    kette: z.object({
      intakt: z.boolean(),
      /** Checked entries in the chain (all periods). */
      anzahl: z.number(),
      kopf: z.string(),
      /** '' when intact, else the first fault in German. */
      meldung: z.string(),
    }),
    salden: z.object({
      stimmt: z.boolean(),
      abweichungen: z.array(
        z.object({
          kontoId: z.number(),
          feld: z.string(),
          erwartetCent: z.number().nullable(),
          gefundenCent: z.number().nullable(),
        }),
      ),
      /** Accounts whose opening balance is not the previous period's closing balance. */
      uebertrag: z.array(z.object({ kontoId: z.number(), endeVorperiodeCent: z.number(), anfangCent: z.number() })),
    }),
    /** The printed line: "Hash-Kette intakt (12 geprüfte Buchungen) · Salden stimmen" or what is broken. */
    zeile: z.string(),
  }),
});
export type Kassabericht = z.infer<typeof kassaberichtResponse>;

export const kontoberichtEintragResponse = z.object({
  id: z.number(),
  belegnummer: z.number(),
  datum: z.string(),
  text: z.string(),
  betragCent: z.number(),
  /** "4000 Mitgliedsbeiträge" */
  buchungskonto: z.string(),
  /** "1 Vereinshaus" or '' */
  kostenstelle: z.string(),
  /** The Konto's name. */
  konto: z.string(),
});
export const kontoberichtResponse = z.object({
  von: z.string(),
  bis: z.string(),
  gruppierung: z.enum(GRUPPIERUNGEN),
  gruppen: z.array(
    summen.extend({
      /**
       * The group's key: the booking account's or cost centre's number (the same in every period), the
       * account's id as text, 'YYYY-MM', or '' (no cost centre; `keine`).
       */
      schluessel: z.string(),
      titel: z.string(),
      eintraege: z.array(kontoberichtEintragResponse),
    }),
  ),
  summe: summen.extend({ anzahl: z.number() }),
});
export type Kontobericht = z.infer<typeof kontoberichtResponse>;
export type KontoberichtEintrag = z.infer<typeof kontoberichtEintragResponse>;

const steuerSumme = z.object({ bruttoCent: z.number(), nettoCent: z.number(), steuerCent: z.number() });
export const steuerberichtResponse = z.object({
  von: z.string(),
  bis: z.string(),
  /** The period when asked by kassaabrechnungID, else null. */
  kassaabrechnung: berichtPeriodeResponse.nullable(),
  /** Always the four rates 0, 10, 20, 100 in this order; expenses as positive sums. */
  saetze: z.array(z.object({ steuersatz: z.number(), einnahmen: steuerSumme, ausgaben: steuerSumme })),
  summe: z.object({
    einnahmen: steuerSumme,
    ausgaben: steuerSumme,
    /** Tax of income − tax of expenses (> 0: to pay). */
    zahllastCent: z.number(),
  }),
});
export type Steuerbericht = z.infer<typeof steuerberichtResponse>;

export const kostenaufstellungResponse = z.object({
  kassaabrechnung: berichtPeriodeResponse,
  kostenstellen: z.array(
    summen.extend({
      /** null: the entries without a cost centre ("ohne Kostenstelle"). */
      kostenstelleId: z.number().nullable(),
      nummer: z.string(),
      name: z.string(),
    }),
  ),
  summe: summen,
});
export type Kostenaufstellung = z.infer<typeof kostenaufstellungResponse>;
