import type { z } from 'zod';
import type { Anlage, AnlageDetail, anlageBody } from '../../../../../src/modules/kassa/schema/anlagen';
import type { KassabuchAntwort } from '../../../../../src/modules/kassa/schema/kassabuch';
import { apiFetch, withQuery } from '../../../api/fetcher';
import { mutateApi } from '../../../api/mutateApi';
import { useApi } from '../../../api/useApi';

// The fixed-asset register's calls (docs/api/kassa.md "Anlageverzeichnis").
export type { Anlage, AnlageDetail };
export type AnlageBody = z.input<typeof anlageBody>;

const K = '/api/Kassa';
export const ANLAGEN_KEY = `${K}/GetAnlageverzeichnis`;
const PREFIXES = [
  ANLAGEN_KEY,
  `${K}/GetAnlageverzeichnisData`,
  `${K}/GetAnlageKategorien`,
  `${K}/Anlagebericht`,
  '/api/Common/GetHistory',
];

/** The assets with their book value at the end of `jahr`, optionally of one category. */
export function useAnlagen(jahr: number, kategorie: string) {
  return useApi<Anlage[]>(withQuery(ANLAGEN_KEY, { jahr, kategorie: kategorie || undefined }));
}

/** One asset with its whole depreciation plan; waits while there is none. */
export function useAnlageDetail(id: number | undefined, jahr: number) {
  return useApi<AnlageDetail>(id === undefined ? null : withQuery(`${K}/GetAnlageverzeichnisData`, { id, jahr }));
}

export function fetchAnlage(id: number, jahr: number) {
  return apiFetch<AnlageDetail>(`${K}/GetAnlageverzeichnisData`, { query: { id, jahr } });
}

export function useAnlageKategorien() {
  return useApi<string[]>(`${K}/GetAnlageKategorien`);
}

export function saveAnlage(body: AnlageBody) {
  return mutateApi<Anlage>(`${K}/UpdateAnlageverzeichnis`, { json: body, revalidatePrefixes: PREFIXES });
}

export function deleteAnlage(id: number) {
  return mutateApi<void>(`${K}/DeleteAnlage`, { method: 'DELETE', query: { id }, revalidatePrefixes: PREFIXES });
}

/** The Kassabuch entry with Belegnummer `belegnummer` in the period, or undefined. */
export async function findeEintrag(kassaabrechnungID: number, belegnummer: number) {
  const antwort = await apiFetch<KassabuchAntwort>(`${K}/GetKassabuch`, {
    query: { kassaabrechnungID, BelegnummerFilterVon: belegnummer, BelegnummerFilterBis: belegnummer },
  });
  return antwort.eintraege.find((e) => e.belegnummer === belegnummer);
}

/**
 * The link to an asset's Kassabuch entry: the Kassabuch shows one period, so the link names the
 * entry's period too (looked up over all periods by its id); without it only the entry.
 */
export function useEintragLink(kassabuchId: number | null): string | undefined {
  const { data } = useApi<KassabuchAntwort>(
    kassabuchId === null ? null : withQuery(`${K}/GetKassabuch`, { entryID: kassabuchId }),
  );
  if (kassabuchId === null) return undefined;
  const periode = data?.eintraege.find((e) => e.id === kassabuchId)?.kassaabrechnungId;
  return periode === undefined
    ? `/kassa/kassabuch?entryID=${kassabuchId}`
    : `/kassa/kassabuch?kassaabrechnung=${periode}&entryID=${kassabuchId}`;
}
