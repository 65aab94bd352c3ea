import { apiFetch } from '../../../api/fetcher';
import { mutateApi } from '../../../api/mutateApi';
import { useApi } from '../../../api/useApi';

// The Wassergrunddaten calls of docs/api/wasserbuch.md ("Water settlement", Abrechnung controller).
// Shapes as the contract writes them: money in integer cents, rates as decimal strings with a dot.
// TODO(issue 12): take the answer types from src/modules/wasserbuch/schema once the server has them (ADR 0005).

export type SchwundMethode = 'keine' | 'proportional' | 'gleichverteilt';

export interface WasserGruppenpreis {
  id: number;
  gruppeId: number;
  gruppeName: string;
  /** € per m³, decimal string with a dot ("2.40"). */
  preisProM3: string;
  anzahlParzellen: number;
}

export interface Wassergrunddaten {
  id: number;
  version: number;
  pachtabrechnungId: number;
  jahr: number;
  preisProM3: string;
  grundgebuehrCent: number;
  schwundMethode: SchwundMethode;
  akontoMindestCent: number;
  verbrauchsfaktorWarnung: string;
  schwundWarnungProzent: string;
  gruppen: WasserGruppenpreis[];
}

export interface WassergrunddatenInput {
  id?: number;
  version?: number | undefined;
  pachtabrechnungId: number;
  preisProM3: string;
  grundgebuehrCent: number;
  schwundMethode: SchwundMethode;
  akontoMindestCent: number;
  verbrauchsfaktorWarnung: string;
  schwundWarnungProzent: string;
}

export interface GruppenpreisInput {
  id?: number;
  wasserberechnungID: number;
  gruppeId: number;
  preisProM3: string;
}

const A = '/api/Abrechnung';
export const WASSERGRUNDDATEN_KEY = `${A}/GetWassergrunddaten`;
/** Every read this page shows: the list, one record, the group prices. */
const GRUNDDATEN_PREFIXES = [
  WASSERGRUNDDATEN_KEY,
  `${A}/GetWassergrunddata`,
  `${A}/GetWasserabrechnungenGruppen`,
  `${A}/GetAllWassergrunddatenIDs`,
  '/api/Common/GetHistory',
];

/** Every year's basis data, newest year first. */
export function useWassergrunddatenList() {
  return useApi<Wassergrunddaten[]>(WASSERGRUNDDATEN_KEY);
}

export function fetchWassergrunddaten(id: number) {
  return apiFetch<Wassergrunddaten>(`${A}/GetWassergrunddata`, { query: { id } });
}

/** Creates the year's record: a copy of the previous year's (values and group prices). */
export function createWassergrunddaten(pachtabrechnungID: number) {
  return mutateApi<Wassergrunddaten>(`${A}/GetNewWassergrunddaten`, {
    query: { pachtabrechnungID },
    revalidatePrefixes: GRUNDDATEN_PREFIXES,
  });
}

export function saveWassergrunddaten(body: WassergrunddatenInput) {
  return mutateApi<Wassergrunddaten>(`${A}/UpdateWassergrunddaten`, {
    json: body,
    revalidatePrefixes: GRUNDDATEN_PREFIXES,
  });
}

export function deleteWassergrunddaten(id: number) {
  return mutateApi<void>(`${A}/DeleteWassergrunddaten`, {
    method: 'DELETE',
    query: { id },
    revalidatePrefixes: GRUNDDATEN_PREFIXES,
  });
}

export function saveGruppenpreis(body: GruppenpreisInput) {
  return mutateApi<WasserGruppenpreis>(`${A}/UpdateWasserabrechnungGruppe`, {
    json: body,
    revalidatePrefixes: GRUNDDATEN_PREFIXES,
  });
}

export function deleteGruppenpreis(id: number, wasserberechnungID: number) {
  return mutateApi<void>(`${A}/DeleteWasserberechnungGruppe`, {
    method: 'DELETE',
    query: { id, wasserberechnungID },
    revalidatePrefixes: GRUNDDATEN_PREFIXES,
  });
}

/** The groups of Stammdaten to choose from (`{ id, name }`). */
export function useGruppenLookup() {
  return useApi<{ id: number; name: string }[]>('/api/Common/Gruppen');
}

/** One year's basis data by id (the settlement names the one it used). */
export function useWassergrunddaten(id: number | null | undefined) {
  return useApi<Wassergrunddaten>(id ? `${A}/GetWassergrunddata?id=${id}` : null);
}
