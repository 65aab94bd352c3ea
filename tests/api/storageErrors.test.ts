import { rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ApiClient } from '../helpers/apiClient';
import { startTestApp, TEST_PASSWORD, type TestApp } from '../helpers/testApp';

// Security review, issue 9, item 5: when the file store cannot write (here its folder was replaced
// by a regular file while the app runs; as root a chmod would not stop writes), an upload answers a
// German 503 problem instead of a 500, and saves nothing.

let app: TestApp;
let admin: ApiClient;
beforeAll(async () => {
  app = await startTestApp();
  admin = app.client();
  await admin.login('admin@test.kgv', TEST_PASSWORD);
});
afterAll(() => app.stop());

const PDF = Buffer.from('%PDF-1.4\n1 0 obj\n<<>>\nendobj\ntrailer\n<<>>\n%%EOF\n');

describe('an unwritable file store', () => {
  it('answers 503 with a German title and keeps the database unchanged', async () => {
    const filesDir = path.join(app.services.config.dataDir, 'files');
    rmSync(filesDir, { recursive: true, force: true });
    writeFileSync(filesDir, 'kein Ordner');
    const before = await app.services.db('adressen').count({ n: '*' }).first();
    const form = new FormData();
    form.append('data', JSON.stringify({ nachname: 'Speicher', vorname: 'Sepp' }));
    form.append('files', new Blob([new Uint8Array(PDF)], { type: 'application/pdf' }), 'vertrag.pdf');
    const res = await admin.request<{ status: number; code: string; title: string }>(
      'POST',
      'Stammdaten/UpdateAdresse',
      {
        rawBody: form,
      },
    );
    expect(res.status).toBe(503);
    expect(res.body.code).toBe('storage_not_writable');
    expect(res.body.title).toMatch(/^Der Server kann keine Dateien speichern/);
    expect(res.text).not.toMatch(/ENOTDIR|EEXIST|\/tmp\//);
    expect(await app.services.db('adressen').count({ n: '*' }).first()).toEqual(before);
  });
});
