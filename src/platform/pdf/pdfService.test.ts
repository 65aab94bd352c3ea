import { execFile } from 'node:child_process';
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { createElement } from 'react';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createLogger } from '../logger';
import { epcQrPayload, qrDataUrl, rfFromNumber } from '../payment';
import { htmlDocument } from './htmlDocument';
import { createPdfService, type PdfService, type PdfServiceOptions, pageNumberFooter } from './pdfService';
import { SampleLetter, type SampleLetterProps, sampleLetterCss, sampleLetterProps } from './sampleLetter';

const run = promisify(execFile);
const chromiumPath = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
const log = createLogger('silent');
let dir = '';
let fileNo = 0;
const services: PdfService[] = [];

function newService(options: Partial<PdfServiceOptions> = {}): PdfService {
  const service = createPdfService({ chromiumPath, log, ...options });
  services.push(service);
  return service;
}

async function saved(pdf: Buffer): Promise<string> {
  const file = path.join(dir, `doc-${++fileNo}.pdf`);
  await writeFile(file, pdf);
  return file;
}

/** The PDF's text as pdftotext lays it out (or in reading order), with non-breaking spaces shown as spaces. */
async function pdfText(pdf: Buffer, mode: 'layout' | 'raw' = 'layout'): Promise<string> {
  const { stdout } = await run('pdftotext', [`-${mode}`, await saved(pdf), '-']);
  return stdout.replaceAll('\u00a0', ' ');
}

async function pdfInfo(pdf: Buffer): Promise<{ pages: number; size: string }> {
  const { stdout } = await run('pdfinfo', [await saved(pdf)]);
  return {
    pages: Number(/^Pages:\s+(\d+)/m.exec(stdout)?.[1]),
    size: /^Page size:\s+(.*?) pts/m.exec(stdout)?.[1] ?? '',
  };
}

async function pdfTitle(pdf: Buffer): Promise<string> {
  const { stdout } = await run('pdfinfo', [await saved(pdf)]);
  return /^Title:\s+(.*)$/m.exec(stdout)?.[1] ?? '';
}

/** Each page as PNG bytes (pdftoppm is deterministic): equal bytes, equal pixels. */
async function pagePngs(pdf: Buffer, resolution = 60): Promise<Buffer[]> {
  const prefix = path.join(dir, `png-${++fileNo}`);
  await run('pdftoppm', ['-r', String(resolution), '-png', await saved(pdf), prefix]);
  const { pages } = await pdfInfo(pdf);
  const digits = String(pages).length;
  return Promise.all(
    Array.from({ length: pages }, (_, i) => readFile(`${prefix}-${String(i + 1).padStart(digits, '0')}.png`)),
  );
}

/** The QR codes of the PDF's last page (where the payment block ends up), as zbarimg reads them. */
async function qrCodes(pdf: Buffer): Promise<string> {
  const prefix = path.join(dir, `qr-${++fileNo}`);
  const { pages } = await pdfInfo(pdf);
  await run('pdftoppm', ['-r', '200', '-png', '-singlefile', '-f', String(pages), await saved(pdf), prefix]);
  const { stdout } = await run('zbarimg', ['--raw', '-q', `${prefix}.png`]);
  return stdout.replace(/\n$/, '');
}

/** Letter `n` as a complete document with its EPC QR code; `positions` makes it run over a page. */
async function letter(n: number, positions?: number): Promise<{ html: string; payload: string }> {
  const reference = rfFromNumber(`2025-${String(n + 1).padStart(5, '0')}`);
  const payload = epcQrPayload({
    bic: 'BKAUATWW',
    name: 'KGV Sonnenhang',
    iban: 'AT611904300234573201',
    amountCents: 139779 + n,
    reference,
  });
  const props: SampleLetterProps = sampleLetterProps(n, await qrDataUrl(payload), reference);
  if (positions) {
    props.positions = Array.from({ length: positions }, (_, i) => ({
      text: `Wasserzählerablesung ${i + 1}`,
      cents: 100,
    }));
  }
  const title = `Zahlungsvorschreibung ${n + 1} & Co`;
  return { html: htmlDocument(createElement(SampleLetter, props), { title, css: sampleLetterCss }), payload };
}

async function collect(batch: AsyncIterable<Buffer>): Promise<Buffer[]> {
  const results: Buffer[] = [];
  for await (const pdf of batch) results.push(pdf);
  return results;
}

/** Pids of the Chromium processes this test process started (its direct children). */
async function chromiumChildren(): Promise<number[]> {
  const { stdout } = await run('ps', ['-o', 'pid=,comm=', '--ppid', String(process.pid)]);
  return stdout
    .split('\n')
    .filter((line) => /chrom/i.test(line))
    .map((line) => Number(line.trim().split(/\s+/)[0]));
}

const page = (text: string) => htmlDocument(createElement('p', null, text), { title: text });

beforeAll(async () => {
  dir = await mkdtemp(path.join(os.tmpdir(), 'kgv-pdf-'));
});
afterAll(async () => {
  await Promise.all(services.map((s) => s.close()));
  await rm(dir, { recursive: true, force: true });
});

describe('pdf service', () => {
  it('prints a React template with umlauts and euro amounts on A4', async () => {
    const pdf = newService();
    const element = createElement(
      'div',
      null,
      createElement('h1', null, 'Zahlungsvorschreibung für Jänner'),
      createElement('p', null, 'Grüße aus Österreich: Größe, Maß, Übertrag'),
      createElement(
        'table',
        null,
        createElement(
          'tbody',
          null,
          createElement('tr', null, createElement('td', { className: 'money' }, '€\u00a01.397,79')),
        ),
      ),
    );
    const buffer = await pdf.renderElement(element, { title: 'Test' });
    expect(buffer.subarray(0, 5).toString('latin1')).toBe('%PDF-');
    const text = await pdfText(buffer);
    expect(text).toContain('Zahlungsvorschreibung für Jänner');
    expect(text).toContain('Grüße aus Österreich: Größe, Maß, Übertrag');
    expect(text).toContain('€ 1.397,79');
    expect(await pdfInfo(buffer)).toEqual({ pages: 1, size: '594.96 x 841.92' });
    expect(pdf.stats()).toEqual({ launches: 1, documents: 1, prints: 1 });
  });

  it('prints a batch in order with one browser', async () => {
    const pdf = newService();
    const htmls = Array.from({ length: 6 }, (_, i) => page(`Brief Nummer ${i + 1} an Parzelle ${100 + i}`));
    const results: Buffer[] = [];
    for await (const buffer of pdf.renderBatch(htmls)) results.push(buffer);
    expect(results).toHaveLength(6);
    const texts = await Promise.all(results.map((b) => pdfText(b)));
    texts.forEach((text, i) => {
      expect(text.trim()).toBe(`Brief Nummer ${i + 1} an Parzelle ${100 + i}`);
    });
    expect(pdf.stats()).toEqual({ launches: 1, documents: 6, prints: 1 });

    // An async source works the same, on the same browser.
    async function* source() {
      for (let i = 0; i < 3; i++) yield page(`Nachzügler ${i}`);
    }
    const later: string[] = [];
    for await (const buffer of pdf.renderBatch(source())) later.push((await pdfText(buffer)).trim());
    expect(later).toEqual(['Nachzügler 0', 'Nachzügler 1', 'Nachzügler 2']);
    expect(pdf.stats()).toEqual({ launches: 1, documents: 9, prints: 2 });
  });

  it('prints a batch as one document and gives each letter the same pages and QR code as on its own', async () => {
    // Chunks of two, so letters meet chunk borders; letter 2 runs over two pages.
    const pdf = newService({ batchSize: 2 });
    const letters = await Promise.all([0, 1, 2, 3, 4].map((n) => letter(n, n === 2 ? 45 : undefined)));
    const alone = await Promise.all(letters.map((l) => pdf.render(l.html)));
    const before = pdf.stats();
    const batch = await collect(pdf.renderBatch(letters.map((l) => l.html)));
    expect(batch).toHaveLength(5);
    // Three Chromium documents (2 + 2 + 1 letters) for five PDFs.
    expect(pdf.stats()).toEqual({ launches: 1, documents: before.documents + 5, prints: before.prints + 3 });
    for (const [i, l] of letters.entries()) {
      const [mine, own] = [batch[i] as Buffer, alone[i] as Buffer];
      expect((await pdfInfo(mine)).pages).toBe(i === 2 ? 2 : 1);
      // Reading order, not -layout: its line spacing follows the font subset, which a chunk shares.
      expect(await pdfText(mine, 'raw')).toBe(await pdfText(own, 'raw'));
      // Pixel for pixel the same pages: the wrapper around each letter changes nothing.
      expect(await pagePngs(mine)).toEqual(await pagePngs(own));
      expect(await qrCodes(mine)).toBe(l.payload);
      expect(await pdfTitle(mine)).toBe(`Zahlungsvorschreibung ${i + 1} & Co`);
      // The marker link that finds a letter's first page is gone.
      expect(mine.includes('kgv.invalid')).toBe(false);
    }
  }, 120_000);

  it('numbers pages per letter in a batch, and leaves one-page letters without a number', async () => {
    const pdf = newService();
    const letters = await Promise.all([0, 1, 2].map((n) => letter(n, n === 1 ? 45 : undefined)));
    const texts = await Promise.all(
      (
        await collect(
          pdf.renderBatch(
            letters.map((l) => l.html),
            { pageNumbers: 'multiPage' },
          ),
        )
      ).map((b) => pdfText(b)),
    );
    expect(texts[0]).not.toContain('Seite');
    expect(texts[1]).toContain('Seite 1 von 2');
    expect(texts[1]).toContain('Seite 2 von 2');
    expect(texts[2]).not.toContain('Seite');

    const numbered = await collect(pdf.renderBatch([page('Eins'), page('Zwei')], { pageNumbers: true }));
    for (const one of numbered) expect(await pdfText(one)).toContain('Seite 1 von 1');
  }, 60_000);

  it('keeps documents with different CSS apart and in order', async () => {
    const pdf = newService();
    // Print CSS that writes each link's address after it must not show the batch's page markers.
    const css = 'p { color: red; } a::after { content: " (" attr(href) ")"; } a { display: inline; }';
    const red = (text: string) => htmlDocument(createElement('p', null, text), { title: text, css });
    const htmls = [page('A'), red('B'), red('C'), '<p>Kein ganzes Dokument</p>', page('E'), page('F')];
    const texts = await Promise.all((await collect(pdf.renderBatch(htmls))).map((b) => pdfText(b)));
    expect(texts.map((t) => t.trim())).toEqual(['A', 'B', 'C', 'Kein ganzes Dokument', 'E', 'F']);
    // A, B+C, the fragment, E+F: four Chromium documents for six letters.
    expect(pdf.stats()).toEqual({ launches: 1, documents: 6, prints: 4 });
  });

  it('shares one launch between concurrent first calls', async () => {
    const pdf = newService();
    const buffers = await Promise.all([1, 2, 3, 4, 5].map((i) => pdf.render(page(`Gleichzeitig ${i}`))));
    expect((await Promise.all(buffers.map((b) => pdfText(b)))).map((t) => t.trim())).toEqual(
      [1, 2, 3, 4, 5].map((i) => `Gleichzeitig ${i}`),
    );
    expect(pdf.stats()).toEqual({ launches: 1, documents: 5, prints: 5 });
  });

  it('prints an EPC QR code that scans back to the exact payload', async () => {
    const pdf = newService();
    const reference = rfFromNumber('2025-00017');
    const payload = epcQrPayload({
      bic: 'BKAUATWW',
      name: 'KGV Sonnenhang',
      iban: 'AT611904300234573201',
      amountCents: 139779,
      reference,
    });
    const props = sampleLetterProps(0, await qrDataUrl(payload), reference);
    const buffer = await pdf.renderElement(createElement(SampleLetter, props), {
      title: 'Zahlungsvorschreibung',
      css: sampleLetterCss,
    });
    const text = await pdfText(buffer);
    expect(text).toMatch(/Summe Zahlungsvorschreibung\s+€ 1\.397,79/);
    expect(text).toContain('RF90 2025 0001 7');
    expect(text).toContain('AT61 1904 3002 3457 3201');
    expect((await pdfInfo(buffer)).pages).toBe(1);

    const file = await saved(buffer);
    await run('pdftoppm', ['-r', '200', '-png', '-f', '1', '-l', '1', file, path.join(dir, 'qr')]);
    const { stdout } = await run('zbarimg', ['--raw', '-q', path.join(dir, 'qr-1.png')]);
    expect(stdout.replace(/\n$/, '')).toBe(payload);
  });

  it('never lets a template fetch anything from the network', async () => {
    const hits: string[] = [];
    const server: Server = createServer((req, res) => {
      hits.push(req.url ?? '');
      res.writeHead(200, { 'content-type': 'text/css' }).end('p { color: red; }');
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
    try {
      const html = `<!doctype html><html><head><link rel="stylesheet" href="${base}/style.css">
        <style>@font-face { font-family: X; src: url(${base}/font.woff2); } body { font-family: X; }</style></head>
        <body><img src="${base}/pixel.png"><iframe src="${base}/frame"></iframe><p>Ohne Netz</p></body></html>`;
      const buffer = await newService().render(html);
      expect((await pdfText(buffer)).trim()).toBe('Ohne Netz');
      // Prove the server is reachable, so the empty list means "blocked", not "unreachable".
      await fetch(`${base}/probe`);
      expect(hits).toEqual(['/probe']);
    } finally {
      // fetch keeps its connection alive; close it, or server.close() waits for it.
      server.closeAllConnections();
      await new Promise((resolve) => server.close(resolve));
    }
  });

  it('prints landscape and page-number footers on request', async () => {
    const pdf = newService();
    const landscape = await pdf.render(page('Quer'), { landscape: true });
    expect(await pdfInfo(landscape)).toEqual({ pages: 1, size: '841.92 x 594.96' });
    const list = await pdf.renderElement(createElement('p', null, 'Pachtzinsliste'), { title: 'L', landscape: true });
    expect((await pdfInfo(list)).size).toBe('841.92 x 594.96');

    const twoPages = htmlDocument(
      createElement(
        'div',
        null,
        createElement('p', { className: 'page-break' }, 'Eins'),
        createElement('p', null, 'Zwei'),
      ),
      { title: 'Zwei Seiten' },
    );
    const withFooter = await pdf.render(twoPages, { headerFooter: { footer: pageNumberFooter } });
    const text = await pdfText(withFooter);
    expect((await pdfInfo(withFooter)).pages).toBe(2);
    expect(text).toContain('Seite 1 von 2');
    expect(text).toContain('Seite 2 von 2');
    expect(await pdfText(await pdf.render(twoPages))).not.toContain('Seite');

    // 'multiPage': numbers on two pages, none on one ("Seite 1 von 1" says nothing).
    const multi = await pdfText(await pdf.render(twoPages, { pageNumbers: 'multiPage' }));
    expect(multi).toContain('Seite 1 von 2');
    expect(multi).toContain('Seite 2 von 2');
    const single = await pdf.renderElement(createElement('p', null, 'Kurz'), { title: 'K', pageNumbers: 'multiPage' });
    expect(await pdfText(single)).not.toContain('Seite');
    const always = await pdf.renderElement(createElement('p', null, 'Kurz'), { title: 'K', pageNumbers: true });
    expect(await pdfText(always)).toContain('Seite 1 von 1');
  });

  it('relaunches after close() and after a crashed browser', async () => {
    const pdf = newService();
    await pdf.render(page('Vorher'));
    await pdf.close();
    const before = await chromiumChildren();
    expect((await pdfText(await pdf.render(page('Nachher')))).trim()).toBe('Nachher');
    expect(pdf.stats()).toEqual({ launches: 2, documents: 2, prints: 2 });

    // Kill the Chromium this service just launched: our own child processes, by pid.
    const ours = (await chromiumChildren()).filter((pid) => !before.includes(pid));
    expect(ours.length).toBeGreaterThan(0);
    for (const pid of ours) process.kill(pid, 'SIGKILL');
    expect((await pdfText(await pdf.render(page('Nach dem Absturz')))).trim()).toBe('Nach dem Absturz');
    expect(pdf.stats()).toEqual({ launches: 3, documents: 3, prints: 3 });
  });
});
