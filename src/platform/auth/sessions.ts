import { createHash, randomBytes } from 'node:crypto';
import type { Db } from '../db/db';
import { nowDb } from '../db/db';
import type { SessionRow, SessionState } from './tables';

export type { SessionRow, SessionState } from './tables';

export const SESSION_IDLE_MINUTES = 60;
/** "Angemeldet bleiben": the session survives 30 days without use instead of 60 minutes. */
export const REMEMBER_DAYS = 30;
/** Writing last_seen_at on every request would make every GET a write; once a minute is enough. */
export const TOUCH_AFTER_MS = 60_000;

const hashToken = (token: string) => createHash('sha256').update(token).digest('hex');
const expiry = (from: Date, remember: boolean) =>
  nowDb(new Date(from.getTime() + (remember ? REMEMBER_DAYS * 1440 : SESSION_IDLE_MINUTES) * 60_000));

export async function createSession(
  db: Db,
  userId: number,
  opts: { state?: SessionState; remember?: boolean; ip?: string; userAgent?: string } = {},
): Promise<{ token: string; id: string }> {
  const token = randomBytes(32).toString('base64url');
  const id = hashToken(token);
  const now = new Date();
  await db('sessions').insert({
    id,
    user_id: userId,
    state: opts.state ?? 'active',
    remember: opts.remember ?? false,
    ip: opts.ip?.slice(0, 64) ?? null,
    user_agent: opts.userAgent?.slice(0, 300) ?? null,
    created_at: nowDb(now),
    last_seen_at: nowDb(now),
    expires_at: expiry(now, opts.remember ?? false),
  });
  return { token, id };
}

/** The live session for a cookie token, extended by the idle timeout; expired ones are removed. */
export async function findSession(db: Db, token: string): Promise<SessionRow | undefined> {
  const id = hashToken(token);
  const row = await db('sessions').where({ id }).first();
  if (!row) return undefined;
  const now = new Date();
  if (row.expires_at <= nowDb(now)) {
    await db('sessions').where({ id }).delete();
    return undefined;
  }
  if (now.getTime() - Date.parse(`${row.last_seen_at.replace(' ', 'T')}Z`) > TOUCH_AFTER_MS) {
    await db('sessions')
      .where({ id })
      .update({ last_seen_at: nowDb(now), expires_at: expiry(now, Boolean(row.remember)) });
  }
  return row;
}

export async function destroySession(db: Db, id: string): Promise<void> {
  await db('sessions').where({ id }).delete();
}

/** Ends every session of a user (password change, deactivation), optionally keeping one. */
export async function destroyUserSessions(db: Db, userId: number, exceptId?: string): Promise<number> {
  const q = db('sessions').where({ user_id: userId });
  if (exceptId) q.whereNot({ id: exceptId });
  return q.delete();
}

export async function purgeExpiredSessions(db: Db): Promise<number> {
  return db('sessions').where('expires_at', '<=', nowDb()).delete();
}
