import useSWR, { type SWRConfiguration, type SWRResponse } from 'swr';
import type { ApiError } from './errors';
import type { ApiKey } from './swrConfig';

/**
 * Reads one API resource through the shared swr config (5 min cache, retries, error toasts).
 * Pass null as key to wait (e.g. until an id is known).
 */
export function useApi<T>(key: ApiKey | null, config?: SWRConfiguration<T, ApiError>): SWRResponse<T, ApiError> {
  return useSWR<T, ApiError>(key, config ?? {});
}
