import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { passwordLinkFromOutbox } from '../helpers/outbox';
import { startTestApp, TEST_PASSWORD, type TestApp } from '../helpers/testApp';

let app: TestApp;
beforeAll(async () => {
  app = await startTestApp();
});
afterAll(() => app.stop());

const linkFromOutbox = (email: string) => passwordLinkFromOutbox(app, email);

describe('password change', () => {
  it('needs the current password, checks the new one, and ends the user’s other sessions', async () => {
    const email = 'change@test.kgv';
    const a = await app.signedIn(['Kassier'], email);
    const b = app.client();
    expect(await b.login(email, TEST_PASSWORD)).toBe(0);

    const wrong = await a.post('User/ChangePassword', {
      currentPassword: 'falsch-falsch',
      newPassword: 'Neu-Passwort-1',
    });
    expect(wrong.status).toBe(422);
    expect(wrong.body).toMatchObject({ errors: { currentPassword: ['Das aktuelle Passwort stimmt nicht.'] } });
    const short = await a.post('User/ChangePassword', { currentPassword: TEST_PASSWORD, newPassword: 'kurz' });
    expect(short.body).toMatchObject({
      errors: { newPassword: ['Das Passwort muss mindestens 10 Zeichen lang sein.'] },
    });
    expect((await b.get('User')).status).toBe(200);

    const ok = await a.post('User/ChangePassword', { currentPassword: TEST_PASSWORD, newPassword: 'Neu-Passwort-1' });
    expect(ok.status).toBe(200);
    expect((await a.get('User')).status).toBe(200);
    expect((await b.get('User')).status).toBe(401);
    expect(await app.client().login(email, TEST_PASSWORD)).toBe(-1);
    expect(await app.client().login(email, 'Neu-Passwort-1')).toBe(0);
  });
});

describe('forgot and reset password', () => {
  it('answers the same for known and unknown addresses and mails a link only to the known one', async () => {
    const email = 'forgot@test.kgv';
    await app.signedIn(['Kassier'], email);
    const known = await app.client().post('User/ForgotPassword', { email });
    const unknown = await app.client().post('User/ForgotPassword', { email: 'niemand@test.kgv' });
    expect(known.status).toBe(204);
    expect(unknown.status).toBe(204);
    expect(known.text).toBe(unknown.text);
    const { raw, token } = await linkFromOutbox(email);
    expect(raw).toContain('/resetpassword?email=forgot%40test.kgv&token=');
    expect(token.length).toBeGreaterThan(30);
    expect((await app.services.mail.listOutbox()).some((m) => m.to.includes('niemand@test.kgv'))).toBe(false);
  });

  it('sets a new password once with the link; a second use and another e-mail are refused', async () => {
    const email = 'reset@test.kgv';
    const before = await app.signedIn(['Kassier'], email);
    await app.client().post('User/ForgotPassword', { email });
    const { token } = await linkFromOutbox(email);

    const otherEmail = await app
      .client()
      .post('User/ResetPassword', { email: 'admin@test.kgv', token, password: 'Ganz-Neu-12345' });
    expect(otherEmail.status).toBe(422);
    expect(otherEmail.body).toMatchObject({ errors: { token: [expect.stringContaining('ungültig oder abgelaufen')] } });
    const weak = await app.client().post('User/ResetPassword', { email, token, password: 'kurz' });
    expect(weak.body).toMatchObject({ errors: { password: ['Das Passwort muss mindestens 10 Zeichen lang sein.'] } });

    expect((await app.client().post('User/ResetPassword', { email, token, password: 'Ganz-Neu-12345' })).status).toBe(
      204,
    );
    expect(await app.client().login(email, 'Ganz-Neu-12345')).toBe(0);
    expect((await before.get('User')).status).toBe(401);
    const again = await app.client().post('User/ResetPassword', { email, token, password: 'Noch-Neuer-123' });
    expect(again.status).toBe(422);
    expect(await app.client().login(email, 'Noch-Neuer-123')).toBe(-1);
  });

  it('refuses an expired link', async () => {
    const email = 'expired@test.kgv';
    await app.signedIn(['Kassier'], email);
    await app.client().post('User/ForgotPassword', { email });
    const { token } = await linkFromOutbox(email);
    await app.services.db('user_tokens').update({ expires_at: '2000-01-01 00:00:00' });
    const res = await app.client().post('User/ResetPassword', { email, token, password: 'Ganz-Neu-12345' });
    expect(res.status).toBe(422);
    expect(await app.client().login(email, TEST_PASSWORD)).toBe(0);
  });

  it('lifts a lockout when the password is reset', async () => {
    const email = 'locked@test.kgv';
    await app.signedIn(['Kassier'], email);
    const c = app.client();
    for (let i = 0; i < 5; i++) await c.login(email, 'falsch-falsch');
    expect(await c.login(email, TEST_PASSWORD)).toBe(3);
    await app.client().post('User/ForgotPassword', { email });
    const { token } = await linkFromOutbox(email);
    await app.client().post('User/ResetPassword', { email, token, password: 'Ganz-Neu-12345' });
    expect(await c.login(email, 'Ganz-Neu-12345')).toBe(0);
  });
});

describe('profile', () => {
  it('changes the own name and records it', async () => {
    const c = await app.signedIn(['Wasserwart'], 'name@test.kgv');
    const res = await c.post<{ name: string }>('User/UpdateProfile', { name: 'Josef Bauer' });
    expect(res.body.name).toBe('Josef Bauer');
    expect((await c.get<{ name: string }>('User')).body.name).toBe('Josef Bauer');
    expect((await c.post('User/UpdateProfile', { name: '' })).status).toBe(422);
  });
});
