import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ApiClient } from '../helpers/apiClient';
import { startTestApp, TEST_PASSWORD, type TestApp } from '../helpers/testApp';

// Security review, issue 9, item 2: Common/ClearCache is a GET (as the spec has it) that changes
// state, so a foreign page's <img src> must not be able to trigger it: it needs the XSRF header.

let app: TestApp;
let admin: ApiClient;
beforeAll(async () => {
  app = await startTestApp();
  admin = app.client();
  await admin.login('admin@test.kgv', TEST_PASSWORD);
});
afterAll(() => app.stop());

/** Puts `value` under `key` unless something is cached there; answers what is cached. */
const cached = (key: string, value: string) => app.services.cache.get(key, async () => value);

describe('Common/ClearCache', () => {
  it('refuses a call without the anti-forgery header with 403 and keeps the cache', async () => {
    await cached('probe', 'bleibt');
    const res = await admin.get<{ code: string }>('Common/ClearCache', undefined, { xsrf: false });
    expect(res.status).toBe(403);
    expect(res.body.code).toBe('antiforgery_failed');
    expect(await cached('probe', 'neu')).toBe('bleibt');
  });

  it('refuses a header that does not match the cookie', async () => {
    const res = await admin.get('Common/ClearCache', undefined, { headers: { 'X-XSRF-TOKEN': 'falsch.falsch' } });
    expect(res.status).toBe(403);
  });

  it('empties the cache with the header', async () => {
    await cached('probe', 'weg');
    const res = await admin.get('Common/ClearCache');
    expect(res.status).toBe(204);
    expect(await cached('probe', 'neu')).toBe('neu');
  });
});
