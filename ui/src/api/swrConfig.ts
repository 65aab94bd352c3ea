import { mutate, type SWRConfiguration } from 'swr';
import { isApiError } from './errors';
import { apiFetch } from './fetcher';
import { MAX_QUERY_RETRIES, retryDelay, shouldRetry } from './retry';
import { sessionRenewalActive } from './sessionRenewal';
import { showErrorToast } from './toast';

/** Spec §9: query results are cached (deduplicated) for 5 minutes. */
export const CACHE_MS = 5 * 60 * 1000;

/** A GET url, or [url, body] for the few reads the server answers by POST (GetRights). */
export type ApiKey = string | readonly [url: string, body: unknown];

export function keyUrl(key: unknown): string | undefined {
  if (typeof key === 'string') return key;
  if (Array.isArray(key) && typeof key[0] === 'string') return key[0];
  return undefined;
}

export function apiKeyFetcher<T>(key: ApiKey): Promise<T> {
  return typeof key === 'string' ? apiFetch<T>(key) : apiFetch<T>(key[0], { method: 'POST', json: key[1] });
}

export const CURRENT_USER_KEY = '/api/User';

export const swrConfig: SWRConfiguration = {
  fetcher: apiKeyFetcher,
  dedupingInterval: CACHE_MS,
  focusThrottleInterval: CACHE_MS,
  revalidateOnFocus: false,
  // Informational: onErrorRetry below applies the limit itself.
  errorRetryCount: MAX_QUERY_RETRIES,
  onErrorRetry: (error, key, _config, revalidate, { retryCount }) => {
    if (shouldRetry(error, retryCount)) {
      setTimeout(() => revalidate({ retryCount }), retryDelay(retryCount - 1));
      return;
    }
    // Reported once, after the last attempt, instead of once per attempt.
    if (isApiError(error) && error.status === 401) {
      // A session that ran out: re-check the user, whose 401 sends RequireAuth to the login. Not in
      // the signed-in shell: it offers sign-in in place (the fetcher waited for it), and a jump to
      // the login page would throw away what the user typed.
      if (key !== CURRENT_USER_KEY && !sessionRenewalActive()) void mutate(CURRENT_USER_KEY);
      return;
    }
    showErrorToast(error);
  },
};

/**
 * Empties the whole cache (spec §4: at login, before and after). The clearing itself happens at
 * once; mounted hooks then fetch again in the background. Revalidating also drops swr's 5-minute
 * dedupe markers, so the next user never gets the previous user's answers.
 */
export function clearCache(): void {
  void mutate(() => true, undefined, { revalidate: true });
}

/** Revalidates every cached key whose URL starts with one of the prefixes (case-insensitive). */
export async function revalidatePrefixes(prefixes: readonly string[]): Promise<void> {
  const lower = prefixes.map((p) => p.toLowerCase());
  await mutate((key) => {
    const url = keyUrl(key)?.toLowerCase();
    return url !== undefined && lower.some((p) => url.startsWith(p));
  });
}
