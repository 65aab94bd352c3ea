import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { nowDb } from '../../src/platform/db/db';
import { createTestDb, type TestDb } from '../helpers/testDb';

// Migration 20261125300000: the old main-meter readings (hauptwasserzaehler_ablesungen) move into
// wasserablesungen — numbers filled in, litres exact, change rows marked — and back down again.

const MOVE = '20261125300000_wasserbuch_hwz_ablesungen_move.ts';
const REMINDERS = '20261125300100_wasserbuch_eichung_erinnerungen.ts';

let t: TestDb;
beforeAll(async () => {
  t = await createTestDb();
});
afterAll(() => t.cleanup());

const rowsOf = async (id: number) =>
  (
    await t
      .db('wasserablesungen')
      .where({ hauptwasserzaehler_id: id })
      .orderBy([{ column: 'datum' }, { column: 'is_zaehlerwechsel', order: 'desc' }, { column: 'id' }])
      .select(
        'datum',
        'zaehler_key',
        'zaehlernummer',
        'stand_liter',
        'is_zaehlerwechsel',
        'quelle',
        'notiz',
        'created_at',
      )
  ).map((r) => ({
    datum: String(r.datum).slice(0, 10),
    key: r.zaehler_key,
    nummer: r.zaehlernummer,
    liter: Number(r.stand_liter),
    wechsel: Boolean(r.is_zaehlerwechsel),
    quelle: r.quelle,
    notiz: r.notiz,
    created: String(r.created_at).slice(0, 10),
  }));

describe('migration: one home for main-meter readings', () => {
  it('moves the old rows into wasserablesungen and back', async () => {
    // Back to the schema before the move (the reminders table came after it).
    await t.db.migrate.down({ name: REMINDERS });
    await t.db.migrate.down({ name: MOVE });
    expect(await t.db.schema.hasTable('hauptwasserzaehler_ablesungen')).toBe(true);
    const now = nowDb();
    const [id] = await t.db('hauptwasserzaehler').insert({ nummer: 'HWZ-NEU', created_at: now, updated_at: now });
    const hwz = Number(id);
    const old = (datum: string, stand: string | number, art: string, zaehlernummer = '') => ({
      hauptwasserzaehler_id: hwz,
      datum,
      stand,
      art,
      zaehlernummer,
      created_at: '2024-05-05 10:00:00',
    });
    await t.db('hauptwasserzaehler_ablesungen').insert([
      // Before the change and without a number: the old meter's.
      old('2024-04-01', '12340.125', 'ablesung'),
      old('2024-06-01', '12400.000', 'wechsel-ende', 'HWZ-ALT'),
      old('2024-06-01', '0.250', 'wechsel-start', 'HWZ-NEU'),
      // After the change, without a number: the current meter; twice on one day (no unique key then).
      old('2024-10-01', '99.5', 'ablesung'),
      old('2024-10-01', '100.5', 'ablesung'),
      old('2025-04-01', 999999999.999, 'ablesung', 'HWZ-NEU'),
    ]);

    await t.db.migrate.latest();
    expect(await t.db.schema.hasTable('hauptwasserzaehler_ablesungen')).toBe(false);
    const base = { key: `H${hwz}`, quelle: 'manuell', created: '2024-05-05' };
    expect(await rowsOf(hwz)).toEqual([
      { ...base, datum: '2024-04-01', nummer: 'HWZ-ALT', liter: 12340125, wechsel: false, notiz: null },
      { ...base, datum: '2024-06-01', nummer: 'HWZ-ALT', liter: 12400000, wechsel: true, notiz: null },
      { ...base, datum: '2024-06-01', nummer: 'HWZ-NEU', liter: 250, wechsel: false, notiz: null },
      {
        ...base,
        datum: '2024-10-01',
        nummer: 'HWZ-NEU',
        liter: 100500,
        wechsel: false,
        notiz: 'Beim Umzug der Hauptwasserzähler-Ablesungen zusammengeführt; weitere Ablesung desselben Tages: 99.500',
      },
      { ...base, datum: '2025-04-01', nummer: 'HWZ-NEU', liter: 999999999999, wechsel: false, notiz: null },
    ]);

    // Down again: the old table with its arts, the rows gone from wasserablesungen.
    await t.db.migrate.down({ name: REMINDERS });
    await t.db.migrate.down({ name: MOVE });
    const back = await t
      .db('hauptwasserzaehler_ablesungen')
      .orderBy('id')
      .select('datum', 'stand', 'art', 'zaehlernummer');
    expect(back.map((r) => [String(r.datum).slice(0, 10), Number(r.stand), r.art, r.zaehlernummer])).toEqual([
      ['2024-04-01', 12340.125, 'ablesung', 'HWZ-ALT'],
      ['2024-06-01', 12400, 'wechsel-ende', 'HWZ-ALT'],
      ['2024-06-01', 0.25, 'wechsel-start', 'HWZ-NEU'],
      ['2024-10-01', 100.5, 'ablesung', 'HWZ-NEU'],
      ['2025-04-01', 999999999.999, 'ablesung', 'HWZ-NEU'],
    ]);
    expect(await t.db('wasserablesungen').whereNotNull('hauptwasserzaehler_id')).toHaveLength(0);
    await t.db.migrate.latest();
  });
});
