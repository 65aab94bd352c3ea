import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import knex from 'knex';
import { type Config, loadConfig } from '../../src/config';
import { createDb, type Db, migrateLatest } from '../../src/platform/db/db';

export type TestDb = { db: Db; config: Config; cleanup(): Promise<void> };

/**
 * A fresh, migrated database for one test file: SQLite in a temp folder, or — when DATABASE_URL
 * names a MySQL/MariaDB server — a database of its own on that server, dropped afterwards.
 */
export async function createTestDb(env: Record<string, string> = {}): Promise<TestDb> {
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'kgv-test-'));
  const serverUrl = process.env.DATABASE_URL;
  let dbName: string | undefined;
  let databaseUrl: string | undefined;
  if (serverUrl) {
    dbName = `kgv_t_${process.pid}_${randomBytes(4).toString('hex')}`;
    const url = new URL(serverUrl);
    const admin = knex({
      client: 'mysql2',
      connection: {
        host: url.hostname,
        port: Number(url.port || 3306),
        user: decodeURIComponent(url.username),
        password: decodeURIComponent(url.password),
      },
    });
    await admin.raw(`CREATE DATABASE \`${dbName}\` CHARACTER SET utf8mb4 COLLATE utf8mb4_unicode_ci`);
    await admin.destroy();
    url.pathname = `/${dbName}`;
    databaseUrl = url.toString();
  }
  const config = loadConfig({
    DATA_DIR: dataDir,
    LOG_LEVEL: process.env.TEST_LOG_LEVEL ?? 'silent',
    SESSION_SECRET: 'test-secret-test-secret-test-secret-123',
    ...(databaseUrl ? { DATABASE_URL: databaseUrl } : {}),
    ...env,
  });
  const db = createDb(config);
  await migrateLatest(db);
  return {
    db,
    config,
    async cleanup() {
      if (dbName) await db.raw(`DROP DATABASE \`${dbName}\``);
      await db.destroy();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}
