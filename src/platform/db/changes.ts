import type { Knex } from 'knex';

// Which tables changed, so that answers computed from them can be kept until they do
// (answerCache.ts, the signed-in session cache in platform/auth). Every statement of this process
// goes through knex's `query` event: a write names its table (or, when it cannot be told, counts as
// a change of everything). A write counts twice: when it is sent, and when its connection goes back
// to the pool, which for a transaction is after COMMIT or ROLLBACK. In between its tables are
// "pending": nothing read from them is kept, because another connection (MySQL) may still see the
// old rows. Writes of other processes (the CLI on the same SQLite file) show in SQLite's
// `PRAGMA data_version`; MySQL has no such counter, so there kept answers expire after a short time.

type Connection = { __knexUid?: string };
type ReleasingClient = { releaseConnection(conn: Connection): Promise<unknown> };

type Tracker = {
  /** Counts every change; a change stores the new count below, so a later one is always higher. */
  seq: number;
  /** Per table name (lower case): the count at its last change; tables never written are absent. */
  versions: Map<string, number>;
  /** The count at the last write whose tables cannot be told, or change made by another connection. */
  everything: number;
  /** Tables written on a connection that has not gone back to the pool yet ('*': unknown tables). */
  pending: Map<string, Set<string>>;
  /** SQLite: the data_version of our connection, which changes when another connection commits. */
  externalVersion?: () => number;
  lastExternal?: number;
  externalCheckedAt: number;
  /** How long a kept answer may be used without knowing about other processes' writes (MySQL). */
  maxAgeMs: number | undefined;
};

const trackers = new WeakMap<object, Tracker>();
const ALL = '*';
/** MySQL: writes of another process (CLI) are seen after at most this long. */
export const UNTRACKED_MAX_AGE_MS = 2000;
/** SQLite: other connections' commits are looked for at most this often. */
const EXTERNAL_CHECK_MS = 1;

const WRITE = /^\s*(?:insert|replace|update|delete|create|alter|drop|truncate|rename)\b/i;
// knex writes one table per statement: `insert into \`t\``, `update \`t\` set`, `delete from \`t\``.
const ONE_TABLE =
  /^\s*(?:insert\s+(?:or\s+\w+\s+)?into|replace\s+into|update(?:\s+or\s+\w+)?|delete\s+from)\s+[`"[]?(\w+)[`"\]]?(?:\s+as\s+[`"]?\w+[`"]?)?\s/i;

/** The tables a statement writes: none for a read, `*` when it writes but its tables cannot be told. */
export function writtenTables(sql: string): string[] {
  if (!WRITE.test(sql)) {
    return /^\s*with\b/i.test(sql) && /\b(?:insert|update|delete|replace)\b/i.test(sql) ? [ALL] : [];
  }
  const one = ONE_TABLE.exec(sql);
  if (!one?.[1] || /\bjoin\b/i.test(sql)) return [ALL];
  return [one[1].toLowerCase()];
}

/**
 * Starts tracking the writes of `db` (createDb does this). `sqliteConnection` hands over the raw
 * better-sqlite3 connection when the pool opens it, so other processes' commits can be seen.
 */
export function trackChanges(db: Knex, opts: { sqlite: boolean }): { sqliteConnection(conn: unknown): void } {
  const tracker: Tracker = {
    seq: 0,
    versions: new Map(),
    everything: 0,
    pending: new Map(),
    externalCheckedAt: Number.NEGATIVE_INFINITY,
    maxAgeMs: opts.sqlite ? undefined : UNTRACKED_MAX_AGE_MS,
  };
  trackers.set(db, tracker);
  const bump = (tables: Iterable<string>) => {
    for (const t of tables) {
      tracker.seq++;
      if (t === ALL) tracker.everything = tracker.seq;
      else tracker.versions.set(t, tracker.seq);
    }
  };
  db.on('query', (q: { sql?: string; __knexUid?: string }) => {
    if (!q.sql) return;
    const tables = writtenTables(q.sql);
    if (!tables.length) return;
    bump(tables);
    const uid = q.__knexUid ?? ALL;
    const set = tracker.pending.get(uid) ?? new Set<string>();
    for (const t of tables) set.add(t);
    tracker.pending.set(uid, set);
  });
  // A connection goes back to the pool after its statement, or after COMMIT/ROLLBACK of its
  // transaction: only then are its writes visible to every other connection.
  const client = db.client as unknown as ReleasingClient;
  const release = client.releaseConnection.bind(client);
  client.releaseConnection = (conn: Connection) => {
    const set = tracker.pending.get(conn?.__knexUid ?? ALL);
    if (set) {
      tracker.pending.delete(conn?.__knexUid ?? ALL);
      bump(set);
    }
    return release(conn);
  };
  return {
    sqliteConnection(conn) {
      const stmt = (conn as { prepare(sql: string): { pluck(): { get(): unknown } } })
        .prepare('PRAGMA data_version')
        .pluck();
      tracker.externalVersion = () => Number(stmt.get());
      // A new connection has its own counter: count it as a change.
      tracker.everything = ++tracker.seq;
      tracker.lastExternal = undefined;
      tracker.externalCheckedAt = Number.NEGATIVE_INFINITY;
    },
  };
}

/**
 * A stamp of the current state of `tables`: equal stamps mean none of them changed in between.
 * Undefined when the state cannot be known: `db` is a transaction or untracked, or one of the
 * tables is being written right now.
 */
export function changeStamp(db: Knex, tables: readonly string[]): number | undefined {
  const tracker = trackers.get(db);
  if (!tracker) return undefined;
  if (tracker.externalVersion && performance.now() - tracker.externalCheckedAt >= EXTERNAL_CHECK_MS) {
    // At most once a millisecond: under load the pragma itself was a noticeable part of a request.
    tracker.externalCheckedAt = performance.now();
    const now = tracker.externalVersion();
    if (tracker.lastExternal !== undefined && now !== tracker.lastExternal) tracker.everything = ++tracker.seq;
    tracker.lastExternal = now;
  }
  for (const set of tracker.pending.values()) {
    if (set.has(ALL) || tables.some((t) => set.has(t))) return undefined;
  }
  // The count at the latest change of any of the tables: it grows exactly when one of them changes.
  let stamp = tracker.everything;
  for (const t of tables) stamp = Math.max(stamp, tracker.versions.get(t) ?? 0);
  return stamp;
}

/** How long something kept under a stamp may be used (MySQL: other processes' writes are not seen). */
export function stampMaxAgeMs(db: Knex): number | undefined {
  return trackers.get(db)?.maxAgeMs;
}
