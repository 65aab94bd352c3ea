// Time and memory of one run of a service call, for the benchmarks that print both.

export type Measure = { ms: number; peakHeapMb: number; peakRssMb: number };

export const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)] ?? 0;

/** Time and the highest heap and RSS seen (sampled every 2 ms) above the state before. */
export async function measure(fn: () => Promise<unknown>): Promise<Measure> {
  globalThis.gc?.();
  const base = process.memoryUsage();
  let heap = base.heapUsed;
  let rss = base.rss;
  const timer = setInterval(() => {
    const m = process.memoryUsage();
    heap = Math.max(heap, m.heapUsed);
    rss = Math.max(rss, m.rss);
  }, 2);
  const start = performance.now();
  await fn();
  const ms = performance.now() - start;
  clearInterval(timer);
  const end = process.memoryUsage();
  heap = Math.max(heap, end.heapUsed);
  rss = Math.max(rss, end.rss);
  return { ms, peakHeapMb: (heap - base.heapUsed) / 2 ** 20, peakRssMb: (rss - base.rss) / 2 ** 20 };
}

/** The median time of several runs and the highest memory any of them needed. */
export const pick = (ms: Measure[]): Measure => ({
  ms: median(ms.map((m) => m.ms)),
  peakHeapMb: Math.max(...ms.map((m) => m.peakHeapMb)),
  peakRssMb: Math.max(...ms.map((m) => m.peakRssMb)),
});
