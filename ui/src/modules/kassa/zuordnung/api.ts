import type { BuchungskontoParzellen } from '../../../../../src/modules/kassa/schema/buchungskonten';
import type { Lookup } from '../../../../../src/modules/stammdaten/schema/parzellen';
import { mutateApi } from '../../../api/mutateApi';
import { useApi } from '../../../api/useApi';
import { BUCHUNGSKONTO_PREFIXES } from '../buchungskonten/api';

// The plot assignment of the plot-specific booking accounts (docs/api/kassa.md "Buchungskonto").
export type { BuchungskontoParzellen };

const K = '/api/Kassa';
export const MIT_PARZELLEN_KEY = `${K}/GetBuchungsKontenParzellenspezifischWithParzellen`;

/** A plot as Common/Parzellen names it (`name` = its number): the server's lookup type (ADR 0005). */
export type ParzelleLookup = Lookup;

export function useKontenMitParzellen(kassaabrechnungId: number | undefined) {
  return useApi<BuchungskontoParzellen[]>(
    kassaabrechnungId === undefined ? null : `${MIT_PARZELLEN_KEY}?kassaabrechnungID=${kassaabrechnungId}`,
  );
}

/** Every plot (Common/Parzellen, readable with the Kassa rights), by number. */
export function useParzellen() {
  return useApi<ParzelleLookup[]>('/api/Common/Parzellen');
}

export function saveZuordnung(buchungskontoId: number, parzellenIds: number[]) {
  return mutateApi<BuchungskontoParzellen>(`${K}/UpdateBuchungskontenParzellenspezifischParzellen`, {
    json: { buchungskontoId, parzellenIds },
    revalidatePrefixes: BUCHUNGSKONTO_PREFIXES,
  });
}
