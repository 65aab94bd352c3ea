// `npm run bench`: prints figures against their floors measured in the same run. Not a test.
import { loadConfig } from '../../src/config';
import { benchApi } from './apiBench';
import { benchWire } from './bundleBench';
import { benchKassabuch } from './kassabuchBench';
import { benchKassaImport } from './kassaImportBench';
import { benchPdf } from './pdfBench';
import { benchRechnungen } from './rechnungenBench';
import { benchStammdaten } from './stammdatenBench';
import { benchWasserAbrechnung } from './wasserAbrechnungBench';
import { benchWasserImport } from './wasserImportBench';
import { benchZv } from './zvBench';

const fmt = (n: number, d = 1) => n.toFixed(d).padStart(8);
const line = (s: string) => process.stdout.write(`${s}\n`);

const chromiumPath =
  process.env.CHROMIUM_PATH ?? loadConfig({ DATA_DIR: process.env.DATA_DIR ?? './data' }).chromiumPath;
const letters = Number(process.env.BENCH_LETTERS ?? 200);
const seconds = Number(process.env.BENCH_SECONDS ?? 5);

line(`kgv benchmarks (${process.env.DATABASE_URL ? 'MySQL' : 'SQLite'}, Node ${process.version})`);
line('');
line(`PDF: ${letters} one-page A4 letters with EPC QR code`);
const pdf = await benchPdf({ letters, chromiumPath });
line(`  pdf service (renderBatch)  ${fmt(pdf.serviceLettersPerSecond)} letters/s   (one PDF per letter)`);
line(`  one document of all        ${fmt(pdf.floorLettersPerSecond)} letters/s   (floor)`);
line(`  one page.pdf per letter    ${fmt(pdf.perLetterLettersPerSecond)} letters/s   (for comparison)`);
line(`  ratio service / floor      ${fmt(pdf.ratio, 2)}   (goal ≥ 0.77)`);
line('');
line(`API: GET /api/User signed in, 20 concurrent, ${seconds} s each in alternating ½ s turns, uncompressed`);
const api = await benchApi({ concurrency: 20, seconds });
line(
  `  full middleware chain      ${fmt(api.appRps, 0)} req/s   p50 ${fmt(api.appP50, 2)} ms   p95 ${fmt(api.appP95, 2)} ms`,
);
line(
  `  bare Koa route             ${fmt(api.bareRps, 0)} req/s   p50 ${fmt(api.bareP50, 2)} ms   p95 ${fmt(api.bareP95, 2)} ms`,
);
line(`  ratio app / bare           ${fmt(api.ratio, 2)}   (median of the turns; goal ≥ 0.70)`);
line('');
line(
  `Stammdaten lists: 2,000 plots and 2,500 addresses, 20 concurrent, ${seconds} s each in alternating ½ s turns, uncompressed`,
);
for (const r of await benchStammdaten({ plots: 2000, addresses: 2500, concurrency: 20, seconds })) {
  line(`  ${r.path}  (${r.rows} rows, ${Math.round(r.bytes / 1024)} KB)`);
  line(`    full app        ${fmt(r.app.rps, 0)} req/s   p50 ${fmt(r.app.p50, 2)} ms   p95 ${fmt(r.app.p95, 2)} ms`);
  line(`    bare Koa route  ${fmt(r.bare.rps, 0)} req/s   p50 ${fmt(r.bare.p50, 2)} ms   p95 ${fmt(r.bare.p95, 2)} ms`);
  line(`    ratio app / bare ${fmt(r.ratio, 2)}   (median of the turns; goal ≥ 0.50)`);
  line(`    after a change  ${fmt(r.afterChangeMs, 1)} ms for one answer (built anew, median of 10)`);
}
line('');
const wa = await benchWasserAbrechnung({ plots: 2000, mainMeters: 10 });
line(
  `Water settlement: ${wa.plots} plots under ${wa.mainMeters} main meters, ${wa.readings} readings, ${wa.meterChanges} meter changes, median of 3`,
);
const mem = (m: { ms: number; peakHeapMb: number; peakRssMb: number }) =>
  `${fmt(m.ms, 0)} ms   peak heap +${fmt(m.peakHeapMb)} MB   rss +${fmt(m.peakRssMb)} MB`;
line(`  preview (berechneAbrechnung)   ${mem(wa.preview)}`);
line(`  ErstelleAbrechnung (stores)    ${mem(wa.create)}`);
line(`  bare SELECT + pure functions   ${mem(wa.floor)}   (floor)`);
line(`  ratio preview / floor ${fmt(wa.previewRatio, 2)}   create / floor ${fmt(wa.createRatio, 2)}`);
line('');
const wi = await benchWasserImport({ plots: 2000 });
line(`Radio-meter import: ${wi.rows} rows into ${wi.plots} plots, median of 3`);
line(`  import service                 ${mem(wi.service)}`);
line(`  parse + one bulk insert        ${mem(wi.floor)}   (floor)`);
line(`  ratio service / floor ${fmt(wi.ratio, 2)}`);
line('');
const ki = await benchKassaImport();
line(`Bank import: camt.053 with ${ki.entries} entries into a book of ${ki.existing}, median of 3`);
line(`  ImportBank service             ${mem(ki.service)}   ${fmt(ki.serviceEntriesPerSecond, 0)} entries/s`);
line(`  parse + one bulk insert        ${mem(ki.floor)}   ${fmt(ki.floorEntriesPerSecond, 0)} entries/s   (floor)`);
line(`  ratio service / floor ${fmt(ki.ratio, 2)}`);
line('');
const rb = await benchRechnungen();
line(
  `Bank matching: camt.053 with ${rb.credits} credits carrying the RF references of ${rb.receivables} receivables, median of 3`,
);
line(
  `  import with matcher            ${mem(rb.matching)}   ${fmt(rb.matchingEntriesPerSecond, 0)} entries/s   ${rb.allocated} allocated`,
);
line(`  same import, no matcher        ${mem(rb.floor)}   ${fmt(rb.floorEntriesPerSecond, 0)} entries/s   (floor)`);
line(`  ratio matching / floor ${fmt(rb.ratio, 2)}`);
line('');
line(
  `Kassabuch: GetKassabuch over 20,000 entries, 4 concurrent, ${seconds} s each in alternating ½ s turns, uncompressed`,
);
for (const r of await benchKassabuch({ entries: 20_000, concurrency: 4, seconds })) {
  line(`  ${r.path}  (${r.rows} rows, ${Math.round(r.bytes / 1024)} KB)`);
  line(`    full app        ${fmt(r.app.rps, 0)} req/s   p50 ${fmt(r.app.p50, 2)} ms   p95 ${fmt(r.app.p95, 2)} ms`);
  line(`    bare Koa route  ${fmt(r.bare.rps, 0)} req/s   p50 ${fmt(r.bare.p50, 2)} ms   p95 ${fmt(r.bare.p95, 2)} ms`);
  line(`    ratio app / bare ${fmt(r.ratio, 2)}   (median of the turns)`);
  line(
    `    after a change  p50 ${fmt(r.afterChangeMs, 1)} ms   p95 ${fmt(r.afterChangeP95Ms, 1)} ms for one answer (built anew, 20 samples)`,
  );
}
line('');
const zvLetters = Number(process.env.BENCH_ZV_LETTERS ?? 2000);
const zv = await benchZv({ letters: zvLetters, chromiumPath });
line(`Zahlungsvorschreibung: ${zv.letters} letters (computed by the run), ${zv.pages} pages`);
line(`  ZvData (letters computed)      ${mem(zv.zvData)}`);
line(`  ZvData → HTML → one PDF        ${mem(zv.whole)}   ${fmt(zv.wholeLettersPerSecond)} letters/s`);
line(`  same HTML, bare pages, joined  ${mem(zv.floor)}   ${fmt(zv.floorLettersPerSecond)} letters/s   (floor)`);
line(
  `  same HTML as one document      ${mem(zv.einDokument)}   ${fmt(zv.einDokumentLettersPerSecond)} letters/s   (for comparison)`,
);
line(`  ratio run / floor ${fmt(zv.ratio, 2)}   (goal ≤ 1.3; rss: the Node process, Chromium apart)`);
line(`  booking ${zv.letters} receivables       ${mem(zv.booking)}`);
line('');
line('Over the wire: UI built into a temp folder, pages in Chromium (JS and CSS as received), 2,000 plots');
const wire = await benchWire({ chromiumPath, plots: 2000, addresses: 2500 });
const kb = (n: number) => `${(n / 1024).toFixed(0).padStart(5)} KB`;
for (const [label, w, target] of [
  ['login page          ', wire.login, 'target JS ≤ 150 KB'],
  ['after sign-in (all) ', wire.afterSignIn, 'target JS+CSS ≤ 350 KB'],
] as const) {
  line(
    `  ${label} JS ${kb(w.js.wire)} + CSS ${kb(w.css.wire)} = ${kb(w.js.wire + w.css.wire)} compressed` +
      `   (${kb(w.js.raw + w.css.raw)} raw, ${w.js.files + w.css.files} files; ${target})`,
  );
}
const l = wire.list;
line(
  `  Parzellen list (${l.rows} rows)  raw ${kb(l.raw)}   br ${kb(l.br)} (${l.brMs.toFixed(1)} ms)` +
    `   gzip ${kb(l.gzip)} (${l.gzipMs.toFixed(1)} ms)`,
);
process.exit(0);
