import { AppError, notFound } from '../errors';
import type { Db } from './db';

/**
 * Optimistic locking for "read, edit in a dialog, save" records (security review, issue 9: saves
 * overwrote whole rows, so of two board members saving the same record the first one's change was
 * lost without a word). Every updatable row carries an integer `version` (starts at 1); a save
 * sends the version it read and `claimVersion` bumps it in the save's transaction.
 */
export type ClaimVersionOptions = {
  /** The table holding the `version` column. */
  table: string;
  /** The row's key value. */
  id: number | string;
  /** The key column; `id` unless the table is keyed otherwise (e.g. `pachtabrechnung_id`). */
  idColumn?: string;
  /**
   * The version the caller read. `undefined` or `null`: the caller sent none (older API scripts);
   * then nothing is checked, last write wins as before, but the version still goes up so that
   * dialogs open elsewhere notice the change.
   */
  expected?: number | null;
  /** `history.entity_type` of the record, to name who saved last. */
  entityType: string;
  /** `history.entity_id`, when it is not `id` (an assignment row whose history is on its Abstellplatz). */
  entityId?: number | string;
  /** The sentence's subject, e.g. „Die Adresse „Huber Maria““; default „Der Datensatz“. */
  label?: string;
  /** When given: no row with that key answers 404 with this sentence instead of returning null. */
  notFound?: string;
};

/** 409 `version_conflict`; `currentVersion` is the row's version now (for clients that want it). */
export class VersionConflictError extends AppError {
  constructor(
    title: string,
    readonly currentVersion: number,
  ) {
    super(409, VERSION_CONFLICT, title);
    this.name = 'VersionConflictError';
  }

  /** Extra problem fields, for the HTTP layer to merge into the problem details. */
  override get extra(): { currentVersion: number } {
    return { currentVersion: this.currentVersion };
  }
}

export const VERSION_CONFLICT = 'version_conflict';

const whenFormat = new Intl.DateTimeFormat('de-AT', {
  timeZone: 'Europe/Vienna',
  day: '2-digit',
  month: '2-digit',
  year: 'numeric',
  hour: '2-digit',
  minute: '2-digit',
});

/** „von Maria Muster (24.11.2026, 14:03)“ from the newest history row, else „von jemand anderem“. */
async function lastEditor(trx: Db, entityType: string, entityId: string): Promise<string> {
  // A locking read on MySQL/MariaDB: a plain SELECT would read the transaction's snapshot, which
  // may predate the other save's commit and so name the editor before it.
  const row = await trx('history')
    .where({ entity_type: entityType, entity_id: entityId })
    .orderBy('id', 'desc')
    .forShare()
    .first('user_name', 'at');
  if (!row?.user_name) return 'von jemand anderem';
  const at = typeof row.at === 'string' ? new Date(`${row.at.replace(' ', 'T').slice(0, 19)}Z`) : new Date(row.at);
  return Number.isNaN(at.getTime()) ? `von ${row.user_name}` : `von ${row.user_name} (${whenFormat.format(at)})`;
}

/**
 * Run it as the FIRST write of the save's transaction, before reading the record's "before" state:
 * `UPDATE <table> SET version = version + 1 WHERE <idColumn> = ? [AND version = expected]`.
 * On MySQL/MariaDB the UPDATE row-locks, so a concurrent save of the same row waits here until the
 * first one commits and then finds the version changed; SQLite serialises writers anyway.
 *
 * Returns the new version, or `null` when no row has that key (the caller creates it; with
 * `notFound` the helper answers 404 itself). Throws `VersionConflictError` (409, code `version_conflict`, a German sentence naming who
 * saved last and when) when the row exists but its version is no longer `expected`.
 */
export async function claimVersion(trx: Db, options: ClaimVersionOptions): Promise<number | null> {
  const idColumn = options.idColumn ?? 'id';
  const query = trx(options.table)
    .where(idColumn, options.id)
    .update({ version: trx.raw('version + 1') });
  if (options.expected != null) query.andWhere('version', options.expected);
  const changed = Number(await query);
  // forUpdate: a current read on MySQL (not the snapshot), so the version is the one just committed.
  const row = await trx(options.table).where(idColumn, options.id).forUpdate().first('version');
  if (!row) {
    if (options.notFound !== undefined) throw notFound(options.notFound);
    return null;
  }
  const current = Number(row.version);
  if (changed > 0) return current;
  const who = await lastEditor(trx, options.entityType, String(options.entityId ?? options.id));
  throw new VersionConflictError(
    `${options.label ?? 'Der Datensatz'} wurde inzwischen ${who} geändert. Bitte laden Sie die Daten neu.`,
    current,
  );
}

/**
 * For rows that are created on their first save (a settings section, a year's parking card info):
 * the version a reader sees when the row does not exist yet is 1, so the first save may send 1.
 */
export const INITIAL_VERSION = 1;

/** A record as the history notes it: without `version`, which changes on every save. */
export function withoutVersion<T extends object | undefined>(record: T): T extends object ? Omit<T, 'version'> : T {
  if (!record) return record as never;
  const { version: _version, ...rest } = record as T & { version?: unknown };
  return rest as never;
}
