// The Zahlungsvorschreibung of 2,000 addresses: the whole PDF run (the run's letters → HTML → one
// PDF through briefePdf) in letters per second against the raw Chromium floor measured in the same
// process — the very same letters' HTML printed by a bare playwright-core loop, the fastest way this
// machine makes that one PDF (see bareFloor) —
// with the peak RSS of each, and the time to book the 2,000 receivables (bucheLauf: numbers, RF
// references, positions, protocol). Figures only, no assertions (goal: run within 1.3× the floor).
// Run alone: `node --expose-gc --import tsx tests/bench/zvBench.ts [letters]` (DATABASE_URL for MariaDB).
import { pathToFileURL } from 'node:url';
import { PDFDocument } from 'pdf-lib';
import { chromium } from 'playwright-core';
import type { ZvEintrag } from '../../src/modules/abrechnung/schema/zvData';
import { bucheLauf, eintraegeDesLaufs, laufParams } from '../../src/modules/abrechnung/services';
import { briefeHtml, briefePdf, briefKontext, PDF_CHUNK } from '../../src/modules/abrechnung/services/briefe';
import { systemActor } from '../../src/platform/auth/principal';
import { inTransaction } from '../../src/platform/db/db';
import { CHROMIUM_ARGS } from '../../src/platform/pdf';
import { generateClub } from '../helpers/generateClub';
import { startTestApp } from '../helpers/testApp';
import { seedZvVerein } from '../helpers/zvBeispiel';
import { type Measure, measure } from './measure';

export type ZvBenchResult = {
  letters: number;
  pages: number;
  /** Computing the letters (ZvData), part of the whole run. */
  zvData: Measure;
  /** ZvData → HTML → one PDF of all letters. */
  whole: Measure;
  /** The same letters' HTML in the same chunks, two bare pages side by side, joined (HTML built before timing). */
  floor: Measure;
  /** For comparison: all letters as one document on one bare page (slower than the floor). */
  einDokument: Measure;
  wholeLettersPerSecond: number;
  floorLettersPerSecond: number;
  einDokumentLettersPerSecond: number;
  /** whole / floor by time (goal ≤ 1.3). */
  ratio: number;
  booking: Measure;
};

const DATUM = '2026-03-01';

/**
 * Bare playwright-core printing of prepared HTML (built before timing): the floor is the fastest way
 * this machine produces the same output — one PDF of all letters — without the app: the same chunks
 * of letters, two bare pages printing side by side (two cores), joined in order with pdf-lib. One
 * document of all letters on one page is measured too: it is slower (Chromium's layout of a
 * 2,000-page document), so it would flatter the ratio and is printed for comparison only.
 */
async function bareFloor(
  chromiumPath: string,
  chunks: readonly string[],
  ganz: string,
  warmUp: string,
): Promise<{ m: Measure; einDokument: Measure; pages: number }> {
  const browser = await chromium.launch({ executablePath: chromiumPath, args: CHROMIUM_ARGS });
  try {
    const context = await browser.newContext({ javaScriptEnabled: false });
    const pages = [await context.newPage(), await context.newPage()];
    const print = async (page: (typeof pages)[number], source: string) => {
      await page.setContent(source, { waitUntil: 'load' });
      return page.pdf({ format: 'A4', printBackground: true, preferCSSPageSize: true });
    };
    await Promise.all(pages.map((page) => print(page, warmUp)));
    let seiten = 0;
    const m = await measure(async () => {
      const teile: Buffer[] = new Array(chunks.length);
      let naechster = 0;
      await Promise.all(
        pages.map(async (page) => {
          while (naechster < chunks.length) {
            const i = naechster++;
            teile[i] = await print(page, chunks[i]!);
          }
        }),
      );
      const gesamt = await PDFDocument.create();
      for (const teil of teile) {
        const doc = await PDFDocument.load(teil);
        for (const seite of await gesamt.copyPages(doc, doc.getPageIndices())) gesamt.addPage(seite);
      }
      seiten = gesamt.getPageCount();
      await gesamt.save();
    });
    const einDokument = await measure(async () => {
      await print(pages[0]!, ganz);
    });
    return { m, einDokument, pages: seiten };
  } finally {
    await browser.close();
  }
}

export async function benchZv(opts: { letters?: number; chromiumPath: string }): Promise<ZvBenchResult> {
  const wanted = opts.letters ?? 2000;
  const app = await startTestApp();
  try {
    const services = app.services;
    const db = services.db;
    const actor = systemActor('Bench');
    // generateClub leases 95 % of the plots, one address each.
    await generateClub(db, Math.ceil(wanted / 0.95), Math.ceil(wanted * 1.25));
    const { year } = await seedZvVerein(services);
    const params = await laufParams(db, 'Zahlungsvorschreibung', { pachtabrechnungId: year.id, datum: DATUM });

    // ZvData: the run's own letters (a run that computes none is an error, not a smaller benchmark).
    let eintraege: ZvEintrag[] = [];
    const berechne = async () => {
      eintraege = await eintraegeDesLaufs(db, 'Zahlungsvorschreibung', params);
      if (eintraege.length === 0) throw new Error('the Zahlungsvorschreibung run computed no letters');
    };
    const opts2 = { titel: 'Zahlungsvorschreibung 2026', datum: DATUM, entwurf: true };
    // Warm-up: the browser and both pool pages, as a running server has them.
    await berechne();
    await briefePdf(services, eintraege.slice(0, 2), opts2);

    const zvData = await measure(berechne);
    let pdfBytes = 0;
    const whole = await measure(async () => {
      await berechne();
      pdfBytes = (await briefePdf(services, eintraege, opts2)).length;
    });
    if (pdfBytes === 0) throw new Error('empty PDF');

    const k = await briefKontext(services, opts2);
    const chunks: string[] = [];
    for (let i = 0; i < eintraege.length; i += PDF_CHUNK)
      chunks.push(await briefeHtml(eintraege.slice(i, i + PDF_CHUNK), k, opts2));
    const ganz = await briefeHtml(eintraege, k, opts2);
    const warmUp = await briefeHtml(eintraege.slice(0, 2), k, opts2);
    const floor = await bareFloor(opts.chromiumPath, chunks, ganz, warmUp);

    const booking = await measure(() =>
      inTransaction(db, (trx) =>
        bucheLauf(trx, actor, {
          art: 'Zahlungsvorschreibung',
          pachtabrechnungId: year.id,
          datum: DATUM,
          faelligAm: '2026-03-31',
          eintraege,
        }),
      ),
    );
    const perSecond = (m: Measure) => (eintraege.length * 1000) / m.ms;
    return {
      letters: eintraege.length,
      pages: floor.pages,
      zvData,
      whole,
      floor: floor.m,
      einDokument: floor.einDokument,
      wholeLettersPerSecond: perSecond(whole),
      floorLettersPerSecond: perSecond(floor.m),
      einDokumentLettersPerSecond: perSecond(floor.einDokument),
      ratio: whole.ms / floor.m.ms,
      booking,
    };
  } finally {
    await app.stop();
  }
}

// Stand-alone: node --expose-gc --import tsx tests/bench/zvBench.ts [letters]
if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  const { loadConfig } = await import('../../src/config');
  const chromiumPath =
    process.env.CHROMIUM_PATH ?? loadConfig({ DATA_DIR: process.env.DATA_DIR ?? './data' }).chromiumPath;
  const result = await benchZv({ letters: Number(process.argv[2] ?? 2000), chromiumPath });
  process.stdout.write(`${JSON.stringify(result, null, 2)}\n`);
  process.exit(0);
}
