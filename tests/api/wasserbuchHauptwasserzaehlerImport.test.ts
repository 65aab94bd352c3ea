import { afterAll, beforeAll, describe, expect, it } from 'vitest';
// The water book registers itself with Stammdaten: it stores the sheet HWZAblesungen's rows.
import '../../src/modules/wasserbuch';
import { tableRows } from '../../src/modules/stammdaten/services/exportAll';
import { EXPORT_TABLES } from '../../src/modules/stammdaten/services/exportTables';
import { planExportAll } from '../../src/modules/stammdaten/services/importExportAll';
import { inTransaction } from '../../src/platform/db/db';
import type { CellValue, ReadSheet } from '../../src/platform/excel/excelReader';
import { createTestDb, type TestDb } from '../helpers/testDb';

// An ExportAll workbook written before main-meter readings moved into the water book still
// imports: its HWZAblesungen rows (old table's columns, no meter number on plain readings) become
// readings in wasserablesungen, and the next export writes the same sheet again.

let t: TestDb;
beforeAll(async () => {
  t = await createTestDb();
});
afterAll(() => t.cleanup());

const sheet = (name: string, rows: Record<string, CellValue>[]): ReadSheet => ({
  name,
  headers: Object.keys(rows[0] ?? {}),
  rows: rows.map((values, i) => ({ rowNumber: i + 2, values })),
});

describe('old ExportAll workbook with HWZAblesungen', () => {
  it('imports the old rows as main-meter readings and exports them in the same format', async () => {
    const hwz = { bezeichnung: '', standort: 'Schacht', eichdatum: null, aktiv: 'ja', notiz: null };
    const old = (id: number, datum: string, stand: CellValue, art: string, zaehlernummer = '') => ({
      id,
      hauptwasserzaehler_id: 5,
      datum,
      stand,
      art,
      zaehlernummer,
      created_at: '2024-05-05',
    });
    const plan = await planExportAll(t.db, [
      sheet('Hauptwasserzaehler', [{ id: 5, nummer: 'HWZ-NEU', ...hwz }]),
      sheet('HWZAblesungen', [
        old(7, '2024-04-01', 12340.125, 'ablesung'),
        old(8, '2024-06-01', '12400,5', 'wechsel-ende', 'HWZ-ALT'),
        old(9, '2024-06-01', 0.25, 'wechsel-start', 'HWZ-NEU'),
        old(10, '2024-10-01', 100, 'ablesung'),
      ]),
    ]);
    expect(plan.errors).toEqual([]);
    await inTransaction(t.db, (trx) => plan.apply(trx));

    const rows = await t.db('wasserablesungen').orderBy('id').select('*');
    expect(
      rows.map((r) => [
        Number(r.id),
        String(r.datum).slice(0, 10),
        r.zaehler_key,
        r.zaehlernummer,
        Number(r.stand_liter),
        Boolean(r.is_zaehlerwechsel),
        r.quelle,
      ]),
    ).toEqual([
      // Without a number before the change: the meter the change row names.
      [7, '2024-04-01', 'H5', 'HWZ-ALT', 12340125, false, 'manuell'],
      [8, '2024-06-01', 'H5', 'HWZ-ALT', 12400500, true, 'manuell'],
      [9, '2024-06-01', 'H5', 'HWZ-NEU', 250, false, 'manuell'],
      [10, '2024-10-01', 'H5', 'HWZ-NEU', 100000, false, 'manuell'],
    ]);
    const spec = EXPORT_TABLES.find((s) => s.sheet === 'HWZAblesungen');
    if (!spec) throw new Error('sheet HWZAblesungen missing');
    expect((await tableRows(t.db, spec)).map((r) => [r.id, r.datum, r.stand, r.art, r.zaehlernummer])).toEqual([
      [7, '2024-04-01', '12340.125', 'ablesung', 'HWZ-ALT'],
      [8, '2024-06-01', '12400.500', 'wechsel-ende', 'HWZ-ALT'],
      [9, '2024-06-01', '0.250', 'wechsel-start', 'HWZ-NEU'],
      [10, '2024-10-01', '100.000', 'ablesung', 'HWZ-NEU'],
    ]);
  });

  it('refuses two readings of one meter on one day before writing anything', async () => {
    const plan = await planExportAll(t.db, [
      sheet('HWZAblesungen', [
        { id: 1, hauptwasserzaehler_id: 5, datum: '2024-04-01', stand: 1, art: 'ablesung', zaehlernummer: 'X' },
        { id: 2, hauptwasserzaehler_id: 5, datum: '2024-04-01', stand: 2, art: 'ablesung', zaehlernummer: 'x' },
      ]),
    ]);
    expect(plan.errors.map((e) => e.column)).toContain('hauptwasserzaehler_id, zaehlernummer, datum');
  });
});
