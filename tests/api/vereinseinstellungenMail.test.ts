import type { AddressInfo } from 'node:net';
import { SMTPServer } from 'smtp-server';
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { getSmtpSettings, getVereinseinstellungen } from '../../src/modules/vereinseinstellungen/services';
import { decodeMimeWords, parseHeaderBlock } from '../../src/platform/mail/mimeHeaders';
import type { ApiClient, ApiResponse } from '../helpers/apiClient';
import { startTestApp, TEST_PASSWORD, type TestApp } from '../helpers/testApp';

// The Maileinstellungen: the password is stored encrypted, never answered, kept when not sent,
// gone after a reset; SendTestMail uses the database settings (a real SMTP server with AUTH checks
// that the decrypted password is the one saved).

const PASSWORD = 'Smtp-Geheimnis-7319!';
const received: { user: string | undefined; to: string[]; raw: string }[] = [];
const logins: { user: string; ok: boolean }[] = [];
let smtp: SMTPServer;
let smtpPort: number;
let app: TestApp;
let admin: ApiClient;
/** The text of every answer of the running test's calls: the password must be in none of them. */
const answers: { call: string; text: string }[] = [];

function record(client: ApiClient): ApiClient {
  const request = client.request.bind(client);
  client.request = async <T>(method: string, path: string, opts?: Parameters<ApiClient['request']>[2]) => {
    const res = (await request<T>(method, path, opts)) as ApiResponse<T>;
    answers.push({ call: `${method} ${path}`, text: `${JSON.stringify([...res.headers])}\n${res.text}` });
    return res;
  };
  return client;
}

beforeAll(async () => {
  smtp = new SMTPServer({
    disabledCommands: ['STARTTLS'],
    allowInsecureAuth: true,
    authMethods: ['PLAIN', 'LOGIN'],
    logger: false,
    onAuth(auth, _session, callback) {
      const ok = auth.username === 'kgv-mailer' && auth.password === PASSWORD;
      logins.push({ user: auth.username ?? '', ok });
      if (!ok) return callback(new Error('Falsche Zugangsdaten'));
      callback(null, { user: auth.username });
    },
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (c: Buffer) => chunks.push(c));
      stream.on('end', () => {
        received.push({
          user: session.user as string | undefined,
          to: session.envelope.rcptTo.map((r) => r.address),
          raw: Buffer.concat(chunks).toString('utf8'),
        });
        callback();
      });
    },
  });
  await new Promise<void>((resolve) => smtp.listen(0, '127.0.0.1', resolve));
  smtpPort = (smtp.server.address() as AddressInfo).port;
  // No SMTP_* in the environment: without database settings mail goes to the outbox.
  app = await startTestApp();
  admin = record(app.client());
  await admin.login('admin@test.kgv', TEST_PASSWORD);
});
afterAll(async () => {
  await app.stop();
  await new Promise<void>((r) => smtp.close(() => r()));
});

type Settings = { mail: Record<string, unknown> };
const settings = () => ({
  host: '127.0.0.1',
  port: smtpPort,
  security: 'none',
  user: 'kgv-mailer',
  password: PASSWORD,
  fromName: 'KGV Sonnenhang',
  fromAddress: 'office@kgv-sonnenhang.at',
  replyTo: 'obmann@kgv-sonnenhang.at',
});

const sendTestMail = (client: ApiClient, mailTo: string) =>
  client.get<{ transport: string }>(
    'Common/SendTestMail',
    { mailTo },
    { headers: { 'X-XSRF-TOKEN': decodeURIComponent(client.cookies.get('XSRF-TOKEN')!) } },
  );

/** Saves the Maileinstellungen (the full settings with the password, plus overrides). */
const saveMail = async (overrides: Record<string, unknown> = {}) => {
  const res = await admin.post<Settings>('Vereinseinstellungen/UpdateMaileinstellungen', {
    ...settings(),
    ...overrides,
  });
  expect(res.status, res.text).toBe(200);
  return res;
};

/** Removes all Maileinstellungen, so mail goes to the outbox again. */
const resetMail = async () => {
  const res = await admin.delete<Settings>('Vereinseinstellungen/ResetMaileinstellungen');
  expect(res.status, res.text).toBe(200);
  return res;
};

/** The password was in none of the answers this test got (and it got some). */
const expectNoLeak = (atLeast = 1) => {
  expect(answers.length).toBeGreaterThanOrEqual(atLeast);
  const leaks = answers.filter((a) => a.text.includes(PASSWORD)).map((a) => a.call);
  expect(leaks).toEqual([]);
};

beforeEach(() => {
  answers.length = 0;
  received.length = 0;
  logins.length = 0;
  // No pooled SMTP connection of an earlier test: every test's first SMTP mail logs in anew.
  app.services.mail.close();
});

const storedPassword = async () =>
  (await app.services.db('settings').where({ section: 'Mail', key: 'password' }).first('value'))?.value as
    | string
    | undefined;

describe('Maileinstellungen', () => {
  it('sends to the outbox while nothing is set', async () => {
    await resetMail();
    const res = await sendTestMail(admin, 'kassier@example.at');
    expect(res.status).toBe(200);
    expect(res.body.transport).toBe('outbox');
    expect(received).toHaveLength(0);
    expectNoLeak(2);
  });

  it('stores the password encrypted and answers only passwordSet', async () => {
    await resetMail();
    const res = await admin.post<Settings>('Vereinseinstellungen/UpdateMaileinstellungen', settings());
    expect(res.status, res.text).toBe(200);
    expect(res.body.mail).toEqual({
      host: '127.0.0.1',
      port: smtpPort,
      security: 'none',
      user: 'kgv-mailer',
      passwordSet: true,
      fromName: 'KGV Sonnenhang',
      fromAddress: 'office@kgv-sonnenhang.at',
      replyTo: 'obmann@kgv-sonnenhang.at',
      configured: true,
      version: expect.any(Number),
    });
    const box = await storedPassword();
    expect(box).toMatch(/^v1:[\w-]+:[\w-]+:[\w-]+$/);
    expect(box).not.toContain(PASSWORD);
    expect(Buffer.from(box!.split(':')[3]!, 'base64url').toString('utf8')).not.toContain(PASSWORD);
    const rows = await app.services.db('settings').select();
    expect(JSON.stringify(rows)).not.toContain(PASSWORD);
    expectNoLeak(2);
  });

  it('sends SendTestMail through the saved server, logging in with the decrypted password', async () => {
    await resetMail();
    await saveMail();
    const res = await sendTestMail(admin, 'obmann@verein.at');
    expect(res.status, res.text).toBe(200);
    expect(res.body.transport).toBe('smtp');
    expect(received).toHaveLength(1);
    expect(received[0]!.user).toBe('kgv-mailer');
    expect(received[0]!.to).toEqual(['obmann@verein.at']);
    const headers = parseHeaderBlock(received[0]!.raw);
    expect(headers.get('from')).toContain('office@kgv-sonnenhang.at');
    expect(decodeMimeWords(headers.get('from') ?? '')).toContain('KGV Sonnenhang');
    expect(headers.get('reply-to')).toContain('obmann@kgv-sonnenhang.at');
    expect(logins.at(-1)).toEqual({ user: 'kgv-mailer', ok: true });
    expectNoLeak(3);
  });

  it('keeps the stored password when an update sends none or an empty one', async () => {
    await resetMail();
    await saveMail();
    const box = await storedPassword();
    expect(box).toBeDefined();
    const { password: _, ...withoutPassword } = settings();
    const first = await admin.post<Settings>('Vereinseinstellungen/UpdateMaileinstellungen', {
      ...withoutPassword,
      fromName: 'KGV Sonnenhang Vorstand',
    });
    expect(first.status).toBe(200);
    expect(first.body.mail).toMatchObject({ passwordSet: true, fromName: 'KGV Sonnenhang Vorstand' });
    const second = await admin.request<Settings>('POST', 'Vereinseinstellungen/UpdateVereinseinstellungen', {
      query: { edit: 'mail' },
      body: { ...settings(), password: '' },
    });
    expect(second.status).toBe(200);
    expect(second.body.mail).toMatchObject({ passwordSet: true, fromName: 'KGV Sonnenhang' });
    expect(await storedPassword()).toBe(box);

    const res = await sendTestMail(admin, 'kassier@verein.at');
    expect(res.body.transport).toBe('smtp');
    expect(received).toHaveLength(1);
    expect(received[0]!.to).toEqual(['kassier@verein.at']);
    expect(logins.at(-1)).toEqual({ user: 'kgv-mailer', ok: true });
    expectNoLeak(5);
  });

  it('uses a changed password at once', async () => {
    await resetMail();
    await saveMail();
    expect((await sendTestMail(admin, 'kassier@verein.at')).body.transport).toBe('smtp');
    expect(received).toHaveLength(1);
    const res = await admin.post<Settings>('Vereinseinstellungen/UpdateMaileinstellungen', {
      ...settings(),
      password: 'ein-falsches-Passwort',
    });
    expect(res.status).toBe(200);
    const failed = await sendTestMail(admin, 'kassier@verein.at');
    expect(failed.status).toBe(422);
    expect(failed.body).toMatchObject({ code: 'mail_failed' });
    expect(logins.at(-1)).toEqual({ user: 'kgv-mailer', ok: false });
    expect((await admin.post('Vereinseinstellungen/UpdateMaileinstellungen', settings())).status).toBe(200);
    expect((await sendTestMail(admin, 'kassier@verein.at')).body.transport).toBe('smtp');
    expect(received).toHaveLength(2);
    expect(logins.at(-1)).toEqual({ user: 'kgv-mailer', ok: true });
    expectNoLeak(7);
  });

  it('writes history without the password', async () => {
    await resetMail();
    await saveMail();
    // Without a password (undefined is left out of the JSON body): the stored one is kept.
    await saveMail({ password: undefined, fromName: 'KGV Sonnenhang Vorstand' });
    await saveMail({ password: 'ein-falsches-Passwort' });
    await saveMail();
    const history = await admin.get<{ action: string; before: unknown; after: Record<string, unknown> }[]>(
      'Common/GetHistory',
      { entityID: 'Vereinseinstellungen:Mail' },
    );
    expect(history.status).toBe(200);
    expect(history.body.length).toBeGreaterThanOrEqual(4);
    expect(history.body[0]!.after).toMatchObject({ passwordSet: true, passwordChanged: true });
    const rows = await app.services.db('history').select();
    expect(JSON.stringify(rows)).not.toContain(PASSWORD);
    expectNoLeak(6);
  });

  it('keeps the password readable when SESSION_SECRET changes (it is sealed with the data key)', async () => {
    await resetMail();
    await saveMail();
    const otherSecret = {
      ...app.services,
      config: { ...app.services.config, sessionSecret: 'ein-anderes-geheimnis-0123456789-abcdef' },
    };
    // Without the cache, so the box is really opened.
    const read = await getSmtpSettings({ db: otherSecret.db, config: otherSecret.config, log: otherSecret.log });
    expect(read?.password).toBe(PASSWORD);
    expectNoLeak(2);
  });

  it('treats a password sealed under another data key as not set, with a warning', async () => {
    await resetMail();
    await saveMail();
    const warn = vi.fn();
    const log = { ...app.services.log, warn };
    const other = {
      ...app.services,
      log,
      config: {
        ...app.services.config,
        dataKey: 'ein-anderer-datenschluessel-0123456789',
        sessionSecret: 'ein-anderes-geheimnis-0123456789-abcdef',
      },
    };
    const answer = await getVereinseinstellungen(other);
    expect(answer.mail).toMatchObject({ passwordSet: false, configured: true });
    expect(warn).toHaveBeenCalledWith(expect.stringContaining('cannot be decrypted'));
    const smtpSettings = await getSmtpSettings({ db: other.db, config: other.config, log });
    expect(smtpSettings).toMatchObject({ host: '127.0.0.1', user: 'kgv-mailer', password: undefined });
    // The real app still reads it.
    expect((await getSmtpSettings(app.services))?.password).toBe(PASSWORD);
    expect(JSON.stringify(answer)).not.toContain(PASSWORD);
    expectNoLeak(2);
  });

  it('answers the other calls without the password as well', async () => {
    await resetMail();
    await saveMail();
    const pruefer = record(await app.signedIn(['Rechnungsprüfer']));
    expect((await pruefer.get('Vereinseinstellungen/Vereinseinstellungen')).status).toBe(200);
    expect((await admin.get('Vereinseinstellungen/Vereinseinstellungen')).status).toBe(200);
    expect((await admin.get('Vereinseinstellungen/AbstellplatzKategorien')).status).toBe(200);
    expect(
      (
        await admin.request('POST', 'Vereinseinstellungen/UpdateVereinseinstellungen', {
          query: { edit: 'Anzahl' },
          body: {
            zahlungszielTage: 14,
            mahngebuehrStufe2Cent: 500,
            mahngebuehrStufe3Cent: 1000,
            parkkartenProParzelle: 1,
          },
        })
      ).status,
    ).toBe(200);
    // A refused update echoes nothing of what was sent.
    const refused = await admin.post('Vereinseinstellungen/UpdateMaileinstellungen', { ...settings(), port: 0 });
    expect(refused.status).toBe(422);
    expect((await admin.get('Common/GetHistory', { entityID: 'Vereinseinstellungen:Mail' })).status).toBe(200);
    expectNoLeak(8);
  });

  it('falls back to the outbox after ResetMaileinstellungen and forgets the password', async () => {
    await resetMail();
    await saveMail();
    expect((await sendTestMail(admin, 'kassier@verein.at')).body.transport).toBe('smtp');
    expect(received).toHaveLength(1);
    const res = await admin.delete<Settings>('Vereinseinstellungen/ResetMaileinstellungen');
    expect(res.status).toBe(200);
    expect(res.body.mail).toMatchObject({ host: '', passwordSet: false, configured: false });
    expect(await app.services.db('settings').where({ section: 'Mail' }).select()).toEqual([]);
    const sent = await sendTestMail(admin, 'kassier@verein.at');
    expect(sent.body.transport).toBe('outbox');
    expect(received).toHaveLength(1);
    const history = await admin.get<{ action: string }[]>('Common/GetHistory', {
      entityID: 'Vereinseinstellungen:Mail',
    });
    expect(history.body[0]!.action).toBe('reset');
    expectNoLeak(6);
  });
});
