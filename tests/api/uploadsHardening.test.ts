import { readdirSync } from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { uploadDir } from '../../src/http/upload';
import type { ApiClient } from '../helpers/apiClient';
import { startTestApp, TEST_PASSWORD, type TestApp } from '../helpers/testApp';

// Security review, issue 9, item 1: multipart bodies are parsed only by routes that take files, only
// after sign-in, rights and anti-forgery passed, into DATA_DIR/tmp-uploads, and the temp files are
// gone when the request ends. Each test performs the attack and checks that nothing stays on disk.

let app: TestApp;
let admin: ApiClient;
let root: string;
beforeAll(async () => {
  app = await startTestApp();
  admin = app.client();
  await admin.login('admin@test.kgv', TEST_PASSWORD);
  root = uploadDir(app.services.config.dataDir);
});
afterAll(() => app.stop());

type Problem = { title: string; code: string; status: number };
const MB = 1024 * 1024;
const PDF = Buffer.from('%PDF-1.4\n1 0 obj\n<<>>\nendobj\ntrailer\n<<>>\n%%EOF\n');

/** Every file below the upload folder (per-request subfolders included). */
function uploadFiles(): string[] {
  try {
    return readdirSync(root, { recursive: true, withFileTypes: true })
      .filter((e) => e.isFile())
      .map((e) => path.join(e.parentPath, e.name));
  } catch {
    return [];
  }
}

/** Files named as formidable names them (25 lowercase letters/digits) in the shared temp folder. */
const formidableTempFiles = () => new Set(readdirSync(os.tmpdir()).filter((n) => /^[a-z0-9]{25}$/.test(n)));

async function expectNothingLeft(tmpBefore: Set<string>) {
  // The clean-up runs before the answer is written; allow a moment for a file system under load.
  await expect.poll(uploadFiles, { timeout: 2000 }).toEqual([]);
  const added = [...formidableTempFiles()].filter((n) => !tmpBefore.has(n));
  expect(added).toEqual([]);
}

function bigForm(bytes: number, data: unknown = { nachname: 'Angriff' }) {
  const form = new FormData();
  form.append('data', JSON.stringify(data));
  form.append('files', new Blob([new Uint8Array(Buffer.alloc(bytes, 0x41))], { type: 'application/pdf' }), 'gross.pdf');
  return form;
}

describe('multipart uploads', () => {
  it('an anonymous 19 MB upload to a route that does not exist writes nothing', async () => {
    const before = formidableTempFiles();
    const anon = app.client();
    const res = await anon.request<Problem>('POST', 'Gibt/EsNicht', { rawBody: bigForm(19 * MB) });
    expect([401, 404, 415]).toContain(res.status);
    await expectNothingLeft(before);
  });

  it('an anonymous 19 MB upload to an upload route is refused with 401 before reading it', async () => {
    const before = formidableTempFiles();
    const res = await app.client().request<Problem>('POST', 'Stammdaten/UpdateAdresse', { rawBody: bigForm(19 * MB) });
    expect(res.status).toBe(401);
    await expectNothingLeft(before);
  });

  it('a signed-in user without the right gets 403 and nothing is written', async () => {
    const before = formidableTempFiles();
    const viewer = await app.signedIn([]);
    const res = await viewer.request<Problem>('POST', 'Stammdaten/UpdateAdresse', { rawBody: bigForm(19 * MB) });
    expect(res.status).toBe(403);
    await expectNothingLeft(before);
  });

  it('a multipart body to a route that takes no files answers 415 in German', async () => {
    const before = formidableTempFiles();
    const res = await admin.request<Problem>('POST', 'Stammdaten/UpdateWeiterePerson', { rawBody: bigForm(5 * MB) });
    expect(res.status).toBe(415);
    expect(res.body.code).toBe('unsupported_media_type');
    expect(res.body.title).toMatch(/nimmt keine Dateien an/);
    await expectNothingLeft(before);
  });

  it('an authorised upload over the limit answers 413 with a German title, no file left', async () => {
    const before = formidableTempFiles();
    const count = (await app.services.db('adressen').count({ n: '*' }).first()) as { n: number };
    const res = await admin.request<Problem>('POST', 'Stammdaten/UpdateAdresse', { rawBody: bigForm(21 * MB) });
    expect(res.status).toBe(413);
    expect(res.body).toMatchObject({ code: 'payload_too_large', title: 'Die Datei ist zu groß (höchstens 20 MB).' });
    expect(res.text).not.toMatch(/at .*\.(ts|js):\d+/);
    await expectNothingLeft(before);
    expect(await app.services.db('adressen').count({ n: '*' }).first()).toEqual(count);
  });

  it('a normal upload still works and its temp file is gone afterwards', async () => {
    const before = formidableTempFiles();
    const form = new FormData();
    form.append('data', JSON.stringify({ nachname: 'Upload', vorname: 'Uta' }));
    form.append('files', new Blob([new Uint8Array(PDF)], { type: 'application/pdf' }), 'vertrag.pdf');
    const res = await admin.request<{ id: number }>('POST', 'Stammdaten/UpdateAdresse', { rawBody: form });
    expect(res.status, res.text).toBe(200);
    const files = await admin.get<{ name: string }[]>('Common/GetFilesByAdress', { adressID: res.body.id });
    expect(files.body.map((f) => f.name)).toEqual(['vertrag.pdf']);
    await expectNothingLeft(before);
  });

  it('an upload aborted halfway leaves no temp file', async () => {
    const before = formidableTempFiles();
    const boundary = 'kgvboundary';
    const url = new URL('/api/Stammdaten/UpdateAdresse', app.url);
    const token = decodeURIComponent(admin.cookies.get('XSRF-TOKEN')!);
    const req = http.request(url, {
      method: 'POST',
      headers: {
        'Content-Type': `multipart/form-data; boundary=${boundary}`,
        'Content-Length': String(10 * MB),
        Cookie: [...admin.cookies].map(([k, v]) => `${k}=${v}`).join('; '),
        'X-XSRF-TOKEN': token,
      },
    });
    req.on('error', () => undefined);
    req.write(
      `--${boundary}\r\nContent-Disposition: form-data; name="files"; filename="halb.pdf"\r\nContent-Type: application/pdf\r\n\r\n`,
    );
    req.write(Buffer.alloc(2 * MB, 0x42));
    // Wait until the server has started writing the file, then drop the connection.
    await expect.poll(() => uploadFiles().length, { timeout: 5000 }).toBeGreaterThan(0);
    req.destroy();
    await expectNothingLeft(before);
  });

  it('a JSON body over 2 MB answers 413, not 500', async () => {
    const res = await admin.request<Problem>('POST', 'Stammdaten/UpdateWeiterePerson', {
      rawBody: JSON.stringify({ nachname: 'x'.repeat(3 * MB) }),
      contentType: 'application/json',
    });
    expect(res.status).toBe(413);
    expect(res.body).toMatchObject({ code: 'payload_too_large', title: 'Die Anfrage ist zu groß (höchstens 2 MB).' });
  });
});
