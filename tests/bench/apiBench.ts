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

export type LoadResult = { rps: number; p50: number; p95: number };
type Sample = { latencies: number[]; seconds: number };

/** Fires requests from `concurrency` loops for `seconds`; answers the latencies (ms) and the time taken. */
async function sample(
  url: string,
  headers: Record<string, string>,
  opts: { concurrency: number; seconds: number },
): Promise<Sample> {
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
  return { latencies, seconds: (performance.now() - started) / 1000 };
}

function summary(samples: Sample[]): LoadResult {
  const latencies = samples.flatMap((s) => s.latencies).sort((a, b) => a - b);
  const seconds = samples.reduce((sum, s) => sum + s.seconds, 0);
  return { rps: latencies.length / seconds, p50: percentile(latencies, 0.5), p95: percentile(latencies, 0.95) };
}

/** Fires requests from `concurrency` loops for `seconds`; answers req/s and latency percentiles (ms). */
export async function load(
  url: string,
  headers: Record<string, string>,
  opts: { concurrency: number; seconds: number },
): Promise<LoadResult> {
  return summary([await sample(url, headers, opts)]);
}

/**
 * The app against its floor in the same run, in alternating half-second turns, so that other work
 * on a shared machine weighs on both sides alike instead of on whichever ran second. The ratio is
 * the median of the turns' ratios (each app turn against the floor's turn right after it): one
 * turn that another process slowed down does not decide it.
 */
export async function compareLoad(
  appUrl: string,
  bareUrl: string,
  headers: Record<string, string>,
  opts: { concurrency: number; seconds: number },
): Promise<{ app: LoadResult; bare: LoadResult; ratio: number }> {
  const app: Sample[] = [];
  const bare: Sample[] = [];
  const turns = Math.max(1, Math.round(opts.seconds * 2));
  const turn = { concurrency: opts.concurrency, seconds: opts.seconds / turns };
  for (let i = 0; i < turns; i++) {
    app.push(await sample(appUrl, headers, turn));
    bare.push(await sample(bareUrl, headers, turn));
  }
  const rps = (s: Sample) => s.latencies.length / s.seconds;
  const ratios = app.map((a, i) => rps(a) / rps(bare[i] as Sample)).sort((x, y) => x - y);
  const mid = ratios.length / 2;
  const ratio = ratios.length % 2 ? (ratios[Math.floor(mid)] ?? 0) : ((ratios[mid - 1] ?? 0) + (ratios[mid] ?? 0)) / 2;
  return { app: summary(app), bare: summary(bare), ratio };
}

/**
 * A route of the app against its floor: a bare Koa route answering the very JSON the app answered
 * first. Both are warmed, then compared with `compareLoad`; the floor server is closed again.
 */
export async function compareWithBareRoute(
  appBase: string,
  path: string,
  headers: Record<string, string>,
  opts: { concurrency: number; seconds: number },
  warmConcurrency: number,
): Promise<{ payload: string; app: LoadResult; bare: LoadResult; ratio: number }> {
  const first = await fetch(`${appBase}${path}`, { headers });
  const payload = await first.text();
  if (!first.ok) throw new Error(`${path} answered ${first.status}`);
  const floor = new Koa();
  floor.use((ctx) => {
    ctx.type = 'application/json';
    ctx.body = payload;
  });
  const server = floor.listen(0, '127.0.0.1');
  await new Promise((r) => server.once('listening', r));
  try {
    const bareUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}${path}`;
    await load(`${appBase}${path}`, headers, { concurrency: warmConcurrency, seconds: 1 });
    await load(bareUrl, headers, { concurrency: warmConcurrency, seconds: 1 });
    return { payload, ...(await compareLoad(`${appBase}${path}`, bareUrl, headers, opts)) };
  } finally {
    server.close();
  }
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
    const { app: a, bare: b, ratio } = await compareLoad(`${app.url}/api/User`, bareUrl, headers, opts);
    server.close();
    return {
      appRps: a.rps,
      bareRps: b.rps,
      ratio,
      appP50: a.p50,
      appP95: a.p95,
      bareP50: b.p50,
      bareP95: b.p95,
    };
  } finally {
    await app.stop();
  }
}
