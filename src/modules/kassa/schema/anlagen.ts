import { z } from 'zod';
import { isoDate, queryBool, queryInt, readOnly, strict } from '../../../platform/validation';
import { int, optionalText, requiredText, saveId, version } from '../../stammdaten/schema/abstellplaetze';

// Request and answer schemas of the Anlageverzeichnis (fixed-asset register) and the Anlagebericht
// (docs/api/kassa.md "Anlageverzeichnis"). The depreciation itself is services/afa.ts.

const REQUIRED = 'Dieses Feld ist erforderlich.';
const dateMessage = (i: { input: unknown }) =>
  i.input === undefined || i.input === null ? REQUIRED : 'Erwartet wird ein Datum im Format JJJJ-MM-TT.';

/** Cents of a cost or proceeds: a whole number ≥ 0, at most 21 million euros (INTEGER column). */
const cents = (negativ: string) =>
  z
    .number({ error: (i) => (i.input === undefined ? REQUIRED : 'Erwartet wird ein Betrag in Cent.') })
    .int('Der Betrag muss in ganzen Cent angegeben werden.')
    .min(0, negativ)
    .max(2_000_000_000, 'Der Betrag ist zu groß.');

const year = z
  .unknown()
  .pipe(queryInt)
  .refine((y) => y >= 1900 && y <= 2999, 'Erwartet wird ein Jahr zwischen 1900 und 2999.');

export const anlageverzeichnisQuery = z.object({
  /** Book values at the end of this year; default the current year. */
  jahr: year.optional(),
  kategorie: z.string().trim().max(100, 'Höchstens 100 Zeichen.').optional(),
});
export type AnlageverzeichnisFilter = z.output<typeof anlageverzeichnisQuery>;

export const anlageIdQuery = z.object({ id: queryInt, jahr: year.optional() });

export const anlageBody = strict({
  id: saveId,
  version,
  bezeichnung: requiredText(300, 'Bitte geben Sie eine Bezeichnung an.'),
  kategorie: optionalText(100),
  anschaffungsdatum: z.string({ error: dateMessage }).pipe(isoDate),
  anschaffungskostenCent: cents('Die Anschaffungskosten dürfen nicht negativ sein.'),
  nutzungsdauerJahre: int(1, 100, 'Die Nutzungsdauer ist eine ganze Zahl von Jahren ab 1 (höchstens 100).'),
  abgangsdatum: z
    .string({ error: dateMessage })
    .pipe(isoDate)
    .nullish()
    .transform((v) => v ?? null),
  abgangserloesCent: cents('Der Abgangserlös darf nicht negativ sein.')
    .nullish()
    .transform((v) => v ?? null),
  kassabuchId: z
    .number({ error: 'Erwartet wird die Nummer eines Kassabuch-Eintrags.' })
    .int('Erwartet wird eine ganze Zahl.')
    .min(1, 'Erwartet wird die Nummer eines Kassabuch-Eintrags.')
    .max(2_147_483_647, 'Die Zahl ist zu groß.')
    .nullish()
    .transform((v) => v ?? null),
  notiz: optionalText(5000, true),
  // Answer fields the dialog may send back unchanged.
  kassabuchBelegnummer: readOnly,
  buchwertCent: readOnly,
  geringwertig: readOnly,
  plan: readOnly,
  halbjahr: readOnly,
  jahresAfaCent: readOnly,
  abgang: readOnly,
});
export type AnlageInput = z.output<typeof anlageBody>;

/** `kategorien=a,b` (empty = all). */
const kategorienListe = z
  .string()
  .max(2000, 'Höchstens 2000 Zeichen.')
  .transform((s) =>
    s
      .split(',')
      .map((k) => k.trim())
      .filter(Boolean),
  );

export const BERICHT_FORMATE = ['json', 'pdf', 'xlsx'] as const;
export const berichtFormat = z
  .enum(BERICHT_FORMATE, { error: 'Erlaubt sind json, pdf oder xlsx.' })
  .optional()
  .transform((v) => v ?? 'pdf');

export const anlageberichtQuery = z.object({
  jahr: year.optional(),
  kategorien: kategorienListe.optional(),
  /** Also the assets disposed of in earlier years. */
  historisch: queryBool.optional(),
  /** The spec's flag: true answers the spreadsheet (same as format=xlsx). */
  excel: queryBool.optional(),
  /** Years of the depreciation forecast after `jahr` (default 5). */
  anzahlJahre: z
    .unknown()
    .pipe(queryInt)
    .refine((n) => n <= 50, 'Höchstens 50 Jahre.')
    .optional(),
  format: berichtFormat,
});
export type AnlageberichtFilter = z.output<typeof anlageberichtQuery>;

// ---- Answers: the UI imports their types (`import type`) from here (ADR 0005) ----

export const afaJahrResponse = z.object({
  jahr: z.number(),
  buchwertAnfangCent: z.number(),
  zugangCent: z.number(),
  afaCent: z.number(),
  abgangCent: z.number(),
  buchwertEndeCent: z.number(),
});

export const anlageResponse = z.object({
  id: z.number(),
  bezeichnung: z.string(),
  kategorie: z.string(),
  anschaffungsdatum: z.string(),
  anschaffungskostenCent: z.number(),
  nutzungsdauerJahre: z.number(),
  abgangsdatum: z.string().nullable(),
  abgangserloesCent: z.number().nullable(),
  kassabuchId: z.number().nullable(),
  /** The linked entry's Belegnummer (null without a link). */
  kassabuchBelegnummer: z.number().nullable(),
  notiz: z.string(),
  /** Book value at the end of `jahr` (the query's, default this year). */
  buchwertCent: z.number(),
  /** Cost up to the settings' limit (sofortabschreibungGrenzeCent): written off in the year of purchase. */
  geringwertig: z.boolean(),
  version: z.number(),
});
export type Anlage = z.infer<typeof anlageResponse>;

export const anlageDetailResponse = anlageResponse.extend({
  /** The whole depreciation plan, one Anlagenspiegel row per year. */
  plan: z.array(afaJahrResponse),
  /** Halbjahresregel: bought after 30 June → half a rate in the first and in the extra last year. */
  halbjahr: z.boolean(),
  jahresAfaCent: z.number(),
  abgang: z
    .object({
      datum: z.string(),
      jahr: z.number(),
      buchwertCent: z.number(),
      erloesCent: z.number(),
      ergebnisCent: z.number(),
    })
    .nullable(),
});
export type AnlageDetail = z.infer<typeof anlageDetailResponse>;

const anlageberichtSumme = z.object({
  buchwertAnfangCent: z.number(),
  zugangCent: z.number(),
  afaCent: z.number(),
  abgangCent: z.number(),
  buchwertEndeCent: z.number(),
});

export const anlageberichtResponse = z.object({
  jahr: z.number(),
  /** The categories asked (empty = all). */
  kategorien: z.array(z.string()),
  historisch: z.boolean(),
  geringwertigGrenzeCent: z.number(),
  anlagen: z.array(
    anlageberichtSumme.extend({
      id: z.number(),
      bezeichnung: z.string(),
      kategorie: z.string().nullable(),
      anschaffungsdatum: z.string(),
      anschaffungskostenCent: z.number(),
      abgangsdatum: z.string().nullable(),
    }),
  ),
  summe: anlageberichtSumme,
  prognose: z.array(z.object({ jahr: z.number(), afaCent: z.number() })),
});
export type AnlageberichtAntwort = z.infer<typeof anlageberichtResponse>;
