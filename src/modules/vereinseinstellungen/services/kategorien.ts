import type { Actor } from '../../../platform/auth/principal';
import { collator } from '../../../platform/collation';
import { type Db, inTransaction, nowDb } from '../../../platform/db/db';
import { isUniqueViolation } from '../../../platform/db/dbErrors';
import { matchOrInsert } from '../../../platform/db/matchOrInsert';
import { claimVersion, withoutVersion } from '../../../platform/db/optimisticLock';
import { conflict, notFound, validationFailed } from '../../../platform/errors';
import { recordHistory } from '../../../platform/history/history';
import { type AbstellplatzKategorie, abstellplatzKategorieBody } from '../schema';
import type { AbstellplatzKategorieRow } from '../tables';
import { parseInput } from './input';

export const KATEGORIE_HISTORY_TYPE = 'AbstellplatzKategorie';
const TABLE = 'abstellplatz_kategorien';
const NOT_FOUND = 'Die Abstellplatz-Kategorie wurde nicht gefunden.';

const COLUMNS = ['id', 'version', 'name', 'jahresgebuehr_cent', 'aktiv'] as const;

/** The presenter of a category: every answer of one goes through it. */
const presentKategorie = (r: Pick<AbstellplatzKategorieRow, (typeof COLUMNS)[number]>): AbstellplatzKategorie => ({
  id: Number(r.id),
  version: Number(r.version),
  name: r.name,
  jahresgebuehrCent: Number(r.jahresgebuehr_cent),
  aktiv: Boolean(r.aktiv),
});

const sameName = (a: string, b: string) => a.toLocaleLowerCase('de-AT') === b.toLocaleLowerCase('de-AT');

/** All categories, active and inactive, by name (German collation, the same on SQLite and MySQL). */
export async function listAbstellplatzKategorien(db: Db): Promise<AbstellplatzKategorie[]> {
  const rows = await db(TABLE).select(...COLUMNS);
  return rows.map(presentKategorie).sort((a, b) => collator.compare(a.name, b.name) || a.id - b.id);
}

/**
 * Every category by id, for modules that show a category beside their own rows: one query instead
 * of a join into this module's table (there are a handful of categories).
 */
export async function abstellplatzKategorienById(db: Db): Promise<Map<number, AbstellplatzKategorie>> {
  const rows = await db(TABLE).select(...COLUMNS);
  return new Map(rows.map((r) => [Number(r.id), presentKategorie(r)]));
}

export async function getAbstellplatzKategorie(db: Db, id: number): Promise<AbstellplatzKategorie> {
  const row = await db(TABLE)
    .where({ id })
    .first(...COLUMNS);
  if (!row) throw notFound(NOT_FOUND);
  return presentKategorie(row);
}

/** SQLite and MySQL report a unique violation differently; plain knex wraps neither. */
/** Creates (id 0 or absent) or updates a category; names are unique regardless of case. */
export async function saveAbstellplatzKategorie(db: Db, actor: Actor, input: unknown): Promise<AbstellplatzKategorie> {
  return inTransaction(db, (trx) => saveAbstellplatzKategorieInTransaction(trx, actor, input));
}

async function saveAbstellplatzKategorieInTransaction(
  db: Db,
  actor: Actor,
  input: unknown,
): Promise<AbstellplatzKategorie> {
  const data = parseInput(abstellplatzKategorieBody, input);
  const id = data.id ?? 0;
  if (id) {
    await claimVersion(db, {
      table: TABLE,
      id,
      expected: data.version,
      entityType: KATEGORIE_HISTORY_TYPE,
      label: 'Die Abstellplatz-Kategorie',
      notFound: NOT_FOUND,
    });
  }
  const before = id ? await getAbstellplatzKategorie(db, id) : undefined;
  const names = await db(TABLE).select('id', 'name');
  const clash = names.find((r) => Number(r.id) !== id && sameName(r.name, data.name));
  if (clash) throw validationFailed({ name: [`Eine Kategorie „${clash.name}“ gibt es bereits.`] });
  const values = {
    name: data.name,
    jahresgebuehr_cent: data.jahresgebuehrCent,
    aktiv: data.aktiv,
    updated_at: nowDb(),
  };
  let savedId = id;
  try {
    if (before) await db(TABLE).where({ id }).update(values);
    else {
      const [newId] = await db(TABLE).insert({ ...values, created_at: values.updated_at });
      savedId = Number(newId);
    }
  } catch (err) {
    // MySQL's collation also treats "Anhanger" and "Anhänger" as the same name.
    if (isUniqueViolation(err)) {
      throw conflict(
        'Eine Kategorie mit diesem oder einem sehr ähnlichen Namen gibt es bereits.',
        undefined,
        'duplicate',
      );
    }
    throw err;
  }
  const after = await getAbstellplatzKategorie(db, savedId);
  await recordHistory(db, actor, {
    entityType: KATEGORIE_HISTORY_TYPE,
    entityId: savedId,
    action: before ? 'update' : 'create',
    before: withoutVersion(before),
    after: withoutVersion(after),
  });
  return after;
}

/**
 * A category from a Stammdaten workbook (ExportAll → Import): the category with the same name is
 * kept, otherwise the row is inserted (under its own id when free). Answers its id here.
 */
export const importAbstellplatzKategorie = (db: Db, row: Record<string, unknown>): Promise<number> =>
  matchOrInsert(db, TABLE, 'name', row);

/** How many records of another module use a category (Stammdaten: its Abstellplätze). */
export type KategorieUsage = (db: Db, kategorieId: number) => Promise<number>;
const usages: KategorieUsage[] = [];

/**
 * A module whose records point at a category registers how to count them (Stammdaten does, in its
 * manifest): this module may not read that module's tables, and may not import it either, since
 * that module already depends on this one.
 */
export function registerKategorieUsage(count: KategorieUsage): void {
  if (!usages.includes(count)) usages.push(count);
}

/** Deletes a category nobody uses; a used one answers 409 with the number of its uses. */
export async function deleteAbstellplatzKategorie(db: Db, actor: Actor, id: number): Promise<void> {
  return inTransaction(db, (trx) => deleteAbstellplatzKategorieInTransaction(trx, actor, id));
}

async function deleteAbstellplatzKategorieInTransaction(db: Db, actor: Actor, id: number): Promise<void> {
  const before = await getAbstellplatzKategorie(db, id);
  {
    let n = 0;
    for (const count of usages) n += await count(db, id);
    if (n > 0) {
      throw conflict(
        `Die Kategorie „${before.name}“ ist ${n === 1 ? 'einem Abstellplatz' : `${n} Abstellplätzen`} zugeordnet und kann nicht gelöscht werden. Setzen Sie sie stattdessen auf „nicht aktiv“.`,
        undefined,
        'still_referenced',
      );
    }
  }
  await db(TABLE).where({ id }).delete();
  await recordHistory(db, actor, {
    entityType: KATEGORIE_HISTORY_TYPE,
    entityId: id,
    action: 'delete',
    before: withoutVersion(before),
  });
}
