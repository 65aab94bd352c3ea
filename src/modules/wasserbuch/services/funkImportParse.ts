import { decodeText, detectSeparator, parseCsv } from '../../../platform/csv/csvText';
import { isIsoDate } from '../../../platform/dates';
import { validationFailed } from '../../../platform/errors';
import { type CellValue, normalizeHeader, readWorkbook } from '../../../platform/excel/excelReader';
import type { FunkMapping } from '../schema/dokumente';

// Reading a radio-meter export (CSV or XLSX) into rows of serial, stand and date, as the mapping
// says: separator, decimal sign and charset found automatically or fixed. Nothing here knows the
// database; unreadable rows become messages with their row number.

export type ParsedRow = { zeile: number; seriennummer: string; stand: string; datum: string };
export type ParseMessage = { zeile: number; text: string };
export type ParsedFile = { rows: ParsedRow[]; fehler: ParseMessage[] };
type Table = { headers: string[]; rows: { zeile: number; cells: CellValue[] }[] };

const ZIP_SIGNATURE = [0x50, 0x4b, 0x03, 0x04];
export const isXlsx = (buf: Buffer) => ZIP_SIGNATURE.every((b, i) => buf[i] === b);

// Moved to platform/csv for the bank import; re-exported so the water book's callers stay as they are.
export { decodeText, decodeWindows1252, detectSeparator, parseCsv } from '../../../platform/csv/csvText';

function csvTable(buf: Buffer, mapping: FunkMapping): Table {
  const text = decodeText(buf, mapping.zeichensatz);
  const sep =
    mapping.trennzeichen === 'auto'
      ? detectSeparator(text)
      : mapping.trennzeichen === 'tab'
        ? '\t'
        : mapping.trennzeichen;
  const [head, ...records] = parseCsv(text, sep);
  if (!head) throw validationFailed({ file: ['Die Datei ist leer.'] });
  return {
    headers: head.fields.map((h) => h.trim()),
    rows: records.map((r) => ({ zeile: r.line, cells: r.fields.map((f) => (f.trim() === '' ? null : f.trim())) })),
  };
}

async function xlsxTable(buf: Buffer): Promise<Table> {
  const [sheet] = await readWorkbook(buf);
  if (!sheet?.headers.length) throw validationFailed({ file: ['Die Datei ist leer.'] });
  return {
    headers: sheet.headers,
    rows: sheet.rows.map((r) => ({ zeile: r.rowNumber, cells: sheet.headers.map((h) => r.values[h] ?? null) })),
  };
}

/** Reads a CSV or XLSX file into a header and rows of cells. */
export async function readTable(buf: Buffer, mapping: FunkMapping): Promise<Table> {
  if (!buf.length) throw validationFailed({ file: ['Die Datei ist leer.'] });
  return isXlsx(buf) ? xlsxTable(buf) : csvTable(buf, mapping);
}

/** "B" → 1, "AA" → 26. */
const letterIndex = (letters: string) =>
  [...letters.toUpperCase()].reduce((n, ch) => n * 26 + (ch.charCodeAt(0) - 64), 0) - 1;

/** A column named by its header (spelling ignored as in the other imports) or by its letter. */
export function columnIndex(headers: string[], spec: string): number | undefined {
  const wanted = normalizeHeader(spec);
  const byName = headers.findIndex((h) => normalizeHeader(h) === wanted);
  if (byName >= 0) return byName;
  if (/^[A-Za-z]{1,2}$/.test(spec.trim())) return letterIndex(spec.trim());
  return undefined;
}

/** A stand as "150.250": decimal comma or dot as the mapping says, at most 3 decimals, no thousands separators. */
export function parseStand(value: CellValue, dezimalzeichen: FunkMapping['dezimalzeichen']): string | undefined {
  if (typeof value === 'number') {
    const liter = Math.round(value * 1000);
    if (value < 0 || Math.abs(value * 1000 - liter) > 1e-6 || liter > 999_999_999_999) return undefined;
    return `${Math.floor(liter / 1000)}.${String(liter % 1000).padStart(3, '0')}`;
  }
  if (typeof value !== 'string') return undefined;
  const s = value.replace(/\s/g, '');
  const hasComma = s.includes(',');
  const hasDot = s.includes('.');
  if (hasComma && hasDot) return undefined;
  if ((dezimalzeichen === ',' && hasDot) || (dezimalzeichen === '.' && hasComma)) return undefined;
  const dot = s.replace(',', '.');
  if (!/^\d{1,9}(\.\d{1,3})?$/.test(dot)) return undefined;
  const [whole = '0', frac = ''] = dot.split('.');
  return `${Number(whole)}.${frac.padEnd(3, '0')}`;
}

/** The calendar date of a timestamp as written (no time-zone conversion). */
export function parseZeitstempel(value: CellValue): string | undefined {
  if (value instanceof Date) return Number.isNaN(value.getTime()) ? undefined : value.toISOString().slice(0, 10);
  if (typeof value !== 'string') return undefined;
  const s = value.trim();
  const iso = /^(\d{4}-\d{2}-\d{2})(?:[T ]\d{1,2}:\d{2}(?::\d{2}(?:\.\d+)?)?(?:Z|[+-]\d{2}:?\d{2})?)?$/.exec(s);
  if (iso?.[1]) return isIsoDate(iso[1]) ? iso[1] : undefined;
  const de = /^(\d{1,2})\.(\d{1,2})\.(\d{4})(?:,?\s+\d{1,2}:\d{2}(?::\d{2})?)?$/.exec(s);
  if (de) {
    const d = `${de[3]}-${de[2]?.padStart(2, '0')}-${de[1]?.padStart(2, '0')}`;
    return isIsoDate(d) ? d : undefined;
  }
  return undefined;
}

const cellText = (v: CellValue) =>
  v === null ? '' : v instanceof Date ? v.toISOString().slice(0, 10) : String(v).trim();

/**
 * The rows of a radio-meter export: serial, stand (m³, "150.250") and date (the `datum` given, or the
 * timestamp's date). A mapped column missing in the header is an error of the file (422 `file`).
 */
export async function parseFunkFile(buf: Buffer, mapping: FunkMapping, datum?: string): Promise<ParsedFile> {
  const table = await readTable(buf, mapping);
  const missing: string[] = [];
  const col = (spec: string) => {
    const i = columnIndex(table.headers, spec);
    if (i === undefined) missing.push(`Die Spalte „${spec}“ fehlt in der Datei.`);
    return i ?? -1;
  };
  const serialCol = col(mapping.spalteSeriennummer);
  const standCol = col(mapping.spalteStand);
  const timeCol = mapping.spalteZeitstempel ? col(mapping.spalteZeitstempel) : -1;
  if (missing.length) throw validationFailed({ file: missing }, 'Die Datei passt nicht zum Importschema.');
  const rows: ParsedRow[] = [];
  const fehler: ParseMessage[] = [];
  for (const { zeile, cells } of table.rows) {
    const seriennummer = cellText(cells[serialCol] ?? null);
    const rawStand = cells[standCol] ?? null;
    const texts: string[] = [];
    if (!seriennummer) texts.push('Die Seriennummer fehlt.');
    const stand = parseStand(rawStand, mapping.dezimalzeichen);
    if (stand === undefined) {
      texts.push(
        rawStand === null
          ? 'Der Zählerstand fehlt.'
          : `Der Zählerstand „${cellText(rawStand)}“ ist keine Zahl mit höchstens 3 Nachkommastellen.`,
      );
    }
    let day = datum;
    if (!day) {
      const rawTime = timeCol >= 0 ? (cells[timeCol] ?? null) : null;
      day = parseZeitstempel(rawTime);
      if (!day) {
        texts.push(
          timeCol < 0
            ? 'Die Datei hat keinen Zeitstempel: bitte ein Ablesedatum angeben.'
            : rawTime === null
              ? 'Der Zeitstempel fehlt.'
              : `Der Zeitstempel „${cellText(rawTime)}“ ist kein Datum.`,
        );
      }
    }
    if (texts.length || stand === undefined || !day) {
      for (const text of texts) fehler.push({ zeile, text });
      continue;
    }
    rows.push({ zeile, seriennummer, stand, datum: day });
  }
  return { rows, fehler };
}
