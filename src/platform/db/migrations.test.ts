import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDb, type TestDb } from '../../../tests/helpers/testDb';
import { dbKind, migrateLatest, migrateRollback } from './db';

let t: TestDb;
beforeAll(async () => {
  t = await createTestDb();
});
afterAll(async () => {
  await t.cleanup();
});

type ForeignKey = { table: string; column: string };

/** Every foreign-key column of the schema, read from the database itself. */
async function foreignKeys(): Promise<ForeignKey[]> {
  if (dbKind(t.db) === 'sqlite') {
    const tables = (await t.db.raw(
      "SELECT name FROM sqlite_master WHERE type = 'table' AND name NOT LIKE 'sqlite_%' AND name NOT LIKE 'knex_%'",
    )) as { name: string }[];
    const out: ForeignKey[] = [];
    for (const { name } of tables) {
      const fks = (await t.db.raw('PRAGMA foreign_key_list(??)', [name])) as { from: string }[];
      for (const fk of fks) out.push({ table: name, column: fk.from });
    }
    return out;
  }
  const [rows] = (await t.db.raw(
    `SELECT table_name AS \`table\`, column_name AS \`column\` FROM information_schema.key_column_usage
      WHERE table_schema = DATABASE() AND referenced_table_name IS NOT NULL`,
  )) as [ForeignKey[]];
  return rows;
}

async function indexLeaders(table: string): Promise<string[]> {
  if (dbKind(t.db) === 'sqlite') {
    // A single-column primary key is the rowid itself: no entry in index_list, yet an index.
    const pk = ((await t.db.raw('PRAGMA table_info(??)', [table])) as { name: string; pk: number }[]).filter(
      (c) => c.pk,
    );
    const out: string[] = pk.length === 1 ? pk.map((c) => c.name) : [];
    for (const { name } of (await t.db.raw('PRAGMA index_list(??)', [table])) as { name: string }[]) {
      const cols = (await t.db.raw('PRAGMA index_info(??)', [name])) as { seqno: number; name: string }[];
      out.push(...cols.filter((c) => c.seqno === 0).map((c) => c.name));
    }
    return out;
  }
  const [rows] = (await t.db.raw(
    `SELECT column_name AS name FROM information_schema.statistics
      WHERE table_schema = DATABASE() AND table_name = ? AND seq_in_index = 1`,
    [table],
  )) as [{ name: string }[]];
  return rows.map((r) => r.name);
}

async function historyColumnType(column: string): Promise<string> {
  const [rows] = (await t.db.raw(
    `SELECT data_type AS type FROM information_schema.columns
      WHERE table_schema = DATABASE() AND table_name = 'history' AND column_name = ?`,
    [column],
  )) as [{ type: string }[]];
  return String(rows[0]?.type).toLowerCase();
}

describe('migrations', () => {
  it('give every foreign-key column an index that starts with it', async () => {
    const fks = await foreignKeys();
    expect(fks).toContainEqual({ table: 'parzellen', column: 'gruppe_id' });
    const missing: string[] = [];
    for (const fk of fks) {
      if (!(await indexLeaders(fk.table)).includes(fk.column)) missing.push(`${fk.table}.${fk.column}`);
    }
    expect(missing).toEqual([]);
  });

  it.runIf(Boolean(process.env.DATABASE_URL))('store history before/after as LONGTEXT on MySQL', async () => {
    expect(await historyColumnType('before')).toBe('longtext');
    expect(await historyColumnType('after')).toBe('longtext');
  });

  it('roll back completely (every down step) and forward again', async () => {
    expect((await migrateRollback(t.db, true)).length).toBeGreaterThan(0);
    await migrateLatest(t.db);
    const fks = await foreignKeys();
    for (const fk of fks) expect(await indexLeaders(fk.table)).toContain(fk.column);
  });
});
