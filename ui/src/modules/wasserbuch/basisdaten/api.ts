import type { z } from 'zod';
import type { berechneGruppeBody, Wasserabrechnung } from '../../../../../src/modules/wasserbuch/schema/abrechnung';
import type {
  gruppeBody,
  SchwundMethode,
  Wassergrunddaten,
  Wassergruppe,
  wassergrunddatenBody,
} from '../../../../../src/modules/wasserbuch/schema/grunddaten';
import { apiFetch } from '../../../api/fetcher';
import { mutateApi } from '../../../api/mutateApi';
import { useApi } from '../../../api/useApi';

// The Wassergrunddaten calls of docs/api/wasserbuch.md ("Water settlement", Abrechnung controller).
// Money in integer cents, rates as decimal strings with a dot. The answer types are the server's
// (src/modules/wasserbuch/schema/grunddaten.ts), never copies (ADR 0005).
export type { SchwundMethode, Wassergrunddaten };
export type WasserGruppenpreis = Wassergruppe;

/** The bodies of the save calls: exactly what the API's schemas accept. */
export type WassergrunddatenInput = z.input<typeof wassergrunddatenBody>;
export type GruppenpreisInput = z.input<typeof gruppeBody>;

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

/** The settlement preview of one group's plots with this year's data (nothing is stored). */
export function berechneGruppenVorschau(body: z.input<typeof berechneGruppeBody>) {
  return apiFetch<Wasserabrechnung>(`${A}/BerechneWasserabrechnungGruppe`, { method: 'POST', json: body });
}

/** The groups of Stammdaten to choose from (`{ id, name }`). */
export function useGruppenLookup() {
  return useApi<{ id: number; name: string }[]>('/api/Common/Gruppen');
}

/** One year's basis data by id (the settlement names the one it used). */
export function useWassergrunddaten(id: number | null | undefined) {
  return useApi<Wassergrunddaten>(id ? `${A}/GetWassergrunddata?id=${id}` : null);
}
