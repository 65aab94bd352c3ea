import { z } from 'zod';
import { isoDate, queryBool, queryInt, strict } from '../../../platform/validation';
import { requiredText, text } from '../../stammdaten/schema/abstellplaetze';
import { ablesungResponse } from './ablesungen';

// Request and answer schemas of the reading round, the reading sheet, the radio-meter import and the
// meter-change list, export, import and protocol (docs/api/wasserbuch.md, "dokumente").

const datum = z
  .string({
    error: (i) =>
      i.input === undefined ? 'Dieses Feld ist erforderlich.' : 'Erwartet wird ein Datum im Format JJJJ-MM-TT.',
  })
  .pipe(isoDate);

export const rundeQuery = z.object({ datum });
/** The reading sheet keeps the spec's parameter name `date`. */
export const ablesebogenQuery = z.object({ date: datum });

export const TRENNZEICHEN = ['auto', ';', ',', 'tab'] as const;
export const DEZIMALZEICHEN = ['auto', ',', '.'] as const;
export const ZEICHENSAETZE = ['auto', 'utf-8', 'windows-1252'] as const;

export const funkImportQuery = z.object({
  overwrite: queryBool.optional(),
  dryRun: queryBool.optional(),
  datum: datum.optional(),
  mapping: z.string().trim().max(50, 'Höchstens 50 Zeichen.').optional(),
});
export type FunkImportOptions = {
  overwrite?: boolean;
  dryRun?: boolean;
  datum?: string;
  mapping?: string;
};

const column = (required: boolean) =>
  required ? requiredText(100, 'Bitte geben Sie die Spalte an (Überschrift oder Buchstabe).') : text(100);

export const funkMappingBody = strict({
  name: requiredText(50, 'Bitte geben Sie dem Schema einen Namen.'),
  spalteSeriennummer: column(true),
  spalteStand: column(true),
  /** "" when the file has no timestamp (then the import needs `datum`). */
  spalteZeitstempel: column(false).default(''),
  trennzeichen: z.enum(TRENNZEICHEN, { error: 'Erlaubt sind auto, ;, , oder tab.' }).default('auto'),
  dezimalzeichen: z.enum(DEZIMALZEICHEN, { error: 'Erlaubt sind auto, , oder .' }).default('auto'),
  zeichensatz: z.enum(ZEICHENSAETZE, { error: 'Erlaubt sind auto, utf-8 oder windows-1252.' }).default('auto'),
});
export type FunkMapping = z.output<typeof funkMappingBody>;
export const mappingNameQuery = z.object({ name: z.string({ error: 'Dieses Feld ist erforderlich.' }).trim().min(1) });

export const zaehlerwechselQuery = z.object({
  von: datum.optional(),
  bis: datum.optional(),
  parzelleId: queryInt.optional(),
});
export type ZaehlerwechselFilter = z.output<typeof zaehlerwechselQuery>;
export const zaehlerwechselProtokollQuery = zaehlerwechselQuery.extend({ date: datum.optional() });

// ---- Answers: the UI imports their types (`import type`) from here (ADR 0005) ----

export const rundeZeileResponse = ablesungResponse.extend({
  /** Holder of the plot at the date ("Nachname Vorname"); null for main meters or a plot without one. */
  adresseName: z.string().nullable(),
  letzteAblesung: z.object({ datum: z.string(), stand: z.string() }).nullable(),
  /** m³ between the two reading dates before this one; null when there are not two. */
  letzterVerbrauch: z.string().nullable(),
});
export type RundeZeile = z.infer<typeof rundeZeileResponse>;
export const rundeResponse = z.object({
  datum: z.string(),
  /** The Fehlersuche's factor for the date's year: the entry screen flags consumption above it × the last one. */
  verbrauchsWarnFaktor: z.string(),
  zeilen: z.array(rundeZeileResponse),
});
export type Ablesungsrunde = z.infer<typeof rundeResponse>;

export const FUNK_STATUS = ['neu', 'ersetzt', 'unveraendert', 'uebersprungen'] as const;
export type FunkStatus = (typeof FUNK_STATUS)[number];
export const meldungResponse = z.object({ zeile: z.number(), text: z.string() });
export type Meldung = z.infer<typeof meldungResponse>;
export const funkZeileResponse = z.object({
  zeile: z.number(),
  seriennummer: z.string(),
  stand: z.string(),
  datum: z.string(),
  parzelleId: z.number().nullable(),
  parzelleNummer: z.string().nullable(),
  hauptwasserzaehlerId: z.number().nullable(),
  status: z.enum(FUNK_STATUS),
  vorherStand: z.string().nullable(),
});
export type FunkZeile = z.infer<typeof funkZeileResponse>;
export const funkImportResponse = z.object({
  dryRun: z.boolean(),
  mapping: z.string(),
  zeilen: z.array(funkZeileResponse),
  fehler: z.array(meldungResponse),
  warnungen: z.array(meldungResponse),
  geschrieben: z.number(),
});
export type FunkImportResult = z.infer<typeof funkImportResponse>;

export const zaehlerwechselResponse = z.object({
  parzelleId: z.number(),
  parzelleNummer: z.string(),
  adresseName: z.string().nullable(),
  datum: z.string(),
  alteNummer: z.string(),
  endstand: z.string(),
  neueNummer: z.string(),
  anfangsstand: z.string(),
  plombe: z.string(),
  endablesungId: z.number(),
  anfangsablesungId: z.number().nullable(),
});
export type Zaehlerwechsel = z.infer<typeof zaehlerwechselResponse>;

export const zaehlerwechselImportResponse = z.object({
  zeilen: z.array(
    z.object({
      zeile: z.number(),
      parzelleNummer: z.string(),
      datum: z.string(),
      alteNummer: z.string(),
      neueNummer: z.string(),
      status: z.enum(['angelegt', 'vorhanden']),
    }),
  ),
  angelegt: z.number(),
});
export type ZaehlerwechselImportResult = z.infer<typeof zaehlerwechselImportResponse>;
