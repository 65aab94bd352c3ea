import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import { chromium, type Page, type Response } from 'playwright-core';
import { BROTLI_QUALITY, GZIP_LEVEL } from '../../src/http/compression';
import { CHROMIUM_ARGS } from '../../src/platform/pdf';
import { ApiClient } from '../helpers/apiClient';
import { generateClub } from '../helpers/generateClub';
import { startTestApp, TEST_PASSWORD } from '../helpers/testApp';

/** Scripts or style sheets of a page: how many, bytes over the wire (as the server encoded them) and decoded. */
export type Weight = { files: number; wire: number; raw: number };
export type PageWeight = { js: Weight; css: Weight };

const none = (): PageWeight => ({ js: { files: 0, wire: 0, raw: 0 }, css: { files: 0, wire: 0, raw: 0 } });
const plus = (a: PageWeight, b: PageWeight): PageWeight => ({
  js: { files: a.js.files + b.js.files, wire: a.js.wire + b.js.wire, raw: a.js.raw + b.js.raw },
  css: { files: a.css.files + b.css.files, wire: a.css.wire + b.css.wire, raw: a.css.raw + b.css.raw },
});

export type WireBench = {
  login: PageWeight;
  /** Everything loaded from opening /login until the start page stands after sign-in. */
  afterSignIn: PageWeight;
  /** GET Stammdaten/Parzellen?filter=alle of the large club: bytes per encoding, ms to compress it with the server's settings. */
  list: { rows: number; raw: number; br: number; gzip: number; brMs: number; gzipMs: number };
};

const repo = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');

/** Builds the UI as `npm run build` does, into a folder of its own so ui/dist stays untouched. */
function buildUi(): string {
  const outDir = mkdtempSync(path.join(os.tmpdir(), 'kgv-bench-dist-'));
  execFileSync(
    process.execPath,
    [
      path.join(repo, 'node_modules/vite/bin/vite.js'),
      'build',
      '--config',
      'ui/vite.config.ts',
      '--outDir',
      outDir,
      '--emptyOutDir',
      '--logLevel',
      'warn',
    ],
    { cwd: repo, stdio: ['ignore', 'ignore', 'inherit'] },
  );
  return outDir;
}

/** Counts the scripts and style sheets a page fetches; `take()` answers and resets the sums. */
function weigh(page: Page) {
  let pending: Promise<void>[] = [];
  let sum = none();
  page.on('response', (res: Response) => {
    const kind = /\.(js|css)$/.exec(new URL(res.url()).pathname)?.[1] as 'js' | 'css' | undefined;
    if (!kind) return;
    pending.push(
      (async () => {
        // responseBodySize: the encoded body as it came over the wire; body(): decoded.
        const [sizes, body] = await Promise.all([res.request().sizes(), res.body()]);
        sum[kind].files += 1;
        sum[kind].wire += sizes.responseBodySize;
        sum[kind].raw += body.length;
      })(),
    );
  });
  return async (): Promise<PageWeight> => {
    await Promise.all(pending);
    const out = sum;
    pending = [];
    sum = none();
    return out;
  };
}

/** Bytes and mean ms of one compression, after a warm-up round. */
const timed = (fn: () => Buffer, rounds = 20) => {
  let out = fn();
  const start = performance.now();
  for (let i = 0; i < rounds; i++) out = fn();
  return { bytes: out.length, ms: (performance.now() - start) / rounds };
};

/**
 * What goes over the wire: the login page and the start page after sign-in in Chromium (JS and CSS
 * as the browser received them, brotli as served), and the Parzellen list of a large club per
 * encoding with the per-request cost of compressing it.
 */
export async function benchWire(opts: { chromiumPath: string; plots: number; addresses: number }): Promise<WireBench> {
  const dist = buildUi();
  const previous = process.env.KGV_UI_DIST;
  process.env.KGV_UI_DIST = dist;
  const app = await startTestApp();
  const browser = await chromium.launch({ executablePath: opts.chromiumPath, args: CHROMIUM_ARGS });
  try {
    await generateClub(app.services.db, opts.plots, opts.addresses);
    const client = new ApiClient(app.url);
    if ((await client.login('admin@test.kgv', TEST_PASSWORD)) !== 0) throw new Error('bench login failed');
    const plain = await client.get(
      'Stammdaten/Parzellen',
      { filter: 'alle' },
      { headers: { 'Accept-Encoding': 'identity' } },
    );
    const json = plain.buffer;
    const br = timed(() => brotliCompressSync(json, { params: { [constants.BROTLI_PARAM_QUALITY]: BROTLI_QUALITY } }));
    const gz = timed(() => gzipSync(json, { level: GZIP_LEVEL }));

    const context = await browser.newContext({ baseURL: app.url, locale: 'de-AT', timezoneId: 'Europe/Vienna' });
    const page = await context.newPage();
    const take = weigh(page);
    await page.goto('/login', { waitUntil: 'networkidle' });
    await page.getByRole('button', { name: 'Anmelden' }).waitFor();
    const login = await take();
    await page.getByRole('textbox', { name: 'E-Mail' }).fill('admin@test.kgv');
    await page.getByRole('textbox', { name: 'Passwort' }).fill(TEST_PASSWORD);
    await page.getByRole('button', { name: 'Anmelden' }).click();
    await page.getByRole('navigation', { name: 'Hauptmenü' }).waitFor();
    await page.waitForLoadState('networkidle');
    const after = await take();
    return {
      login,
      afterSignIn: plus(login, after),
      list: {
        rows: (JSON.parse(json.toString('utf8')) as unknown[]).length,
        raw: json.length,
        br: br.bytes,
        gzip: gz.bytes,
        brMs: br.ms,
        gzipMs: gz.ms,
      },
    };
  } finally {
    await browser.close();
    await app.stop();
    if (previous === undefined) delete process.env.KGV_UI_DIST;
    else process.env.KGV_UI_DIST = previous;
    rmSync(dist, { recursive: true, force: true });
  }
}
