import { nowDb } from '../../src/platform/db/db';
import { ApiClient } from '../helpers/apiClient';
import { generateClub } from '../helpers/generateClub';
import { startTestApp, TEST_PASSWORD } from '../helpers/testApp';
import { compareWithBareRoute, type LoadResult } from './apiBench';

export type ListBench = {
  path: string;
  rows: number;
  bytes: number;
  app: LoadResult;
  bare: LoadResult;
  ratio: number;
  /** Median time (ms) of one answer right after a change of its data: the list is built anew. */
  afterChangeMs: number;
};

const LISTS = [
  { path: '/api/Stammdaten/Parzellen?filter=alle', table: 'parzellen' },
  { path: '/api/Stammdaten/ActiveAdressen?filter=alle', table: 'adressen' },
] as const;

/** GetParzellen and ActiveAdressen on a large club through the whole app, against a bare Koa route with the same JSON. */
export async function benchStammdaten(opts: {
  plots: number;
  addresses: number;
  concurrency: number;
  seconds: number;
}): Promise<ListBench[]> {
  const app = await startTestApp();
  try {
    await generateClub(app.services.db, opts.plots, opts.addresses);
    const client = new ApiClient(app.url);
    if ((await client.login('admin@test.kgv', TEST_PASSWORD)) !== 0) throw new Error('bench login failed');
    // Uncompressed on both sides: the ratio is about the work behind the answer, not gzip.
    const headers = {
      Accept: 'application/json',
      'Accept-Encoding': 'identity',
      Cookie: [...client.cookies].map(([k, v]) => `${k}=${v}`).join('; '),
    };
    const results: ListBench[] = [];
    for (const { path, table } of LISTS) {
      const { payload, app: a, bare: b, ratio } = await compareWithBareRoute(app.url, path, headers, opts, 4);
      // One answer after each of ten changes: what a user waits for after a save.
      const cold: number[] = [];
      for (let i = 0; i < 10; i++) {
        await app.services.db(table).where({ id: 1 }).update({ updated_at: nowDb() });
        const t0 = performance.now();
        const res = await fetch(`${app.url}${path}`, { headers });
        await res.arrayBuffer();
        cold.push(performance.now() - t0);
      }
      cold.sort((x, y) => x - y);
      results.push({
        path,
        rows: (JSON.parse(payload) as unknown[]).length,
        bytes: payload.length,
        app: a,
        bare: b,
        ratio,
        afterChangeMs: cold[5] ?? 0,
      });
    }
    return results;
  } finally {
    await app.stop();
  }
}
