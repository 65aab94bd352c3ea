import type { Actor } from '../auth/principal';
import { type Db, nowDb, toIso } from '../db/db';
import { insertInChunks } from '../db/insertInChunks';

export type HistoryAction = 'create' | 'update' | 'delete' | string;

export type HistoryEntry = {
  id: number;
  entityType: string;
  entityId: string;
  action: HistoryAction;
  userId: number | null;
  userName: string;
  at: string;
  before: unknown;
  after: unknown;
  /** Field names whose value differs between before and after. */
  changed: string[];
};

/**
 * Records who changed what. Call it with the same transaction as the change itself, so a change
 * and its history entry are written together or not at all.
 */
export async function recordHistory(
  db: Db,
  actor: Actor,
  entry: { entityType: string; entityId: string | number; action: HistoryAction; before?: unknown; after?: unknown },
): Promise<void> {
  await db('history').insert({
    entity_type: entry.entityType,
    entity_id: String(entry.entityId),
    action: entry.action,
    user_id: actor.userId,
    user_name: actor.name,
    at: nowDb(),
    before: entry.before === undefined ? null : JSON.stringify(entry.before),
    after: entry.after === undefined ? null : JSON.stringify(entry.after),
  });
}

/**
 * Many entries at once (an import of 2,000 readings): the same rows as recordHistory, written in
 * chunks, so a bulk change does not pay one round trip per entry.
 */
export async function recordHistoryMany(
  db: Db,
  actor: Actor,
  entries: {
    entityType: string;
    entityId: string | number;
    action: HistoryAction;
    before?: unknown;
    after?: unknown;
  }[],
): Promise<void> {
  const at = nowDb();
  const rows = entries.map((entry) => ({
    entity_type: entry.entityType,
    entity_id: String(entry.entityId),
    action: entry.action,
    user_id: actor.userId,
    user_name: actor.name,
    at,
    before: entry.before === undefined ? null : JSON.stringify(entry.before),
    after: entry.after === undefined ? null : JSON.stringify(entry.after),
  }));
  await insertInChunks(db, 'history', rows);
}

function changedFields(before: unknown, after: unknown): string[] {
  if (typeof before !== 'object' || typeof after !== 'object' || !before || !after) return [];
  const a = before as Record<string, unknown>;
  const b = after as Record<string, unknown>;
  const keys = new Set([...Object.keys(a), ...Object.keys(b)]);
  return [...keys].filter((k) => JSON.stringify(a[k]) !== JSON.stringify(b[k])).sort();
}

const parse = (text: string | null): unknown => (text == null ? null : JSON.parse(text));

/** The history of one entity, newest first. */
export async function getHistory(db: Db, entityType: string, entityId: string | number): Promise<HistoryEntry[]> {
  const rows = await db('history')
    .where({ entity_type: entityType, entity_id: String(entityId) })
    .orderBy('id', 'desc');
  return rows.map((r) => {
    const before = parse(r.before);
    const after = parse(r.after);
    return {
      id: Number(r.id),
      entityType: r.entity_type,
      entityId: r.entity_id,
      action: r.action,
      userId: r.user_id,
      userName: r.user_name,
      at: toIso(r.at) ?? '',
      before,
      after,
      changed: changedFields(before, after),
    };
  });
}
