import type { Db } from './db';

/**
 * Locks one row until the transaction ends (SELECT … FOR UPDATE on MySQL/MariaDB), so two board
 * members changing the same plot or parking space at once are served one after the other and the
 * second one sees the first one's result. SQLite needs nothing: it writes with one connection and
 * knex leaves the clause out there. Where the row is read anyway, add `.forUpdate()` to that read.
 */
export async function lockRow(db: Db, table: string, id: number): Promise<void> {
  await db(table).where({ id }).forUpdate().first('id');
}
