import type { Knex } from 'knex';
import { z } from 'zod';
import { verifyPassword } from '../../../platform/auth/passwords';
import { type Db, nowDb } from '../../../platform/db/db';
import { LoginResult, type LoginResultCode } from '../schema';
import { rehashIfOutdated } from './passwords';

export const MAX_FAILED_LOGINS = 5;
export const LOCKOUT_MINUTES = 15;

export type LoginOutcome = { result: LoginResultCode; userId?: number };

const lockEnd = () => nowDb(new Date(Date.now() + LOCKOUT_MINUTES * 60_000));
const notLocked = (now: string) => (q: Knex.QueryBuilder) =>
  q.whereNull('locked_until').orWhere('locked_until', '<=', now);

/** The e-mail as the throttle keys it: what was typed, trimmed and in lower case, known or not. */
const throttleEmail = (email: string) => email.trim().toLowerCase().slice(0, 254);
const throttleClient = (client: string) => (client || 'unbekannt').slice(0, 64);

/**
 * Counts this attempt before the password is checked, atomically: of many parallel guesses only
 * the first five get to the (slow) hash check, the rest see the count and answer LockedOut.
 * Answers false when the pair is locked or five attempts are already counted.
 */
async function claimAttempt(db: Db, email: string, client: string): Promise<boolean> {
  const now = nowDb();
  await db('login_throttle')
    .insert({ email, client, failures: 0, updated_at: now })
    .onConflict(['email', 'client'])
    .ignore();
  const claimed = await db('login_throttle')
    .where({ email, client })
    .andWhere('failures', '<', MAX_FAILED_LOGINS)
    .andWhere(notLocked(now))
    .update({ failures: db.raw('failures + 1'), updated_at: now });
  return claimed === 1;
}

/** After a wrong password: the fifth counted attempt locks the pair; true when it is locked now. */
async function lockWhenExhausted(db: Db, email: string, client: string): Promise<boolean> {
  const now = nowDb();
  await db('login_throttle')
    .where({ email, client })
    .andWhere('failures', '>=', MAX_FAILED_LOGINS)
    .andWhere(notLocked(now))
    .update({ failures: 0, locked_until: lockEnd(), updated_at: now });
  const row = await db('login_throttle').where({ email, client }).first('locked_until');
  return Boolean(row?.locked_until && row.locked_until > now);
}

/**
 * Checks e-mail and password for one client address. An unknown e-mail and a wrong password answer
 * alike (-1) and take the same time; the fifth wrong password in a row from one client locks that
 * e-mail for that client for 15 minutes (LockedOut) — for unknown addresses just the same, so the
 * answer tells nothing. A right password never lifts a lock in force; the account lock after five
 * wrong second factors (users.locked_until) holds for every client.
 */
export async function checkPassword(db: Db, email: string, password: string, client: string): Promise<LoginOutcome> {
  const key = throttleEmail(email);
  const from = throttleClient(client);
  const found = await db('users').where({ email: key }).first();
  const user = found?.active ? found : undefined;
  if (!(await claimAttempt(db, key, from))) {
    // Same work as a real check, so a lock is not told apart by its speed either.
    await verifyPassword(password, null);
    return { result: LoginResult.LockedOut };
  }
  const ok = await verifyPassword(password, user ? user.password_hash : null);
  // verifyPassword is false without a user; the second test tells TypeScript so.
  if (!ok || !user) {
    return (await lockWhenExhausted(db, key, from))
      ? { result: LoginResult.LockedOut }
      : { result: LoginResult.UnknownResult };
  }
  const now = nowDb();
  const cleared = await db('login_throttle')
    .where({ email: key, client: from })
    .andWhere(notLocked(now))
    .update({ failures: 0, updated_at: now });
  const fresh = await db('users').where({ id: user.id }).first('locked_until');
  if (cleared !== 1 || (fresh?.locked_until && fresh.locked_until > now)) return { result: LoginResult.LockedOut };
  await db('users').where({ id: user.id }).update({ last_login_at: now });
  await rehashIfOutdated(db, user.id, password, user.password_hash);
  return { result: user.mfa_enabled ? LoginResult.Require2FA : LoginResult.LoggedIn, userId: user.id };
}

/**
 * Claims one second-factor attempt before the code is checked, counted on the account apart from
 * passwords (a right password does not reset it). False when the account is locked or five
 * attempts are counted: the caller answers LockedOut without checking the code.
 */
export async function claimSecondFactorAttempt(db: Db, userId: number): Promise<boolean> {
  const now = nowDb();
  const claimed = await db('users')
    .where({ id: userId })
    .andWhere('failed_logins', '<', MAX_FAILED_LOGINS)
    .andWhere(notLocked(now))
    .update({ failed_logins: db.raw('failed_logins + 1') });
  return claimed === 1;
}

/** After a wrong code: the fifth locks the account for 15 minutes; true when it is locked now. */
export async function secondFactorWrong(db: Db, userId: number): Promise<boolean> {
  const now = nowDb();
  await db('users')
    .where({ id: userId })
    .andWhere('failed_logins', '>=', MAX_FAILED_LOGINS)
    .andWhere(notLocked(now))
    .update({ failed_logins: 0, locked_until: lockEnd() });
  const row = await db('users').where({ id: userId }).first('locked_until');
  return Boolean(row?.locked_until && row.locked_until > now);
}

/** After a right code: resets the count unless a lock came into force meanwhile (then false). */
export async function secondFactorRight(db: Db, userId: number): Promise<boolean> {
  const now = nowDb();
  return (await db('users').where({ id: userId }).andWhere(notLocked(now)).update({ failed_logins: 0 })) === 1;
}

/** Lifts every lock of a user: the account lock and the per-client password locks (kgv user unlock, password reset). */
export async function unlockUser(db: Db, userId: number, email: string): Promise<void> {
  await db('users').where({ id: userId }).update({ failed_logins: 0, locked_until: null });
  await db('login_throttle')
    .where({ email: throttleEmail(email) })
    .delete();
}

/** The latest client lock per e-mail, from the aggregate below (ADR 0005). */
const lockRow = z.object({ email: z.string(), until: z.string() });

/** The latest lock in force on a user (account or any client), for the user list. */
export async function lockedUntilOf(db: Db, emails: string[]): Promise<Map<string, string>> {
  const now = nowDb();
  const rows = z
    .array(lockRow)
    .parse(
      await db('login_throttle')
        .whereIn('email', emails)
        .andWhere('locked_until', '>', now)
        .groupBy('email')
        .select('email', db.raw('max(locked_until) as until')),
    );
  return new Map(rows.map((r) => [r.email, r.until]));
}

/** Deletes counts untouched for a day whose lock is over: a count only matters for 15 minutes. */
export async function purgeLoginThrottle(db: Db): Promise<number> {
  const now = nowDb();
  const dayAgo = nowDb(new Date(Date.now() - 86_400_000));
  return db('login_throttle').where('updated_at', '<', dayAgo).andWhere(notLocked(now)).delete();
}
