import { isAbortedError, isApiError } from './errors';

/** Spec §9: failed queries are retried 3 times. */
export const MAX_QUERY_RETRIES = 3;
export const MAX_RETRY_DELAY_MS = 30_000;

/** Answers that will not change by asking again: signed out, no right, gone, invalid input. */
const FINAL_STATUSES: ReadonlySet<number> = new Set([401, 403, 404, 422]);

/** Delay before retry number `attempt` (0-based): min(1000·2^n, 30000) ms. */
export function retryDelay(attempt: number): number {
  return Math.min(1000 * 2 ** attempt, MAX_RETRY_DELAY_MS);
}

/**
 * Whether to retry after the `failures`-th failed attempt (1 = the first request failed).
 * swr counts the same way: its first onErrorRetry call carries retryCount 1.
 */
export function shouldRetry(error: unknown, failures: number): boolean {
  if (failures > MAX_QUERY_RETRIES) return false;
  if (isAbortedError(error)) return false;
  if (isApiError(error) && FINAL_STATUSES.has(error.status)) return false;
  return true;
}
