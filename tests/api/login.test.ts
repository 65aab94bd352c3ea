import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, TEST_PASSWORD, type TestApp } from '../helpers/testApp';

let app: TestApp;
beforeAll(async () => {
  app = await startTestApp();
});
afterAll(() => app.stop());

describe('POST /api/User/Login', () => {
  it('signs in with the right password (0) and GET /api/User answers the user', async () => {
    const c = app.client();
    expect(await c.login('admin@test.kgv', TEST_PASSWORD)).toBe(0);
    const me = await c.get('User');
    expect(me.status).toBe(200);
    expect(me.body).toEqual({
      name: 'Administrator',
      role: 'GlobalAdmin',
      email: 'admin@test.kgv',
      mfa: false,
      isAdmin: true,
      isGlobalAdmin: true,
      mfaSetupRequired: false,
    });
  });

  it('accepts the e-mail in any case and with spaces', async () => {
    expect(await app.client().login('  ADMIN@Test.KGV ', TEST_PASSWORD)).toBe(0);
  });

  it('answers an unknown e-mail and a wrong password alike (-1), without a session', async () => {
    const a = app.client();
    const b = app.client();
    const unknown = await a.post('User/Login', { email: 'nobody@test.kgv', password: TEST_PASSWORD });
    const wrong = await b.post('User/Login', { email: 'admin@test.kgv', password: 'falsch-falsch' });
    expect(unknown.status).toBe(200);
    expect(unknown.body).toEqual({ result: -1 });
    expect(wrong.body).toEqual({ result: -1 });
    expect(a.cookies.has('kgv.sid')).toBe(false);
    expect((await b.get('User')).status).toBe(401);
  });

  it('locks the account after 5 wrong passwords for 15 minutes, whatever comes next', async () => {
    const email = 'lock@test.kgv';
    await app.signedIn(['Kassier'], email);
    const c = app.client();
    const results: number[] = [];
    for (let i = 0; i < 5; i++) results.push(await c.login(email, `falsch-${i}-xxxxx`));
    expect(results).toEqual([-1, -1, -1, -1, 3]);
    expect(await c.login(email, TEST_PASSWORD)).toBe(3);
    // The lock expires after 15 minutes.
    await app.services.db('login_throttle').where({ email }).update({ locked_until: '2000-01-01 00:00:00' });
    expect(await c.login(email, TEST_PASSWORD)).toBe(0);
  });

  it('counts only wrong passwords in a row', async () => {
    const email = 'row@test.kgv';
    await app.signedIn(['Kassier'], email);
    const c = app.client();
    for (let i = 0; i < 4; i++) expect(await c.login(email, 'falsch-falsch')).toBe(-1);
    expect(await c.login(email, TEST_PASSWORD)).toBe(0);
    for (let i = 0; i < 4; i++) expect(await c.login(email, 'falsch-falsch')).toBe(-1);
    expect(await c.login(email, TEST_PASSWORD)).toBe(0);
  });

  it('refuses a body of the wrong shape with 422', async () => {
    const res = await app.client().post('User/Login', { email: 5, password: [] });
    expect(res.status).toBe(422);
    expect(res.body).toMatchObject({ errors: { email: expect.any(Array), password: expect.any(Array) } });
  });

  it('answers GET /api/User with 401 when signed out', async () => {
    const res = await app.client().get('User');
    expect(res.status).toBe(401);
  });

  it('leaves a second-factor sign-in half done: only Logout and the 2FA calls work', async () => {
    const email = 'mfa@test.kgv';
    await app.signedIn(['Obmann'], email);
    await app.services.db('users').where({ email }).update({ mfa_enabled: true });
    const c = app.client();
    expect(await c.login(email, TEST_PASSWORD)).toBe(1);
    const me = await c.get('User');
    expect(me.status).toBe(401);
    expect(me.body).toMatchObject({ code: 'second_factor_required' });
    expect((await c.post('Common/GetRights', [])).status).toBe(401);
    expect((await c.post('User/Logout')).status).toBe(204);
  });
});

describe('POST /api/Common/GetRights', () => {
  it('answers the subset the user holds; an empty list asks for all', async () => {
    const c = await app.signedIn(['Wasserwart']);
    const subset = await c.post('Common/GetRights', ['WebApp.Wasser.Edit', 'WebApp.Kassa.View', 'Unsinn'], {
      query: { instanceID: 'sidebar' },
    });
    expect(subset.status).toBe(200);
    expect(subset.body).toEqual(['WebApp.Wasser.Edit']);
    const all = await c.post<string[]>('Common/GetRights', []);
    expect([...all.body].sort()).toEqual(['WebApp.Stammdaten.View', 'WebApp.Wasser.Edit', 'WebApp.Wasser.View']);
  });

  it('gives the GlobalAdmin every right and the Rechnungsprüfer only View rights', async () => {
    const admin = app.client();
    await admin.login('admin@test.kgv', TEST_PASSWORD);
    const { RIGHTS } = await import('../../src/platform/auth/rights');
    expect((await admin.post<string[]>('Common/GetRights', [])).body.sort()).toEqual([...RIGHTS].sort());
    const pruefer = await app.signedIn(['Rechnungsprüfer']);
    const rights = (await pruefer.post<string[]>('Common/GetRights', [])).body;
    expect(rights.length).toBeGreaterThan(5);
    expect(rights.every((r) => r.endsWith('.View'))).toBe(true);
  });

  it('refuses a body that is not a list of names', async () => {
    const c = await app.signedIn(['Kassier']);
    expect((await c.post('Common/GetRights', { a: 1 })).status).toBe(422);
  });
});
