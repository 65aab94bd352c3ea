import { z } from 'zod';
import { queryBool, queryInt, strict, text } from '../../../platform/validation';

// Request and answer schemas of the bank import and the stored CSV mappings (docs/api/kassa.md,
// "Bankimport"). The UI imports the answer types (`import type`) from here (ADR 0005).

/**
 * The column mapping of a bank's CSV export (services/bank/bankCsv.ts reads with it; George and
 * ELBA are built in there). Stored as JSON in bank_mappings.mapping.
 *
 * A column is named by its header (spelling ignored as elsewhere: case, umlauts, spaces) or by
 * its letter ("A"), several spellings separated by "|" (the first one present counts).
 */
export type BankCsvMapping = {
  name: string;
  /** ';', ',', 'tab', or 'auto' (the one found most often in the first line). */
  trennzeichen: string;
  dezimalzeichen: ',' | '.';
  datumsformat: 'TT.MM.JJJJ' | 'JJJJ-MM-TT';
  /** false for a file without a header line (ELBA); then columns are named by letter. Default true. */
  kopfzeile?: boolean;
  spalten: {
    datum: string;
    valuta?: string;
    betrag: string;
    waehrung?: string;
    name?: string;
    iban?: string;
    bic?: string;
    /** Several columns are joined with a space (e.g. booking text and payment reference). */
    verwendungszweck: string | string[];
    referenz?: string;
    bankReferenz?: string;
  };
};

export const BANK_FORMATE = ['camt', 'mt940', 'george', 'elba'] as const;

export const importBankQuery = z.object({
  kontoID: queryInt,
  dryRun: queryBool.optional(),
  format: z.enum(BANK_FORMATE, { error: 'Erlaubt sind camt, mt940, george oder elba.' }).optional(),
  /** A stored CSV mapping (GetBankMappings id); default: the account's own mapping. */
  mappingID: queryInt.optional(),
  /** Import although the statement names another IBAN than the account (the Kassier confirmed it). */
  ignoreIban: queryBool.optional(),
});
export type ImportBankOptions = {
  kontoId: number;
  dryRun?: boolean;
  format?: (typeof BANK_FORMATE)[number];
  mappingId?: number;
  ignoreIban?: boolean;
  /** The uploaded file's name, kept in the import's history row. */
  dateiname?: string;
  /** Called while booking (the CLI's progress bar): done of total entries. */
  fortschritt?: (erledigt: number, gesamt: number) => void;
};

const SPALTE_FEHLT = 'Bitte geben Sie die Spalte an (Überschrift oder Buchstabe).';
const spalte = () => text(200).min(1, SPALTE_FEHLT);
/** An optional column: "" counts as none. */
const spalteOptional = () =>
  text(200)
    .optional()
    .transform((s) => (s ? s : undefined));

/** A BankCsvMapping as a client sends it (services/bank/bankCsv.ts). */
export const bankCsvMappingSchema = strict({
  name: text(100).optional(),
  trennzeichen: z.enum([';', ',', 'tab', 'auto'], { error: 'Erlaubt sind ;, , (Komma), tab oder auto.' }),
  dezimalzeichen: z.enum([',', '.'], { error: 'Erlaubt sind , oder .' }),
  datumsformat: z.enum(['TT.MM.JJJJ', 'JJJJ-MM-TT'], { error: 'Erlaubt sind TT.MM.JJJJ oder JJJJ-MM-TT.' }),
  kopfzeile: z.boolean({ error: 'Erwartet wird true oder false.' }).optional(),
  spalten: strict({
    datum: spalte(),
    valuta: spalteOptional(),
    betrag: spalte(),
    waehrung: spalteOptional(),
    name: spalteOptional(),
    iban: spalteOptional(),
    bic: spalteOptional(),
    verwendungszweck: z.union([
      spalte(),
      z.array(spalte()).min(1, 'Bitte mindestens eine Spalte für den Verwendungszweck angeben.'),
    ]),
    referenz: spalteOptional(),
    bankReferenz: spalteOptional(),
  }),
});

export const updateBankMappingBody = strict({
  id: z.number({ error: 'Erwartet wird eine ganze Zahl.' }).int().positive().optional(),
  name: text(100).min(1, 'Bitte geben Sie dem Schema einen Namen.'),
  mapping: bankCsvMappingSchema,
});
/** What a client sends (optional columns may be left out). */
export type UpdateBankMapping = z.input<typeof updateBankMappingBody>;
/** The same after validation, as the service gets it. */
export type UpdateBankMappingData = z.output<typeof updateBankMappingBody>;

export const bankMappingIdQuery = z.object({ id: queryInt });

// ---- Answers ----

export type BankImportEintrag = {
  datum: string;
  betragCent: number;
  name: string;
  iban: string | null;
  verwendungszweck: string;
  referenz: string | null;
  bankReferenz: string | null;
  storno: boolean;
  /** Already imported into this account (or earlier in a file already imported): skipped. */
  duplikat: boolean;
};

export type BankImportSaldo = {
  anfangCent: number | null;
  endeCent: number | null;
  /** The sum of the file's entries (duplicates included: they are part of the statement). */
  summeCent: number;
  /** Opening + entries = closing; null when the file has no balances (CSV, JSON). */
  stimmt: boolean | null;
};

export type BankImportErgebnis = {
  /** Entries booked (dryRun: that would be booked). */
  importiert: number;
  duplikate: number;
  format: (typeof BANK_FORMATE)[number];
  eintraege: BankImportEintrag[];
  /** All statements of the file together: the first opening and the last closing balance. */
  saldo: BankImportSaldo;
  auszuege: {
    iban: string | null;
    anfangCent: number | null;
    endeCent: number | null;
    summeCent: number;
    stimmt: boolean | null;
  }[];
  /** German lines: balance mismatch, other IBAN, statements without balances … */
  warnungen: string[];
  /** The new Kassabuch ids in the file's order ([] for a dry run). */
  kassabuchIds: number[];
  /** Real import: new credits the receivables' matcher allocated (issue 15); 0 without a matcher. */
  zugeordnet?: number;
  /** Real import: new credits left with a rest for "Zahlungen zuordnen" (0 without a matcher). */
  zuKlaeren?: number;
};

export type BankMapping = {
  /** null for the built-in George and ELBA mappings. */
  id: number | null;
  name: string;
  mapping: BankCsvMapping;
  eingebaut: boolean;
};
