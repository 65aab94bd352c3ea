import { dateOf } from '../../../platform/dates';
import type { Db } from '../../../platform/db/db';
import { buildWorkbook, type Column, type SheetSpec } from '../../../platform/excel/excelWriter';
import { decimalOf } from '../../../platform/money';
import { EXPORT_TABLES, type FieldKind, type TableSpec } from './exportTables';

/** A database value as the canonical JS value of its field kind (shared by export, import and tests). */
export function canonical(kind: FieldKind, value: unknown, places = 2): string | number | boolean | null {
  switch (kind) {
    case 'int':
      return Number(value ?? 0);
    case 'intNull':
      return value == null ? null : Number(value);
    case 'text':
      return value == null ? '' : String(value);
    case 'textNull':
      return value == null || value === '' ? null : String(value);
    case 'date':
    case 'dateNull':
      return dateOf(value);
    case 'dec':
      return decimalOf(value ?? 0, places);
    case 'decNull':
      return decimalOf(value, places);
    case 'bool':
      return Boolean(Number(value));
  }
}

const columnKind = (kind: FieldKind): Column<unknown>['kind'] => {
  switch (kind) {
    case 'int':
    case 'intNull':
      return 'integer';
    case 'date':
    case 'dateNull':
      return 'date';
    case 'dec':
    case 'decNull':
      return 'decimal';
    case 'bool':
      return 'boolean';
    default:
      return 'text';
  }
};

/** A table's rows in canonical form, in export order. */
export async function tableRows(db: Db, spec: TableSpec): Promise<Record<string, unknown>[]> {
  const rows = spec.provided
    ? await spec.provided.rows(db)
    : await db(spec.table)
        .select(spec.fields.map((x) => x.name))
        .orderBy(spec.orderBy.map((column) => ({ column })));
  return rows.map((r) => Object.fromEntries(spec.fields.map((x) => [x.name, canonical(x.kind, r[x.name], x.places)])));
}

/** ExportAll: one workbook, a sheet per kind, ids included so that `kgv import stammdaten` can round-trip. */
export async function exportAll(db: Db): Promise<Buffer> {
  const sheets: SheetSpec<Record<string, unknown>>[] = [];
  for (const spec of EXPORT_TABLES) {
    sheets.push({
      name: spec.sheet,
      columns: spec.fields.map((x) => ({ header: x.name, key: x.name, kind: columnKind(x.kind), places: x.places })),
      rows: await tableRows(db, spec),
    });
  }
  return buildWorkbook(sheets);
}
