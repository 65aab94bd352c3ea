import type { Db } from './db';

/**
 * Inserts many rows in INSERTs of 200: one round trip per chunk instead of per row, and far below
 * SQLite's (32,766) and MySQL's (65,535) placeholder limits even for wide tables.
 */
export async function insertInChunks<T extends object>(db: Db, table: string, rows: readonly T[]): Promise<void> {
  for (let i = 0; i < rows.length; i += 200) await db(table).insert(rows.slice(i, i + 200));
}
