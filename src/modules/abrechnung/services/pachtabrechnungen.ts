import { todayIso } from '../../../platform/dates';
import { type Db, nowDb } from '../../../platform/db/db';
import { isUniqueViolation } from '../../../platform/db/dbErrors';
import { matchOrInsert } from '../../../platform/db/matchOrInsert';
import { notFound } from '../../../platform/errors';
import type { Pachtabrechnung } from '../schema';

// The year scope of the yearly values (Pachtabrechnung). The club works in calendar years; the
// newest year is the default, and a database without any year gets the current (Vienna) one.

const TABLE = 'pachtabrechnungen';

type Row = { id: number; jahr: number; bezeichnung: string };
const toPachtabrechnung = (r: Row): Pachtabrechnung => ({
  id: Number(r.id),
  jahr: Number(r.jahr),
  bezeichnung: r.bezeichnung,
});

/** All years, newest first. */
export async function listPachtabrechnungen(db: Db): Promise<Pachtabrechnung[]> {
  const rows = (await db(TABLE).select('id', 'jahr', 'bezeichnung').orderBy('jahr', 'desc')) as Row[];
  return rows.map(toPachtabrechnung);
}

/** The year `jahr`, created when missing (safe against a concurrent creation). */
export async function ensureYear(
  db: Db,
  jahr: number,
  bezeichnung = `Abrechnungsjahr ${jahr}`,
): Promise<Pachtabrechnung> {
  const existing = (await db(TABLE).where({ jahr }).first('id', 'jahr', 'bezeichnung')) as Row | undefined;
  if (existing) return toPachtabrechnung(existing);
  const now = nowDb();
  try {
    await db(TABLE).insert({ jahr, bezeichnung, created_at: now, updated_at: now });
  } catch (err) {
    if (!isUniqueViolation(err)) throw err;
  }
  const row = (await db(TABLE).where({ jahr }).first('id', 'jahr', 'bezeichnung')) as Row;
  return toPachtabrechnung(row);
}

/** The year with this id, or undefined. */
export async function findYear(db: Db, id: number): Promise<Pachtabrechnung | undefined> {
  const row = (await db(TABLE).where({ id }).first('id', 'jahr', 'bezeichnung')) as Row | undefined;
  return row ? toPachtabrechnung(row) : undefined;
}

/** The current calendar year in Vienna. */
export const currentJahr = (now = new Date()): number => Number(todayIso(now).slice(0, 4));

/**
 * The year a request is about: the given id (404 when unknown), else the newest year, else the
 * current year, created on the spot.
 */
export async function resolveYear(db: Db, pachtabrechnungId?: number | null): Promise<Pachtabrechnung> {
  if (pachtabrechnungId) {
    const year = await findYear(db, pachtabrechnungId);
    if (!year) throw notFound('Das Abrechnungsjahr wurde nicht gefunden.');
    return year;
  }
  const newest = (await db(TABLE).orderBy('jahr', 'desc').first('id', 'jahr', 'bezeichnung')) as Row | undefined;
  if (newest) return toPachtabrechnung(newest);
  return ensureYear(db, currentJahr());
}

/**
 * A year from a Stammdaten workbook (ExportAll → Import): the year with the same Jahr is kept,
 * otherwise the row is inserted (under its own id when free). Answers the year's id here.
 */
export const importPachtabrechnung = (db: Db, row: Record<string, unknown>): Promise<number> =>
  matchOrInsert(db, TABLE, 'jahr', row);
