import { useMemo } from 'react';
import type { Right } from '../../../src/platform/auth/rights';
import { useApi } from './useApi';

export interface Supplier {
  name: string;
  email: string;
  phone: string;
  url: string;
}

export interface AppVersionInfo {
  /** Set when this client's API major version differs from the server's. */
  versionError: string | null;
  webAppVersion: string;
  apiVersion: string;
  serverTime: string;
  database: 'SQLite' | 'MySQL';
  supplier: Supplier;
}

export const APP_VERSION_INFO_KEY = '/api/Common/AppVersionInfo?reload=false';
export const VEREINSNAME_KEY = '/api/Common/GetVereinsName';
/** Public image: the club's banner, shown by the splash. */
export const LOGO_URL = '/api/Common/GetLogo';
/** The user manual (PDF), opened in a new tab from the footer. */
export const HANDBUCH_URL = '/api/Common/Handbuch';

export function useAppVersionInfo() {
  return useApi<AppVersionInfo>(APP_VERSION_INFO_KEY);
}

export function useVereinsName(): string | undefined {
  // The name only decorates titles: a failure must not toast on every public page.
  const { data } = useApi<{ vereinsName: string }>(VEREINSNAME_KEY, { shouldRetryOnError: false });
  return data?.vereinsName || undefined;
}

/** instanceID names the asker; the shell asks once, as 'menu', for all rights (empty list). */
export function rightsKey(instanceID: string, rights: readonly Right[] = []) {
  return [`/api/Common/GetRights?instanceID=${encodeURIComponent(instanceID)}`, rights] as const;
}

/**
 * The rights the signed-in user holds, out of `rights` (all of them when empty). The defaults
 * share the sidebar's cached answer, so screens get their rights without another request.
 */
export function useRights(instanceID = 'menu', rights: readonly Right[] = [], enabled = true) {
  const { data, error, isLoading, mutate } = useApi<string[]>(enabled ? rightsKey(instanceID, rights) : null);
  const held = useMemo(() => (data ? new Set(data) : undefined), [data]);
  return { rights: held, error, isLoading, mutate };
}

/**
 * Whether the user holds at least one of `rights` (e.g. an Edit right to show "Neu");
 * undefined while loading.
 */
export function useHasRight(...rights: Right[]): boolean | undefined {
  const { rights: held } = useRights();
  return held ? rights.some((right) => held.has(right)) : undefined;
}
