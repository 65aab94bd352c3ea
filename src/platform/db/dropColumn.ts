import type { Knex } from 'knex';
import { dbKind } from './db';

/**
 * Drops a column on both databases. knex emulates DROP COLUMN on SQLite by copying the table, which
 * fails for a table that others reference while foreign keys are on (and migrations run in a
 * transaction, where that pragma cannot be switched off); SQLite ≥ 3.35 drops a plain column itself.
 */
export async function dropColumn(knex: Knex, table: string, column: string): Promise<void> {
  if (dbKind(knex) === 'sqlite') {
    await knex.raw('ALTER TABLE ?? DROP COLUMN ??', [table, column]);
    return;
  }
  await knex.schema.alterTable(table, (t) => {
    t.dropColumn(column);
  });
}
