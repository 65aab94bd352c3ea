import { withQuery } from '../fetcher';
import { mutateApi } from '../mutateApi';
import { useApi } from '../useApi';

// Shapes of docs/api/stammdaten.md: areas are strings with a dot ("400.00"), dates YYYY-MM-DD.

export interface Nutzungsberechtigter {
  adresseId: number;
  name: string;
  von: string;
}

export interface Parzelle {
  id: number;
  /** Optimistic lock: send it back with the save. */
  version: number;
  nummer: string;
  flaeche: string;
  gemeinschaftsflaeche: string | null;
  anzahlParkkarten: number;
  flags: number;
  wasserzaehlerNummer: string;
  hauptwasserzaehlerId: number | null;
  gruppeId: number | null;
  aktiv: boolean;
  notiz: string;
  pachtabrechnungId: number;
  nutzungsberechtigter: Nutzungsberechtigter | null;
  gruppeName: string | null;
  hauptwasserzaehlerNummer: string | null;
}

export interface ParzelleInput {
  id?: number;
  nummer: string;
  flaeche: string;
  gemeinschaftsflaeche: string | null;
  anzahlParkkarten: number;
  flags: number;
  wasserzaehlerNummer: string;
  hauptwasserzaehlerId: number | null;
  gruppeId: number | null;
  aktiv: boolean;
  notiz: string;
  pachtabrechnungId?: number;
}

/** 1 ständig wohnen, 2 größer bauen, 4 Kanalanschluss. */
export const PARZELLE_FLAGS = { staendigWohnen: 1, groesserBauen: 2, kanal: 4 } as const;

export type ParzellenFilter = 'alle' | 'vergeben' | 'frei' | 'aktiv';

export interface GartenhistorieEintrag {
  adresseId: number;
  name: string;
  von: string;
  bis: string | null;
}

export interface Lookup {
  id: number;
  name: string;
}

export interface GartenwechselInput {
  parzelleId: number;
  neueAdresseId: number;
  datum: string;
}

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
  return mutateApi<{ parzelle: Parzelle; historie: GartenhistorieEintrag[] }>(`${BASE}/ExecuteGartenwechsel`, {
    json: body,
    saves: ['Parzelle', 'Pachtverhaeltnis'],
  });
}
