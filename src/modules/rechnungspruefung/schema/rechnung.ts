import { z } from 'zod';
import { isoDate, queryBool, queryInt, readOnly, strict, text } from '../../../platform/validation';

// Request schemas and answer types of the receivables (docs/api/rechnungspruefung.md "Rechnungen";
// contract of issue 15, S1). The UI imports the types with `import type` (ADR 0005).

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

const optionalDate = z
  .union([isoDate, z.literal('')], { error: 'Erwartet wird ein Datum im Format JJJJ-MM-TT.' })
  .nullish()
  .transform((v) => (v ? v : null));

export const RECHNUNG_ARTEN = [
  'Zahlungsvorschreibung',
  'Wasserrechnung',
  'Gruppenrechnung',
  'WeitereMitgliedschaft',
  'manuell',
] as const;
/** The kind of a receivable (the billing run that made it, or manual). tables.ts takes it from here. */
export type RechnungArt = (typeof RECHNUNG_ARTEN)[number];

export const RECHNUNG_STATUS_WERTE = ['offen', 'teilbezahlt', 'bezahlt'] as const;
export type RechnungStatusWert = (typeof RECHNUNG_STATUS_WERTE)[number];

export const RECHNUNG_STEUERSAETZE = [0, 10, 20, 100] as const;

// ---- Answers ----

export type RechnungPosition = {
  text: string;
  betragCent: number;
  steuersatz: number;
  buchungskontoId: number | null;
  /** The position's kind: the billing run's (e.g. 'pacht', 'wasser'), 'manuell', 'mahngebuehr', 'verzugszinsen'. */
  art: string;
  parzelleNummer: string | null;
};

export type RechnungRate = { nummer: number; faelligAm: string; betragCent: number };

/** A receivable as every list and detail answers it (paid/open/overdue derived from the allocations). */
export type Rechnung = {
  id: number;
  version: number;
  nummer: string;
  jahr: number;
  art: RechnungArt;
  adresseId: number;
  adresseName: string;
  parzelleId: number | null;
  parzelleNummer: string | null;
  gruppeId: number | null;
  datum: string;
  faelligAm: string;
  positionen: RechnungPosition[];
  betragCent: number;
  bezahltCent: number;
  offenCent: number;
  /** What is overdue and unpaid today (with instalments: the instalments due). */
  ueberfaelligCent: number;
  status: RechnungStatusWert;
  mahnstufe: number;
  letzteMahnungAm: string | null;
  mahnsperreBis: string | null;
  zahlungsreferenz: string;
  notiz: string | null;
  /** The billing run that created it; null = a manual receivable. */
  laufId: number | null;
  versendetAm: string | null;
  raten: RechnungRate[];
  /** What UpdateRechnung may change: everything (manual, untouched) or only the dates and the note. */
  bearbeitbar: 'alles' | 'termine';
  loeschbar: boolean;
};

export type RechnungZahlung = {
  zuordnungId: number;
  /** null for an offset of a credit (no cash-book entry). */
  kassabuchId: number | null;
  belegnummer: number | null;
  /** The entry's Kassa period (kassabuch.kassaabrechnung_id), for a link to the entry; null for an offset. */
  kassaabrechnungId: number | null;
  datum: string;
  betragCent: number;
  quelle: string;
  text: string;
};

export type RechnungMahnung = {
  id: number;
  stufe: number;
  datum: string;
  offenCent: number;
  gebuehrCent: number;
  zinsenCent: number;
};

/** GET GetRechnung: the receivable with its payments and reminders. */
export type RechnungDetail = Rechnung & { zahlungen: RechnungZahlung[]; mahnungen: RechnungMahnung[] };

// ---- Filter (GetRechnungen, Rechnungsuebersicht, Rechnungen PDF, DeleteRechnungenFiltered) ----

/** An empty query value ("Art=") means "no filter", as the screens send cleared fields. */
const blankToUndefined = (v: unknown) => (v === '' || v === null ? undefined : v);
const qInt = z.preprocess(blankToUndefined, queryInt.optional());
const qDate = z.preprocess(blankToUndefined, isoDate.optional());
const qText = z.preprocess(blankToUndefined, z.string().max(500, 'Höchstens 500 Zeichen.').optional());
const qBool = z.preprocess(blankToUndefined, queryBool.optional());

/** One value or several, comma-separated ("offen,teilbezahlt") or as an array. */
function qListe<T extends readonly [string, ...string[]]>(werte: T, message: string) {
  return z.preprocess((v) => {
    const b = blankToUndefined(v);
    if (typeof b === 'string')
      return b
        .split(',')
        .map((s) => s.trim())
        .filter(Boolean);
    return b;
  }, z.array(z.enum(werte, { error: message })).optional());
}

export const rechnungFilterShape = {
  /** Receivable date from/to (inclusive). */
  DatumVon: qDate,
  DatumBis: qDate,
  /** Number, name or position text contains (case-insensitive). */
  Bezeichnung: qText,
  ParzellenID: qInt,
  AdressenID: qInt,
  GruppenID: qInt,
  Art: qListe(RECHNUNG_ARTEN, `Erlaubt sind ${RECHNUNG_ARTEN.join(', ')}.`),
  Status: qListe(RECHNUNG_STATUS_WERTE, 'Erlaubt sind offen, teilbezahlt oder bezahlt.'),
  Mahnstufe: z.preprocess(blankToUndefined, queryInt.refine((n) => n <= 3, 'Die Mahnstufe ist 0 bis 3.').optional()),
  /** Only receivables with something open (open ≠ 0). Default true unless Status is given. */
  IsOffen: qBool,
  /** Only receivables overdue today (ueberfaelligCent > 0). Default false. */
  IsFaellig: qBool,
};
export const rechnungFilterQuery = z.object(rechnungFilterShape);
export type RechnungFilter = z.output<typeof rechnungFilterQuery>;
export type RechnungFilterInput = z.input<typeof rechnungFilterQuery>;

export const rechnungIdQuery = z.object({ id: queryInt });

/** DELETE DeleteRechnungenFiltered: the filter of GetRechnungen and `dryRun` (only answer what would happen). */
export const deleteRechnungenFilteredBody = z.object({ ...rechnungFilterShape, dryRun: qBool });
export type DeleteRechnungenFilteredInput = z.output<typeof deleteRechnungenFilteredBody>;

export type DeleteRechnungenFilteredAntwort = {
  geloescht: { id: number; nummer: string }[];
  uebersprungen: { id: number; nummer: string; grund: 'bezahlt' | 'versendet' }[];
};

// ---- UpdateRechnung ----

const betragCent = z
  .number({ error: typeError('einen Betrag in Cent') })
  .int('Der Betrag wird in ganzen Cent angegeben.')
  .min(-2_000_000_000, 'Der Betrag ist zu groß.')
  .max(2_000_000_000, 'Der Betrag ist zu groß.');

const positionBody = z.object(
  {
    text: text(500).min(1, 'Bitte einen Text der Position eingeben.'),
    betragCent,
    steuersatz: z.union(
      RECHNUNG_STEUERSAETZE.map((n) => z.literal(n)),
      { error: 'Steuersatz muss 0, 10, 20 oder 100 % sein.' },
    ),
    buchungskontoId: optionalRef,
    // Answer fields a dialog may send back unchanged.
    art: readOnly,
    parzelleNummer: readOnly,
  },
  { error: 'Erwartet wird eine Position mit text, betragCent und steuersatz.' },
);

/** POST UpdateRechnung: a new manual receivable (no id) or a change. */
export const rechnungBody = strict(
  {
    id: int.nullish().transform((v) => v ?? 0),
    version: int
      .min(1, 'Die Version ist eine positive ganze Zahl.')
      .nullish()
      .transform((v) => v ?? undefined),
    adresseId: int.min(1, REQUIRED),
    parzelleId: optionalRef,
    gruppeId: optionalRef,
    datum: isoDate,
    faelligAm: isoDate,
    positionen: z
      .array(positionBody, { error: 'Erwartet wird eine Liste von Positionen.' })
      .min(1, 'Bitte mindestens eine Position eingeben.')
      // The sum ≠ 0 is checked by the service for what it creates or changes: a booked receivable's
      // positions come back as stored (a run may have booked a line of 0).
      .max(200, 'Höchstens 200 Positionen.'),
    notiz: text(5000, true)
      .nullish()
      .transform((v) => (v ? v : null)),
    mahnsperreBis: optionalDate,
    // Answer fields a dialog may send back unchanged.
    nummer: readOnly,
    jahr: readOnly,
    art: readOnly,
    adresseName: readOnly,
    parzelleNummer: readOnly,
    betragCent: readOnly,
    bezahltCent: readOnly,
    offenCent: readOnly,
    ueberfaelligCent: readOnly,
    status: readOnly,
    mahnstufe: readOnly,
    letzteMahnungAm: readOnly,
    zahlungsreferenz: readOnly,
    laufId: readOnly,
    versendetAm: readOnly,
    raten: readOnly,
    bearbeitbar: readOnly,
    loeschbar: readOnly,
    zahlungen: readOnly,
    mahnungen: readOnly,
  },
  'adresseId, datum, faelligAm, positionen',
);
export type RechnungInput = z.output<typeof rechnungBody>;
export type RechnungBodyInput = z.input<typeof rechnungBody>;

// ---- PDFs ----

/** GET Rechnungen: the invoices of `ids` (comma-separated), or of the filter when no ids are given. */
export const rechnungenPdfQuery = z.object({
  ...rechnungFilterShape,
  ids: z.preprocess(
    blankToUndefined,
    z
      .string()
      .regex(/^\d+(,\d+)*$/, 'Erwartet werden Ids, durch Komma getrennt.')
      .optional(),
  ),
});
export type RechnungenPdfQuery = z.output<typeof rechnungenPdfQuery>;

/** GET Zahlscheine: slips for the open amounts of the receivables dated up to `datum` (of one address, or `ids`). */
export const zahlscheineQuery = z.object({
  datum: z.preprocess(blankToUndefined, isoDate.optional()),
  adress: qInt,
  ids: z.preprocess(
    blankToUndefined,
    z
      .string()
      .regex(/^\d+(,\d+)*$/, 'Erwartet werden Ids, durch Komma getrennt.')
      .optional(),
  ),
});
export type ZahlscheineQuery = z.output<typeof zahlscheineQuery>;
