import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ApiError } from './errors';
import { MAX_QUERY_RETRIES, retryDelay, shouldRetry } from './retry';

vi.mock('./toast', () => ({ showErrorToast: vi.fn() }));

const apiError = (status: number) => new ApiError({ url: '/api/x', status, statusText: '', body: undefined });

describe('retryDelay', () => {
  it('doubles from 1000 ms and caps at 30000 ms', () => {
    expect([0, 1, 2, 3, 4, 5, 6, 10].map(retryDelay)).toEqual([1000, 2000, 4000, 8000, 16000, 30000, 30000, 30000]);
  });
});

describe('shouldRetry', () => {
  it('retries three times, then stops', () => {
    expect(MAX_QUERY_RETRIES).toBe(3);
    expect([1, 2, 3, 4].map((failures) => shouldRetry(apiError(500), failures))).toEqual([true, true, true, false]);
  });

  it.each([401, 403, 404, 422])('never retries %i', (status) => {
    expect(shouldRetry(apiError(status), 1)).toBe(false);
  });

  it('retries server and network failures but not aborted requests', () => {
    expect(shouldRetry(apiError(503), 1)).toBe(true);
    expect(shouldRetry(apiError(0), 1)).toBe(true);
    expect(shouldRetry(new ApiError({ url: '/', status: 0, statusText: '', body: undefined, aborted: true }), 1)).toBe(
      false,
    );
  });
});

describe('swr onErrorRetry', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  it('schedules retries 1 s, 2 s, 4 s apart and toasts once after the last failure', async () => {
    const { swrConfig } = await import('./swrConfig');
    const { showErrorToast } = await import('./toast');
    const onErrorRetry = swrConfig.onErrorRetry;
    if (!onErrorRetry) throw new Error('onErrorRetry missing');
    const revalidate = vi.fn();
    const config = swrConfig as Parameters<typeof onErrorRetry>[2];
    const error = apiError(500);

    for (const [retryCount, delay] of [
      [1, 1000],
      [2, 2000],
      [3, 4000],
    ] as const) {
      onErrorRetry(error, '/api/x', config, revalidate, { retryCount, dedupe: true });
      vi.advanceTimersByTime(delay - 1);
      expect(revalidate).toHaveBeenCalledTimes(retryCount - 1);
      vi.advanceTimersByTime(1);
      expect(revalidate).toHaveBeenCalledTimes(retryCount);
    }
    expect(showErrorToast).not.toHaveBeenCalled();

    onErrorRetry(error, '/api/x', config, revalidate, { retryCount: 4, dedupe: true });
    vi.runAllTimers();
    expect(revalidate).toHaveBeenCalledTimes(3);
    expect(showErrorToast).toHaveBeenCalledTimes(1);
  });

  it('neither retries nor toasts a 401', async () => {
    const { swrConfig } = await import('./swrConfig');
    const { showErrorToast } = await import('./toast');
    vi.mocked(showErrorToast).mockClear();
    const onErrorRetry = swrConfig.onErrorRetry;
    if (!onErrorRetry) throw new Error('onErrorRetry missing');
    const revalidate = vi.fn();
    onErrorRetry(apiError(401), '/api/User', swrConfig as Parameters<typeof onErrorRetry>[2], revalidate, {
      retryCount: 1,
      dedupe: true,
    });
    vi.runAllTimers();
    expect(revalidate).not.toHaveBeenCalled();
    expect(showErrorToast).not.toHaveBeenCalled();
  });

  it('caches for 5 minutes without refetching on focus', async () => {
    const { swrConfig } = await import('./swrConfig');
    expect(swrConfig.dedupingInterval).toBe(300_000);
    expect(swrConfig.revalidateOnFocus).toBe(false);
  });
});
