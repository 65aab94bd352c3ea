import { z } from 'zod';
import { isoDate, queryInt, readOnly, strict, text } from '../../../platform/validation';
import { version } from './abstellplaetze';

// Request schemas and answer types of the Parzelle, Gartenwechsel and Gruppe calls
// (docs/api/stammdaten.md). Strict objects: unknown fields are refused by name; read-only
// fields of an answer may be sent back and are ignored.

const REQUIRED = 'Dieses Feld ist erforderlich.';
const typeError = (expected: string) => (issue: { input: unknown }) =>
  issue.input === undefined ? REQUIRED : `Erwartet wird ${expected}.`;

/** Optional text: absent stays undefined (keep the stored value), null becomes ''. */
const optionalText = (max: number, multiline = false) =>
  text(max, multiline)
    .nullable()
    .optional()
    .transform((v) => (v === null ? '' : v));

const int = z
  .number({ error: typeError('eine ganze Zahl') })
  .int('Erwartet wird eine ganze Zahl.')
  .min(0, 'Die Zahl darf nicht negativ sein.')
  .max(2_147_483_647, 'Die Zahl ist zu groß.');

/** `id` of an Update: 0 or absent creates. */
const saveId = int
  .nullish()
  .transform((v) => v ?? 0)
  .optional();

/** A reference that may be empty: null (or 0) means none, absent keeps the stored value. */
const optionalRef = int
  .nullable()
  .optional()
  .transform((v) => (v === 0 ? null : v));

const DECIMAL = /^\d{1,8}(\.\d{1,2})?$/;
/** An area in m²: a string (or number) ≥ 0 with at most two decimals, answered as "400.00". */
const area = z
  .union([z.string({ error: typeError('eine Zahl') }), z.number({ error: typeError('eine Zahl') })], {
    error: typeError('eine Zahl mit Punkt, z. B. "400.00"'),
  })
  .transform((v) => (typeof v === 'number' ? String(v) : v.trim()))
  .refine((s) => !s.startsWith('-'), 'Die Fläche darf nicht negativ sein.')
  .refine(
    (s) => s.startsWith('-') || DECIMAL.test(s),
    'Erwartet wird eine Fläche in m² mit höchstens 2 Nachkommastellen, z. B. "400.00".',
  );

/** Surcharge flags of a plot: 1 ständig wohnen, 2 größer bauen, 4 Kanalanschluss. */
export const PARZELLE_FLAGS = { staendigWohnen: 1, groesserBauen: 2, kanal: 4 } as const;

export const parzelleBody = strict(
  {
    id: saveId,
    version,
    nummer: text(20).min(1, { error: 'Bitte geben Sie die Parzellennummer ein.', abort: true }),
    flaeche: area.optional(),
    gemeinschaftsflaeche: area.nullable().optional(),
    anzahlParkkarten: int.max(100, 'Höchstens 100 Parkkarten.').optional(),
    flags: int.optional(),
    wasserzaehlerNummer: optionalText(50),
    hauptwasserzaehlerId: optionalRef,
    gruppeId: optionalRef,
    aktiv: z.boolean({ error: typeError('true oder false') }).optional(),
    notiz: optionalText(5000, true),
    pachtabrechnungId: int.nullish(),
    nutzungsberechtigter: readOnly,
    gruppeName: readOnly,
    hauptwasserzaehlerNummer: readOnly,
  },
  'der Parzelle',
);
export type ParzelleInput = z.output<typeof parzelleBody>;

export const parzellenFilter = z.enum(['aktiv', 'frei', 'vergeben', 'alle'], {
  error: 'Erlaubt sind aktiv, frei, vergeben oder alle.',
});

export const parzellenQuery = z.object({
  pachtabrechnungID: queryInt.optional(),
  search: z.string().max(100, 'Höchstens 100 Zeichen.').optional(),
  filter: parzellenFilter.optional(),
});

export const idQuery = z.object({ id: queryInt });
export const parzelleQuery = z.object({ id: queryInt, pachtabrechnungID: queryInt.optional() });
export const gartenhistorieQuery = z.object({ parzelleId: queryInt });
export const gartenwechselQuery = z.object({ adresse: queryInt });

/** A date `YYYY-MM-DD`; a wrong format is told once, without "Dieses Datum gibt es nicht." too. */
const date = z
  .string({ error: typeError('ein Datum im Format JJJJ-MM-TT') })
  .regex(/^\d{4}-\d{2}-\d{2}$/, { error: 'Erwartet wird ein Datum im Format JJJJ-MM-TT.', abort: true })
  .pipe(isoDate);

export const gartenwechselBody = strict(
  {
    parzelleId: int.min(1, 'Bitte wählen Sie eine Parzelle.'),
    neueAdresseId: int.min(1, 'Bitte wählen Sie den neuen Nutzungsberechtigten.'),
    datum: date,
  },
  'des Gartenwechsels',
);

export const gruppeBody = strict(
  {
    id: saveId,
    version,
    name: text(100).min(1, { error: 'Bitte geben Sie den Namen der Gruppe ein.', abort: true }),
    beschreibung: optionalText(500, true),
    anzahlParzellen: readOnly,
  },
  'der Gruppe',
);

// ---- Answers: the UI imports their types (`import type`) from here (ADR 0005) ----

/** The holder of a plot today: the address, its name and since when (YYYY-MM-DD). */
export const nutzungsberechtigterResponse = z.object({ adresseId: z.number(), name: z.string(), von: z.string() });
export type Nutzungsberechtigter = z.infer<typeof nutzungsberechtigterResponse>;

/** A Parzelle with its values of the year, as its list, Get and save answer it (`presentParzelle`). */
export const parzelleResponse = z.object({
  id: z.number(),
  /** Optimistic lock: send it back with the save. */
  version: z.number(),
  nummer: z.string(),
  /** m² with a dot: "400.00". */
  flaeche: z.string(),
  gemeinschaftsflaeche: z.string().nullable(),
  anzahlParkkarten: z.number(),
  flags: z.number(),
  wasserzaehlerNummer: z.string(),
  hauptwasserzaehlerId: z.number().nullable(),
  gruppeId: z.number().nullable(),
  aktiv: z.boolean(),
  notiz: z.string(),
  /** The year of gemeinschaftsflaeche and anzahlParkkarten. */
  pachtabrechnungId: z.number(),
  nutzungsberechtigter: nutzungsberechtigterResponse.nullable(),
  gruppeName: z.string().nullable(),
  hauptwasserzaehlerNummer: z.string().nullable(),
});
export type Parzelle = z.infer<typeof parzelleResponse>;

/** A lease of the plot in its Gartenhistorie (newest first); dates YYYY-MM-DD. */
export const gartenhistorieEintragResponse = z.object({
  adresseId: z.number(),
  name: z.string(),
  von: z.string(),
  bis: z.string().nullable(),
});
export type GartenhistorieEintrag = z.infer<typeof gartenhistorieEintragResponse>;

/** ExecuteGartenwechsel's answer: the plot with its new holder and its Gartenhistorie. */
export const gartenwechselResponse = z.object({
  parzelle: parzelleResponse,
  historie: z.array(gartenhistorieEintragResponse),
});
export type GartenwechselErgebnis = z.infer<typeof gartenwechselResponse>;

/** GetGartenwechsel's answer: an address with the plots it holds today (since `von`). */
export const gartenwechselInfoResponse = z.object({
  adresse: z.object({
    id: z.number(),
    anrede: z.string(),
    titel: z.string(),
    vorname: z.string(),
    nachname: z.string(),
    name: z.string(),
  }),
  parzellen: z.array(z.object({ id: z.number(), nummer: z.string(), von: z.string() })),
});
export type GartenwechselInfo = z.infer<typeof gartenwechselInfoResponse>;

/** A Gruppe as its list, Get and save answer it (`presentGruppe`). */
export const gruppeResponse = z.object({
  id: z.number(),
  /** Optimistic lock: send it back with the save. */
  version: z.number(),
  name: z.string(),
  beschreibung: z.string(),
  /** Read-only: plots in the group. */
  anzahlParzellen: z.number(),
});
export type Gruppe = z.infer<typeof gruppeResponse>;

/** An entry of a choice list (groups, plots, main meters): id and what is shown. */
export const lookupResponse = z.object({ id: z.number(), name: z.string() });
export type Lookup = z.infer<typeof lookupResponse>;
