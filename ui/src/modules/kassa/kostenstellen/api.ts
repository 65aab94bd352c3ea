import type { z } from 'zod';
import type { Kostenstelle, kostenstelleBody } from '../../../../../src/modules/kassa/schema/kostenstellen';
import { apiFetch } from '../../../api/fetcher';
import { KASSA_LOOKUP_PREFIXES, useKostenstellenLookup } from '../../../api/kassa';
import { mutateApi } from '../../../api/mutateApi';

// The cost centres' calls (docs/api/kassa.md "Kostenstelle"), always of one period.
export type { Kostenstelle };
export type KostenstelleBody = z.input<typeof kostenstelleBody>;

const K = '/api/Kassa';
const PREFIXES = [...KASSA_LOOKUP_PREFIXES, `${K}/GetKostenstelle`, '/api/Common/GetHistory'];

/** The list is the shared lookup (GET Kassa/GetKostenStellen): one cached answer for both. */
export const useKostenstellenList = useKostenstellenLookup;

export function fetchKostenstelle(id: number) {
  return apiFetch<Kostenstelle>(`${K}/GetKostenstelle`, { query: { id } });
}

export function saveKostenstelle(body: KostenstelleBody) {
  return mutateApi<Kostenstelle>(`${K}/UpdateKostenstelle`, { json: body, revalidatePrefixes: PREFIXES });
}

export function deleteKostenstelle(id: number) {
  return mutateApi<void>(`${K}/DeleteKostenstelle`, { method: 'DELETE', query: { id }, revalidatePrefixes: PREFIXES });
}
