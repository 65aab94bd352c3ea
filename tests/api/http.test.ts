import { createHash } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { currentYear } from '../../src/platform/dates';
import { startServer } from '../../src/server';
import { ApiClient } from '../helpers/apiClient';
import { startTestApp, TEST_PASSWORD, type TestApp } from '../helpers/testApp';

let app: TestApp;
beforeAll(async () => {
  app = await startTestApp();
});
afterAll(() => app.stop());

describe('routing', () => {
  it('matches controller and action case-insensitively', async () => {
    const c = app.client();
    const a = await c.get('/api/Common/AppVersionInfo');
    const b = await c.get('/api/common/appversioninfo');
    const d = await c.get('/api/COMMON/AppVERSIONinfo');
    expect(a.status).toBe(200);
    expect(b.status).toBe(200);
    expect(d.status).toBe(200);
    expect((b.body as { webAppVersion: string }).webAppVersion).toBe(
      (a.body as { webAppVersion: string }).webAppVersion,
    );
  });

  it('takes a trailing slash and answers 404 for an unknown controller or action', async () => {
    const c = app.client();
    expect((await c.get('/api/Common/AppVersionInfo/')).status).toBe(200);
    const unknownController = await c.get('/api/Kassabuchhaltung/GetAll');
    expect(unknownController.status).toBe(404);
    expect((unknownController.body as { title: string }).title).toBe('Diese Schnittstelle gibt es nicht.');
    expect((await c.get('/api/Common/GibtEsNicht')).status).toBe(404);
    expect((await c.get('/api')).status).toBe(404);
  });

  it('matches query parameter names case-insensitively', async () => {
    const c = await app.signedIn(['Obmann']);
    const res = await c.get('Common/DateInPast', { DATE: '2000-01-01' });
    expect(res.status).toBe(200);
    expect(res.body).toBe(true);
  });

  it('answers unknown /api paths with a 404 problem', async () => {
    const res = await app.client().get('/api/Nope/Nothing');
    expect(res.status).toBe(404);
    expect(res.headers.get('content-type')).toContain('application/problem+json');
    expect(res.body).toMatchObject({ status: 404, code: 'not_found', title: 'Diese Schnittstelle gibt es nicht.' });
  });

  it('serves the UI for client routes (SPA fallback) and never for /api', async () => {
    const res = await fetch(`${app.url}/stammdatenverwalten/parzellen`);
    expect([200, 503]).toContain(res.status);
    expect(res.headers.get('content-type')).not.toContain('json');
  });
});

describe('problem details', () => {
  it('answers validation failures with 422, German messages per field and changes nothing', async () => {
    const c = await app.signedIn(['Obmann']);
    const res = await c.get('Common/DateInPast', { date: '2025-02-31' });
    expect(res.status).toBe(422);
    expect(res.body).toMatchObject({
      status: 422,
      code: 'validation_failed',
      title: 'Die Eingaben sind nicht gültig.',
      errors: { 'query.date': ['Dieses Datum gibt es nicht.'] },
    });
  });

  it('answers a malformed JSON body with 400', async () => {
    const c = app.client();
    const res = await c.request('POST', 'User/Login', { rawBody: '{"email": ', contentType: 'application/json' });
    expect(res.status).toBe(400);
    expect(res.body).toMatchObject({ status: 400, code: 'bad_request' });
  });

  it('hides internals of unexpected errors behind a trace id', async () => {
    const c = app.client();
    await c.login('admin@test.kgv', TEST_PASSWORD);
    const res = await c.get<{ traceId: string; detail: string }>('Common/Throw');
    expect(res.status).toBe(500);
    expect(res.body).toMatchObject({
      status: 500,
      code: 'internal_error',
      title: 'Ein unerwarteter Fehler ist aufgetreten.',
    });
    expect(res.body.traceId).toMatch(/^[0-9a-f-]{36}$/);
    expect(res.body.detail).toContain(res.body.traceId);
    expect(res.text).not.toContain('Testfehler');
    expect(res.text).not.toMatch(/at .*\.ts/);
  });
});

describe('anti-forgery', () => {
  it('sets the XSRF-TOKEN cookie readable by scripts and the session cookie HttpOnly, SameSite=Lax', async () => {
    const c = app.client();
    await c.get('Common/AppVersionInfo');
    const xsrf = c.lastSetCookies.find((l) => l.startsWith('XSRF-TOKEN='));
    expect(xsrf).toBeDefined();
    expect(xsrf).not.toMatch(/httponly/i);
    await c.login('admin@test.kgv', TEST_PASSWORD);
    const sid = c.lastSetCookies.find((l) => l.startsWith('kgv.sid='));
    expect(sid).toMatch(/httponly/i);
    expect(sid).toMatch(/samesite=lax/i);
    expect(sid).not.toMatch(/secure/i);
  });

  it('refuses an unsafe call without the header, with a wrong one, or with a token of another session', async () => {
    const c = app.client();
    expect(await c.login('admin@test.kgv', TEST_PASSWORD)).toBe(0);
    const without = await c.post('User/Logout', undefined, { xsrf: false });
    expect(without.status).toBe(403);
    expect(without.body).toMatchObject({ code: 'antiforgery_failed' });
    const wrong = await c.post('User/Logout', undefined, { headers: { 'X-XSRF-TOKEN': 'abc.def' } });
    expect(wrong.status).toBe(403);
    // Nothing changed: still signed in.
    expect((await c.get('User')).status).toBe(200);

    const other = app.client();
    await other.login('admin@test.kgv', TEST_PASSWORD);
    const foreign = await c.post('User/Logout', undefined, {
      headers: { 'X-XSRF-TOKEN': decodeURIComponent(other.cookies.get('XSRF-TOKEN')!) },
    });
    expect(foreign.status).toBe(403);
    expect((await c.get('User')).status).toBe(200);
  });

  it('refuses a login without the header and signs nobody in', async () => {
    const c = app.client();
    await c.get('Common/AppVersionInfo');
    const res = await c.post('User/Login', { email: 'admin@test.kgv', password: TEST_PASSWORD }, { xsrf: false });
    expect(res.status).toBe(403);
    expect(c.cookies.has('kgv.sid')).toBe(false);
  });

  it('demands the header on SendTestMail although it is a GET', async () => {
    const c = app.client();
    await c.login('admin@test.kgv', TEST_PASSWORD);
    const res = await c.get('Common/SendTestMail', { mailTo: 'a@b.at' }, { xsrf: false });
    expect(res.status).toBe(403);
    expect(res.body).toMatchObject({ code: 'antiforgery_failed' });
  });
});

describe('sessions', () => {
  it('ends after 60 minutes idle', async () => {
    const c = app.client();
    await c.login('admin@test.kgv', TEST_PASSWORD);
    expect((await c.get('User')).status).toBe(200);
    const id = createHash('sha256').update(c.cookies.get('kgv.sid')!).digest('hex');
    await app.services.db('sessions').where({ id }).update({ expires_at: '2000-01-01 00:00:00' });
    expect((await c.get('User')).status).toBe(401);
    // The expired session is gone from the table, and the browser is told to drop the cookie.
    expect(await app.services.db('sessions').where({ id }).first()).toBeUndefined();
    expect(c.cookies.has('kgv.sid')).toBe(false);
  });

  it('lives in the database: a second server on the same database knows it', async () => {
    const c = app.client();
    await c.login('admin@test.kgv', TEST_PASSWORD);
    const rows = await app.services.db('sessions').select('id');
    expect(rows.length).toBeGreaterThan(0);
    // The cookie holds a token; the table holds only its hash.
    expect(rows.map((r) => r.id)).not.toContain(c.cookies.get('kgv.sid'));
    // A second app instance (another process after a restart, or beside this one) on the same
    // database signs the same cookie in.
    const second = await startServer(
      { ...app.testDb.config, port: 0, host: '127.0.0.1', adminEmail: 'admin@test.kgv', adminPassword: TEST_PASSWORD },
      { jobs: false, announce: () => {} },
    );
    try {
      expect(second.url).not.toBe(app.url);
      const there = new ApiClient(second.url);
      there.cookies.set('kgv.sid', c.cookies.get('kgv.sid') as string);
      const me = await there.get<{ email: string }>('User');
      expect(me.status).toBe(200);
      expect(me.body.email).toBe('admin@test.kgv');
    } finally {
      await second.close();
    }
  });

  it('logs out and the old cookie is useless afterwards', async () => {
    const c = app.client();
    await c.login('admin@test.kgv', TEST_PASSWORD);
    const cookie = c.cookies.get('kgv.sid')!;
    const logout = await c.post('User/Logout');
    expect(logout.status).toBe(204);
    // Lists may sit in the browser's cache (private, no-cache): signing out clears it.
    expect(logout.headers.get('clear-site-data')).toBe('"cache"');
    expect((await c.get('User')).status).toBe(401);
    const replay = app.client();
    replay.cookies.set('kgv.sid', cookie);
    expect((await replay.get('User')).status).toBe(401);
  });
});

describe('first start', () => {
  it('creates the administrator and the current billing year', async () => {
    expect(await app.services.db('users').where({ email: 'admin@test.kgv' }).first('id')).toBeDefined();
    const c = app.client();
    await c.login('admin@test.kgv', TEST_PASSWORD);
    const years = await c.get<{ jahr: number }[]>('Common/Pachtabrechnungen');
    expect(years.body.map((y) => y.jahr)).toContain(currentYear());
  });
});
