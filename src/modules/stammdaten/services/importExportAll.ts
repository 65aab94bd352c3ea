import { systemActor } from '../../../platform/auth/principal';
import type { Db } from '../../../platform/db/db';
import { nowDb } from '../../../platform/db/db';
import type { ReadSheet } from '../../../platform/excel/excelReader';
import { recordHistory } from '../../../platform/history/history';
import { importPachtabrechnung } from '../../abrechnung/services';
import { importAbstellplatzKategorie } from '../../vereinseinstellungen/services';
import { EXPORT_TABLES, type TableSpec } from './exportTables';
import { parseField } from './importCells';
import { checkWorkbook, type ParsedRow } from './importExportAllChecks';
import { IMPORT_ACTOR_NAME, type ImportError, type ImportPlan } from './importPlan';

// The ExportAll workbook (`kgv export stammdaten`) read back into an empty database: ids are kept,
// so every reference between the sheets still holds. Years and parking categories may exist in
// the target already (the first start creates the current year): they are matched by Jahr / Name
// and every reference to them is mapped to the target's id.

/** The row with the API's field names (gruppe_id → gruppeId), which the Verlauf knows labels for. */
const camelKeys = (row: Record<string, unknown>) =>
  Object.fromEntries(
    Object.entries(row).map(([k, v]) => [k.replace(/_([a-z])/g, (_, c: string) => c.toUpperCase()), v]),
  );

export function isExportAllWorkbook(sheets: ReadSheet[]): boolean {
  const parzellen = sheets.find((s) => s.name === 'Parzellen');
  const adressen = sheets.find((s) => s.name === 'Adressen');
  return Boolean(parzellen?.headers.includes('id') && adressen?.headers.includes('id'));
}

const CORE_TABLES = ['parzellen', 'adressen', 'gruppen', 'hauptwasserzaehler', 'abstellplaetze', 'funktionen'];

/** Rows that may already be in the target, matched by this column. */
/**
 * The tables of other modules that the workbook carries because Stammdaten rows point at them: their
 * owners import a row (matched by Jahr / Name) and answer its id here.
 */
const MATCHED: Record<string, (db: Db, row: Record<string, unknown>) => Promise<number>> = {
  pachtabrechnungen: importPachtabrechnung,
  abstellplatz_kategorien: importAbstellplatzKategorie,
};

function readSheets(sheets: ReadSheet[], errors: ImportError[]): Map<TableSpec, ParsedRow[]> {
  const data = new Map<TableSpec, ParsedRow[]>();
  for (const spec of EXPORT_TABLES) {
    const sheet = sheets.find((s) => s.name === spec.sheet);
    const rows: ParsedRow[] = [];
    data.set(spec, rows);
    if (!sheet) continue;
    for (const field of spec.fields) {
      if (!sheet.headers.includes(field.name) && sheet.rows.length) {
        errors.push({ sheet: spec.sheet, row: 1, column: field.name, message: 'Die Spalte fehlt.' });
      }
    }
    for (const r of sheet.rows) {
      const values: Record<string, unknown> = {};
      for (const field of spec.fields) {
        const parsed = parseField(field.kind, r.values[field.name] ?? null, field.places);
        if (parsed.error)
          errors.push({ sheet: spec.sheet, row: r.rowNumber, column: field.name, message: parsed.error });
        else values[field.name] = parsed.value;
      }
      rows.push({ rowNumber: r.rowNumber, values });
    }
  }
  return data;
}

export async function planExportAll(db: Db, sheets: ReadSheet[]): Promise<ImportPlan> {
  const errors: ImportError[] = [];
  const data = readSheets(sheets, errors);
  // Cross-sheet checks only make sense once every cell could be read.
  if (!errors.length) errors.push(...checkWorkbook(data));
  for (const table of CORE_TABLES) {
    if (await db(table).first('id')) {
      errors.push({
        row: 1,
        column: table,
        message: `Die Datenbank enthält bereits Stammdaten (${table}); eine Gesamtsicherung wird nur in eine leere Datenbank eingespielt.`,
      });
      break;
    }
  }
  const counts: Record<string, number> = {};
  for (const [spec, rows] of data) counts[spec.sheet] = rows.length;
  const total = [...data.values()].reduce((s, r) => s + r.length, 0);
  return {
    kind: 'exportAll',
    errors,
    counts,
    total,
    async apply(trx, progress) {
      const now = nowDb();
      const actor = systemActor(IMPORT_ACTOR_NAME);
      /** Per matched table: the workbook's id → the target's id. */
      const mapped: Record<string, Map<number, number>> = {};
      for (const [spec, rows] of data) {
        /** The rows of a sheet another module keeps, handed over together (they may refer to each other). */
        const provided: Record<string, unknown>[] = [];
        for (const { values } of rows) {
          const row: Record<string, unknown> = { ...values };
          for (const field of spec.fields) {
            const map = field.ref ? mapped[field.ref] : undefined;
            if (map && row[field.name] != null) row[field.name] = map.get(Number(row[field.name])) ?? row[field.name];
          }
          if (spec.timestamps === 'both' || spec.timestamps === 'created') row.created_at = now;
          if (spec.timestamps === 'both' || spec.timestamps === 'updated') row.updated_at = now;
          const importMatched = MATCHED[spec.table];
          if (importMatched) {
            const map = mapped[spec.table] ?? new Map<number, number>();
            mapped[spec.table] = map;
            map.set(Number(values.id), await importMatched(trx, row));
          } else if (spec.provided) {
            provided.push(row);
          } else if (spec.table === 'parkkarten_info') {
            // The first start may have stored the current year's card settings: the backup wins.
            const year = { pachtabrechnung_id: row.pachtabrechnung_id };
            if (await trx(spec.table).where(year).first('pachtabrechnung_id'))
              await trx(spec.table).where(year).update(row);
            else await trx(spec.table).insert(row);
          } else {
            await trx(spec.table).insert(row);
            if (spec.historyType) {
              await recordHistory(trx, actor, {
                entityType: spec.historyType,
                entityId: Number(values.id),
                action: 'import',
                after: camelKeys(values),
              });
            }
          }
          progress?.();
        }
        if (spec.provided && provided.length) await spec.provided.insertAll(trx, provided, now);
      }
    },
  };
}
