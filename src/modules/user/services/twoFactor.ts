import { createHash, randomBytes, timingSafeEqual } from 'node:crypto';
import { generateSecret, generateURI, verify } from 'otplib';
import QRCode from 'qrcode';
import type { Config } from '../../../config';
import { verifyPassword } from '../../../platform/auth/passwords';
import type { Actor } from '../../../platform/auth/principal';
import { openWithAny, seal } from '../../../platform/auth/secretBox';
import { type Db, inTransaction, nowDb } from '../../../platform/db/db';
import { conflict, validationFailed } from '../../../platform/errors';
import { recordHistory } from '../../../platform/history/history';

const TOTP_PURPOSE = 'totp-secret';
export const RECOVERY_CODE_COUNT = 10;

/** The keys that seal TOTP secrets: the data key, and the session secret of older installations. */
export type SealKeys = Pick<Config, 'dataKey' | 'sessionSecret'>;
const openKey = (keys: SealKeys, box: string) => openWithAny([keys.dataKey, keys.sessionSecret], TOTP_PURPOSE, box);

/** A 6-digit TOTP code: 30 s steps, ±1 step accepted, and each step at most once per user. */
export async function checkTotp(db: Db, keys: SealKeys, userId: number, code: string): Promise<boolean> {
  const user = await db('users').where({ id: userId }).first('totp_secret', 'totp_last_step');
  const key = user?.totp_secret ? openKey(keys, user.totp_secret) : undefined;
  const token = code.replace(/\s+/g, '');
  if (!user || !key || !/^\d{6}$/.test(token)) return false;
  const result = await verify({
    secret: key,
    token,
    epochTolerance: 30,
    ...(user.totp_last_step != null ? { afterTimeStep: Number(user.totp_last_step) } : {}),
  });
  if (!result.valid) return false;
  // The TOTP result carries the matched time step; the union type also covers HOTP, which lacks it.
  const step = 'timeStep' in result ? Number(result.timeStep) : Math.floor(Date.now() / 30_000) + result.delta;
  // Conditional update: of two requests with the same code, only one wins.
  const updated = await db('users')
    .where({ id: userId })
    .andWhere((q) => q.whereNull('totp_last_step').orWhere('totp_last_step', '<', step))
    .update({ totp_last_step: step });
  return updated === 1;
}

const formatKey = (key: string) =>
  key
    .match(/.{1,4}/g)!
    .join(' ')
    .toLowerCase();

/**
 * Creates (or, during a set-up not yet confirmed, shows again) the user's authenticator key and
 * answers what the profile page shows. Once 2FA is on, the key is never shown again: whoever holds a
 * session could otherwise copy it; a new key takes the password (ResetAuthenticator) first.
 */
export async function enableAuthenticator(
  db: Db,
  keys: SealKeys,
  user: { userId: number; email: string },
  issuer: string,
): Promise<{ sharedKey: string; authenticatorUri: string; qrCode: string }> {
  const row = await db('users').where({ id: user.userId }).first('totp_secret', 'mfa_enabled');
  if (row?.mfa_enabled) {
    throw conflict(
      'Die Zwei-Faktor-Anmeldung ist bereits eingerichtet; der Schlüssel wird nicht noch einmal angezeigt. Für einen neuen Schlüssel setzen Sie sie mit Ihrem Passwort zurück.',
      undefined,
      'mfa_already_enabled',
    );
  }
  let key = row?.totp_secret ? openKey(keys, row.totp_secret) : undefined;
  if (!key) {
    key = generateSecret();
    await db('users')
      .where({ id: user.userId })
      .update({ totp_secret: seal(keys.dataKey, TOTP_PURPOSE, key), totp_last_step: null });
  }
  const authenticatorUri = generateURI({ secret: key, label: user.email, issuer });
  const qrCode = await QRCode.toDataURL(authenticatorUri, { errorCorrectionLevel: 'M', margin: 2, scale: 6 });
  return { sharedKey: formatKey(key), authenticatorUri, qrCode };
}

const hashCode = (salt: string, code: string) =>
  createHash('sha256')
    .update(`${salt}:${code.toLowerCase().replace(/[^a-z0-9]/g, '')}`)
    .digest('hex');

/** Ten new single-use codes (60 bits each, shown once); the old ones become void. */
export async function newRecoveryCodes(db: Db, userId: number): Promise<string[]> {
  const alphabet = 'abcdefghjkmnpqrstuvwxyz23456789';
  const codes = Array.from({ length: RECOVERY_CODE_COUNT }, () => {
    const bytes = randomBytes(12);
    const chars = [...bytes].map((b) => alphabet[b % alphabet.length]).join('');
    return `${chars.slice(0, 4)}-${chars.slice(4, 8)}-${chars.slice(8, 12)}`;
  });
  await db('user_recovery_codes').where({ user_id: userId }).delete();
  const now = nowDb();
  await db('user_recovery_codes').insert(
    codes.map((code) => {
      const salt = randomBytes(12).toString('base64url');
      return { user_id: userId, salt, code_hash: hashCode(salt, code), created_at: now };
    }),
  );
  return codes;
}

/** Uses up a recovery code; false when unknown or used before. */
export async function redeemRecoveryCode(db: Db, userId: number, code: string): Promise<boolean> {
  const rows = await db('user_recovery_codes').where({ user_id: userId }).whereNull('used_at');
  for (const row of rows) {
    const a = Buffer.from(hashCode(row.salt, code));
    const b = Buffer.from(row.code_hash);
    if (a.length === b.length && timingSafeEqual(a, b)) {
      const updated = await db('user_recovery_codes')
        .where({ id: row.id })
        .whereNull('used_at')
        .update({ used_at: nowDb() });
      return updated === 1;
    }
  }
  return false;
}

/** Verifies the first code from the app and turns 2FA on; answers the recovery codes to show once. */
export async function confirmAuthenticator(
  db: Db,
  keys: SealKeys,
  userId: number,
  code: string,
  actor: Actor,
): Promise<string[]> {
  return inTransaction(db, async (trx) => {
    const state = await trx('users').where({ id: userId }).first('mfa_enabled');
    if (state?.mfa_enabled)
      throw conflict('Die Zwei-Faktor-Anmeldung ist bereits eingerichtet.', undefined, 'mfa_already_enabled');
    if (!(await checkTotp(trx, keys, userId, code))) {
      throw validationFailed({ code: ['Der Code ist ungültig. Bitte geben Sie den aktuellen Code aus der App ein.'] });
    }
    await trx('users')
      .where({ id: userId })
      .update({ mfa_enabled: true, security_stamp: randomBytes(16).toString('hex'), updated_at: nowDb() });
    const codes = await newRecoveryCodes(trx, userId);
    await recordHistory(trx, actor, {
      entityType: 'User',
      entityId: userId,
      action: 'mfa-enable',
      after: { mfa: true },
    });
    return codes;
  });
}

/** The signed-in user's own password, asked before 2FA is switched off or given a new key. */
export async function assertOwnPassword(db: Db, userId: number, password: string): Promise<void> {
  const user = await db('users').where({ id: userId }).first('password_hash');
  if (!(await verifyPassword(password, user?.password_hash))) {
    throw validationFailed({ password: ['Das Passwort stimmt nicht.'] });
  }
}

/**
 * Turns 2FA off and forgets the key and the recovery codes, so the next set-up shows a new key (a
 * kept key could be read back through EnableAuthenticator). `refuseWhenRequired`: the user's own
 * switch-off, which the club's level 2 forbids; a reset (new key) or an administrator's reset is allowed.
 */
export async function disableAuthenticator(
  db: Db,
  userId: number,
  actor: Actor,
  opts: { refuseWhenRequired: boolean; action: string },
): Promise<void> {
  if (opts.refuseWhenRequired) {
    throw conflict(
      'Ihr Verein verlangt die Zwei-Faktor-Anmeldung; sie kann nicht ausgeschaltet werden.',
      undefined,
      'mfa_required',
    );
  }
  await inTransaction(db, async (trx) => {
    const before = await trx('users').where({ id: userId }).first('mfa_enabled');
    await trx('users')
      .where({ id: userId })
      .update({
        mfa_enabled: false,
        totp_secret: null,
        totp_last_step: null,
        security_stamp: randomBytes(16).toString('hex'),
        updated_at: nowDb(),
      });
    await trx('user_recovery_codes').where({ user_id: userId }).delete();
    await recordHistory(trx, actor, {
      entityType: 'User',
      entityId: userId,
      action: opts.action,
      before: { mfa: Boolean(before?.mfa_enabled) },
      after: { mfa: false },
    });
  });
}
