import type { z } from 'zod';
import type {
  Buchungskonto,
  BuchungskontoEntfernt,
  buchungskontoBody,
} from '../../../../../src/modules/kassa/schema/buchungskonten';
import { apiFetch, withQuery } from '../../../api/fetcher';
import { KASSA_LOOKUP_PREFIXES } from '../../../api/kassa';
import { mutateApi } from '../../../api/mutateApi';
import { useApi } from '../../../api/useApi';

// The booking accounts' calls (docs/api/kassa.md "Buchungskonto"), always of one period.
export type { Buchungskonto, BuchungskontoEntfernt };
export type BuchungskontoBody = z.input<typeof buchungskontoBody>;

const K = '/api/Kassa';
export const BUCHUNGSKONTEN_KEY = `${K}/GetBuchungsKonten`;
export const BUCHUNGSKONTO_PREFIXES = [
  ...KASSA_LOOKUP_PREFIXES,
  BUCHUNGSKONTEN_KEY,
  `${K}/GetBuchungsKonto`,
  `${K}/GetBuchungsKontenParzellenspezifisch`,
  `${K}/CheckActiveBuchungskonten`,
  `${K}/CheckDeletedBuchungskonten`,
  '/api/Stammdaten/GetParzellenspezifischeKonten',
  '/api/Common/GetHistory',
];

export function useBuchungskontenList(kassaabrechnungId: number | undefined, showDeleted: boolean) {
  return useApi<Buchungskonto[]>(
    kassaabrechnungId === undefined
      ? null
      : withQuery(BUCHUNGSKONTEN_KEY, { kassaabrechnungID: kassaabrechnungId, showDeleted: showDeleted || undefined }),
  );
}

export function fetchBuchungskonto(id: number, kassaabrechnungID: number) {
  return apiFetch<Buchungskonto>(`${K}/GetBuchungsKonto`, { query: { id, kassaabrechnungID } });
}

export function saveBuchungskonto(kassaabrechnungID: number, body: BuchungskontoBody) {
  return mutateApi<Buchungskonto>(`${K}/UpdateBuchungsKonto`, {
    query: { kassaabrechnungID },
    json: body,
    revalidatePrefixes: BUCHUNGSKONTO_PREFIXES,
  });
}

/** Removes an unused account; a used one is only marked deleted (`entfernt: false`). */
export function deleteBuchungskonto(id: number, kassaabrechnungID: number) {
  return mutateApi<BuchungskontoEntfernt>(`${K}/DeleteBuchungsKonto`, {
    method: 'DELETE',
    query: { id, kassaabrechnungID },
    revalidatePrefixes: BUCHUNGSKONTO_PREFIXES,
  });
}
