import type { Db } from './db';

/**
 * Imports one row of a table with a natural key (a year's Jahr, a category's Name) and answers the
 * id it has in this database: a row with the same key is kept as it is; otherwise the row is
 * inserted under its own id, or under a new one when that id belongs to another row already.
 * Used by the module that owns the table, so that an import of another module need not write it.
 */
export async function matchOrInsert(db: Db, table: string, key: string, row: Record<string, unknown>): Promise<number> {
  const existing = await db(table)
    .where(key, row[key] as string | number)
    .first('id');
  if (existing) return Number(existing.id);
  const taken = await db(table).where({ id: row.id }).first('id');
  const { id: _old, ...withoutId } = row;
  const [id] = await db(table).insert(taken ? withoutId : row);
  return taken ? Number(id) : Number(row.id);
}
