import type { z } from 'zod';
import type {
  GartenhistorieEintrag,
  GartenwechselErgebnis,
  gartenwechselBody,
  Lookup,
  Nutzungsberechtigter,
  Parzelle,
  parzelleBody,
} from '../../../../src/modules/stammdaten/schema/parzellen';
import { withQuery } from '../fetcher';
import { mutateApi } from '../mutateApi';
import { useApi } from '../useApi';

// Shapes of docs/api/stammdaten.md: areas are strings with a dot ("400.00"), dates YYYY-MM-DD.
// The answer types are the server's (src/modules/stammdaten/schema/parzellen.ts), never copies (ADR 0005).
export type { GartenhistorieEintrag, Lookup, Nutzungsberechtigter, Parzelle };

/** The save bodies are the routes' own schemas' input types (ADR 0005), never copies. */
export type ParzelleInput = z.input<typeof parzelleBody>;

/** 1 ständig wohnen, 2 größer bauen, 4 Kanalanschluss. */
export const PARZELLE_FLAGS = { staendigWohnen: 1, groesserBauen: 2, kanal: 4 } as const;

export type ParzellenFilter = 'alle' | 'vergeben' | 'frei' | 'aktiv';

export type GartenwechselInput = z.input<typeof gartenwechselBody>;

const BASE = '/api/Stammdaten';

export function parzellenKey(query: {
  pachtabrechnungID?: number | undefined;
  search?: string;
  filter?: ParzellenFilter;
}) {
  return withQuery(`${BASE}/Parzellen`, {
    pachtabrechnungID: query.pachtabrechnungID,
    search: query.search || undefined,
    filter: query.filter && query.filter !== 'alle' ? query.filter : undefined,
  });
}

export function useParzellen(query: Parameters<typeof parzellenKey>[0], enabled = true) {
  return useApi<Parzelle[]>(enabled ? parzellenKey(query) : null, { keepPreviousData: true });
}

export function useGartenhistorie(parzelleId: number | undefined) {
  return useApi<GartenhistorieEintrag[]>(parzelleId ? withQuery(`${BASE}/GetGartenhistorie`, { parzelleId }) : null);
}

export function useHwzLookup() {
  return useApi<Lookup[]>('/api/Common/HWZ');
}

export function useGruppenLookup() {
  return useApi<Lookup[]>('/api/Common/Gruppen');
}

export function useAdressenLookup(enabled = true) {
  return useApi<Lookup[]>(enabled ? '/api/Common/Addressen' : null);
}

export function saveParzelle(body: ParzelleInput) {
  return mutateApi<Parzelle>(`${BASE}/UpdateParzelle`, { json: body, saves: 'Parzelle' });
}

export function deleteParzelle(id: number) {
  return mutateApi<void>(`${BASE}/DeleteParzelle`, { method: 'DELETE', query: { id }, saves: 'Parzelle' });
}

export function executeGartenwechsel(body: GartenwechselInput) {
  return mutateApi<GartenwechselErgebnis>(`${BASE}/ExecuteGartenwechsel`, {
    json: body,
    saves: ['Parzelle', 'Pachtverhaeltnis'],
  });
}
