import { generate } from 'otplib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { setSection } from '../../src/platform/settings/settings';
import type { ApiClient } from '../helpers/apiClient';
import { startTestApp, TEST_PASSWORD, type TestApp } from '../helpers/testApp';

let app: TestApp;
beforeAll(async () => {
  app = await startTestApp();
});
afterAll(() => app.stop());

const keyOf = (sharedKey: string) => sharedKey.replace(/\s+/g, '').toUpperCase();
const codeAt = (key: string, offsetSeconds = 0) =>
  generate({ secret: key, epoch: Math.floor(Date.now() / 1000) + offsetSeconds });

type Setup = { sharedKey: string; authenticatorUri: string; qrCode: string };
type Codes = { statusMessage: string; recoveryCodes: string[] };

/** Signs a new user in and turns 2FA on; answers the client, the key and the recovery codes. */
async function withTwoFactor(email: string): Promise<{ client: ApiClient; key: string; codes: string[] }> {
  const client = await app.signedIn(['Kassier'], email);
  const setup = await client.get<Setup>('User/EnableAuthenticator');
  const key = keyOf(setup.body.sharedKey);
  const done = await client.post<Codes>('User/SetEnableAuthenticator', { code: await codeAt(key) });
  expect(done.status).toBe(200);
  return { client, key, codes: done.body.recoveryCodes };
}

describe('setting up the authenticator', () => {
  it('shows key, otpauth URI and QR code; a wrong code is refused; the right one turns 2FA on with 10 codes', async () => {
    const c = await app.signedIn(['Kassier'], 'setup@test.kgv');
    const setup = await c.get<Setup>('User/EnableAuthenticator');
    expect(setup.status).toBe(200);
    expect(setup.body.sharedKey).toMatch(/^([a-z2-7]{4} )+[a-z2-7]{1,4}$/);
    expect(setup.body.authenticatorUri).toMatch(/^otpauth:\/\/totp\/.*setup%40test\.kgv\?secret=[A-Z2-7]+&issuer=/);
    expect(setup.body.qrCode).toMatch(/^data:image\/png;base64,/);
    // Asking again before confirming keeps the same key (the app may already have scanned it).
    expect((await c.get<Setup>('User/EnableAuthenticator')).body.sharedKey).toBe(setup.body.sharedKey);

    const wrong = await c.post('User/SetEnableAuthenticator', { code: '000000' });
    expect(wrong.status).toBe(422);
    expect(wrong.body).toMatchObject({ errors: { code: [expect.stringContaining('ungültig')] } });
    expect((await c.get<{ mfa: boolean }>('User')).body.mfa).toBe(false);

    const ok = await c.post<Codes>('User/SetEnableAuthenticator', { code: await codeAt(keyOf(setup.body.sharedKey)) });
    expect(ok.status).toBe(200);
    expect(ok.body.recoveryCodes).toHaveLength(10);
    expect(new Set(ok.body.recoveryCodes).size).toBe(10);
    expect((await c.get<{ mfa: boolean }>('User')).body.mfa).toBe(true);
    const stored = await app.services.db('user_recovery_codes').pluck('code_hash');
    for (const code of ok.body.recoveryCodes) expect(stored.join()).not.toContain(code);
    const row = await app.services.db('users').where({ email: 'setup@test.kgv' }).first('totp_secret');
    expect(row?.totp_secret).not.toContain(keyOf(setup.body.sharedKey));
  });
});

describe('signing in with the second factor', () => {
  it('asks for the code (1), accepts a current code once (0), refuses its reuse (2)', async () => {
    const { key } = await withTwoFactor('totp@test.kgv');
    // The set-up used the current step; wait for a fresh one to sign in with.
    const c = app.client();
    expect(await c.login('totp@test.kgv', TEST_PASSWORD)).toBe(1);
    expect((await c.get('User')).status).toBe(401);
    const code = await codeAt(key, 30);
    const first = await c.post<{ result: number }>('User/Login2FA', { code });
    expect(first.body.result).toBe(0);
    expect((await c.get('User')).status).toBe(200);

    const other = app.client();
    expect(await other.login('totp@test.kgv', TEST_PASSWORD)).toBe(1);
    expect((await other.post<{ result: number }>('User/Login2FA', { code })).body.result).toBe(2);
    expect((await other.get('User')).status).toBe(401);
  });

  it('accepts the previous step and refuses codes outside the ±1 window', async () => {
    const { key } = await withTwoFactor('window@test.kgv');
    const c = app.client();
    expect(await c.login('window@test.kgv', TEST_PASSWORD)).toBe(1);
    expect((await c.post<{ result: number }>('User/Login2FA', { code: await codeAt(key, -95) })).body.result).toBe(2);
    expect((await c.post<{ result: number }>('User/Login2FA', { code: await codeAt(key, 95) })).body.result).toBe(2);
    await app.services.db('users').where({ email: 'window@test.kgv' }).update({ totp_last_step: null });
    expect((await c.post<{ result: number }>('User/Login2FA', { code: await codeAt(key, -30) })).body.result).toBe(0);
  });

  it('takes each recovery code exactly once', async () => {
    const { codes } = await withTwoFactor('recovery@test.kgv');
    const a = app.client();
    expect(await a.login('recovery@test.kgv', TEST_PASSWORD)).toBe(1);
    expect(
      (await a.post<{ result: number }>('User/LoginWithRecoveryCode', { recoveryCode: codes[3]!.toUpperCase() })).body
        .result,
    ).toBe(0);
    expect((await a.get('User')).status).toBe(200);
    const b = app.client();
    expect(await b.login('recovery@test.kgv', TEST_PASSWORD)).toBe(1);
    expect(
      (await b.post<{ result: number }>('User/LoginWithRecoveryCode', { recoveryCode: codes[3]! })).body.result,
    ).toBe(2);
    expect(
      (await b.post<{ result: number }>('User/LoginWithRecoveryCode', { recoveryCode: 'aaaa-bbbb-cccc' })).body.result,
    ).toBe(2);
    expect(
      (await b.post<{ result: number }>('User/LoginWithRecoveryCode', { recoveryCode: codes[4]! })).body.result,
    ).toBe(0);
  });

  it('voids old recovery codes when new ones are generated', async () => {
    const { client, codes } = await withTwoFactor('regen@test.kgv');
    const fresh = await client.post<Codes>('User/GenerateRecoveryCodes');
    expect(fresh.body.recoveryCodes).toHaveLength(10);
    const c = app.client();
    expect(await c.login('regen@test.kgv', TEST_PASSWORD)).toBe(1);
    expect(
      (await c.post<{ result: number }>('User/LoginWithRecoveryCode', { recoveryCode: codes[0]! })).body.result,
    ).toBe(2);
    expect(
      (await c.post<{ result: number }>('User/LoginWithRecoveryCode', { recoveryCode: fresh.body.recoveryCodes[0]! }))
        .body.result,
    ).toBe(0);
  });

  it('remembers this computer for the next sign-in when asked', async () => {
    const { key } = await withTwoFactor('machine@test.kgv');
    const c = app.client();
    expect(await c.login('machine@test.kgv', TEST_PASSWORD)).toBe(1);
    expect(
      (await c.post<{ result: number }>('User/Login2FA', { code: await codeAt(key, 30), rememberMachine: true })).body
        .result,
    ).toBe(0);
    await c.post('User/Logout');
    expect(await c.login('machine@test.kgv', TEST_PASSWORD)).toBe(0);
    // A password change (new security stamp) forgets every remembered computer.
    await c.post('User/ChangePassword', { currentPassword: TEST_PASSWORD, newPassword: 'Neues-Passwort-456' });
    await c.post('User/Logout');
    expect(await c.login('machine@test.kgv', 'Neues-Passwort-456')).toBe(1);
  });

  it('locks the account after 5 wrong codes', async () => {
    await withTwoFactor('brute@test.kgv');
    const c = app.client();
    expect(await c.login('brute@test.kgv', TEST_PASSWORD)).toBe(1);
    const results: number[] = [];
    for (let i = 0; i < 5; i++)
      results.push((await c.post<{ result: number }>('User/Login2FA', { code: String(100000 + i) })).body.result);
    expect(results).toEqual([2, 2, 2, 2, 3]);
    expect((await c.post('User/Login2FA', { code: '123456' })).status).toBe(401);
    expect(await app.client().login('brute@test.kgv', TEST_PASSWORD)).toBe(3);
  });
});

describe('second-factor guessing (security review)', () => {
  it('counts wrong codes across password sign-ins: the right password does not reset the count', async () => {
    const { key } = await withTwoFactor('guesser@test.kgv');
    const results: number[] = [];
    // Four sign-ins with the password, five guesses each = 20 guesses.
    for (let round = 0; round < 4; round++) {
      const c = app.client();
      const login = await c.login('guesser@test.kgv', TEST_PASSWORD);
      if (login !== 1) {
        results.push(login);
        continue;
      }
      for (let i = 0; i < 5; i++) {
        const res = await c.post<{ result: number }>('User/Login2FA', { code: String(200000 + round * 10 + i) });
        results.push(res.status === 401 ? 401 : res.body.result);
      }
    }
    // Four wrong codes, the fifth locks; after that even the password answers 3.
    expect(results.slice(0, 5)).toEqual([2, 2, 2, 2, 3]);
    expect(results.slice(5)).toEqual([3, 3, 3]);
    // And the right code no longer gets in either.
    const late = app.client();
    expect(await late.login('guesser@test.kgv', TEST_PASSWORD)).toBe(3);
    expect((await late.post('User/Login2FA', { code: await codeAt(key) })).status).toBe(401);
  });

  it('lets at most five of 20 parallel codes from several half sign-ins be checked', async () => {
    await withTwoFactor('parallel-2fa@test.kgv');
    const sessions: ApiClient[] = [];
    for (let i = 0; i < 4; i++) {
      const c = app.client();
      expect(await c.login('parallel-2fa@test.kgv', TEST_PASSWORD)).toBe(1);
      sessions.push(c);
    }
    const answers = await Promise.all(
      Array.from({ length: 20 }, (_, i) =>
        sessions[i % 4]!.post<{ result: number }>('User/Login2FA', { code: String(300000 + i) }),
      ),
    );
    const results = answers.map((a) => (a.status === 401 ? 401 : a.body.result));
    expect(results.filter((r) => r === 2).length).toBeLessThanOrEqual(4);
    expect(results.filter((r) => r === 0)).toHaveLength(0);
    // Locked: a right code in a still-open half sign-in is refused too.
    const rest = sessions.map((c) => c.post<{ result: number }>('User/Login2FA', { code: '000000' }));
    for (const r of await Promise.all(rest)) expect(r.status === 401 || r.body.result === 3).toBe(true);
    const fresh = app.client();
    expect(await fresh.login('parallel-2fa@test.kgv', TEST_PASSWORD)).toBe(3);
  });
});

describe('turning 2FA off and resetting it', () => {
  it('disables, resets to a new key, and GET User shows the new mfa state each time', async () => {
    const { client, key } = await withTwoFactor('off@test.kgv');
    // The password is asked first: a session alone does not switch 2FA off.
    const noPassword = await client.post('User/DisableAuthenticator', { password: 'falsch-falsch' });
    expect(noPassword.status).toBe(422);
    expect(noPassword.body).toMatchObject({ errors: { password: ['Das Passwort stimmt nicht.'] } });
    expect((await client.get<{ mfa: boolean }>('User')).body.mfa).toBe(true);
    expect((await client.post('User/DisableAuthenticator', { password: TEST_PASSWORD })).status).toBe(200);
    expect((await client.get<{ mfa: boolean }>('User')).body.mfa).toBe(false);
    expect(await app.client().login('off@test.kgv', TEST_PASSWORD)).toBe(0);
    // Switched off, the old key is gone: setting up again shows a new one.
    const again = await client.get<Setup>('User/EnableAuthenticator');
    expect(keyOf(again.body.sharedKey)).not.toBe(key);
  });

  it('never shows the key again once 2FA is on; a new key takes the password', async () => {
    const { client, key } = await withTwoFactor('readback@test.kgv');
    const readBack = await client.get('User/EnableAuthenticator');
    expect(readBack.status).toBe(409);
    expect(readBack.body).toMatchObject({ code: 'mfa_already_enabled' });
    expect(JSON.stringify(readBack.body)).not.toContain(key.slice(0, 8).toLowerCase());
    expect((await client.post('User/ResetAuthenticator', { password: 'falsch-falsch' })).status).toBe(422);
    expect((await client.post('User/ResetAuthenticator', {})).status).toBe(422);
    expect((await client.post('User/ResetAuthenticator', { password: TEST_PASSWORD })).status).toBe(200);
    const fresh = await client.get<Setup>('User/EnableAuthenticator');
    expect(fresh.status).toBe(200);
    expect(keyOf(fresh.body.sharedKey)).not.toBe(key);
  });

  it('lets an administrator reset another user’s 2FA', async () => {
    await withTwoFactor('lost-phone@test.kgv');
    const admin = app.client();
    await admin.login('admin@test.kgv', TEST_PASSWORD);
    const id = Number((await app.services.db('users').where({ email: 'lost-phone@test.kgv' }).first('id'))?.id);
    expect((await admin.post('User/ResetUsersMFA', { userID: id })).status).toBe(204);
    expect(await app.client().login('lost-phone@test.kgv', TEST_PASSWORD)).toBe(0);
    const kassier = await app.signedIn(['Kassier']);
    expect((await kassier.post('User/ResetUsersMFA', { userID: id })).status).toBe(403);
  });
});

describe('club MFA level 2', () => {
  it('lets a user without 2FA do nothing but set it up, then everything', async () => {
    const c = await app.signedIn(['Obmann'], 'forced@test.kgv');
    await setSection(app.services.db, 'Optionen', { mfa: '2' }, null);
    app.services.cache.clear();
    try {
      const me = await c.get<{ mfaSetupRequired: boolean }>('User');
      expect(me.body.mfaSetupRequired).toBe(true);
      const refused = await c.get('Common/DateInPast', { date: '2020-01-01' });
      expect(refused.status).toBe(403);
      expect(refused.body).toMatchObject({ code: 'mfa_setup_required' });
      expect((await c.post('Common/GetRights', [])).status).toBe(200);
      const setup = await c.get<Setup>('User/EnableAuthenticator');
      expect(
        (await c.post('User/SetEnableAuthenticator', { code: await codeAt(keyOf(setup.body.sharedKey)) })).status,
      ).toBe(200);
      expect((await c.get<{ mfaSetupRequired: boolean }>('User')).body.mfaSetupRequired).toBe(false);
      expect((await c.get('Common/DateInPast', { date: '2020-01-01' })).status).toBe(200);
      // And 2FA cannot be switched off while the club requires it.
      expect((await c.post('User/DisableAuthenticator', { password: TEST_PASSWORD })).status).toBe(409);
    } finally {
      await setSection(app.services.db, 'Optionen', { mfa: '0' }, null);
      app.services.cache.clear();
    }
  });
});
