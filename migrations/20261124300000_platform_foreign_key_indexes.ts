import type { Knex } from 'knex';
import { dbKind } from '../src/platform/db/db';

// Issue 10:
// - an index on every foreign-key column, so deleting or looking up a parent does not scan the
//   child table. MySQL/MariaDB made one implicitly with each foreign key, SQLite does not: an index
//   is created only where no index starts with the column, so MySQL gets no duplicates;
// - history.before/after as LONGTEXT on MySQL (TEXT holds 64 KB), so a large change fits. SQLite's
//   TEXT has no such limit.

/** Foreign-key columns that no index led with when this migration was written. */
const FOREIGN_KEYS: [table: string, column: string][] = [
  ['settings', 'updated_by'],
  ['files', 'created_by'],
  ['user_roles', 'role_id'],
  ['parzellen', 'gruppe_id'],
  ['parzellen', 'hauptwasserzaehler_id'],
  ['parzelle_jahr', 'pachtabrechnung_id'],
  ['weitere_personen', 'adresse_id'],
  ['abstellplaetze', 'kategorie_id'],
];

const indexName = (table: string, column: string) => `${table}_${column}_index`;

/** Whether some index of `table` (the primary key included) has `column` as its first column. */
async function hasIndexLedBy(knex: Knex, table: string, column: string): Promise<boolean> {
  if (dbKind(knex) === 'sqlite') {
    const indexes = (await knex.raw('PRAGMA index_list(??)', [table])) as { name: string }[];
    for (const { name } of indexes) {
      const cols = (await knex.raw('PRAGMA index_info(??)', [name])) as { seqno: number; name: string }[];
      if (cols.some((c) => c.seqno === 0 && c.name === column)) return true;
    }
    return false;
  }
  const [rows] = (await knex.raw(
    `SELECT 1 FROM information_schema.statistics
      WHERE table_schema = DATABASE() AND table_name = ? AND column_name = ? AND seq_in_index = 1 LIMIT 1`,
    [table, column],
  )) as [unknown[]];
  return rows.length > 0;
}

async function hasIndexNamed(knex: Knex, table: string, name: string): Promise<boolean> {
  if (dbKind(knex) === 'sqlite') {
    const indexes = (await knex.raw('PRAGMA index_list(??)', [table])) as { name: string }[];
    return indexes.some((i) => i.name === name);
  }
  const [rows] = (await knex.raw(
    `SELECT 1 FROM information_schema.statistics
      WHERE table_schema = DATABASE() AND table_name = ? AND index_name = ? LIMIT 1`,
    [table, name],
  )) as [unknown[]];
  return rows.length > 0;
}

export async function up(knex: Knex): Promise<void> {
  for (const [table, column] of FOREIGN_KEYS) {
    if (await hasIndexLedBy(knex, table, column)) continue;
    await knex.schema.alterTable(table, (t) => {
      t.index([column], indexName(table, column));
    });
  }
  if (dbKind(knex) === 'mysql') {
    await knex.schema.alterTable('history', (t) => {
      t.text('before', 'longtext').nullable().alter();
      t.text('after', 'longtext').nullable().alter();
    });
  }
}

export async function down(knex: Knex): Promise<void> {
  if (dbKind(knex) === 'mysql') {
    await knex.schema.alterTable('history', (t) => {
      t.text('before').nullable().alter();
      t.text('after').nullable().alter();
    });
  }
  for (const [table, column] of [...FOREIGN_KEYS].reverse()) {
    // Only the indexes this migration made; on MySQL the foreign keys' own indexes stay.
    if (!(await hasIndexNamed(knex, table, indexName(table, column)))) continue;
    await knex.schema.alterTable(table, (t) => {
      t.dropIndex([column], indexName(table, column));
    });
  }
}
