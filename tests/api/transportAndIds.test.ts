import { statSync } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ApiClient } from '../helpers/apiClient';
import { startTestApp, TEST_PASSWORD, type TestApp } from '../helpers/testApp';

// Security review, issue 9, item 6: HSTS behind an https proxy, private modes of the database and
// the secrets in DATA_DIR, and ids in query strings that are plain decimal digits only.

let app: TestApp;
let proxied: TestApp;
let admin: ApiClient;
beforeAll(async () => {
  [app, proxied] = await Promise.all([startTestApp(), startTestApp({ TRUST_PROXY: '1' })]);
  admin = app.client();
  await admin.login('admin@test.kgv', TEST_PASSWORD);
});
afterAll(() => Promise.all([app?.stop(), proxied?.stop()]));

const HSTS = 'Strict-Transport-Security';

describe('HSTS', () => {
  it('is sent for https requests through a trusted proxy', async () => {
    const res = await proxied.client().get('Common/AppVersionInfo', undefined, {
      headers: { 'X-Forwarded-Proto': 'https' },
    });
    expect(res.headers.get(HSTS)).toBe('max-age=31536000');
    const page = await fetch(new URL('/', proxied.url), { headers: { 'X-Forwarded-Proto': 'https' } });
    expect(page.headers.get(HSTS)).toBe('max-age=31536000');
  });

  it('is not sent over plain http, nor when the proxy is not trusted', async () => {
    expect((await proxied.client().get('Common/AppVersionInfo')).headers.get(HSTS)).toBeNull();
    const untrusted = await app.client().get('Common/AppVersionInfo', undefined, {
      headers: { 'X-Forwarded-Proto': 'https' },
    });
    expect(untrusted.headers.get(HSTS)).toBeNull();
  });
});

describe('file modes in DATA_DIR', () => {
  const mode = (file: string) => statSync(file).mode & 0o777;

  it('keeps the session secret and data key private', () => {
    // The test app gets SESSION_SECRET from the environment: only the files that exist are checked.
    for (const name of ['session-secret', 'data-key']) {
      const file = path.join(app.services.config.dataDir, name);
      try {
        expect(mode(file), name).toBe(0o600);
      } catch (err) {
        if ((err as NodeJS.ErrnoException).code !== 'ENOENT') throw err;
      }
    }
  });

  it.skipIf(Boolean(process.env.DATABASE_URL))('creates kgv.sqlite and its -wal/-shm with mode 0600', async () => {
    await admin.post('Stammdaten/UpdateGruppe', { id: 0, name: 'Modus' });
    const file = path.join(app.services.config.dataDir, 'kgv.sqlite');
    expect(mode(file)).toBe(0o600);
    expect(mode(`${file}-wal`)).toBe(0o600);
    expect(mode(`${file}-shm`)).toBe(0o600);
  });

  it('stores uploaded files with mode 0600', async () => {
    const form = new FormData();
    form.append('data', JSON.stringify({ nachname: 'Modus' }));
    const pdf = '%PDF-1.4\n1 0 obj\n<<>>\nendobj\ntrailer\n<<>>\n%%EOF\n';
    form.append('files', new Blob([pdf], { type: 'application/pdf' }), 'modus.pdf');
    const res = await admin.request('POST', 'Stammdaten/UpdateAdresse', { rawBody: form });
    expect(res.status, res.text).toBe(200);
    const row = (await app.services.db('files').orderBy('id', 'desc').first()) as { sha256: string };
    expect(mode(path.join(app.services.config.dataDir, 'files', row.sha256.slice(0, 2), row.sha256))).toBe(0o600);
  });
});

describe('ids in query strings', () => {
  it.each(['0x10', '1e1', '+16', ' 16', '16 ', '16.0', '', '0b10', '1_6'])(
    'refuses id=%j with a German 422 instead of reading a number into it',
    async (id) => {
      const res = await admin.get<{ errors: Record<string, string[]> }>('Stammdaten/GetAdresse', { id });
      expect(res.status).toBe(422);
      expect(res.body.errors['query.id']).toEqual(['Erwartet wird eine ganze Zahl.']);
    },
  );

  it('reads plain digits as the number they spell', async () => {
    const created = await admin.post<{ id: number }>('Stammdaten/UpdateAdresse', { nachname: 'Sechzehn' });
    const res = await admin.get<{ id: number }>('Stammdaten/GetAdresse', { id: String(created.body.id) });
    expect(res.status).toBe(200);
    expect(res.body.id).toBe(created.body.id);
    const hex = await admin.get('Stammdaten/GetAdresse', { id: `0x${created.body.id.toString(16)}` });
    expect(hex.status).toBe(422);
  });
});
