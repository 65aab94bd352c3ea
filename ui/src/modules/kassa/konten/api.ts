import type { z } from 'zod';
import type { Konto, kontoBody } from '../../../../../src/modules/kassa/schema/konten';
import { apiFetch } from '../../../api/fetcher';
import { KASSA_LOOKUP_PREFIXES } from '../../../api/kassa';
import { mutateApi } from '../../../api/mutateApi';
import { useApi } from '../../../api/useApi';

// The accounts' calls (docs/api/kassa.md "Konto"); balances are of the period asked.
export type { Konto };
export type KontoBody = z.input<typeof kontoBody>;

const K = '/api/Kassa';
export const KONTEN_KEY = `${K}/GetKonten`;
const PREFIXES = [...KASSA_LOOKUP_PREFIXES, KONTEN_KEY, `${K}/GetKonto`, `${K}/GetKassabuch`, '/api/Common/GetHistory'];

/**
 * The accounts with the balances of the period; `ohnePeriode` (no period exists yet) asks without
 * one, so a new club still sees and creates its accounts. Waits while the period is unknown.
 */
export function useKontenList(kassaabrechnungId: number | undefined, ohnePeriode: boolean) {
  return useApi<Konto[]>(
    kassaabrechnungId !== undefined
      ? `${KONTEN_KEY}?kassaabrechnungID=${kassaabrechnungId}`
      : ohnePeriode
        ? KONTEN_KEY
        : null,
  );
}

export function fetchKonto(id: number, kassaabrechnungID: number | undefined) {
  return apiFetch<Konto>(`${K}/GetKonto`, { query: { id, kassaabrechnungID } });
}

export function saveKonto(body: KontoBody) {
  return mutateApi<Konto>(`${K}/UpdateKonto`, { json: body, revalidatePrefixes: PREFIXES });
}

export function deleteKonto(id: number) {
  return mutateApi<void>(`${K}/DeleteKonto`, { method: 'DELETE', query: { id }, revalidatePrefixes: PREFIXES });
}
