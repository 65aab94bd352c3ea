import { detectSeparator, parseCsv } from '../../../../platform/csv/csvText';
import { normalizeHeader } from '../../../../platform/excel/excelReader';
import { parseGermanAmount } from '../../../../platform/money';
import type { BankCsvMapping } from '../../schema/bankimport';
import { amountToCents, type BankBuchung, BankImportFehler, cleanText, type Kontoauszug } from './bankTypes';

// CSV exports of Austrian online banking read through a column mapping: the built-in ones for
// George (Erste Bank/Sparkasse) and ELBA (Raiffeisen), or one the Kassier stored. A CSV has no
// balances, so its one statement answers saldoStimmt = null.

// The mapping's type lives with the API schemas (the mapping dialog imports it from there).
export type { BankCsvMapping };

/**
 * George's CSV export (assumed, from its German export header; the spellings of older and newer
 * exports as alternatives): Buchungsdatum; Valutadatum; Partnername; Partner IBAN; Partner BIC;
 * Betrag; Währung; Buchungs-Info / Verwendungszweck; Zahlungsreferenz; Buchungsreferenz.
 */
export const GEORGE_CSV: BankCsvMapping = {
  name: 'George (Erste Bank/Sparkasse)',
  // George has written both ';' and ',' depending on the export's language setting.
  trennzeichen: 'auto',
  dezimalzeichen: ',',
  datumsformat: 'TT.MM.JJJJ',
  spalten: {
    datum: 'Buchungsdatum|Buchungstag|Datum',
    valuta: 'Valutadatum|Valuta',
    betrag: 'Betrag',
    waehrung: 'Währung',
    name: 'Partnername|Partner Name|Auftraggeber/Empfänger',
    iban: 'Partner IBAN|IBAN',
    bic: 'Partner BIC|BIC',
    verwendungszweck: ['Verwendungszweck|Buchungs-Info|Buchungstext'],
    referenz: 'Zahlungsreferenz',
    bankReferenz: 'Buchungsreferenz',
  },
};

/**
 * ELBA's CSV export (Raiffeisen), written without a header line:
 * Buchungsdatum; Umsatztext; Valutadatum; Betrag; Währung; Zeitstempel. The counterparty stands
 * inside the text, so name and IBAN stay empty.
 */
export const ELBA_CSV: BankCsvMapping = {
  name: 'ELBA (Raiffeisen)',
  trennzeichen: ';',
  dezimalzeichen: ',',
  datumsformat: 'TT.MM.JJJJ',
  kopfzeile: false,
  spalten: { datum: 'A', verwendungszweck: 'B', valuta: 'C', betrag: 'D', waehrung: 'E' },
};

const letterIndex = (letters: string) =>
  [...letters.toUpperCase()].reduce((n, ch) => n * 26 + (ch.charCodeAt(0) - 64), 0) - 1;

function columnOf(headers: string[] | null, spec: string): number | undefined {
  for (const alt of spec.split('|')) {
    const s = alt.trim();
    if (headers) {
      const i = headers.findIndex((h) => normalizeHeader(h) === normalizeHeader(s));
      if (i >= 0) return i;
    }
    if (/^[A-Za-z]{1,2}$/.test(s) && (!headers || s.length === 1)) return letterIndex(s);
  }
  return undefined;
}

export function csvDate(text: string, format: BankCsvMapping['datumsformat']): string | null {
  const s = text.trim();
  const iso = /^(\d{4})-(\d{2})-(\d{2})/.exec(s);
  const de = /^(\d{1,2})\.(\d{1,2})\.(\d{4})(?:$|[ ,T])/.exec(s);
  const [y, mo, d] = format === 'JJJJ-MM-TT' ? [iso?.[1], iso?.[2], iso?.[3]] : [de?.[3], de?.[2], de?.[1]];
  if (!y || !mo || !d) return null;
  const out = `${y}-${mo.padStart(2, '0')}-${d.padStart(2, '0')}`;
  const date = new Date(`${out}T00:00:00Z`);
  return !Number.isNaN(date.getTime()) && date.toISOString().slice(0, 10) === out ? out : null;
}

export function csvAmount(text: string, dezimalzeichen: ',' | '.'): number | null {
  if (dezimalzeichen === ',') return parseGermanAmount(text);
  const s = text.replace(/[\s\u00a0€]|EUR/g, '').replace(/,(?=\d{3}(\D|$))/g, '');
  return amountToCents(s, '.');
}

/** The rows of a bank CSV (text, already decoded) → one statement without balances. */
export function parseBankCsv(text: string, mapping: BankCsvMapping): Kontoauszug {
  const sep =
    mapping.trennzeichen === 'auto'
      ? detectSeparator(text)
      : mapping.trennzeichen === 'tab'
        ? '\t'
        : mapping.trennzeichen;
  const records = parseCsv(text, sep);
  const withHeader = mapping.kopfzeile !== false;
  const head = withHeader ? records.shift() : undefined;
  if (withHeader && !head) throw new BankImportFehler('Die CSV-Datei ist leer.');
  const headers = head ? head.fields.map((h) => h.trim()) : null;
  const missing: string[] = [];
  const col = (spec: string | undefined, required: boolean) => {
    if (!spec) return -1;
    const i = columnOf(headers, spec);
    if (i === undefined && required) missing.push(spec.split('|')[0] ?? spec);
    return i ?? -1;
  };
  const c = mapping.spalten;
  const datumCol = col(c.datum, true);
  const betragCol = col(c.betrag, true);
  const textSpecs = Array.isArray(c.verwendungszweck) ? c.verwendungszweck : [c.verwendungszweck];
  const textCols = textSpecs.map((s) => col(s, false)).filter((i) => i >= 0);
  if (!textCols.length) missing.push(textSpecs[0]?.split('|')[0] ?? 'Verwendungszweck');
  if (missing.length) {
    throw new BankImportFehler(
      `Die Datei passt nicht zum Schema „${mapping.name}“: es fehlt die Spalte ${missing.map((m) => `„${m}“`).join(', ')}.`,
      head?.line,
    );
  }
  const [valutaCol, waehrungCol, nameCol, ibanCol, bicCol, refCol, bankRefCol] = [
    c.valuta,
    c.waehrung,
    c.name,
    c.iban,
    c.bic,
    c.referenz,
    c.bankReferenz,
  ].map((s) => col(s, false));
  const cell = (fields: string[], i: number | undefined) => (i === undefined || i < 0 ? '' : (fields[i] ?? '').trim());
  const buchungen: BankBuchung[] = records.map(({ line, fields }) => {
    const rawDate = cell(fields, datumCol);
    const datum = csvDate(rawDate, mapping.datumsformat);
    if (!datum) throw new BankImportFehler(`„${rawDate}“ ist kein Datum im Format ${mapping.datumsformat}.`, line);
    const rawAmount = cell(fields, betragCol);
    const betragCent = csvAmount(rawAmount, mapping.dezimalzeichen);
    if (betragCent === null) throw new BankImportFehler(`„${rawAmount}“ ist kein Betrag.`, line);
    const rawValuta = cell(fields, valutaCol);
    const iban = cell(fields, ibanCol).replace(/\s/g, '');
    const ref = cell(fields, refCol);
    return {
      datum,
      valuta: rawValuta ? csvDate(rawValuta, mapping.datumsformat) : null,
      betragCent,
      waehrung: cell(fields, waehrungCol) || 'EUR',
      name: cleanText(cell(fields, nameCol)),
      iban: iban || null,
      bic: cell(fields, bicCol) || null,
      verwendungszweck: cleanText(textCols.map((i) => cell(fields, i)).join(' ')),
      referenz: ref || null,
      bankReferenz: cell(fields, bankRefCol) || null,
      storno: false,
    };
  });
  return {
    iban: null,
    waehrung: buchungen[0]?.waehrung ?? 'EUR',
    anfangCent: null,
    endeCent: null,
    buchungen,
    saldoStimmt: null,
  };
}
