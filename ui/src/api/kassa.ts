import { apiFetch } from './fetcher';
import { useApi } from './useApi';

export const STEUERSATZ_FLAG_KEY = '/api/Kassa/GetSteuersatzFlag';

/**
 * Whether the club books with tax rates (shows the Steuerbericht). Any failure counts as false:
 * the call is optional for the menu and must never block or toast. The shell enables it only once
 * the Steuerbericht screen exists (menu.ts needsFlag): until the Kassa module is built the route
 * does not exist.
 */
export function useSteuersatzFlag(enabled = true): boolean {
  const { data } = useApi<boolean>(enabled ? STEUERSATZ_FLAG_KEY : null, {
    fetcher: (url: string) =>
      apiFetch<unknown>(url).then(
        (flag) => flag === true,
        () => false,
      ),
    shouldRetryOnError: false,
  });
  return data === true;
}
