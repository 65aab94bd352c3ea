import { chmodSync, closeSync, openSync } from 'node:fs';
import { readdir } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import knex, { type Knex } from 'knex';
import { Model } from 'objection';
import type { Config } from '../../config';
import { trackChanges } from './changes';
import { SqliteImmediateClient } from './sqliteImmediateClient';

export type Db = Knex;
export type DbKind = 'sqlite' | 'mysql';

const migrationsDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../../migrations');

type Migration = { up(knex: Knex): Promise<void>; down(knex: Knex): Promise<void> };

/**
 * Loads the migrations with our own `import()` instead of knex's loader: that way the TypeScript
 * files go through whatever runs this code (tsx in production, Vitest's transformer in tests),
 * while knex's own import would hit Node 20's missing .ts support.
 */
const tsMigrationSource: Knex.MigrationSource<string> = {
  async getMigrations() {
    return (await readdir(migrationsDir)).filter((f) => /^\d{14}_.+\.ts$/.test(f)).sort();
  },
  getMigrationName: (name) => name,
  async getMigration(name) {
    return (await import(pathToFileURL(path.join(migrationsDir, name)).href)) as Migration;
  },
};

/** The knex settings for SQLite in DATA_DIR or MySQL/MariaDB from DATABASE_URL. */
export function knexConfig(config: Pick<Config, 'databaseUrl' | 'dataDir'>): Knex.Config {
  const migrations: Knex.MigratorConfig = { migrationSource: tsMigrationSource, tableName: 'knex_migrations' };
  if (config.databaseUrl) {
    const url = new URL(config.databaseUrl.replace(/^mysql2:/, 'mysql:'));
    return {
      client: 'mysql2',
      connection: {
        host: url.hostname,
        port: Number(url.port || 3306),
        user: decodeURIComponent(url.username),
        password: decodeURIComponent(url.password),
        database: url.pathname.replace(/^\//, ''),
        charset: 'utf8mb4',
        // DATE and DATETIME as strings: no time-zone shifts of a calendar date.
        dateStrings: true,
        supportBigNumbers: true,
        bigNumberStrings: false,
        timezone: 'Z',
      },
      pool: { min: 0, max: 10 },
      migrations,
    };
  }
  const file = path.join(config.dataDir, 'kgv.sqlite');
  return {
    // better-sqlite3, with transactions that begin IMMEDIATE so busy_timeout covers a writer in
    // another process (sqliteImmediateClient.ts).
    client: SqliteImmediateClient,
    connection: { filename: file },
    useNullAsDefault: true,
    pool: {
      min: 1,
      max: 1,
      afterCreate(conn: { pragma(s: string): unknown }, done: (err: Error | null, conn: unknown) => void) {
        conn.pragma('journal_mode = WAL');
        // SQLite gives -wal and -shm the mode of the database file; older ones may predate that.
        restrictSqliteFiles(file, ['-wal', '-shm']);
        conn.pragma('foreign_keys = ON');
        conn.pragma('busy_timeout = 5000');
        done(null, conn);
      },
    },
    migrations,
  };
}

export function dbKind(db: Knex): DbKind {
  return db.client.config.client === 'mysql2' ? 'mysql' : 'sqlite';
}

/**
 * The SQLite file holds every member's data, password hashes and sealed secrets: readable by the
 * app's user only (0600), whatever the umask. Created empty with that mode before SQLite opens it.
 */
function restrictSqliteFiles(file: string, suffixes = ['', '-wal', '-shm']): void {
  for (const suffix of suffixes) {
    try {
      chmodSync(`${file}${suffix}`, 0o600);
    } catch {
      // Missing (no WAL yet) or owned by another user (then the operator chose its mode): not fatal.
    }
  }
}

function createSqliteFile(file: string): void {
  closeSync(openSync(file, 'a', 0o600));
  restrictSqliteFiles(file);
}

/** Opens the database and binds Objection's models to it. */
export function createDb(config: Pick<Config, 'databaseUrl' | 'dataDir'>): Db {
  if (!config.databaseUrl) createSqliteFile(path.join(config.dataDir, 'kgv.sqlite'));
  const settings = knexConfig(config);
  let onConnection: ((conn: unknown) => void) | undefined;
  const pool = settings.pool as {
    afterCreate?: (conn: unknown, done: (err: Error | null, c: unknown) => void) => void;
  };
  const afterCreate = pool?.afterCreate;
  if (afterCreate) {
    // The raw SQLite connection, for PRAGMA data_version (changes.ts: other processes' writes).
    pool.afterCreate = (conn, done) =>
      afterCreate(conn, (err, c) => {
        if (!err) onConnection?.(conn);
        done(err, c);
      });
  }
  const db = knex(settings);
  onConnection = trackChanges(db, { sqlite: !config.databaseUrl }).sqliteConnection;
  Model.knex(db);
  return db;
}

export async function migrateLatest(db: Db): Promise<string[]> {
  const [, applied] = (await db.migrate.latest()) as [number, string[]];
  return applied;
}

export async function migrateRollback(db: Db, all = false): Promise<string[]> {
  const [, rolledBack] = (await db.migrate.rollback(undefined, all)) as [number, string[]];
  return rolledBack;
}

/** Runs `fn` in a transaction, or inside the caller's one when `db` already is a transaction. */
export async function inTransaction<T>(db: Db, fn: (trx: Knex.Transaction) => Promise<T>): Promise<T> {
  if ((db as Knex.Transaction).isTransaction) return fn(db as Knex.Transaction);
  return db.transaction(fn);
}

/** Current time as stored in DATETIME columns: UTC, second precision, no zone suffix. */
export function nowDb(date = new Date()): string {
  return date.toISOString().slice(0, 19).replace('T', ' ');
}

/** A DATETIME column value (UTC) as ISO 8601 with offset for the API. */
export function toIso(value: string | Date | null | undefined): string | null {
  if (value == null) return null;
  if (value instanceof Date) return value.toISOString();
  return `${value.replace(' ', 'T').slice(0, 19)}Z`;
}
