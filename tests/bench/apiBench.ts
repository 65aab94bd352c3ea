import type { AddressInfo } from 'node:net';
import Koa from 'koa';
import { ApiClient } from '../helpers/apiClient';
import { startTestApp, TEST_PASSWORD } from '../helpers/testApp';

export type ApiBenchResult = {
  appRps: number;
  bareRps: number;
  ratio: number;
  appP50: number;
  appP95: number;
  bareP50: number;
  bareP95: number;
};

const percentile = (sorted: number[], p: number) =>
  sorted[Math.min(sorted.length - 1, Math.floor(sorted.length * p))] ?? 0;

/** Fires requests from `concurrency` loops for `seconds`; answers req/s and latency percentiles (ms). */
export async function load(
  url: string,
  headers: Record<string, string>,
  opts: { concurrency: number; seconds: number },
): Promise<{ rps: number; p50: number; p95: number }> {
  const latencies: number[] = [];
  const until = performance.now() + opts.seconds * 1000;
  const started = performance.now();
  await Promise.all(
    Array.from({ length: opts.concurrency }, async () => {
      while (performance.now() < until) {
        const t0 = performance.now();
        const res = await fetch(url, { headers });
        await res.arrayBuffer();
        if (!res.ok) throw new Error(`${url} answered ${res.status}`);
        latencies.push(performance.now() - t0);
      }
    }),
  );
  const elapsed = (performance.now() - started) / 1000;
  latencies.sort((a, b) => a - b);
  return { rps: latencies.length / elapsed, p50: percentile(latencies, 0.5), p95: percentile(latencies, 0.95) };
}

/**
 * GET /api/User signed in (error handler, security headers, session and rights look-up, router)
 * against a bare Koa route answering the same JSON: what the middleware chain costs.
 */
export async function benchApi(opts: { concurrency: number; seconds: number }): Promise<ApiBenchResult> {
  const app = await startTestApp();
  const bare = new Koa();
  try {
    const client = new ApiClient(app.url);
    if ((await client.login('admin@test.kgv', TEST_PASSWORD)) !== 0) throw new Error('bench login failed');
    const cookie = [...client.cookies].map(([k, v]) => `${k}=${v}`).join('; ');
    const payload = JSON.stringify((await client.get('User')).body);
    bare.use((ctx) => {
      ctx.type = 'application/json';
      ctx.body = payload;
    });
    const server = bare.listen(0, '127.0.0.1');
    await new Promise((r) => server.once('listening', r));
    const bareUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}/api/User`;
    // Uncompressed on both sides: the ratio is about the work behind the answer, not gzip.
    const headers = { Accept: 'application/json', 'Accept-Encoding': 'identity', Cookie: cookie };
    // Warm-up, then measure both in the same run.
    await load(`${app.url}/api/User`, headers, { concurrency: 4, seconds: 1 });
    await load(bareUrl, headers, { concurrency: 4, seconds: 1 });
    const a = await load(`${app.url}/api/User`, headers, opts);
    const b = await load(bareUrl, headers, opts);
    server.close();
    return {
      appRps: a.rps,
      bareRps: b.rps,
      ratio: a.rps / b.rps,
      appP50: a.p50,
      appP95: a.p95,
      bareP50: b.p50,
      bareP95: b.p95,
    };
  } finally {
    await app.stop();
  }
}
