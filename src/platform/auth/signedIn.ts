import { changeStamp, stampMaxAgeMs } from '../db/changes';
import type { Db } from '../db/db';
import { loadPrincipal, type Principal } from './principal';
import { findSession, TOUCH_AFTER_MS } from './sessions';
import type { SessionRow } from './tables';

/** Everything a session and its principal are read from: a change of any of them drops what is kept. */
const AUTH_TABLES = ['sessions', 'users', 'user_roles', 'roles', 'role_rights'] as const;
/** Sessions kept at once; a club has a few dozen users, more only under attack with random cookies. */
const MAX_ENTRIES = 500;

export type SignedIn = { session: SessionRow; principal: Principal | undefined };
type MaybePromise<T> = T | Promise<T>;
type Entry = { stamp: number; at: number; usableUntil: number; signedIn: SignedIn };
const caches = new WeakMap<object, Map<string, Entry>>();

const ms = (dbDateTime: string) => Date.parse(`${dbDateTime.replace(' ', 'T')}Z`);

/**
 * The live session of a cookie token with its user (undefined principal: the user is gone or
 * inactive). Every API request asks this; reading the session, the user and the rights took three
 * queries each time, so the result is kept until one of their tables changes (platform/db/changes:
 * sign-out, a role or right change, a deactivated user — in this process or, on SQLite, another),
 * until the session's idle timeout, and no longer than its next last-seen update is due, which
 * findSession then writes as before.
 */
export function findSignedIn(db: Db, token: string): MaybePromise<SignedIn | undefined> {
  let cache = caches.get(db);
  if (!cache) {
    cache = new Map();
    caches.set(db, cache);
  }
  // The token itself as the key (memory only): hashing it first cost more than the rest of a hit.
  const before = changeStamp(db, AUTH_TABLES);
  const hit = cache.get(token);
  const now = Date.now();
  const maxAge = stampMaxAgeMs(db);
  if (hit && before === hit.stamp && now < hit.usableUntil && (maxAge === undefined || now - hit.at < maxAge)) {
    // No promise on a hit: this runs on every API request.
    return hit.signedIn;
  }
  cache.delete(token);
  return readSignedIn(db, cache, token, before, now);
}

async function readSignedIn(
  db: Db,
  cache: Map<string, Entry>,
  token: string,
  before: number | undefined,
  now: number,
): Promise<SignedIn | undefined> {
  const session = await findSession(db, token);
  const principal = session ? await loadPrincipal(db, session.user_id) : undefined;
  if (session && principal && before !== undefined && changeStamp(db, AUTH_TABLES) === before) {
    const usableUntil = Math.min(ms(session.expires_at), ms(session.last_seen_at) + TOUCH_AFTER_MS);
    cache.set(token, { stamp: before, at: now, usableUntil, signedIn: { session, principal } });
    if (cache.size > MAX_ENTRIES) cache.delete(cache.keys().next().value as string);
  }
  return session ? { session, principal } : undefined;
}
