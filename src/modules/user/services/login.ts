import { verifyPassword } from '../../../platform/auth/passwords';
import { type Db, nowDb } from '../../../platform/db/db';
import { LoginResult, type LoginResultCode } from '../schema';

export const MAX_FAILED_LOGINS = 5;
export const LOCKOUT_MINUTES = 15;

export type LoginOutcome = { result: LoginResultCode; userId?: number };

/**
 * Checks e-mail and password. An unknown e-mail and a wrong password answer alike (-1) and take the
 * same time; the fifth wrong password in a row locks the account for 15 minutes (LockedOut), and
 * while locked every attempt answers LockedOut, whatever the password.
 */
export async function checkPassword(db: Db, email: string, password: string): Promise<LoginOutcome> {
  const user = await db('users').where({ email: email.trim().toLowerCase() }).first();
  if (!user?.active) {
    await verifyPassword(password, null);
    return { result: LoginResult.UnknownResult };
  }
  const now = nowDb();
  if (user.locked_until && user.locked_until > now) return { result: LoginResult.LockedOut, userId: user.id };
  if (!(await verifyPassword(password, user.password_hash))) {
    return (await registerFailedLogin(db, user.id))
      ? { result: LoginResult.LockedOut, userId: user.id }
      : { result: LoginResult.UnknownResult };
  }
  await db('users').where({ id: user.id }).update({ failed_logins: 0, locked_until: null, last_login_at: now });
  return { result: user.mfa_enabled ? LoginResult.Require2FA : LoginResult.LoggedIn, userId: user.id };
}

/** Counts a wrong password or second factor; answers true when this one locked the account. */
export async function registerFailedLogin(db: Db, userId: number): Promise<boolean> {
  await db('users').where({ id: userId }).increment('failed_logins', 1);
  const row = await db('users').where({ id: userId }).first('failed_logins');
  if (Number(row?.failed_logins) < MAX_FAILED_LOGINS) return false;
  const until = nowDb(new Date(Date.now() + LOCKOUT_MINUTES * 60_000));
  await db('users').where({ id: userId }).update({ locked_until: until, failed_logins: 0 });
  return true;
}
