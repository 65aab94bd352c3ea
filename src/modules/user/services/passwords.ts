import { createHash, createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import { hashPassword, needsRehash, verifyPassword } from '../../../platform/auth/passwords';
import type { Actor } from '../../../platform/auth/principal';
import { destroyUserSessions } from '../../../platform/auth/sessions';
import { type Db, inTransaction, nowDb } from '../../../platform/db/db';
import { validationFailed } from '../../../platform/errors';
import { recordHistory } from '../../../platform/history/history';
import { passwordSchema } from '../schema';

export type TokenPurpose = 'reset' | 'invite';
/** Reset links work for 1 hour (DOMAIN.md); an invitation to a new user for 7 days. */
export const TOKEN_HOURS: Record<TokenPurpose, number> = { reset: 1, invite: 24 * 7 };

const sha256 = (s: string) => createHash('sha256').update(s).digest('hex');

function checkNewPassword(password: string, field: string): void {
  const parsed = passwordSchema.safeParse(password);
  if (!parsed.success) throw validationFailed({ [field]: parsed.error.issues.map((i) => i.message) });
}

/** At most this many reset mails per address and hour (ForgotPassword must not become a mail cannon). */
export const MAX_RESET_MAILS_PER_HOUR = 3;

/** True when another reset link may go out to this user now. */
export async function mayMailResetLink(db: Db, userId: number): Promise<boolean> {
  const since = nowDb(new Date(Date.now() - 3600_000));
  const row = await db('user_tokens')
    .where({ user_id: userId, purpose: 'reset' })
    .andWhere('created_at', '>', since)
    .count({ n: '*' })
    .first();
  return Number(row?.n ?? 0) < MAX_RESET_MAILS_PER_HOUR;
}

/**
 * A one-time token for a password link; only its hash is stored. A new reset link leaves the ones
 * sent just before valid (a member who asks twice may click either mail); all of them end when one
 * is used. A new invitation replaces the earlier one.
 */
export async function createPasswordToken(
  db: Db,
  userId: number,
  purpose: TokenPurpose,
  now = new Date(),
): Promise<string> {
  const token = randomBytes(32).toString('base64url');
  if (purpose === 'invite') {
    await db('user_tokens')
      .where({ user_id: userId, purpose })
      .whereNull('used_at')
      .update({ used_at: nowDb(now) });
  }
  await db('user_tokens').insert({
    user_id: userId,
    purpose,
    token_hash: sha256(token),
    expires_at: nowDb(tokenExpiry(purpose, now)),
    created_at: nowDb(now),
  });
  return token;
}

/** The expiry of a token made at `now` (as createPasswordToken stores it). */
export function tokenExpiry(purpose: TokenPurpose, now: Date): Date {
  return new Date(now.getTime() + TOKEN_HOURS[purpose] * 3600_000);
}

/**
 * The page that sets the password. `einladung=1` only changes its wording ("Passwort festlegen"
 * for a new user instead of "Neues Passwort"); the token alone decides what the link may do.
 */
export function passwordLink(baseUrl: string, email: string, token: string, purpose: TokenPurpose = 'reset'): string {
  const invite = purpose === 'invite' ? '&einladung=1' : '';
  return `${baseUrl}/resetpassword?email=${encodeURIComponent(email)}&token=${encodeURIComponent(token)}${invite}`;
}

const invalidToken = () =>
  validationFailed({ token: ['Der Link ist ungültig oder abgelaufen. Bitte fordern Sie einen neuen an.'] });

/** Sets a new password from a reset or invitation link: the token works once, before it expires, for that e-mail. */
export async function resetPassword(db: Db, email: string, token: string, password: string): Promise<number> {
  checkNewPassword(password, 'password');
  const hash = await hashPassword(password);
  return inTransaction(db, async (trx) => {
    const row = await trx('user_tokens')
      .join('users', 'users.id', 'user_tokens.user_id')
      .where('user_tokens.token_hash', sha256(token))
      .first(
        'user_tokens.id',
        'user_tokens.user_id',
        'user_tokens.expires_at',
        'user_tokens.used_at',
        'users.email',
        'users.active',
      );
    if (!row || row.used_at || row.expires_at <= nowDb() || row.email !== email.trim().toLowerCase() || !row.active) {
      throw invalidToken();
    }
    const used = await trx('user_tokens').where({ id: row.id }).whereNull('used_at').update({ used_at: nowDb() });
    if (used !== 1) throw invalidToken();
    // The other links of this user end with the one that was used.
    await trx('user_tokens').where({ user_id: row.user_id }).whereNull('used_at').update({ used_at: nowDb() });
    await trx('login_throttle').where({ email: row.email }).delete();
    await setPasswordHash(trx, row.user_id, hash);
    await destroyUserSessions(trx, row.user_id);
    await recordHistory(
      trx,
      { userId: row.user_id, name: row.email },
      { entityType: 'User', entityId: row.user_id, action: 'password-reset' },
    );
    return Number(row.user_id);
  });
}

async function setPasswordHash(db: Db, userId: number, hash: string): Promise<void> {
  const now = nowDb();
  await db('users')
    .where({ id: userId })
    .update({
      password_hash: hash,
      password_changed_at: now,
      failed_logins: 0,
      locked_until: null,
      security_stamp: randomBytes(16).toString('hex'),
      updated_at: now,
    });
}

/** Replaces a hash made with weaker parameters after a successful sign-in (the password is known then). */
export async function rehashIfOutdated(db: Db, userId: number, password: string, stored: string | null): Promise<void> {
  if (!needsRehash(stored)) return;
  const hash = await hashPassword(password);
  await db('users').where({ id: userId, password_hash: stored }).update({ password_hash: hash });
}

/** Changes the signed-in user's password; every other session of the user ends. */
export async function changePassword(
  db: Db,
  userId: number,
  currentSessionId: string | undefined,
  current: string,
  next: string,
  actor: Actor,
): Promise<void> {
  const user = await db('users').where({ id: userId }).first('password_hash');
  if (!(await verifyPassword(current, user?.password_hash))) {
    throw validationFailed({ currentPassword: ['Das aktuelle Passwort stimmt nicht.'] });
  }
  checkNewPassword(next, 'newPassword');
  if (next === current)
    throw validationFailed({ newPassword: ['Das neue Passwort muss sich vom alten unterscheiden.'] });
  const hash = await hashPassword(next);
  await inTransaction(db, async (trx) => {
    await setPasswordHash(trx, userId, hash);
    await destroyUserSessions(trx, userId, currentSessionId);
    await recordHistory(trx, actor, { entityType: 'User', entityId: userId, action: 'password-change' });
  });
}

/** "Remember this computer" after the second factor: a signed cookie value bound to the user's security stamp. */
export function rememberMachineToken(secret: string, userId: number, stamp: string, days = 30): string {
  const expires = Date.now() + days * 86_400_000;
  const mac = createHmac('sha256', secret).update(`2fa:${userId}:${expires}:${stamp}`).digest('base64url');
  return `${userId}.${expires}.${mac}`;
}

export function checkRememberMachine(
  secret: string,
  token: string | undefined,
  userId: number,
  stamp: string | null,
): boolean {
  if (!token || !stamp) return false;
  const [id, expires, mac] = token.split('.');
  if (Number(id) !== userId || !expires || !mac || Number(expires) < Date.now()) return false;
  const expected = Buffer.from(
    createHmac('sha256', secret).update(`2fa:${userId}:${expires}:${stamp}`).digest('base64url'),
  );
  const actual = Buffer.from(mac);
  return expected.length === actual.length && timingSafeEqual(expected, actual);
}
