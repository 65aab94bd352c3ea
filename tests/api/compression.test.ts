import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { brotliCompressSync, brotliDecompressSync, gunzipSync, gzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildAbstellplatz, buildParzelle } from '../helpers/factories';
import { startTestApp, type TestApp } from '../helpers/testApp';

// Raw HTTP on purpose: fetch would ask for compression itself and decode it out of sight.
type Raw = { status: number; headers: http.IncomingHttpHeaders; body: Buffer };

function rawGet(baseUrl: string, target: string, headers: Record<string, string> = {}): Promise<Raw> {
  return new Promise((resolve, reject) => {
    const req = http.get(new URL(target, baseUrl), { headers }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (c: Buffer) => chunks.push(c));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, headers: res.headers, body: Buffer.concat(chunks) }));
      res.on('error', reject);
    });
    req.on('error', reject);
  });
}

const JS = `export const greeting = ${JSON.stringify('Grüß Gott! '.repeat(400))};\n`;
const INDEX = `<!doctype html><html lang="de-AT"><head><title>kgv</title></head><body><div id="root"></div>${'<!-- padding -->'.repeat(100)}</body></html>`;

/** A built UI in miniature, as ui/vite.config.ts leaves it: every text file with a .br and a .gz beside it. */
function fakeDist(): string {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'kgv-dist-'));
  mkdirSync(path.join(dir, 'assets'));
  for (const [file, text] of [
    ['index.html', INDEX],
    ['assets/app-abc123.js', JS],
  ] as const) {
    writeFileSync(path.join(dir, file), text);
    writeFileSync(path.join(dir, `${file}.br`), brotliCompressSync(text));
    writeFileSync(path.join(dir, `${file}.gz`), gzipSync(text));
  }
  return dir;
}

let app: TestApp;
let dist: string;
let cookie: string;
const previousDist = process.env.KGV_UI_DIST;

beforeAll(async () => {
  dist = fakeDist();
  // The app reads KGV_UI_DIST when it is made: it serves the fake build.
  process.env.KGV_UI_DIST = dist;
  app = await startTestApp();
  const admin = await app.signedIn(['Obmann']);
  cookie = [...admin.cookies].map(([k, v]) => `${k}=${v}`).join('; ');
  for (let i = 0; i < 30; i++)
    await buildParzelle(app.services, { nummer: `K-${i}`, flaeche: '400.00', wasserzaehlerNummer: `WZ-${i}` });
});
afterAll(async () => {
  await app?.stop();
  if (previousDist === undefined) delete process.env.KGV_UI_DIST;
  else process.env.KGV_UI_DIST = previousDist;
  rmSync(dist, { recursive: true, force: true });
});

const LIST = '/api/Stammdaten/Parzellen?filter=alle';

describe('compressed answers', () => {
  it('sends API JSON brotli- or gzip-compressed when the client accepts it, plain otherwise', async () => {
    const plain = await rawGet(app.url, LIST, { Cookie: cookie });
    expect(plain.status).toBe(200);
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.headers.vary).toMatch(/accept-encoding/i);
    const rows = JSON.parse(plain.body.toString('utf8')) as unknown[];
    expect(rows.length).toBeGreaterThanOrEqual(30);

    const br = await rawGet(app.url, LIST, { Cookie: cookie, 'Accept-Encoding': 'gzip, deflate, br' });
    expect(br.status).toBe(200);
    expect(br.headers['content-encoding']).toBe('br');
    expect(br.headers.vary).toMatch(/accept-encoding/i);
    expect(br.body.length).toBeLessThan(plain.body.length);
    expect(JSON.parse(brotliDecompressSync(br.body).toString('utf8'))).toEqual(rows);

    const gz = await rawGet(app.url, LIST, { Cookie: cookie, 'Accept-Encoding': 'gzip' });
    expect(gz.headers['content-encoding']).toBe('gzip');
    expect(JSON.parse(gunzipSync(gz.body).toString('utf8'))).toEqual(rows);
  });

  it('does not compress a download a second time: an Excel file comes as it is, not stored', async () => {
    await buildAbstellplatz(app.services);
    const xlsx = await rawGet(app.url, '/api/Stammdaten/ExportAbstellplaetze', {
      Cookie: cookie,
      'Accept-Encoding': 'gzip, br',
    });
    expect(xlsx.status).toBe(200);
    expect(xlsx.headers['content-type']).toContain('spreadsheetml');
    expect(xlsx.headers['content-encoding']).toBeUndefined();
    // An xlsx is a zip: its bytes start with "PK".
    expect(xlsx.body.subarray(0, 2).toString('latin1')).toBe('PK');
    expect(xlsx.headers['cache-control']).toContain('no-store');
    expect(xlsx.headers.etag).toBeUndefined();
  });

  it('serves the precompressed .br or .gz of a built asset, and the plain file to a client that takes neither', async () => {
    const br = await rawGet(app.url, '/assets/app-abc123.js', { 'Accept-Encoding': 'gzip, deflate, br' });
    expect(br.status).toBe(200);
    expect(br.headers['content-encoding']).toBe('br');
    expect(br.headers['content-type']).toContain('javascript');
    expect(br.headers.vary).toMatch(/accept-encoding/i);
    expect(br.headers['cache-control']).toContain('immutable');
    expect(brotliDecompressSync(br.body).toString('utf8')).toBe(JS);

    const gz = await rawGet(app.url, '/assets/app-abc123.js', { 'Accept-Encoding': 'gzip' });
    expect(gz.headers['content-encoding']).toBe('gzip');
    expect(gunzipSync(gz.body).toString('utf8')).toBe(JS);

    const plain = await rawGet(app.url, '/assets/app-abc123.js');
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.body.toString('utf8')).toBe(JS);

    // The compressed copies are not files of their own.
    expect((await rawGet(app.url, '/assets/app-abc123.js.br')).status).toBe(404);
  });

  it('serves index.html precompressed, also as the fallback for a client route', async () => {
    for (const target of ['/', '/stammdatenverwalten/parzellen']) {
      const res = await rawGet(app.url, target, { 'Accept-Encoding': 'br' });
      expect(res.status).toBe(200);
      expect(res.headers['content-encoding']).toBe('br');
      expect(res.headers['content-type']).toContain('text/html');
      expect(res.headers['cache-control']).toBe('no-cache');
      expect(brotliDecompressSync(res.body).toString('utf8')).toBe(INDEX);
    }
  });
});

describe('ETag and 304 for GET answers under /api', () => {
  it('answers 304 without a body while the data is unchanged, and 200 with a new ETag once it changed', async () => {
    const first = await rawGet(app.url, LIST, { Cookie: cookie, 'Accept-Encoding': 'br' });
    const etag = first.headers.etag;
    expect(etag).toMatch(/^"[\w-]+"$/);
    expect(first.headers['cache-control']).toBe('private, no-cache');

    const again = await rawGet(app.url, LIST, { Cookie: cookie, 'Accept-Encoding': 'br', 'If-None-Match': etag! });
    expect(again.status).toBe(304);
    expect(again.body.length).toBe(0);
    expect(again.headers.etag).toBe(etag);

    await buildParzelle(app.services, { nummer: 'K-neu' });
    const changed = await rawGet(app.url, LIST, { Cookie: cookie, 'If-None-Match': etag! });
    expect(changed.status).toBe(200);
    expect(changed.headers.etag).toBeDefined();
    expect(changed.headers.etag).not.toBe(etag);
    expect(changed.body.toString('utf8')).toContain('K-neu');
  });

  it('never confirms one user’s answer to another: a 304 only for the very same body', async () => {
    const anna = await app.signedIn(['Obmann'], 'anna@test.kgv');
    const bert = await app.signedIn(['Obmann'], 'bert@test.kgv');
    const cookieOf = (c: typeof anna) => [...c.cookies].map(([k, v]) => `${k}=${v}`).join('; ');
    const annas = await rawGet(app.url, '/api/User', { Cookie: cookieOf(anna) });
    expect(annas.status).toBe(200);
    expect(annas.body.toString('utf8')).toContain('anna@test.kgv');
    const etag = annas.headers.etag!;
    expect(etag).toBeDefined();

    const berts = await rawGet(app.url, '/api/User', { Cookie: cookieOf(bert), 'If-None-Match': etag });
    expect(berts.status).toBe(200);
    expect(berts.body.toString('utf8')).toContain('bert@test.kgv');
    expect(berts.headers.etag).not.toBe(etag);

    // Without a session the tag is worth nothing: sign-in is checked before any 304.
    const anonymous = await rawGet(app.url, '/api/User', { 'If-None-Match': etag });
    expect(anonymous.status).toBe(401);
    expect((await rawGet(app.url, '/api/User', { Cookie: cookieOf(anna), 'If-None-Match': etag })).status).toBe(304);
  });

  it('keeps no-store and no ETag on answers that are not GET JSON', async () => {
    const refused = await rawGet(app.url, LIST);
    expect(refused.status).toBe(401);
    expect(refused.headers['cache-control']).toBe('no-store');
    expect(refused.headers.etag).toBeUndefined();
  });
});
