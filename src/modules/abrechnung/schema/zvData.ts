// The letter data every billing run produces and every output reads (ZvData, issue 14): the
// Zahlungsvorschreibung, Gruppenrechnungen, Weitere Mitgliedschaften and Wasserrechnungen give the
// same shape, so one letter template, one Excel list, one booking and the mail dispatch serve all of
// them. Shared with the UI (no server-only imports here).
import { z } from 'zod';
import { isoDate, queryBool, queryInt } from '../../../platform/validation';

/** The kind of a position: the CLI prints totals per kind; a receivable's positions keep it. */
export const ZV_POSITION_ARTEN = [
  'pachtzins',
  'gemeinschaftsflaeche',
  'grundsteuer',
  'pachtzuschlag',
  'verein',
  'parzellenspezifisch',
  'abstellplatz',
  'parkkarten',
  'versicherung',
  'wasserAkonto',
  'wasserDifferenz',
  'gruppe',
  'wasserrechnung',
] as const;
export type ZvPositionArt = (typeof ZV_POSITION_ARTEN)[number];

/** German labels of the kinds (totals in the CLI, the run's summary on screen). */
export const ZV_POSITION_ART_LABEL: Record<ZvPositionArt, string> = {
  pachtzins: 'Pachtzins',
  gemeinschaftsflaeche: 'Gemeinschaftsflächenanteil',
  grundsteuer: 'Grundsteuer',
  pachtzuschlag: 'Pachtzuschläge',
  verein: 'Vereinspositionen',
  parzellenspezifisch: 'Parzellenspezifische Konten',
  abstellplatz: 'Abstellplätze',
  parkkarten: 'Parkkarten',
  versicherung: 'Versicherungen',
  wasserAkonto: 'Wasser-Akonto',
  wasserDifferenz: 'Wasserabrechnung (Nachzahlung/Guthaben)',
  gruppe: 'Gruppenpositionen',
  wasserrechnung: 'Wasserrechnung',
};

export const zvPosition = z.object({
  art: z.enum(ZV_POSITION_ARTEN),
  text: z.string(),
  /** Count, m² or m³ the amount is for ("400.00"), when the line has one. */
  menge: z.string().nullable().optional(),
  /** Rate per unit ("1.31" €/m², "14.5" %), when the line has one. */
  satz: z.string().nullable().optional(),
  /** Rounded half away from zero once; negative for a credit (water Guthaben). */
  betragCent: z.number().int(),
  steuersatz: z.number().int(),
  buchungskontoId: z.number().int().nullable(),
});
export type ZvPosition = z.infer<typeof zvPosition>;

export const zvParzelle = z.object({
  /** null: positions of the address as a whole when it has no plot (Weitere Mitgliedschaften). */
  parzelleId: z.number().int().nullable(),
  nummer: z.string(),
  positionen: z.array(zvPosition),
});
export type ZvParzelle = z.infer<typeof zvParzelle>;

/** The postal address of a letter's recipient. */
export const zvAnschrift = z.object({
  anrede: z.string(),
  titel: z.string(),
  vorname: z.string(),
  nachname: z.string(),
  strasse: z.string(),
  plz: z.string(),
  ort: z.string(),
  land: z.string(),
});
export type ZvAnschrift = z.infer<typeof zvAnschrift>;

/** A booked receivable of the letter (several with `rechnungenTeilen`: one per booking account). */
export const zvRechnung = z.object({
  rechnungId: z.number().int(),
  nummer: z.string(),
  zahlungsreferenz: z.string(),
  betragCent: z.number().int(),
  buchungskontoId: z.number().int().nullable(),
  /** Paid by the address's credit when the run was booked (issue 15); the slip asks for the rest. */
  gutgeschriebenCent: z.number().int().optional(),
});
export type ZvRechnung = z.infer<typeof zvRechnung>;

/** One letter (one per address). */
export const zvEintrag = z.object({
  adresseId: z.number().int(),
  /** As written on letters and lists ("Dr. Huber Maria"). */
  name: z.string(),
  anschrift: zvAnschrift,
  email: z.string(),
  /** The address prefers e-mail (flag BevorzugtEmail): the mail dispatch sends it, the print run may skip it. */
  bevorzugtEmail: z.boolean(),
  parzellen: z.array(zvParzelle),
  /** The sum of the rounded positions. */
  summeCent: z.number().int(),
  faelligAm: z.string(),
  rechnungId: z.number().int().nullable(),
  rechnungsnummer: z.string().nullable(),
  zahlungsreferenz: z.string().nullable(),
  /** Every receivable booked for this letter (empty before booking). */
  rechnungen: z.array(zvRechnung),
  /** Of summeCent, what the address's credit paid when the run was booked (issue 15; absent = 0). */
  gutgeschriebenCent: z.number().int().optional(),
});
export type ZvEintrag = z.infer<typeof zvEintrag>;

/** The kinds of billing run; each is booked once per year (and key). */
export const LAUF_ARTEN = [
  'Zahlungsvorschreibung',
  'Gruppenrechnung',
  'WeitereMitgliedschaft',
  'Wasserrechnung',
] as const;
export type LaufArt = (typeof LAUF_ARTEN)[number];

/** The answer of every ForderungenEinbuchen* call. */
export const einbuchenResponse = z.object({
  laufId: z.number().int(),
  anzahl: z.number().int(),
  summeCent: z.number().int(),
  rechnungen: z.array(
    z.object({
      id: z.number().int(),
      nummer: z.string(),
      adresseId: z.number().int(),
      betragCent: z.number().int(),
      zahlungsreferenz: z.string(),
    }),
  ),
});
export type EinbuchenResponse = z.infer<typeof einbuchenResponse>;

/** What stops a run before anything is written: one German sentence each, naming what to fix. */
export const PROBLEM_ARTEN = [
  'parzelleOhneNutzungsberechtigten',
  'adresseOhneAnschrift',
  'satzFehlt',
  'anteileStimmenNicht',
  'bankverbindungFehlt',
  'buchungskontoFehlt',
  /** The thing to bill was billed by another run already: booking answers 409, not 422 (nothing to fix). */
  'bereitsVerrechnet',
  'sonstiges',
] as const;
export const zvProblem = z.object({
  art: z.enum(PROBLEM_ARTEN),
  text: z.string(),
  parzelleId: z.number().int().nullable(),
  adresseId: z.number().int().nullable(),
});
export type ZvProblem = z.infer<typeof zvProblem>;

/** The state of a run for a year: booked or not, and the check. */
export const laufStatusResponse = z.object({
  art: z.enum(LAUF_ARTEN),
  pachtabrechnungId: z.number().int(),
  gebucht: z.boolean(),
  laufId: z.number().int().nullable(),
  datum: z.string().nullable(),
  faelligAm: z.string().nullable(),
  gebuchtAm: z.string().nullable(),
  gebuchtVon: z.string().nullable(),
  anzahl: z.number().int(),
  summeCent: z.number().int(),
});
export type LaufStatus = z.infer<typeof laufStatusResponse>;

/** Totals per position kind (the CLI's and the run screen's summary). */
export const summeJeArt = z.object({ art: z.enum(ZV_POSITION_ARTEN), label: z.string(), betragCent: z.number().int() });
export type SummeJeArt = z.infer<typeof summeJeArt>;

/** One run's preview for the guided run screens (GET Abrechnung/LaufVorschau): state, problems, letters, totals. */
export const laufVorschauResponse = z.object({
  status: laufStatusResponse,
  titel: z.string(),
  datum: z.string(),
  faelligAm: z.string(),
  probleme: z.array(zvProblem),
  eintraege: z.array(zvEintrag),
  anzahl: z.number().int(),
  summeCent: z.number().int(),
  summenJeArt: z.array(summeJeArt),
});
export type LaufVorschau = z.infer<typeof laufVorschauResponse>;

/** Query of the generic run calls (LaufVorschau, LaufBriefe); the run-specific calls take the same names. */
export const laufQuery = z.object({
  art: z.enum(LAUF_ARTEN, { error: 'Unbekannte Art des Laufs.' }),
  /** Absent: the newest billing year. */
  pachtabrechnungID: queryInt.optional(),
  /** The letters' date (default today); the due date follows from it. */
  date: isoDate.optional(),
  /** Wasserrechnung: the settlement's stichtag (the run's key). */
  stichtag: isoDate.optional(),
  interimBilling: queryBool.optional(),
  rechnungenTeilen: queryBool.optional(),
  /** Comma list of address ids: only their letters. */
  adressen: z.string().optional(),
});
export type LaufQuery = z.infer<typeof laufQuery>;

// The booking calls' fields with German messages also for a missing or mistyped value (zod's own
// are English): a board member's client may send anything.
const typFehler = (missing: string, expected: string) => (issue: { input: unknown }) =>
  issue.input === undefined || issue.input === null ? missing : `Erwartet wird ${expected}.`;

/** A booking call's date: required, YYYY-MM-DD. */
export const laufDatum = (missing = 'Bitte geben Sie das Datum an.') =>
  z.string({ error: typFehler(missing, 'ein Datum im Format JJJJ-MM-TT') }).pipe(isoDate);

/** A booking call's year (absent: the newest billing year). */
export const laufJahrId = z
  .number({ error: typFehler('Bitte wählen Sie ein Abrechnungsjahr.', 'eine Zahl') })
  .int('Erwartet wird eine ganze Zahl.')
  .positive('Bitte wählen Sie ein Abrechnungsjahr.')
  .optional();

/** A booking call's option (interimBilling, rechnungenTeilen). */
export const laufOption = z.boolean({ error: typFehler('', 'true oder false') }).optional();

/** Body of the generic booking call (the run-specific ForderungenEinbuchen* take the same fields). */
export const laufEinbuchenBody = z.object({
  art: z.enum(LAUF_ARTEN, { error: 'Unbekannte Art des Laufs.' }),
  pachtabrechnungId: laufJahrId,
  datum: laufDatum('Bitte geben Sie das Datum der Briefe an.'),
  stichtag: laufDatum().optional(),
  interimBilling: laufOption,
  rechnungenTeilen: laufOption,
});
export type LaufEinbuchenBody = z.infer<typeof laufEinbuchenBody>;
