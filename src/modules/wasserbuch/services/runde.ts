import type { Actor } from '../../../platform/auth/principal';
import { type Db, inTransaction, nowDb } from '../../../platform/db/db';
import { insertInChunks } from '../../../platform/db/insertInChunks';
import { notFound } from '../../../platform/errors';
import { recordHistory } from '../../../platform/history/history';
import type { Ablesung } from '../schema/ablesungen';
import type { WasserablesungRow } from '../tables';
import { listAblesungen } from './ablesungen';
import { compareReadings, metersChangedAfter, present, RUNDE_HISTORY_TYPE, readingQuery } from './readingRows';

// A reading round (InsertNeueWasserAblesungen) and the last readings of a plot.

/** Rows per INSERT: 10 columns each stays far below SQLite's and MySQL's placeholder limits. */

/**
 * One empty row (no stand) on `datum` for every active main meter and every active plot with a
 * meter, each with the meter it had at `datum`; meters that already have a row that day are left
 * alone, so calling it twice adds nothing. Answers the whole round.
 */
export async function insertRunde(db: Db, actor: Actor, datum: string): Promise<Ablesung[]> {
  return inTransaction(db, async (trx) => {
    const changed = await metersChangedAfter(trx, datum);
    const mains = await trx('hauptwasserzaehler').where('aktiv', true).select('id', 'nummer');
    const plots = await trx('parzellen')
      .where('aktiv', true)
      .whereNotNull('wasserzaehler_nummer')
      .whereNot('wasserzaehler_nummer', '')
      .select('id', 'wasserzaehler_nummer');
    const meters = [
      ...mains.map((h) => ({ key: `H${h.id}`, parzelleId: null, hwzId: Number(h.id), nummer: h.nummer })),
      ...plots.map((p) => ({
        key: `P${p.id}`,
        parzelleId: Number(p.id),
        hwzId: null,
        nummer: p.wasserzaehler_nummer ?? '',
      })),
    ];
    const existing = new Set(
      (await trx('wasserablesungen').where({ datum }).select('zaehler_key', 'zaehlernummer')).map(
        (r) => `${r.zaehler_key}|${r.zaehlernummer}`,
      ),
    );
    const now = nowDb();
    const rows: Omit<WasserablesungRow, 'id' | 'version'>[] = [];
    for (const m of meters) {
      const zaehlernummer = changed.get(m.key) ?? m.nummer;
      if (existing.has(`${m.key}|${zaehlernummer}`)) continue;
      rows.push({
        datum,
        parzelle_id: m.parzelleId,
        hauptwasserzaehler_id: m.hwzId,
        zaehler_key: m.key,
        zaehlernummer,
        stand_liter: null,
        is_zaehlerwechsel: false,
        quelle: 'manuell',
        notiz: null,
        created_at: now,
        updated_at: now,
      });
    }
    await insertInChunks(trx, 'wasserablesungen', rows);
    if (rows.length) {
      await recordHistory(trx, actor, {
        entityType: RUNDE_HISTORY_TYPE,
        entityId: datum,
        action: 'create',
        after: { datum, neueZeilen: rows.length },
      });
    }
    return listAblesungen(trx, { datum });
  });
}

/** GetLastAblesungenParzelle: the newest reading (with a stand) of each meter the plot has had, newest first. */
export async function lastAblesungenParzelle(db: Db, parzelleId: number): Promise<Ablesung[]> {
  const plot = await db('parzellen').where({ id: parzelleId }).first('id');
  if (!plot) throw notFound('Diese Parzelle gibt es nicht.');
  const rows = (await readingQuery(db).where('a.parzelle_id', parzelleId).whereNotNull('a.stand_liter')).map(present);
  rows.sort((a, b) => (a.datum !== b.datum ? (a.datum < b.datum ? 1 : -1) : b.id - a.id));
  const seen = new Set<string>();
  const last = rows.filter((r) => !seen.has(r.zaehlernummer) && seen.add(r.zaehlernummer));
  return last.sort(compareReadings);
}
