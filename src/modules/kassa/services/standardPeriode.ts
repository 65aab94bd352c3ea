import type { Knex } from 'knex';
import { dateOf } from '../../../platform/dates';
import { todayIso } from '../../../platform/dates/today';
import type { Db } from '../../../platform/db/db';
import { notFound } from '../../../platform/errors';
import type { KassaabrechnungRow } from '../tables';
import { ladePeriode } from './periode';

// The screens' default period (GetKassaabrechnungDatum) and the small row helpers the S1 services
// share. A call that names no period works on this one.

/** BOOLEAN columns answer 0/1 on SQLite, true/false or 0/1 on MySQL (one helper, in periode.ts). */
export { istWahr } from './periode';

/** A DATE column as `YYYY-MM-DD` (the pool reads dates as strings; this also guards a Date object). */
export const datumOf = (v: unknown): string => dateOf(v) ?? '';

export const KEINE_KASSAABRECHNUNG =
  'Es gibt noch keine Kassaabrechnung. Bitte legen Sie unter Basisdaten → Kassaabrechnung eine an.';

/** The period containing today, else the newest; null when there is none. */
export async function standardPeriodeOderNull(db: Db): Promise<KassaabrechnungRow | null> {
  const heute = todayIso();
  const aktuell = await db('kassaabrechnungen').where('von', '<=', heute).andWhere('bis', '>=', heute).first();
  if (aktuell) return aktuell;
  return (await db('kassaabrechnungen').orderBy('von', 'desc').orderBy('id', 'desc').first()) ?? null;
}

/** The period asked (404 unknown), else the default one, else null (a fresh installation). */
export async function periodeOderStandard(db: Db, id: number | undefined): Promise<KassaabrechnungRow | null> {
  if (id != null) return ladePeriode(db, id);
  return standardPeriodeOderNull(db);
}

/** Like periodeOderStandard, but 404 when there is no period at all. */
export async function periodeOderStandardPflicht(db: Db, id: number | undefined): Promise<KassaabrechnungRow> {
  const row = await periodeOderStandard(db, id);
  if (!row) throw notFound(KEINE_KASSAABRECHNUNG);
  return row;
}

/** Counts per key of `table` rows (e.g. entries per booking account), as numbers on both databases. */
export async function zaehleJe(
  db: Db,
  table: 'kassabuch' | 'buchungskonto_parzellen',
  column: string,
  where: (q: Knex.QueryBuilder) => void = () => {},
): Promise<Map<number, number>> {
  // Untyped builder: the filter callback serves two tables, whose typed builders do not unify.
  const q = (db(table) as unknown as Knex.QueryBuilder).select(column).count({ n: '*' }).groupBy(column);
  where(q);
  const rows = (await q) as unknown as Record<string, unknown>[];
  return new Map(rows.filter((r) => r[column] != null).map((r) => [Number(r[column]), Number(r.n)]));
}

/** Natural order of numbers kept as text ('2' before '10', '4000' before '4000a'). */
export const nummerCollator = new Intl.Collator('de-AT', { numeric: true, sensitivity: 'base' });
