import { createHash } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ApiClient } from '../helpers/apiClient';
import { startTestApp, TEST_PASSWORD, type TestApp } from '../helpers/testApp';

// Issue 11: a save after the sign-in has ended answers 401 `session_expired`, so the UI can offer
// sign-in in place and repeat the save; a forged call against a live session stays 403.

let app: TestApp;
beforeAll(async () => {
  app = await startTestApp();
});
afterAll(() => app.stop());

const sessionId = (c: ApiClient) => createHash('sha256').update(c.cookies.get('kgv.sid')!).digest('hex');
const SAVE = 'User/UpdateProfile';

async function signedIn(): Promise<ApiClient> {
  const c = app.client();
  expect(await c.login('admin@test.kgv', TEST_PASSWORD)).toBe(0);
  return c;
}

describe('an ended session', () => {
  it('answers a save with 401 session_expired when the session was deleted on the server', async () => {
    const c = await signedIn();
    await app.services
      .db('sessions')
      .where({ id: sessionId(c) })
      .delete();
    const res = await c.post<{ code: string; title: string }>(SAVE, { name: 'Nach Ablauf' });
    expect(res.status).toBe(401);
    expect(res.body).toMatchObject({ code: 'session_expired', title: 'Ihre Sitzung ist abgelaufen.' });
  });

  it('answers a save with 401 session_expired when the session ran out', async () => {
    const c = await signedIn();
    await app.services
      .db('sessions')
      .where({ id: sessionId(c) })
      .update({ expires_at: '2000-01-01 00:00:00' });
    const res = await c.post<{ code: string }>(SAVE, { name: 'Nach Ablauf' });
    expect(res.status).toBe(401);
    expect(res.body.code).toBe('session_expired');
  });

  it('answers session_expired when the browser lost the session cookie but sends the old token', async () => {
    const c = await signedIn();
    c.cookies.delete('kgv.sid');
    const res = await c.post<{ code: string }>(SAVE, { name: 'Nach Ablauf' });
    expect(res.status).toBe(401);
    expect(res.body.code).toBe('session_expired');
  });

  it('answers a read of a dead session with session_expired, a read without any sign-in with unauthorized', async () => {
    const c = await signedIn();
    await app.services
      .db('sessions')
      .where({ id: sessionId(c) })
      .delete();
    const read = await c.get<{ code: string }>('User');
    expect(read.status).toBe(401);
    expect(read.body.code).toBe('session_expired');
    const stranger = await app.client().get<{ code: string }>('User');
    expect(stranger.status).toBe(401);
    expect(stranger.body.code).toBe('unauthorized');
  });

  it('lets the client sign in again with the fresh token and repeat the save', async () => {
    const c = await signedIn();
    await app.services
      .db('sessions')
      .where({ id: sessionId(c) })
      .delete();
    expect((await c.post(SAVE, { name: 'Erneut angemeldet' })).status).toBe(401);
    // The refusal handed out a token for "no session": the sign-in goes through with it.
    expect(await c.login('admin@test.kgv', TEST_PASSWORD)).toBe(0);
    const retry = await c.post<{ name: string }>(SAVE, { name: 'Erneut angemeldet' });
    expect(retry.status).toBe(200);
    expect((await c.get<{ name: string }>('User')).body.name).toBe('Erneut angemeldet');
  });
});

describe('a forgery against a live session', () => {
  it('stays 403 antiforgery_failed with a wrong token, without one, or with another sign-in’s token', async () => {
    const c = await signedIn();
    const wrong = await c.post<{ code: string }>(SAVE, { name: 'Fälschung' }, { headers: { 'X-XSRF-TOKEN': 'a.b' } });
    expect(wrong.status).toBe(403);
    expect(wrong.body.code).toBe('antiforgery_failed');
    const without = await c.post<{ code: string }>(SAVE, { name: 'Fälschung' }, { xsrf: false });
    expect(without.status).toBe(403);
    expect(without.body.code).toBe('antiforgery_failed');
    const other = await signedIn();
    const foreign = await c.post<{ code: string }>(
      SAVE,
      { name: 'Fälschung' },
      { headers: { 'X-XSRF-TOKEN': decodeURIComponent(other.cookies.get('XSRF-TOKEN')!) } },
    );
    expect(foreign.status).toBe(403);
    expect(foreign.body.code).toBe('antiforgery_failed');
    expect((await c.get<{ name: string }>('User')).body.name).not.toBe('Fälschung');
  });

  it('stays 403 for a call without a session whose header does not match the cookie', async () => {
    const c = app.client();
    await c.get('Common/AppVersionInfo');
    const res = await c.post<{ code: string }>(
      'User/Login',
      { email: 'admin@test.kgv', password: TEST_PASSWORD },
      { xsrf: false },
    );
    expect(res.status).toBe(403);
    expect(res.body.code).toBe('antiforgery_failed');
  });
});
