import { mutate } from 'swr';
import { dependentsOf, type Entity } from './dependents';
import { apiFetch, type RequestOptions } from './fetcher';
import { type ApiKey, revalidatePrefixes } from './swrConfig';

export interface MutateOptions extends RequestOptions {
  /** Exact keys to revalidate after success. */
  revalidate?: readonly ApiKey[];
  /** URL prefixes whose cached reads are revalidated after success, e.g. '/api/Stammdaten/'. */
  revalidatePrefixes?: readonly string[];
  /**
   * The entities the call changes: every cached read that can contain one of them is revalidated
   * (the table in dependents.ts), the Verlauf included.
   */
  saves?: Entity | readonly Entity[];
}

/**
 * One state-changing call (spec §7: mutations are never retried, except once after the user signed
 * in again because the session had ended: see apiFetch), then the affected reads are revalidated.
 * Defaults to POST.
 */
export async function mutateApi<T>(url: string, options: MutateOptions = {}): Promise<T> {
  const { revalidate = [], revalidatePrefixes: explicit = [], saves, ...request } = options;
  const prefixes = saves ? [...explicit, ...dependentsOf(saves)] : explicit;
  const result = await apiFetch<T>(url, { method: 'POST', ...request });
  await Promise.all([...revalidate.map((key) => mutate(key)), prefixes.length ? revalidatePrefixes(prefixes) : null]);
  return result;
}
