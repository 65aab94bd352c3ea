import { pathToFileURL } from 'node:url';
import { chromium } from 'playwright-core';
import { createElement } from 'react';
import { createLogger } from '../../src/platform/logger';
import { sumCents } from '../../src/platform/money';
import { epcQrPayload, qrDataUrl, rfFromNumber } from '../../src/platform/payment';
import { CHROMIUM_ARGS, createPdfService, htmlDocument } from '../../src/platform/pdf';
import { SampleLetter, sampleLetterCss, sampleLetterProps, samplePositions } from '../../src/platform/pdf/sampleLetter';

export type PdfBenchResult = {
  /** Letters per second through createPdfService().renderBatch (one PDF per letter, browser running). */
  serviceLettersPerSecond: number;
  /** The floor: all letters in ONE Chromium document (one setContent, one page.pdf), one PDF in all. */
  floorLettersPerSecond: number;
  /** For comparison: one reused page, setContent + pdf per letter in a loop. */
  perLetterLettersPerSecond: number;
  /** service / floor: the batch path's share of what one document of all letters achieves. */
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

/** All letters as one document, each after a page break; built here, not by the service under test. */
function oneDocument(letters: string[]): string {
  const parts = (html: string) => /^([\s\S]*?<body[^>]*>)([\s\S]*)(<\/body>[\s\S]*)$/i.exec(html);
  const first = parts(letters[0] ?? '');
  if (!first) throw new Error('letter is not a plain document');
  const bodies = letters.map((html) => `<div style="break-before:page">${parts(html)?.[2] ?? ''}</div>`);
  return `${first[1]}${bodies.join('')}${first[3]}`;
}

/** A bare browser page (as the service sets it up): the time to print `prints` after a warm-up print. */
async function timeBare(chromiumPath: string, warmUp: string, prints: string[]): Promise<number> {
  const browser = await chromium.launch({ executablePath: chromiumPath, args: CHROMIUM_ARGS });
  try {
    const page = await (await browser.newContext({ javaScriptEnabled: false })).newPage();
    const print = async (html: string) => {
      await page.setContent(html, { waitUntil: 'load' });
      return page.pdf({ format: 'A4', printBackground: true, preferCSSPageSize: true });
    };
    await print(warmUp);
    const started = performance.now();
    for (const html of prints) await print(html);
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

const median = (values: number[]) => {
  const sorted = [...values].sort((x, y) => x - y);
  const mid = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? (sorted[mid] ?? 0) : ((sorted[mid - 1] ?? 0) + (sorted[mid] ?? 0)) / 2;
};

/**
 * Prints `letters` letters through the PDF service, as one bare document (the floor) and one by
 * one on a bare page, in the same run. Floor and service run in five pairs, back to back and in
 * alternating order; the ratio is the median of the pairs' ratios and the rates are medians, so
 * a burst of load from elsewhere on the shared machine does not decide them. The letter-by-letter
 * loop, only for comparison, prints at most 50 letters.
 */
export async function benchPdf(opts: { letters: number; chromiumPath: string }): Promise<PdfBenchResult> {
  if (!Number.isInteger(opts.letters) || opts.letters < 1) throw new RangeError('letters must be ≥ 1');
  const letters = await buildLetters(opts.letters);
  const sample = letters.slice(0, 50);
  const perLetterMs = await timeBare(opts.chromiumPath, letters[0] ?? '', sample);
  const floor = () => timeBare(opts.chromiumPath, letters[0] ?? '', [oneDocument(letters)]);
  const service = () => timeService(letters, opts.chromiumPath);
  const pairs: { floorMs: number; serviceMs: number }[] = [];
  for (let round = 0; round < 5; round++) {
    if (round % 2 === 0) {
      const floorMs = await floor();
      pairs.push({ floorMs, serviceMs: await service() });
    } else {
      const serviceMs = await service();
      pairs.push({ floorMs: await floor(), serviceMs });
    }
  }
  const perSecond = (ms: number) => (letters.length * 1000) / ms;
  return {
    serviceLettersPerSecond: median(pairs.map((p) => perSecond(p.serviceMs))),
    floorLettersPerSecond: median(pairs.map((p) => perSecond(p.floorMs))),
    perLetterLettersPerSecond: (sample.length * 1000) / perLetterMs,
    ratio: median(pairs.map((p) => p.floorMs / p.serviceMs)),
  };
}

// Stand-alone: node --import tsx tests/bench/pdfBench.ts [letters]
if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  const result = await benchPdf({
    letters: Number(process.argv[2] ?? 200),
    chromiumPath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
  });
  process.stdout.write(`${JSON.stringify(result, null, 2)}\n`);
}
