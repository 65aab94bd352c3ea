import type { AddressInfo } from 'node:net';
import { SMTPServer } from 'smtp-server';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import type { ApiClient } from '../helpers/apiClient';
import { passwordLinkFromOutbox } from '../helpers/outbox';
import { startTestApp, TEST_PASSWORD, type TestApp } from '../helpers/testApp';

// Without a mail server the invitation or reset link goes only to the outbox, where nobody reads
// it: the administrator who asked gets it in the answer to hand over — and only then, only them.

type PasswortLink = { link: string; gueltigBis: string; zweck: 'einladung' | 'reset' };
type Saved = { id: number; email: string; einladung: PasswortLink | null };

let app: TestApp;
let admin: ApiClient;
let smtp: SMTPServer;
let smtpPort: number;
const delivered: string[] = [];
const logged: string[] = [];

beforeAll(async () => {
  smtp = new SMTPServer({
    disabledCommands: ['STARTTLS', 'AUTH'],
    logger: false,
    onData(stream, session, callback) {
      stream.on('data', () => undefined);
      stream.on('end', () => {
        delivered.push(...session.envelope.rcptTo.map((r) => r.address));
        callback();
      });
    },
  });
  await new Promise<void>((resolve) => smtp.listen(0, '127.0.0.1', resolve));
  smtpPort = (smtp.server.address() as AddressInfo).port;
  app = await startTestApp();
  admin = app.client();
  await admin.login('admin@test.kgv', TEST_PASSWORD);
  for (const level of ['debug', 'info', 'warn', 'error'] as const) {
    vi.spyOn(app.services.log, level).mockImplementation((msg, data) => {
      logged.push(`${msg} ${JSON.stringify(data ?? {})}`);
    });
  }
});
afterEach(() => {
  delivered.length = 0;
});
afterAll(async () => {
  vi.restoreAllMocks();
  await app.stop();
  await new Promise<void>((r) => smtp.close(() => r()));
});

const createUser = (email: string, active = true) =>
  admin.post<Saved>('User/UpdateUser', { email, name: 'Neue Person', roleIds: [4], active });
const idOf = async (email: string) => Number((await app.services.db('users').where({ email }).first('id'))?.id);
const tokenOf = (link: string) => new URL(link).searchParams.get('token') ?? '';
const hoursFromNow = (iso: string) => (new Date(iso).getTime() - Date.now()) / 3600_000;

describe('without a mail server', () => {
  it('a new user’s answer carries the invitation link with its expiry; lists and the log never do', async () => {
    const res = await createUser('einladung@verein.at');
    expect(res.status, res.text).toBe(200);
    const einladung = res.body.einladung!;
    expect(einladung.zweck).toBe('einladung');
    expect(einladung.link).toMatch(/\/resetpassword\?email=einladung%40verein\.at&token=[\w-]+&einladung=1$/);
    expect(hoursFromNow(einladung.gueltigBis)).toBeGreaterThan(7 * 24 - 0.1);
    expect(hoursFromNow(einladung.gueltigBis)).toBeLessThanOrEqual(7 * 24);
    // The very link the outbox mail holds.
    const { token } = await passwordLinkFromOutbox(app, 'einladung@verein.at');
    expect(tokenOf(einladung.link)).toBe(token);

    const list = await admin.get('User/Users');
    const one = await admin.get('User/GetUser', { userID: res.body.id });
    for (const answer of [list.text, one.text]) {
      expect(answer).not.toContain(token);
      expect(answer).not.toContain('einladung"');
    }
    expect(logged.filter((line) => line.includes(token))).toEqual([]);

    // The link works: the new person sets a password and signs in.
    const reset = await app
      .client()
      .post('User/ResetPassword', { email: 'einladung@verein.at', token, password: 'Mein-Passwort-1' });
    expect(reset.status).toBe(204);
    expect(await app.client().login('einladung@verein.at', 'Mein-Passwort-1')).toBe(0);
  });

  it('an inactive new user gets no invitation and no link', async () => {
    const res = await createUser('inaktiv@verein.at', false);
    expect(res.status).toBe(200);
    expect(res.body.einladung).toBeNull();
  });

  it('editing a user answers no link', async () => {
    const created = await createUser('bearbeitet@verein.at');
    const res = await admin.post<Saved>('User/UpdateUser', {
      id: created.body.id,
      email: 'bearbeitet@verein.at',
      name: 'Anders',
      roleIds: [4],
      active: true,
    });
    expect(res.status).toBe(200);
    expect(res.body.einladung).toBeNull();
  });

  it('SendPasswordLink answers a one-hour reset link; the old password works until it is used', async () => {
    await app.signedIn(['Kassier'], 'vergessen@verein.at');
    const res = await admin.post<{ passwortLink: PasswortLink | null }>('User/SendPasswordLink', {
      userID: await idOf('vergessen@verein.at'),
    });
    expect(res.status, res.text).toBe(200);
    const passwortLink = res.body.passwortLink!;
    expect(passwortLink.zweck).toBe('reset');
    expect(passwortLink.link).not.toContain('einladung=1');
    expect(hoursFromNow(passwortLink.gueltigBis)).toBeGreaterThan(0.9);
    expect(hoursFromNow(passwortLink.gueltigBis)).toBeLessThanOrEqual(1);
    expect(logged.filter((line) => line.includes(tokenOf(passwortLink.link)))).toEqual([]);
    expect(await app.client().login('vergessen@verein.at', TEST_PASSWORD)).toBe(0);

    const reset = await app.client().post('User/ResetPassword', {
      email: 'vergessen@verein.at',
      token: tokenOf(passwortLink.link),
      password: 'Ganz-Neu-2026',
    });
    expect(reset.status).toBe(204);
    expect(await app.client().login('vergessen@verein.at', TEST_PASSWORD)).toBe(-1);
    expect(await app.client().login('vergessen@verein.at', 'Ganz-Neu-2026')).toBe(0);
    const history = await admin.get<{ action: string }[]>('Common/GetHistory', {
      entityID: `User:${await idOf('vergessen@verein.at')}`,
    });
    expect(history.body.map((h) => h.action)).toContain('password-link');
  });

  it('SendPasswordLink to someone who never set a password is a new invitation; the earlier one ends', async () => {
    const created = await createUser('nochmal@verein.at');
    const first = tokenOf(created.body.einladung!.link);
    const res = await admin.post<{ passwortLink: PasswortLink | null }>('User/SendPasswordLink', {
      userID: created.body.id,
    });
    expect(res.body.passwortLink).toMatchObject({ zweck: 'einladung' });
    expect(res.body.passwortLink!.link).toContain('einladung=1');
    const old = await app
      .client()
      .post('User/ResetPassword', { email: 'nochmal@verein.at', token: first, password: 'Mein-Passwort-1' });
    expect(old.status).toBe(422);
  });

  it('refuses a deactivated user, and a target with more rights than the editor', async () => {
    const inactive = await createUser('aus@verein.at', false);
    const res = await admin.post('User/SendPasswordLink', { userID: inactive.body.id });
    expect(res.status).toBe(422);
    expect(res.body).toMatchObject({ errors: { active: [expect.stringContaining('deaktiviert')] } });

    const obmann = await app.signedIn(['Obmann'], 'obmann-link@verein.at');
    const forbidden = await obmann.post('User/SendPasswordLink', { userID: await idOf('admin@test.kgv') });
    expect(forbidden.status).toBe(403);
    expect(forbidden.text).not.toContain('token=');
  });
});

describe('with a mail server', () => {
  it('the mail goes out and no link comes back', async () => {
    const saved = await admin.post('Vereinseinstellungen/UpdateMaileinstellungen', {
      host: '127.0.0.1',
      port: smtpPort,
      security: 'none',
      user: '',
      password: '',
      fromName: 'KGV',
      fromAddress: 'office@verein.at',
      replyTo: '',
    });
    expect(saved.status, saved.text).toBe(200);
    try {
      const res = await createUser('mitserver@verein.at');
      expect(res.status, res.text).toBe(200);
      expect(res.body.einladung).toBeNull();
      expect(res.text).not.toContain('token=');
      const link = await admin.post<{ passwortLink: PasswortLink | null }>('User/SendPasswordLink', {
        userID: res.body.id,
      });
      expect(link.body).toEqual({ passwortLink: null });
      expect(delivered).toEqual(['mitserver@verein.at', 'mitserver@verein.at']);
    } finally {
      expect((await admin.delete('Vereinseinstellungen/ResetMaileinstellungen')).status).toBe(200);
      app.services.mail.close();
    }
  });
});
