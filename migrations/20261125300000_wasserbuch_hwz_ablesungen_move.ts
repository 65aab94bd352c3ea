import type { Knex } from 'knex';

// One home for main-meter readings (issue 12): the rows of `hauptwasserzaehler_ablesungen`
// (Stammdaten's WechselHWZ and older readings) move into `wasserablesungen` as main-meter readings
// (zaehler_key 'H<id>'), then the old table goes. `stand` DECIMAL(12,3) → whole litres, exact;
// 'wechsel-ende' → is_zaehlerwechsel (the old meter's final reading); 'wechsel-start' and every
// other art → an ordinary reading (the new meter's first one is just its earliest). An old row
// without a meter number gets the meter the main meter had that day (the first change after it
// names it, else the current number). Two old rows of the same meter and date (the old table had
// no unique key) become one: the later one wins, the other's stand is kept in the note.

type OldRow = {
  id: number;
  hauptwasserzaehler_id: number;
  datum: string | Date;
  stand: number | string;
  art: string;
  zaehlernummer: string;
  created_at: string | Date;
};

/** A DECIMAL(12,3) as SQLite (number) or MySQL (string) answers it → litres, without float drift. */
function liter(stand: number | string): number {
  const text = typeof stand === 'number' ? stand.toFixed(3) : String(stand);
  const negative = text.startsWith('-');
  const [whole = '0', frac = ''] = text.replace('-', '').split('.');
  const value = Number(whole) * 1000 + Number(frac.padEnd(3, '0').slice(0, 3));
  return negative ? -value : value;
}

const day = (v: string | Date) =>
  v instanceof Date
    ? `${v.getFullYear()}-${String(v.getMonth() + 1).padStart(2, '0')}-${String(v.getDate()).padStart(2, '0')}`
    : String(v).slice(0, 10);

const stamp = (v: string | Date) => (v instanceof Date ? v : String(v));

export async function up(knex: Knex): Promise<void> {
  const old: OldRow[] = await knex('hauptwasserzaehler_ablesungen')
    .select('*')
    .orderBy([
      { column: 'datum', order: 'asc' },
      { column: 'id', order: 'asc' },
    ]);
  const meters = new Map<number, string>(
    (await knex('hauptwasserzaehler').select('id', 'nummer')).map((h) => [Number(h.id), String(h.nummer)]),
  );
  /** The meter a main meter had on `datum`: the first change after it, else the current one. */
  const meterAt = (hwz: number, datum: string) =>
    old.find((o) => Number(o.hauptwasserzaehler_id) === hwz && o.art === 'wechsel-ende' && day(o.datum) > datum)
      ?.zaehlernummer ||
    (meters.get(hwz) ?? '');

  const rows = new Map<string, Record<string, unknown>>();
  for (const o of old) {
    const hwz = Number(o.hauptwasserzaehler_id);
    const datum = day(o.datum);
    const zaehlernummer = (o.zaehlernummer || meterAt(hwz, datum)).slice(0, 50);
    const key = `H${hwz}`;
    const unique = `${key}|${zaehlernummer.toLowerCase()}|${datum}`;
    const earlier = rows.get(unique);
    const isWechsel = o.art === 'wechsel-ende';
    rows.set(unique, {
      version: 1,
      datum,
      parzelle_id: null,
      hauptwasserzaehler_id: hwz,
      zaehler_key: key,
      zaehlernummer,
      stand_liter: liter(o.stand),
      is_zaehlerwechsel: isWechsel || Boolean(earlier?.is_zaehlerwechsel),
      quelle: 'manuell',
      notiz: earlier
        ? `Beim Umzug der Hauptwasserzähler-Ablesungen zusammengeführt; weitere Ablesung desselben Tages: ${(Number(earlier.stand_liter) / 1000).toFixed(3)}`
        : null,
      created_at: stamp(o.created_at),
      updated_at: stamp(o.created_at),
    });
  }
  const values = [...rows.values()];
  for (let i = 0; i < values.length; i += 200) await knex('wasserablesungen').insert(values.slice(i, i + 200));
  await knex.schema.dropTable('hauptwasserzaehler_ablesungen');
}

/**
 * Back to two tables: the main-meter rows with a stand return to `hauptwasserzaehler_ablesungen`
 * (a change row → 'wechsel-ende', another meter's row on a change date → 'wechsel-start', the rest
 * 'ablesung') and leave `wasserablesungen`. Empty round rows (no stand) of main meters are dropped:
 * the old table had no place for them.
 */
export async function down(knex: Knex): Promise<void> {
  await knex.schema.createTable('hauptwasserzaehler_ablesungen', (t) => {
    t.increments('id').primary();
    t.integer('hauptwasserzaehler_id').unsigned().notNullable().references('hauptwasserzaehler.id').onDelete('CASCADE');
    t.date('datum').notNullable();
    t.decimal('stand', 12, 3).notNullable();
    /** ablesung | wechsel-ende | wechsel-start */
    t.string('art', 20).notNullable().defaultTo('ablesung');
    t.string('zaehlernummer', 50).notNullable().defaultTo('');
    t.dateTime('created_at').notNullable();
    t.index(['hauptwasserzaehler_id', 'datum']);
  });
  const rows = await knex('wasserablesungen')
    .whereNotNull('hauptwasserzaehler_id')
    .whereNotNull('stand_liter')
    .select('*')
    .orderBy([
      { column: 'datum', order: 'asc' },
      { column: 'is_zaehlerwechsel', order: 'desc' },
      { column: 'id', order: 'asc' },
    ]);
  const changeDays = new Set(
    rows.filter((r) => Boolean(r.is_zaehlerwechsel)).map((r) => `${r.hauptwasserzaehler_id}|${day(r.datum)}`),
  );
  const back = rows.map((r) => {
    const change = Boolean(r.is_zaehlerwechsel);
    const onChangeDay = changeDays.has(`${r.hauptwasserzaehler_id}|${day(r.datum)}`);
    const n = Number(r.stand_liter);
    return {
      hauptwasserzaehler_id: r.hauptwasserzaehler_id,
      datum: day(r.datum),
      stand: `${Math.trunc(n / 1000)}.${String(Math.abs(n % 1000)).padStart(3, '0')}`,
      art: change ? 'wechsel-ende' : onChangeDay ? 'wechsel-start' : 'ablesung',
      zaehlernummer: r.zaehlernummer,
      created_at: r.created_at,
    };
  });
  for (let i = 0; i < back.length; i += 200) await knex('hauptwasserzaehler_ablesungen').insert(back.slice(i, i + 200));
  await knex('wasserablesungen').whereNotNull('hauptwasserzaehler_id').delete();
}
