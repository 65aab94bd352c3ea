import type { BuchungskontoLookup } from '../../../src/modules/kassa/schema/buchungskonten';
import type { KassaabrechnungDatum, KassaabrechnungLookup } from '../../../src/modules/kassa/schema/kassaabrechnung';
import type { KontoLookup } from '../../../src/modules/kassa/schema/konten';
import type { Kostenstelle, KostenstelleLookup } from '../../../src/modules/kassa/schema/kostenstellen';
import { isApiError } from './errors';
import { apiFetch } from './fetcher';
import { useApi } from './useApi';

// The shared Kassa lookups and the default period (docs/api/kassa.md). The screens of the Kassa
// module (Kassabuch, Stammdaten, Berichte) read their period scope and drop-downs from here.

// The answer types are the server's (ADR 0005: import, never copy).
export type {
  BuchungskontoLookup,
  KassaabrechnungDatum,
  KassaabrechnungLookup,
  KontoLookup,
  Kostenstelle,
  KostenstelleLookup,
};

export const STEUERSATZ_FLAG_KEY = '/api/Kassa/GetSteuersatzFlag';
export const KASSAABRECHNUNGEN_LOOKUP_KEY = '/api/Common/Kassaabrechnungen';
export const KASSAABRECHNUNG_DATUM_KEY = '/api/Abrechnung/GetKassaabrechnungDatum';
export const KONTEN_LOOKUP_KEY = '/api/Common/Konten';
export const BUCHUNGSKONTEN_LOOKUP_KEY = '/api/Kassa/Buchungskonten';
export const KOSTENSTELLEN_KEY = '/api/Kassa/GetKostenStellen';

/** The reads a change of a period, account, booking account or cost centre can touch (for `revalidatePrefixes`). */
export const KASSA_LOOKUP_PREFIXES = [
  KASSAABRECHNUNGEN_LOOKUP_KEY,
  KASSAABRECHNUNG_DATUM_KEY,
  KONTEN_LOOKUP_KEY,
  BUCHUNGSKONTEN_LOOKUP_KEY,
  '/api/Common/Buchungskonten',
  '/api/Common/Kostenstellen',
  KOSTENSTELLEN_KEY,
];

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

/** Every period, newest first (GET Common/Kassaabrechnungen). */
export function useKassaabrechnungen() {
  return useApi<KassaabrechnungLookup[]>(KASSAABRECHNUNGEN_LOOKUP_KEY);
}

/**
 * The period `id`, or without id the default one (containing today, else the newest). No period
 * at all is an answer (null), not an error: a new club has none yet and must not see a toast.
 */
export function useKassaabrechnungDatum(id?: number) {
  const key = id === undefined ? KASSAABRECHNUNG_DATUM_KEY : `${KASSAABRECHNUNG_DATUM_KEY}?id=${id}`;
  return useApi<KassaabrechnungDatum | null>(key, {
    fetcher: (url: string) =>
      apiFetch<KassaabrechnungDatum>(url).catch((error: unknown) => {
        if (isNotFound(error)) return null;
        throw error;
      }),
  });
}

function isNotFound(error: unknown): boolean {
  return isApiError(error) && error.status === 404;
}

/** Every account (bank and cash), by name (GET Common/Konten). */
export function useKonten() {
  return useApi<KontoLookup[]>(KONTEN_LOOKUP_KEY);
}

/** The period's booking accounts that are not deleted, by number; waits while the id is unknown. */
export function useBuchungskontenLookup(kassaabrechnungId: number | undefined) {
  return useApi<BuchungskontoLookup[]>(
    kassaabrechnungId === undefined ? null : `${BUCHUNGSKONTEN_LOOKUP_KEY}?kassaabrechnungID=${kassaabrechnungId}`,
  );
}

/** The period's cost centres (GET Kassa/GetKostenStellen), by number; waits while the id is unknown. */
export function useKostenstellenLookup(kassaabrechnungId: number | undefined) {
  return useApi<Kostenstelle[]>(
    kassaabrechnungId === undefined ? null : `${KOSTENSTELLEN_KEY}?kassaabrechnungID=${kassaabrechnungId}`,
  );
}
