import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { accessOf } from '../../src/http/router';
import { allRoutes } from '../../src/modules';
import type { ApiClient } from '../helpers/apiClient';
import { startTestApp, type TestApp } from '../helpers/testApp';

// Every registered route, walked: anonymous calls get 401, calls without the route's right get 403.
const routes = allRoutes();
const protectedRoutes = routes.filter((r) => accessOf(r) !== 'public');
const rightsRoutes = routes.filter((r) => accessOf(r) === 'rights');
const editOnly = rightsRoutes.filter((r) => r.rights!.every((right) => !right.endsWith('.View')));

let app: TestApp;
let anonymous: ApiClient;
let noRights: ApiClient;
let pruefer: ApiClient;

beforeAll(async () => {
  app = await startTestApp();
  anonymous = app.client();
  noRights = await app.signedIn([]);
  pruefer = await app.signedIn(['Rechnungsprüfer']);
});
afterAll(() => app.stop());

describe('route access', () => {
  it('has routes of every kind to walk', () => {
    expect(protectedRoutes.length).toBeGreaterThan(5);
    expect(rightsRoutes.length).toBeGreaterThan(3);
  });

  it.each(protectedRoutes.map((r) => [`${r.method} ${r.path}`, r] as const))('%s: anonymous gets 401', async (_, r) => {
    const res = await anonymous.request(r.method, r.path);
    expect(res.status).toBe(401);
    expect(res.body).toMatchObject({ status: 401, code: 'unauthorized', title: expect.any(String) });
  });

  it.each(rightsRoutes.map((r) => [`${r.method} ${r.path}`, r] as const))(
    '%s: a user without the right gets 403',
    async (_, r) => {
      const res = await noRights.request(r.method, r.path);
      expect(res.status).toBe(403);
      expect(res.body).toMatchObject({ status: 403, code: 'forbidden' });
    },
  );

  it.each(editOnly.map((r) => [`${r.method} ${r.path}`, r] as const))(
    '%s: the Rechnungsprüfer (view rights only) gets 403',
    async (_, r) => {
      const res = await pruefer.request(r.method, r.path);
      expect(res.status).toBe(403);
    },
  );

  it('refuses to start with a route that declares no right', async () => {
    const { checkRoutes, route } = await import('../../src/http/router');
    expect(() => checkRoutes([route({ method: 'GET', path: 'X/Y', handler: () => 1 })])).toThrow(/must declare/);
    expect(() =>
      checkRoutes([route({ method: 'GET', path: 'X/Y', public: true, rights: ['User.View'], handler: () => 1 })]),
    ).toThrow(/exactly one/);
    expect(() =>
      checkRoutes([
        route({ method: 'GET', path: 'X/Y', public: true, handler: () => 1 }),
        route({ method: 'GET', path: 'x/y', public: true, handler: () => 1 }),
      ]),
    ).toThrow(/twice/);
  });
});
