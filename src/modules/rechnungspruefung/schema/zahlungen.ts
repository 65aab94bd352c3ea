import { z } from 'zod';
import { isoDate, queryInt, strict, text } from '../../../platform/validation';
import type { Rechnung } from './rechnung';

// Request schemas and answer types of the payment calls (docs/api/rechnungspruefung.md "Zahlungen
// (Zuordnungen)", "Guthaben"). The UI imports the types with `import type` (ADR 0005).

const REQUIRED = 'Dieses Feld ist erforderlich.';
const typeError = (expected: string) => (issue: { input: unknown }) =>
  issue.input === undefined ? REQUIRED : `Erwartet wird ${expected}.`;

const id = z
  .number({ error: typeError('eine ganze Zahl') })
  .int('Erwartet wird eine ganze Zahl.')
  .min(1, REQUIRED)
  .max(2_147_483_647, 'Die Zahl ist zu groß.');

/** Signed cents, never 0 (a credit note is settled by negative allocations). */
const betragCent = z
  .number({ error: typeError('einen Betrag in Cent') })
  .int('Der Betrag wird in ganzen Cent angegeben.')
  .min(-2_000_000_000, 'Der Betrag ist zu groß.')
  .max(2_000_000_000, 'Der Betrag ist zu groß.')
  .refine((n) => n !== 0, 'Bitte einen Betrag ungleich 0 eingeben.');

/** Positive cents (a payment at the counter). */
const positivCent = z
  .number({ error: typeError('einen Betrag in Cent') })
  .int('Der Betrag wird in ganzen Cent angegeben.')
  .min(1, 'Der Betrag muss größer als 0 sein.')
  .max(2_000_000_000, 'Der Betrag ist zu groß.');

/** One allocation asked for: this much of the entry pays that receivable. */
export const zuordnungEingabe = z.object(
  { rechnungId: id, betragCent },
  { error: 'Erwartet wird ein Objekt mit rechnungId und betragCent.' },
);
export type ZuordnungEingabe = z.output<typeof zuordnungEingabe>;

/** One entry rarely pays more than a handful; 200 bounds the locks and checks of one request. */
export const MAX_ZUORDNUNGEN = 200;
export const zuordnungenEingabe = z
  .array(zuordnungEingabe, { error: 'Erwartet wird eine Liste von Zuordnungen.' })
  .max(MAX_ZUORDNUNGEN, `Höchstens ${MAX_ZUORDNUNGEN} Zuordnungen auf einmal.`);

/** POST Rechnungspruefung/Zuordnen: adds allocations to an entry (and optionally its rest as the address's credit). */
export const zuordnenBody = strict(
  {
    kassabuchId: id,
    zuordnungen: zuordnungenEingabe.nullish().transform((v) => v ?? []),
    restAlsGuthaben: z
      .object({ adresseId: id }, { error: 'Erwartet wird ein Objekt mit adresseId.' })
      .nullish()
      .transform((v) => v ?? null),
  },
  'kassabuchId, zuordnungen, restAlsGuthaben',
);
export type ZuordnenInput = z.output<typeof zuordnenBody>;
/** What a client sends (optional fields may be left out). */
export type ZuordnenBody = z.input<typeof zuordnenBody>;

/** POST Rechnungspruefung/OhneForderung: a credit that pays no receivable leaves the "zu klären" list. */
export const ohneForderungBody = strict(
  {
    kassabuchId: id,
    ohneForderung: z.boolean({ error: typeError('true oder false') }),
  },
  'kassabuchId, ohneForderung',
);
export type OhneForderungInput = z.output<typeof ohneForderungBody>;
/** What a client sends (optional fields may be left out). */
export type OhneForderungBody = z.input<typeof ohneForderungBody>;

/** POST Rechnungspruefung/ZahlungErfassen: a payment at the counter, booked and allocated at once. */
export const zahlungErfassenBody = strict(
  {
    rechnungId: id,
    kontoId: id,
    datum: isoDate,
    betragCent: positivCent,
    text: text(500)
      .nullish()
      .transform((v) => (v ? v : null)),
  },
  'rechnungId, kontoId, datum, betragCent, text',
);
export type ZahlungErfassenInput = z.output<typeof zahlungErfassenBody>;
/** What a client sends (optional fields may be left out). */
export type ZahlungErfassenBody = z.input<typeof zahlungErfassenBody>;

/** POST Rechnungspruefung/AlleBezahlt: the selected receivables paid in cash at the club house. */
export const alleBezahltBody = strict(
  {
    rechnungIds: z
      .array(id, { error: 'Erwartet wird eine Liste von Rechnungs-IDs.' })
      .min(1, 'Bitte mindestens eine Rechnung auswählen.')
      .max(5000, 'Höchstens 5000 Rechnungen auf einmal.'),
    kontoId: id,
    datum: isoDate,
  },
  'rechnungIds, kontoId, datum',
);
export type AlleBezahltInput = z.output<typeof alleBezahltBody>;
/** What a client sends (optional fields may be left out). */
export type AlleBezahltBody = z.input<typeof alleBezahltBody>;

const blankToUndefined = (v: unknown) => (v === '' || v === null ? undefined : v);

export const kassabuchIdQuery = z.object({ kassabuchID: queryInt });
export const zuordnungIdQuery = z.object({ id: queryInt });
export const guthabenQuery = z.object({ adresseId: queryInt });

/** GET FindTeilbezahlteRechnungen: receivables partly paid, dated up to `date`, of an address / group. */
export const teilbezahltQuery = z.object({
  date: z.preprocess(blankToUndefined, isoDate.optional()),
  adress: z.preprocess(blankToUndefined, queryInt.optional()),
  group: z.preprocess(blankToUndefined, queryInt.optional()),
});

// ---- Answers ----

export const ZUORDNUNG_ARTEN = ['zahlung', 'guthaben'] as const;
export const ZUORDNUNG_QUELLEN = ['bank', 'manuell', 'barzahlung', 'verrechnung', 'storno'] as const;

/** One allocation of an entry as the screens show it. */
export type Zuordnung = {
  id: number;
  /** null for art 'guthaben' (the address's credit). */
  rechnungId: number | null;
  nummer: string | null;
  adresseName: string | null;
  betragCent: number;
  art: (typeof ZUORDNUNG_ARTEN)[number];
  quelle: (typeof ZUORDNUNG_QUELLEN)[number];
};

/** The entry's side of GetRechnungenKassabuch and ZuKlaeren. */
export type ZahlungEintrag = {
  id: number;
  belegnummer: number;
  datum: string;
  betragCent: number;
  text: string;
  bankName: string | null;
  bankIban: string | null;
  kontoId: number;
  buchungskontoNummer: string;
  /** Σ of the entry's allocations (signed like the entry). */
  zugeordnetCent: number;
  /** betragCent − zugeordnetCent. */
  restCent: number;
  ohneForderung: boolean;
};

export const VORSCHLAG_GRUENDE = ['referenz', 'nummer', 'iban', 'betrag', 'name'] as const;
export type VorschlagGrund = (typeof VORSCHLAG_GRUENDE)[number];

/** A receivable that could take the entry's rest (the full receivable as GetRechnungen answers it). */
export type Vorschlag = {
  rechnung: Rechnung;
  grund: VorschlagGrund;
  /** A sure match: the RF reference or the number in the text, or the payer's IBAN with the exact open amount. */
  sicher: boolean;
  /** What to allocate: min(entry rest, open amount). */
  betragCent: number;
};

/** GET GetRechnungenKassabuch, POST Zuordnen. */
export type RechnungenKassabuch = {
  eintrag: ZahlungEintrag;
  zuordnungen: Zuordnung[];
  vorschlaege: Vorschlag[];
};

/** POST AlleBezahlt. */
export type AlleBezahltAntwort = { anzahl: number; summeCent: number; kassabuchIds: number[] };

/** GET Guthaben. */
export type Guthaben = {
  adresseId: number;
  guthabenCent: number;
  posten: {
    art: 'ueberzahlung' | 'gutschrift';
    datum: string;
    betragCent: number;
    kassabuchId: number | null;
    rechnungId: number | null;
    text: string;
  }[];
};
