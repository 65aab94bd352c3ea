import ExcelJS from 'exceljs';
import { validationFailed } from '../errors';
import { checkXlsxSize } from './xlsxLimits';

/**
 * A cell as imports see it: rich text, hyperlinks and formulas are reduced to what they show.
 * Date cells arrive as a Date whose UTC fields are what the sheet shows (Excel has no time zones),
 * so a date is midnight UTC of that day.
 */
export type CellValue = string | number | boolean | Date | null;

export type ReadRow = {
  /** The row number in the sheet (1-based, header included), for error messages like "Zeile 7". */
  rowNumber: number;
  /** Keyed by the header text as written in the sheet (duplicates get " (2)", blanks "Spalte N"). */
  values: Record<string, CellValue>;
};

export type ReadSheet = { name: string; headers: string[]; rows: ReadRow[] };

/**
 * A header reduced to letters and digits, so imports match whatever spelling a club's sheet uses:
 * "Straße" = "Strasse", "E-Mail" = "Email" = "e mail", "Größe (m²)" = "groesse m2".
 */
export function normalizeHeader(header: string): string {
  return header
    .trim()
    .toLowerCase()
    .replace(/ß/g, 'ss')
    .replace(/ä/g, 'ae')
    .replace(/ö/g, 'oe')
    .replace(/ü/g, 'ue')
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .replace(/[^a-z0-9]+/g, '');
}

/** Flattens exceljs's cell value objects; error values (#N/A …) count as empty. */
export function flattenCellValue(value: ExcelJS.CellValue | unknown): CellValue {
  if (value === null || value === undefined) return null;
  if (typeof value === 'string') {
    const trimmed = value.trim();
    return trimmed === '' ? null : trimmed;
  }
  if (typeof value === 'number') return Number.isFinite(value) ? value : null;
  if (typeof value === 'boolean' || value instanceof Date) return value;
  if (typeof value === 'object') {
    if ('richText' in value && Array.isArray(value.richText)) {
      return flattenCellValue(value.richText.map((part: { text?: unknown }) => String(part.text ?? '')).join(''));
    }
    // A hyperlink's text can itself be rich text.
    if ('hyperlink' in value && 'text' in value) return flattenCellValue(value.text);
    if ('formula' in value || 'sharedFormula' in value) {
      return 'result' in value ? flattenCellValue(value.result) : null;
    }
    if ('error' in value) return null;
  }
  return null;
}

function isEmptyRow(row: ExcelJS.Row, columnCount: number): boolean {
  for (let c = 1; c <= columnCount; c++) {
    if (flattenCellValue(row.getCell(c).value) !== null) return false;
  }
  return true;
}

function headerNames(row: ExcelJS.Row, columnCount: number): string[] {
  const seen = new Map<string, number>();
  const names: string[] = [];
  for (let c = 1; c <= columnCount; c++) {
    const raw = flattenCellValue(row.getCell(c).value);
    const base =
      raw === null ? `Spalte ${c}` : raw instanceof Date ? raw.toISOString().slice(0, 10) : String(raw).trim();
    const count = (seen.get(base.toLowerCase()) ?? 0) + 1;
    seen.set(base.toLowerCase(), count);
    names.push(count === 1 ? base : `${base} (${count})`);
  }
  return names;
}

/**
 * Reads every sheet of an .xlsx file: the first non-empty row is the header, empty rows are
 * skipped. A file that is not a readable workbook, or unpacks too large (xlsxLimits.ts), is a
 * user error, not a server error.
 */
export async function readWorkbook(buffer: Buffer): Promise<ReadSheet[]> {
  // Before exceljs unpacks everything in memory: a small file must not unpack to gigabytes.
  checkXlsxSize(buffer);
  const workbook = new ExcelJS.Workbook();
  try {
    // exceljs declares its own Buffer interface; Node's Buffer is what it actually reads.
    await workbook.xlsx.load(buffer as unknown as ExcelJS.Buffer);
  } catch {
    throw validationFailed({ file: ['Die Datei ist keine lesbare Excel-Datei (xlsx).'] });
  }
  return workbook.worksheets.map((sheet) => readSheet(sheet));
}

/** The last column holding a value: styled but empty columns at the right are not columns to import. */
function usedColumnCount(sheet: ExcelJS.Worksheet): number {
  let last = 0;
  sheet.eachRow((row) => {
    row.eachCell((cell, column) => {
      if (column > last && flattenCellValue(cell.value) !== null) last = column;
    });
  });
  return last;
}

function readSheet(sheet: ExcelJS.Worksheet): ReadSheet {
  const columnCount = usedColumnCount(sheet);
  let headers: string[] | undefined;
  const rows: ReadRow[] = [];
  for (let r = 1; r <= sheet.rowCount; r++) {
    const row = sheet.getRow(r);
    if (isEmptyRow(row, columnCount)) continue;
    if (!headers) {
      headers = headerNames(row, columnCount);
      continue;
    }
    const values: Record<string, CellValue> = {};
    headers.forEach((h, i) => {
      values[h] = flattenCellValue(row.getCell(i + 1).value);
    });
    rows.push({ rowNumber: r, values });
  }
  return { name: sheet.name, headers: headers ?? [], rows };
}
