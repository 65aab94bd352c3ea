import { decodeText } from '../../../../platform/csv/csvText';
import { type BankCsvMapping, ELBA_CSV, GEORGE_CSV, parseBankCsv } from './bankCsv';
import { type BankFormat, BankImportFehler, type BankParseResult } from './bankTypes';
import { parseCamt053 } from './camt053';
import { parseGeorgeJson } from './georgeJson';
import { parseMt940 } from './mt940';

// One entry for every bank file: finds the format when not given and reads the file into
// statements. A file that is none of them, or broken, throws BankImportFehler (422, German).

export type ParseBankOptions = {
  format?: BankFormat;
  /** A stored column mapping for a George or ELBA CSV that differs from the built-in one. */
  mapping?: BankCsvMapping;
};

const DE_DATE = /^\d{1,2}\.\d{1,2}\.\d{4}$/;

/** The format a text looks like, or null. */
export function detectBankFormat(text: string): BankFormat | null {
  const start = text.trimStart();
  if (start.startsWith('<')) return 'camt';
  if (/^:20:/m.test(text) && /^:(61|60F|60M):/m.test(text)) return 'mt940';
  if (start.startsWith('[') || start.startsWith('{')) return 'george';
  const firstLine = start.split(/\r?\n/, 1)[0] ?? '';
  const header = firstLine.toLowerCase();
  if (header.includes('partnername') || header.includes('partner iban') || header.includes('buchungsreferenz')) {
    return 'george';
  }
  const fields = firstLine.split(';').map((f) => f.replace(/^"|"$/g, '').trim());
  if (fields.length >= 4 && DE_DATE.test(fields[0] ?? '') && /^[-+]?[\d.]+,\d{2}$/.test(fields[3] ?? '')) return 'elba';
  return null;
}

/** A bank file (bytes) → its format and statements. */
export function parseBankFile(buf: Buffer, options: ParseBankOptions = {}): BankParseResult {
  if (!buf.length) throw new BankImportFehler('Die Datei ist leer.');
  // XML declares its own encoding and camt is UTF-8 in practice; the CSV exports may be Windows-1252.
  const text = decodeText(buf, 'auto').replace(/^\uFEFF/, '');
  const format = options.format ?? detectBankFormat(text);
  if (!format) {
    throw new BankImportFehler(
      'Das Dateiformat ist unbekannt: erwartet wird ein camt.053-Kontoauszug (XML), MT940 oder ein CSV-Export aus George oder ELBA.',
    );
  }
  switch (format) {
    case 'camt':
      if (!text.trimStart().startsWith('<')) throw new BankImportFehler('Die Datei ist keine XML-Datei (camt.053).');
      return { format, auszuege: parseCamt053(text) };
    case 'mt940':
      return { format, auszuege: parseMt940(text) };
    case 'george': {
      const start = text.trimStart();
      if (!options.mapping && (start.startsWith('[') || start.startsWith('{'))) {
        return { format, auszuege: [parseGeorgeJson(text)] };
      }
      return { format, auszuege: [parseBankCsv(text, options.mapping ?? GEORGE_CSV)] };
    }
    case 'elba':
      return { format, auszuege: [parseBankCsv(text, options.mapping ?? ELBA_CSV)] };
  }
}
