import { dateOf, parseGermanDate } from '../../../platform/dates';
import type { CellValue } from '../../../platform/excel/excelReader';
import { roundDecimal } from '../../../platform/money';
import type { FieldKind } from './exportTables';

// Reading one cell of an imported workbook: Excel dates and serial numbers, German dates and
// decimals, ja/nein. Each answers undefined when the cell cannot be read.

/**
 * A date from an Excel date, an Excel serial number or a typed date (parseGermanDate: "dd.mm.yyyy",
 * "d.m.yy", "yyyy-mm-dd"); undefined when unreadable or outside 1880–2200.
 */
export function parseDate(value: CellValue): string | null | undefined {
  if (value === null) return null;
  let text: string | null | undefined;
  if (value instanceof Date) {
    if (Number.isNaN(value.getTime())) return undefined;
    text = dateOf(value);
  } else if (typeof value === 'number') {
    if (value < 1 || value > 100000) return undefined;
    text = dateOf(new Date(Date.UTC(1899, 11, 30) + Math.round(value) * 86400000));
  } else {
    text = parseGermanDate(String(value));
    if (text === null) return undefined;
  }
  if (!text) return undefined;
  const year = Number(text.slice(0, 4));
  return year < 1880 || year > 2200 ? undefined : text;
}

/** A decimal from a number or a German ("1.234,5") or plain ("400.5") string; undefined when unreadable. */
export function parseDecimal(value: CellValue): number | null | undefined {
  if (value === null) return null;
  if (typeof value === 'number') return value;
  if (typeof value !== 'string') return undefined;
  let s = value.replace(/\s|m²|m2/g, '');
  if (s.includes(',')) s = s.replace(/\./g, '').replace(',', '.');
  if (!/^-?\d+(\.\d+)?$/.test(s)) return undefined;
  return Number(s);
}

export const text = (value: CellValue): string => {
  if (value === null) return '';
  if (value instanceof Date) return dateOf(value);
  return String(value).trim();
};

export const parseBool = (value: CellValue): boolean | undefined => {
  if (value === null) return false;
  if (typeof value === 'boolean') return value;
  const s = String(value).trim().toLowerCase();
  if (['ja', 'true', '1', 'x', 'yes'].includes(s)) return true;
  if (['nein', 'false', '0', '', 'no'].includes(s)) return false;
  return undefined;
};

/** A cell as the value of an ExportAll column of `kind`, or a German error. */
export function parseField(kind: FieldKind, value: CellValue, places = 2): { value?: unknown; error?: string } {
  switch (kind) {
    case 'int':
    case 'intNull': {
      if (value === null) return kind === 'int' ? { error: 'Eine ganze Zahl fehlt.' } : { value: null };
      const n = typeof value === 'number' ? value : Number(text(value));
      return Number.isInteger(n) ? { value: n } : { error: `„${text(value)}“ ist keine ganze Zahl.` };
    }
    case 'text':
      return { value: text(value) };
    case 'textNull':
      return { value: value === null ? null : text(value) };
    case 'date':
    case 'dateNull': {
      const d = parseDate(value);
      if (d === undefined) return { error: `„${text(value)}“ ist kein gültiges Datum (TT.MM.JJJJ).` };
      if (d === null && kind === 'date') return { error: 'Das Datum fehlt.' };
      return { value: d };
    }
    case 'dec':
    case 'decNull': {
      const n = parseDecimal(value);
      if (n === undefined) return { error: `„${text(value)}“ ist keine Zahl.` };
      if (n === null) return kind === 'dec' ? { error: 'Die Zahl fehlt.' } : { value: null };
      return { value: roundDecimal(n, places) };
    }
    case 'bool': {
      const b = parseBool(value);
      return b === undefined ? { error: `„${text(value)}“ ist weder ja noch nein.` } : { value: b };
    }
  }
}
