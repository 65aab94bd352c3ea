import { useCallback, useState } from 'react';
import { mutate } from 'swr';
import { apiFetch, type RequestOptions } from './fetcher';
import { type ApiKey, revalidatePrefixes } from './swrConfig';

export interface MutateOptions extends RequestOptions {
  /** Exact keys to revalidate after success. */
  revalidate?: readonly ApiKey[];
  /** URL prefixes whose cached reads are revalidated after success, e.g. '/api/Stammdaten/'. */
  revalidatePrefixes?: readonly string[];
}

/**
 * One state-changing call (spec §7: mutations are never retried), then the affected reads are
 * revalidated. Defaults to POST.
 */
export async function mutateApi<T>(url: string, options: MutateOptions = {}): Promise<T> {
  const { revalidate = [], revalidatePrefixes: prefixes = [], ...request } = options;
  const result = await apiFetch<T>(url, { method: 'POST', ...request });
  await Promise.all([...revalidate.map((key) => mutate(key)), prefixes.length ? revalidatePrefixes(prefixes) : null]);
  return result;
}

export interface UseMutationResult<T> {
  trigger: (options?: MutateOptions) => Promise<T>;
  isMutating: boolean;
  error: unknown;
  reset: () => void;
}

/** {@link mutateApi} with pending and error state for a button or a form. */
export function useMutation<T>(url: string, defaults: MutateOptions = {}): UseMutationResult<T> {
  const [isMutating, setMutating] = useState(false);
  const [error, setError] = useState<unknown>(undefined);
  const { method, revalidate, revalidatePrefixes: prefixes } = defaults;

  const trigger = useCallback(
    async (options: MutateOptions = {}) => {
      setMutating(true);
      setError(undefined);
      try {
        return await mutateApi<T>(url, {
          ...(method ? { method } : {}),
          ...(revalidate ? { revalidate } : {}),
          ...(prefixes ? { revalidatePrefixes: prefixes } : {}),
          ...options,
        });
      } catch (caught) {
        setError(caught);
        throw caught;
      } finally {
        setMutating(false);
      }
    },
    [url, method, revalidate, prefixes],
  );

  const reset = useCallback(() => setError(undefined), []);
  return { trigger, isMutating, error, reset };
}
