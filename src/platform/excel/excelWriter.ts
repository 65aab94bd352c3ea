import type { Writable } from 'node:stream';
import { finished } from 'node:stream/promises';
import ExcelJS from 'exceljs';

/**
 * How a column's values are written. Without a kind, strings and numbers are written as they are.
 * - euro: integer cents (number or numeric string) -> euros as a number, format `#,##0.00 "€"`
 *   (amount then sign, as Austrians write "1.234,56 €"; Excel applies the reader's separators).
 * - decimal: a decimal string such as "400.00" (or a number) -> number with `places` decimals.
 * - date: ISO "YYYY-MM-DD" -> an Excel date shown as dd.mm.yyyy.
 * - datetime: ISO timestamp -> an Excel date-time in Vienna wall-clock time (Excel has no zones).
 * - boolean: "ja" / "nein".
 */
export type ColumnKind = 'text' | 'integer' | 'euro' | 'decimal' | 'date' | 'datetime' | 'boolean';

export type Column<T> = {
  header: string;
  key: (keyof T & string) | ((row: T) => unknown);
  kind?: ColumnKind;
  /** Width in characters; computed when absent. */
  width?: number;
  /** Decimal places of a 'decimal' column (default 2). */
  places?: number;
};

export type SheetSpec<T> = { name: string; columns: Column<T>[]; rows: Iterable<T> };
export type StreamSheetSpec<T> = { name: string; columns: Column<T>[]; rows: Iterable<T> | AsyncIterable<T> };

type Cell = string | number | Date | null;

export const EURO_FORMAT = '#,##0.00 "€"';
export const DATE_FORMAT = 'dd.mm.yyyy';
export const DATETIME_FORMAT = 'dd.mm.yyyy hh:mm';

// exceljs drops a width of exactly 9 as "default" (Excel then shows 8.43), so stay above it.
const MIN_WIDTH = 10;
const MAX_WIDTH = 60;
/** Widths for the streaming writer, which must fix them before it has seen the data. */
const DEFAULT_WIDTH: Record<ColumnKind | 'auto', number> = {
  text: 20,
  integer: 10,
  euro: 14,
  decimal: 12,
  date: 12,
  datetime: 17,
  boolean: 8,
  auto: 14,
};

export function numFmtOf(column: Pick<Column<unknown>, 'kind' | 'places'>): string | undefined {
  switch (column.kind) {
    case 'integer':
      return '0';
    case 'euro':
      return EURO_FORMAT;
    case 'decimal': {
      const places = column.places ?? 2;
      return places > 0 ? `#,##0.${'0'.repeat(places)}` : '#,##0';
    }
    case 'date':
      return DATE_FORMAT;
    case 'datetime':
      return DATETIME_FORMAT;
    default:
      return undefined;
  }
}

function rawValue<T>(column: Column<T>, row: T): unknown {
  return typeof column.key === 'function' ? column.key(row) : row[column.key];
}

/** A finite number from a number, bigint or numeric string; undefined for anything else. */
function toNumber(value: unknown): number | undefined {
  const n = typeof value === 'string' ? (value.trim() === '' ? Number.NaN : Number(value)) : Number(value);
  return Number.isFinite(n) ? n : undefined;
}

const viennaParts = new Intl.DateTimeFormat('en-CA', {
  timeZone: 'Europe/Vienna',
  year: 'numeric',
  month: '2-digit',
  day: '2-digit',
  hour: '2-digit',
  minute: '2-digit',
  second: '2-digit',
  hourCycle: 'h23',
});

/** exceljs writes a Date's UTC fields, so local wall-clock time goes in as if it were UTC. */
function viennaWallClock(date: Date): Date {
  const p = Object.fromEntries(viennaParts.formatToParts(date).map((x) => [x.type, x.value]));
  return new Date(Date.UTC(+p.year!, +p.month! - 1, +p.day!, +p.hour!, +p.minute!, +p.second!));
}

/** Converts one value for its column; values that do not fit the kind are kept as text, never lost. */
export function toCell(kind: ColumnKind | undefined, value: unknown, places = 2): Cell {
  if (value === null || value === undefined || value === '') return null;
  const asText = () => (value instanceof Date ? value.toISOString() : String(value));
  switch (kind) {
    case 'text':
      return asText();
    case 'integer':
      return toNumber(value) ?? asText();
    case 'euro': {
      const cents = toNumber(value);
      return cents === undefined ? asText() : cents / 100;
    }
    case 'decimal': {
      const n = toNumber(value);
      return n === undefined ? asText() : Number(n.toFixed(places));
    }
    case 'date': {
      if (value instanceof Date) {
        // A Date names an instant; its calendar day is the one in Vienna.
        const w = viennaWallClock(value);
        return new Date(Date.UTC(w.getUTCFullYear(), w.getUTCMonth(), w.getUTCDate()));
      }
      const m = /^(\d{4})-(\d{2})-(\d{2})/.exec(String(value));
      return m ? new Date(Date.UTC(+m[1]!, +m[2]! - 1, +m[3]!)) : asText();
    }
    case 'datetime': {
      const d = value instanceof Date ? value : new Date(String(value));
      return Number.isNaN(d.getTime()) ? asText() : viennaWallClock(d);
    }
    case 'boolean':
      return value === true || value === 1 || value === '1' || value === 'true' ? 'ja' : 'nein';
    default:
      if (typeof value === 'boolean') return value ? 'ja' : 'nein';
      if (typeof value === 'number' || typeof value === 'string' || value instanceof Date) return value;
      return asText();
  }
}

/** Characters a value needs on screen, roughly as Excel shows it with the column's format. */
function displayLength(cell: Cell, kind: ColumnKind | undefined, places: number): number {
  if (cell === null) return 0;
  if (cell instanceof Date) return kind === 'datetime' ? 16 : 10;
  if (typeof cell === 'number') {
    const digits = cell.toFixed(kind === 'euro' ? 2 : kind === 'decimal' ? places : 0).length;
    const separators = Math.floor(Math.max(0, Math.abs(Math.trunc(cell)).toString().length - 1) / 3);
    return digits + separators + (kind === 'euro' ? 2 : 0);
  }
  return Math.max(...cell.split('\n').map((line) => line.length));
}

const clampWidth = (n: number) => Math.min(MAX_WIDTH, Math.max(MIN_WIDTH, Math.ceil(n)));
/** The header needs room for its filter button too. */
const headerWidth = (header: string) => header.length + 4;

const FORBIDDEN_IN_SHEET_NAME = /[[\]:*?/\\]/g;

/** Excel's rules: at most 31 characters, none of []:*?/\, no apostrophe at the ends, unique, not "History". */
export function sanitizeSheetName(name: string, taken: Set<string> = new Set()): string {
  let base = name
    .replace(FORBIDDEN_IN_SHEET_NAME, '-')
    .replace(/\p{Cc}/gu, '')
    .trim()
    .replace(/^'+|'+$/g, '')
    .trim();
  if (!base) base = 'Tabelle';
  if (base.toLowerCase() === 'history') base = 'History-';
  base = base.slice(0, 31);
  let candidate = base;
  for (let i = 2; taken.has(candidate.toLowerCase()); i++) {
    const suffix = ` (${i})`;
    candidate = base.slice(0, 31 - suffix.length) + suffix;
  }
  taken.add(candidate.toLowerCase());
  return candidate;
}

const frozenHeader = [{ state: 'frozen' as const, ySplit: 1 }];

function filterRange(columnCount: number, lastRow: number) {
  return { from: { row: 1, column: 1 }, to: { row: Math.max(1, lastRow), column: Math.max(1, columnCount) } };
}

/** Writes a row's values and their number formats; works on exceljs's buffered and streamed rows alike. */
function fillRow<T>(row: ExcelJS.Row, columns: Column<T>[], record: T): Cell[] {
  const cells = columns.map((c) => toCell(c.kind, rawValue(c, record), c.places ?? 2));
  cells.forEach((value, i) => {
    const cell = row.getCell(i + 1);
    cell.value = value;
    const fmt = numFmtOf(columns[i]!);
    if (fmt && value !== null && typeof value !== 'string') cell.numFmt = fmt;
  });
  return cells;
}

function writeHeader(sheet: ExcelJS.Worksheet, headers: string[]): ExcelJS.Row {
  const row = sheet.getRow(1);
  headers.forEach((h, i) => {
    const cell = row.getCell(i + 1);
    cell.value = h;
    cell.font = { bold: true };
  });
  return row;
}

/**
 * The whole workbook in memory. Heterogeneous sheets keep their row types:
 * `buildWorkbook([{ name, columns, rows: members }, { name, columns, rows: payments }])`.
 */
export async function buildWorkbook<T extends readonly unknown[]>(
  sheets: {
    [K in keyof T]: SheetSpec<T[K]>;
  },
): Promise<Buffer> {
  const workbook = new ExcelJS.Workbook();
  workbook.creator = 'kgv';
  workbook.created = new Date();
  const taken = new Set<string>();
  for (const spec of sheets) addSheet(workbook, spec, taken);
  return Buffer.from(await workbook.xlsx.writeBuffer());
}

function addSheet<R>(workbook: ExcelJS.Workbook, spec: SheetSpec<R>, taken: Set<string>): void {
  const sheet = workbook.addWorksheet(sanitizeSheetName(spec.name, taken), { views: frozenHeader });
  const { columns } = spec;
  writeHeader(
    sheet,
    columns.map((c) => c.header),
  );
  const widths = columns.map((c) => headerWidth(c.header));
  let rowNumber = 1;
  for (const record of spec.rows) {
    rowNumber++;
    const cells = fillRow(sheet.getRow(rowNumber), columns, record);
    cells.forEach((cell, i) => {
      const c = columns[i]!;
      widths[i] = Math.max(widths[i]!, displayLength(cell, c.kind, c.places ?? 2) + 2);
    });
  }
  columns.forEach((c, i) => {
    sheet.getColumn(i + 1).width = c.width ?? clampWidth(widths[i]!);
  });
  sheet.autoFilter = filterRange(columns.length, rowNumber);
}

/**
 * Streams a workbook to `output` row by row, for exports too large to hold in memory. Widths come
 * from the headers and kinds, since they are written before the first row. Resolves when the
 * output has finished.
 */
export async function streamWorkbook<T extends readonly unknown[]>(
  output: Writable,
  sheets: { [K in keyof T]: StreamSheetSpec<T[K]> },
): Promise<void> {
  const workbook = new ExcelJS.stream.xlsx.WorkbookWriter({ stream: output, useStyles: true, useSharedStrings: false });
  workbook.creator = 'kgv';
  workbook.created = new Date();
  const taken = new Set<string>();
  try {
    for (const spec of sheets) await streamSheet(workbook, spec, taken);
    await workbook.commit();
  } catch (err) {
    // A failing row source must not leave a half-written download hanging open.
    output.destroy(err instanceof Error ? err : new Error(String(err)));
    throw err;
  }
  if (!output.writableFinished) await finished(output);
}

async function streamSheet<R>(
  workbook: ExcelJS.stream.xlsx.WorkbookWriter,
  spec: StreamSheetSpec<R>,
  taken: Set<string>,
): Promise<void> {
  const sheet = workbook.addWorksheet(sanitizeSheetName(spec.name, taken), { views: frozenHeader });
  const { columns } = spec;
  columns.forEach((c, i) => {
    sheet.getColumn(i + 1).width =
      c.width ?? clampWidth(Math.max(headerWidth(c.header), DEFAULT_WIDTH[c.kind ?? 'auto']));
  });
  writeHeader(
    sheet,
    columns.map((c) => c.header),
  ).commit();
  let rowNumber = 1;
  for await (const record of spec.rows) {
    rowNumber++;
    const row = sheet.getRow(rowNumber);
    fillRow(row, columns, record);
    // Committing every row is what keeps the memory flat.
    row.commit();
  }
  // The writer emits the filter in the sheet's footer, so the final row count is known here.
  sheet.autoFilter = filterRange(columns.length, rowNumber);
  sheet.commit();
}
