import { bucheEintraege, type NeueBuchung } from '../../src/modules/kassa/services/buchen';
import { systemActor } from '../../src/platform/auth/principal';
import { inTransaction, nowDb } from '../../src/platform/db/db';
import { ApiClient } from '../helpers/apiClient';
import { seedKassaBeispiel } from '../helpers/kassaBeispiel';
import { startTestApp, TEST_PASSWORD } from '../helpers/testApp';
import { compareWithBareRoute, type LoadResult } from './apiBench';

export type KassabuchBench = {
  path: string;
  entries: number;
  rows: number;
  bytes: number;
  app: LoadResult;
  bare: LoadResult;
  ratio: number;
  /** Median time (ms) of one answer right after a change of an entry: the book is built anew. */
  afterChangeMs: number;
  /**
   * Its p95: the load above mostly measures the kept answer, so this is the p95 of GetKassabuch that
   * the issue asks for when the book has just changed (the Kassier's usual case while booking).
   */
  afterChangeP95Ms: number;
};

/** Answers built anew after a change, per query (enough for a p95 that is not the maximum). */
const COLD_SAMPLES = 20;

const QUERIES = ['', '?SelectedKonto=KASSA&kassabuchFilterVon=2026-03-01&kassabuchFilterBis=2026-03-31'];

/**
 * GetKassabuch over a book of `entries` entries through the whole app against a bare Koa route
 * answering the same JSON (the floor), plus the time of one answer built anew after a change.
 */
export async function benchKassabuch(opts: {
  entries: number;
  concurrency: number;
  seconds: number;
}): Promise<KassabuchBench[]> {
  const app = await startTestApp();
  try {
    const db = app.services.db;
    const k = await seedKassaBeispiel(db);
    const konten = [k.bank, k.kassa];
    const bks = [k.bk.mitgliedsbeitrag, k.bk.pacht, k.bk.wasser, k.bk.material, k.bk.strom];
    const eintraege: NeueBuchung[] = Array.from({ length: opts.entries }, (_, i) => {
      const bk = bks[i % bks.length] as number;
      const ausgabe = bk === k.bk.material || bk === k.bk.strom;
      const tag = (i * 7) % 365;
      const datum = new Date(Date.UTC(2026, 0, 1 + tag)).toISOString().slice(0, 10);
      return {
        datum,
        betragCent: (ausgabe ? -1 : 1) * (500 + ((i * 37) % 50_000)),
        kontoId: konten[i % 2] as number,
        buchungskontoId: bk,
        kostenstelleId: i % 3 === 0 ? k.ks.vereinshaus : null,
        text: `Buchung ${i + 1} ${ausgabe ? 'Einkauf' : 'Zahlung'}`,
        kommentar: i % 10 === 0 ? 'mit Kommentar' : null,
      };
    });
    await inTransaction(db, (trx) => bucheEintraege(trx, systemActor('Bench'), eintraege));

    const client = new ApiClient(app.url);
    if ((await client.login('admin@test.kgv', TEST_PASSWORD)) !== 0) throw new Error('bench login failed');
    const headers = {
      Accept: 'application/json',
      'Accept-Encoding': 'identity',
      Cookie: [...client.cookies].map(([key, v]) => `${key}=${v}`).join('; '),
    };
    const results: KassabuchBench[] = [];
    for (const query of QUERIES) {
      const path = `/api/Kassa/GetKassabuch${query.replace('KASSA', String(k.kassa))}`;
      const { payload, app: a, bare: b, ratio } = await compareWithBareRoute(app.url, path, headers, opts, 2);
      const cold: number[] = [];
      for (let i = 0; i < COLD_SAMPLES; i++) {
        await db('kassabuch')
          .where({ id: 1 + i })
          .update({ updated_at: nowDb() });
        const t0 = performance.now();
        const res = await fetch(`${app.url}${path}`, { headers });
        await res.arrayBuffer();
        cold.push(performance.now() - t0);
      }
      cold.sort((x, y) => x - y);
      results.push({
        path,
        entries: opts.entries,
        rows: (JSON.parse(payload) as { eintraege: unknown[] }).eintraege.length,
        bytes: payload.length,
        app: a,
        bare: b,
        ratio,
        afterChangeMs: cold[Math.floor(COLD_SAMPLES / 2)] ?? 0,
        afterChangeP95Ms: cold[Math.ceil(COLD_SAMPLES * 0.95) - 1] ?? 0,
      });
    }
    return results;
  } finally {
    await app.stop();
  }
}
