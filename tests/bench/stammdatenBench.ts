import type { AddressInfo } from 'node:net';
import Koa from 'koa';
import { ApiClient } from '../helpers/apiClient';
import { generateClub } from '../helpers/generateClub';
import { startTestApp, TEST_PASSWORD } from '../helpers/testApp';
import { load } from './apiBench';

export type ListBench = {
  path: string;
  rows: number;
  bytes: number;
  app: Awaited<ReturnType<typeof load>>;
  bare: Awaited<ReturnType<typeof load>>;
};

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
    for (const path of ['/api/Stammdaten/Parzellen?filter=alle', '/api/Stammdaten/ActiveAdressen?filter=alle']) {
      const first = await fetch(`${app.url}${path}`, { headers });
      const payload = await first.text();
      if (!first.ok) throw new Error(`${path} answered ${first.status}`);
      const bare = new Koa();
      bare.use((ctx) => {
        ctx.type = 'application/json';
        ctx.body = payload;
      });
      const server = bare.listen(0, '127.0.0.1');
      await new Promise((r) => server.once('listening', r));
      const bareUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}${path}`;
      await load(`${app.url}${path}`, headers, { concurrency: 4, seconds: 1 });
      const a = await load(`${app.url}${path}`, headers, opts);
      const b = await load(bareUrl, headers, opts);
      server.close();
      results.push({ path, rows: (JSON.parse(payload) as unknown[]).length, bytes: payload.length, app: a, bare: b });
    }
    return results;
  } finally {
    await app.stop();
  }
}
