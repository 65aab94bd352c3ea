import { formatGermanDate } from '../../../platform/dates';
import { EXPORT_TABLES, type TableSpec } from './exportTables';
import type { ImportError } from './importPlan';
import { sameName } from './names';

// What the database would refuse, found before anything is written, with the sheet, row and column
// in German: duplicate ids and unique values, empty required text, text too long for its column,
// references to rows the workbook does not have, periods ending before they start or overlapping.

export type ParsedRow = { rowNumber: number; values: Record<string, unknown> };

const shown = (v: unknown) => (typeof v === 'string' ? `„${v}“` : String(v));

function checkSheet(spec: TableSpec, rows: ParsedRow[], err: (row: number, column: string, message: string) => void) {
  for (const { rowNumber, values } of rows) {
    for (const field of spec.fields) {
      const v = values[field.name];
      if (field.required && (v == null || v === '')) err(rowNumber, field.name, 'Das Feld darf nicht leer sein.');
      if (field.max && typeof v === 'string' && v.length > field.max)
        err(rowNumber, field.name, `Der Text ist länger als ${field.max} Zeichen.`);
    }
    const von = values.von;
    const bis = values.bis;
    if (typeof von === 'string' && typeof bis === 'string' && bis < von)
      err(rowNumber, 'bis', `Das Ende (${formatGermanDate(bis)}) liegt vor dem Beginn (${formatGermanDate(von)}).`);
  }
  const keys: (string | string[])[] = [
    ...(spec.fields.some((x) => x.name === 'id') ? ['id'] : []),
    ...(spec.unique ?? []),
  ];
  for (const key of keys) {
    const columns = Array.isArray(key) ? key : [key];
    const seen: ParsedRow[] = [];
    for (const row of rows) {
      const same = (other: ParsedRow) =>
        columns.every((c) => {
          const a = row.values[c];
          const b = other.values[c];
          return typeof a === 'string' && typeof b === 'string' ? sameName(a, b) : a === b;
        });
      const before = seen.find(same);
      if (before) {
        const what = columns.map((c) => shown(row.values[c])).join(' / ');
        err(row.rowNumber, columns.join(', '), `${what} steht schon in Zeile ${before.rowNumber}.`);
      } else seen.push(row);
    }
  }
  if (spec.periodsPer) {
    const per = spec.periodsPer;
    const groups = new Map<unknown, ParsedRow[]>();
    for (const row of rows) groups.set(row.values[per], [...(groups.get(row.values[per]) ?? []), row]);
    for (const group of groups.values()) {
      const sorted = [...group].sort((a, b) => String(a.values.von).localeCompare(String(b.values.von)));
      for (let i = 1; i < sorted.length; i++) {
        const prev = sorted[i - 1]!;
        const cur = sorted[i]!;
        const prevBis = prev.values.bis as string | null;
        if (prevBis === null || prevBis >= String(cur.values.von)) {
          err(
            cur.rowNumber,
            'von',
            `Der Zeitraum überschneidet sich mit Zeile ${prev.rowNumber} (${per} ${String(cur.values[per])}): es gibt nur einen Nutzer zur selben Zeit.`,
          );
        }
      }
    }
  }
}

/** Every error of the workbook that the database would raise (or silently accept on SQLite). */
export function checkWorkbook(data: Map<TableSpec, ParsedRow[]>): ImportError[] {
  const errors: ImportError[] = [];
  const idsOf = new Map<string, Set<number>>();
  for (const [spec, rows] of data) idsOf.set(spec.table, new Set(rows.map((r) => Number(r.values.id))));
  for (const [spec, rows] of data) {
    const err = (row: number, column: string, message: string) =>
      errors.push({ sheet: spec.sheet, row, column, message });
    checkSheet(spec, rows, err);
    for (const field of spec.fields) {
      if (!field.ref) continue;
      const target = EXPORT_TABLES.find((s) => s.table === field.ref);
      const ids = idsOf.get(field.ref);
      for (const { rowNumber, values } of rows) {
        const v = values[field.name];
        if (v != null && !ids?.has(Number(v)))
          err(
            rowNumber,
            field.name,
            `Die Tabelle ${target?.sheet ?? field.ref} hat keine Zeile mit der id ${String(v)}.`,
          );
      }
    }
  }
  return errors;
}
