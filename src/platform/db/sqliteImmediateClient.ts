import { createRequire } from 'node:module';
import type { Knex } from 'knex';

// Knex's SQLite transactions start with a plain `BEGIN;`, which is DEFERRED: the write lock is only
// asked for at the first write inside the transaction. When another process (e.g. `kgv import
// stammdaten`) holds the lock then, SQLite answers SQLITE_BUSY at once instead of waiting for
// busy_timeout, because waiting could deadlock a reader that wants to become a writer. Starting every
// transaction with BEGIN IMMEDIATE takes the write lock up front, where busy_timeout does apply.
// (In this process all queries share one connection, so taking the lock early costs nothing.)
//
// Knex offers no option for this; subclassing its better-sqlite3 client and SQLite transaction is
// the documented way to customise a dialect (`client` accepts a Client class). The internals are
// CommonJS modules without types, hence createRequire and the narrow types below.

const require = createRequire(import.meta.url);

type TransactionInstance = { query(conn: unknown, sql: string): Promise<unknown> };
type TransactionClass = new (...args: unknown[]) => TransactionInstance;
type ClientClass = new (config: Knex.Config) => { transaction(...args: unknown[]): unknown };

const BetterSqlite3Client = require('knex/lib/dialects/better-sqlite3/index.js') as ClientClass;
const SqliteTransaction = require('knex/lib/dialects/sqlite3/execution/sqlite-transaction.js') as TransactionClass;

class ImmediateTransaction extends SqliteTransaction {
  /** Only the outermost transaction begins; nested ones are savepoints and never come here. */
  begin(conn: unknown): Promise<unknown> {
    return this.query(conn, 'BEGIN IMMEDIATE;');
  }
}

class ImmediateBetterSqlite3Client extends BetterSqlite3Client {
  override transaction(...args: unknown[]): unknown {
    return new ImmediateTransaction(this, ...args);
  }
}

/** The better-sqlite3 client of knex whose transactions begin IMMEDIATE; use as `client` in the knex config. */
export const SqliteImmediateClient = ImmediateBetterSqlite3Client as unknown as typeof Knex.Client;
