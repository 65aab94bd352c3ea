import { todayIso } from '../../../platform/dates';
import { type Db, nowDb } from '../../../platform/db/db';
import { isUniqueViolation } from '../../../platform/db/dbErrors';
import { matchOrInsert } from '../../../platform/db/matchOrInsert';
import { notFound } from '../../../platform/errors';
import type { Pachtabrechnung } from '../schema/pachtabrechnung';
import type { PachtabrechnungRow } from '../tables';

// The year scope of the yearly values (Pachtabrechnung). The club works in calendar years; the
// newest year is the default, and a database without any year gets the current (Vienna) one.

const TABLE = 'pachtabrechnungen';

/** The presenter of a billing year: every answer and export of one goes through it. */
const presentPachtabrechnung = (r: Pick<PachtabrechnungRow, 'id' | 'jahr' | 'bezeichnung'>): Pachtabrechnung => ({
  id: Number(r.id),
  jahr: Number(r.jahr),
  bezeichnung: r.bezeichnung,
});

/** All years, newest first. */
export async function listPachtabrechnungen(db: Db): Promise<Pachtabrechnung[]> {
  const rows = await db(TABLE).select('id', 'jahr', 'bezeichnung').orderBy('jahr', 'desc');
  return rows.map(presentPachtabrechnung);
}

/** The year `jahr`, created when missing (safe against a concurrent creation). */
export async function ensureYear(
  db: Db,
  jahr: number,
  bezeichnung = `Abrechnungsjahr ${jahr}`,
): Promise<Pachtabrechnung> {
  const existing = await db(TABLE).where({ jahr }).first('id', 'jahr', 'bezeichnung');
  if (existing) return presentPachtabrechnung(existing);
  const now = nowDb();
  try {
    await db(TABLE).insert({ jahr, bezeichnung, created_at: now, updated_at: now });
  } catch (err) {
    if (!isUniqueViolation(err)) throw err;
  }
  const row = await db(TABLE).where({ jahr }).first('id', 'jahr', 'bezeichnung');
  if (!row) throw new Error(`Das Abrechnungsjahr ${jahr} fehlt nach dem Anlegen.`);
  return presentPachtabrechnung(row);
}

/** The year with this id, or undefined. */
export async function findYear(db: Db, id: number): Promise<Pachtabrechnung | undefined> {
  const row = await db(TABLE).where({ id }).first('id', 'jahr', 'bezeichnung');
  return row ? presentPachtabrechnung(row) : undefined;
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
  const newest = await db(TABLE).orderBy('jahr', 'desc').first('id', 'jahr', 'bezeichnung');
  if (newest) return presentPachtabrechnung(newest);
  return ensureYear(db, currentJahr());
}

/**
 * A year from a Stammdaten workbook (ExportAll → Import): the year with the same Jahr is kept,
 * otherwise the row is inserted (under its own id when free). Answers the year's id here.
 */
export const importPachtabrechnung = (db: Db, row: Record<string, unknown>): Promise<number> =>
  matchOrInsert(db, TABLE, 'jahr', row);
