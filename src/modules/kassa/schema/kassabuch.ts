import { z } from 'zod';
import { isoDate, queryBool, queryInt, readOnly, strict, text } from '../../../platform/validation';

// Request schemas and answer types of the Kassabuch calls (docs/api/kassa.md "Kassabuch";
// /tmp contract of issue 13). The UI imports the types with `import type` (ADR 0005).

const REQUIRED = 'Dieses Feld ist erforderlich.';
const typeError = (expected: string) => (issue: { input: unknown }) =>
  issue.input === undefined ? REQUIRED : `Erwartet wird ${expected}.`;

const int = z
  .number({ error: typeError('eine ganze Zahl') })
  .int('Erwartet wird eine ganze Zahl.')
  .min(0, 'Die Zahl darf nicht negativ sein.')
  .max(2_147_483_647, 'Die Zahl ist zu groß.');

/** A reference that may be empty: null or 0 = none. */
const optionalRef = int.nullish().transform((v) => (v ? v : null));

/** Optional text: absent, null and '' are all "none". */
const optionalText = (max: number, multiline = false) =>
  text(max, multiline)
    .nullish()
    .transform((v) => (v ? v : null));

const optionalDate = z
  .union([isoDate, z.literal('')], { error: 'Erwartet wird ein Datum im Format JJJJ-MM-TT.' })
  .nullish()
  .transform((v) => (v ? v : null));

const version = z
  .number({ error: typeError('eine ganze Zahl') })
  .int('Erwartet wird eine ganze Zahl.')
  .min(1, 'Die Version ist eine positive ganze Zahl.')
  .max(2_147_483_647, 'Die Zahl ist zu groß.')
  .nullish()
  .transform((v) => v ?? undefined);

export const STEUERSATZ_WERTE = [0, 10, 20, 100] as const;
const steuersatz = z
  .union(
    STEUERSATZ_WERTE.map((n) => z.literal(n)),
    { error: 'Steuersatz muss 0, 10, 20 oder 100 % sein.' },
  )
  .nullish()
  .transform((v) => v ?? null);

/** Signed gross in cents: + income, − expense; never 0. */
const betragCent = z
  .number({ error: typeError('einen Betrag in Cent') })
  .int('Der Betrag wird in ganzen Cent angegeben.')
  .min(-2_000_000_000, 'Der Betrag ist zu groß.')
  .max(2_000_000_000, 'Der Betrag ist zu groß.')
  .refine((n) => n !== 0, 'Bitte einen Betrag ungleich 0 eingeben.');

/** POST Kassa/UpdateKassabuch: a new entry (no id) or a change of an unchecked one. */
export const kassabuchBody = strict(
  {
    id: int.nullish().transform((v) => v ?? 0),
    version,
    datum: isoDate,
    betragCent,
    kontoId: int.min(1, REQUIRED),
    buchungskontoId: int.min(1, REQUIRED),
    kostenstelleId: optionalRef,
    steuersatz,
    text: text(500).min(1, 'Bitte einen Buchungstext eingeben.'),
    kommentar: optionalText(5000, true),
    rechnungsdatum: optionalDate,
    parzelleId: optionalRef,
    adresseId: optionalRef,
    /**
     * The entry's allocations to receivables (issue 15): absent = unchanged; a list replaces the
     * entry's payment allocations (not reversals or offsets), with the invariants of Zuordnen.
     */
    zuordnungen: z
      .array(
        z.object(
          {
            rechnungId: int.min(1, REQUIRED),
            betragCent,
            // Answer fields of an allocation a dialog may send back unchanged.
            id: readOnly,
            nummer: readOnly,
            adresseName: readOnly,
            art: readOnly,
          },
          { error: 'Erwartet wird ein Objekt mit rechnungId und betragCent.' },
        ),
        { error: 'Erwartet wird eine Liste von Zuordnungen.' },
      )
      .nullish()
      .transform((v) => v?.map(({ rechnungId, betragCent }) => ({ rechnungId, betragCent })) ?? undefined),
    zugeordnetCent: readOnly,
    // Answer fields a dialog may send back unchanged.
    kassaabrechnungId: readOnly,
    belegnummer: readOnly,
    kontoName: readOnly,
    buchungskontoNummer: readOnly,
    buchungskontoName: readOnly,
    kostenstelleName: readOnly,
    steuerCent: readOnly,
    nettoCent: readOnly,
    parzelleNummer: readOnly,
    adresseName: readOnly,
    stornoVonId: readOnly,
    storniertDurchId: readOnly,
    quelle: readOnly,
    geprueft: readOnly,
    geprueftAm: readOnly,
    kontoSaldoCent: readOnly,
    belege: readOnly,
    bank: readOnly,
  },
  'des Kassabuch-Eintrags',
);
export type KassabuchInput = z.output<typeof kassabuchBody>;

/** POST Kassa/StornoKassabuch: reverses an entry (default date today). */
export const stornoBody = strict(
  {
    id: int.min(1, REQUIRED),
    datum: optionalDate,
    text: optionalText(500),
  },
  'id, datum, text',
);
export type StornoInput = z.output<typeof stornoBody>;

// ---- Filters (query of GetKassabuch, Kassabuch, KassabuchExcelExport, DeleteKassabuchFiltered, CloseFilteredEntries) ----

/** An empty query value ("Kategorie=") means "no filter", as the screens send cleared fields. */
const blankToUndefined = (v: unknown) => (v === '' || v === null ? undefined : v);
const qInt = z.preprocess(blankToUndefined, queryInt.optional());
const qDate = z.preprocess(blankToUndefined, isoDate.optional());
const qText = z.preprocess(blankToUndefined, z.string().max(500, 'Höchstens 500 Zeichen.').optional());

export const KONTO_OPTIONEN = ['alle', 'ungeprueft', 'geprueft', 'klaerung'] as const;
export type KontoOption = (typeof KONTO_OPTIONEN)[number];

export const kassabuchFilterShape = {
  /** Absent: all periods. */
  kassaabrechnungID: qInt,
  kassabuchFilterVon: qDate,
  kassabuchFilterBis: qDate,
  BelegnummerFilterVon: qInt,
  BelegnummerFilterBis: qInt,
  /** Cents, on the absolute amount. */
  BetragFilterVon: qInt,
  BetragFilterBis: qInt,
  RechnungsdatumFilterVon: qDate,
  RechnungsdatumFilterBis: qDate,
  /** buchungskontoId */
  Kategorie: qInt,
  /** kostenstelleId */
  Kostenstelle: qInt,
  /** Text contains (case-insensitive). */
  Bezeichnung: qText,
  /** Kommentar contains (case-insensitive). */
  Kommentar: qText,
  /** kontoId */
  SelectedKonto: qInt,
  entryID: qInt,
  kontoOption: z.preprocess(
    blankToUndefined,
    z
      .enum(KONTO_OPTIONEN, { error: 'Erlaubt sind alle, ungeprueft, geprueft oder klaerung.' })
      .optional()
      .transform((v) => v ?? 'alle'),
  ),
  parzelleId: qInt,
  adresseId: qInt,
};

export const kassabuchFilterQuery = z.object(kassabuchFilterShape);
/** The parsed filter (every field optional; kontoOption defaults to 'alle'). */
export type KassabuchFilter = z.output<typeof kassabuchFilterQuery>;
/** What a caller (the UI, part S4) passes: every field optional. */
export type KassabuchFilterInput = z.input<typeof kassabuchFilterQuery>;

export const deleteFilteredQuery = z.object({
  ...kassabuchFilterShape,
  dryRun: z.preprocess(blankToUndefined, queryBool.optional()).transform((v) => v ?? false),
});

export const kassabuchIdQuery = z.object({ kassabuchID: queryInt });

// ---- Answers ----

export const belegResponse = z.object({
  id: z.number(),
  name: z.string(),
  mime: z.string(),
  size: z.number(),
});
/** A receipt attached to an entry (platform file store). */
export type Beleg = z.infer<typeof belegResponse>;

export const eintragResponse = z.object({
  id: z.number(),
  kassaabrechnungId: z.number(),
  belegnummer: z.number(),
  datum: z.string(),
  /** Signed gross: + income, − expense. */
  betragCent: z.number(),
  kontoId: z.number(),
  kontoName: z.string(),
  buchungskontoId: z.number(),
  buchungskontoNummer: z.string(),
  buchungskontoName: z.string(),
  kostenstelleId: z.number().nullable(),
  kostenstelleName: z.string().nullable(),
  steuersatz: z.number(),
  steuerCent: z.number(),
  nettoCent: z.number(),
  text: z.string(),
  kommentar: z.string().nullable(),
  rechnungsdatum: z.string().nullable(),
  parzelleId: z.number().nullable(),
  parzelleNummer: z.string().nullable(),
  adresseId: z.number().nullable(),
  adresseName: z.string().nullable(),
  /** A reversal: the entry it reverses. */
  stornoVonId: z.number().nullable(),
  /** The reversal of this entry, when there is one. */
  storniertDurchId: z.number().nullable(),
  quelle: z.enum(['manuell', 'bank']),
  geprueft: z.boolean(),
  geprueftAm: z.string().nullable(),
  /** The entry's account balance after it in its period (opening + all entries up to it by datum, belegnummer). */
  kontoSaldoCent: z.number(),
  belege: z.array(belegResponse),
  bank: z
    .object({
      name: z.string().nullable(),
      iban: z.string().nullable(),
      verwendungszweck: z.string().nullable(),
      referenz: z.string().nullable(),
    })
    .nullable(),
  /** Its allocations to receivables (art 'zahlung') or an address's credit (art 'guthaben'); issue 15. */
  zuordnungen: z.array(
    z.object({
      id: z.number(),
      rechnungId: z.number().nullable(),
      nummer: z.string().nullable(),
      adresseName: z.string().nullable(),
      betragCent: z.number(),
      art: z.enum(['zahlung', 'guthaben']),
    }),
  ),
  /** Σ of the allocations (signed like the entry). */
  zugeordnetCent: z.number(),
  version: z.number(),
});
export type Eintrag = z.infer<typeof eintragResponse>;

export const kassabuchSummeResponse = z.object({
  anzahl: z.number(),
  einnahmenCent: z.number(),
  /** Positive. */
  ausgabenCent: z.number(),
  /** einnahmen − ausgaben. */
  saldoCent: z.number(),
});
export type KassabuchSumme = z.infer<typeof kassabuchSummeResponse>;

export const kassabuchAntwortResponse = z.object({
  eintraege: z.array(eintragResponse),
  summe: kassabuchSummeResponse,
});
/** GET Kassa/GetKassabuch. */
export type KassabuchAntwort = z.infer<typeof kassabuchAntwortResponse>;

/** DELETE Kassa/DeleteKassabuchFiltered. */
export type DeleteKassabuchFilteredAntwort = { geloescht: number; uebersprungen: number };
/** POST Kassa/CloseFilteredEntries. */
export type CloseFilteredEntriesAntwort = { geprueft: number; kettenKopf: string | null };
