import { pathToFileURL } from 'node:url';
import { chromium } from 'playwright-core';
import { createElement } from 'react';
import { createLogger } from '../../src/platform/logger';
import { sumCents } from '../../src/platform/money';
import { epcQrPayload, qrDataUrl, rfFromNumber } from '../../src/platform/payment';
import { CHROMIUM_ARGS, createPdfService, htmlDocument } from '../../src/platform/pdf';
import { SampleLetter, sampleLetterCss, sampleLetterProps, samplePositions } from '../../src/platform/pdf/sampleLetter';

export type PdfBenchResult = {
  /** Letters per second through createPdfService().renderBatch (page pool, browser already running). */
  serviceLettersPerSecond: number;
  /** Letters per second of the floor: one browser, one reused page, setContent + pdf in a loop. */
  bareLettersPerSecond: number;
  /** service / bare: above 1 means the service beats a single reused page. */
  ratio: number;
};

/** One-page Zahlungsvorschreibung letters with address block, positions and an EPC QR code each. */
export async function buildLetters(count: number): Promise<string[]> {
  const amountCents = sumCents(samplePositions.map((p) => p.cents));
  const letters: string[] = [];
  for (let n = 0; n < count; n++) {
    const reference = rfFromNumber(`2025-${String(n + 1).padStart(5, '0')}`);
    const payload = epcQrPayload({
      bic: 'BKAUATWW',
      name: 'KGV Sonnenhang',
      iban: 'AT611904300234573201',
      amountCents,
      reference,
    });
    const props = sampleLetterProps(n, await qrDataUrl(payload), reference);
    letters.push(htmlDocument(createElement(SampleLetter, props), { title: props.subject, css: sampleLetterCss }));
  }
  return letters;
}

async function timeBare(letters: string[], chromiumPath: string): Promise<number> {
  const browser = await chromium.launch({ executablePath: chromiumPath, args: CHROMIUM_ARGS });
  try {
    const page = await browser.newPage();
    const print = async (html: string) => {
      await page.setContent(html, { waitUntil: 'load' });
      return page.pdf({ format: 'A4', printBackground: true, preferCSSPageSize: true });
    };
    await print(letters[0] ?? '');
    const started = performance.now();
    for (const html of letters) await print(html);
    return performance.now() - started;
  } finally {
    await browser.close();
  }
}

async function timeService(letters: string[], chromiumPath: string): Promise<number> {
  const pdf = createPdfService({ chromiumPath, log: createLogger('silent') });
  try {
    // Warm-up: launch and open both pages of the pool, as a running server would have them.
    await Promise.all([pdf.render(letters[0] ?? ''), pdf.render(letters[1] ?? letters[0] ?? '')]);
    const started = performance.now();
    let count = 0;
    for await (const buffer of pdf.renderBatch(letters)) {
      if (buffer.length === 0) throw new Error('empty PDF');
      count++;
    }
    const elapsed = performance.now() - started;
    if (count !== letters.length) throw new Error(`expected ${letters.length} PDFs, got ${count}`);
    if (pdf.stats().launches !== 1) throw new Error(`expected one browser launch, got ${pdf.stats().launches}`);
    return elapsed;
  } finally {
    await pdf.close();
  }
}

/** Prints `letters` letters through the PDF service and through the bare loop, in the same run. */
export async function benchPdf(opts: { letters: number; chromiumPath: string }): Promise<PdfBenchResult> {
  if (!Number.isInteger(opts.letters) || opts.letters < 1) throw new RangeError('letters must be ≥ 1');
  const letters = await buildLetters(opts.letters);
  const bareMs = await timeBare(letters, opts.chromiumPath);
  const serviceMs = await timeService(letters, opts.chromiumPath);
  const bareLettersPerSecond = (letters.length * 1000) / bareMs;
  const serviceLettersPerSecond = (letters.length * 1000) / serviceMs;
  return { serviceLettersPerSecond, bareLettersPerSecond, ratio: serviceLettersPerSecond / bareLettersPerSecond };
}

// Stand-alone: node --import tsx tests/bench/pdfBench.ts [letters]
if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  const result = await benchPdf({
    letters: Number(process.argv[2] ?? 200),
    chromiumPath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
  });
  process.stdout.write(`${JSON.stringify(result, null, 2)}\n`);
}
