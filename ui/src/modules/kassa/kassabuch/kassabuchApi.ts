import type { z } from 'zod';
import type { Beleg } from '../../../../../src/modules/kassa/schema/belege';
import type {
  CloseFilteredEntriesAntwort,
  DeleteKassabuchFilteredAntwort,
  Eintrag,
  KassabuchAntwort,
  KassabuchFilterInput,
  kassabuchBody,
} from '../../../../../src/modules/kassa/schema/kassabuch';
import { apiFetch, type Query, withQuery } from '../../../api/fetcher';
import { KONTEN_LOOKUP_KEY } from '../../../api/kassa';
import { mutateApi } from '../../../api/mutateApi';
import { useApi } from '../../../api/useApi';
import { saveBlob } from '../../../lib/listExport';

// The Kassabuch calls of docs/api/kassa.md ("Kassabuch", "Belege"). Answer types are the server's (ADR 0005).
export type { Beleg, Eintrag, KassabuchAntwort, KassabuchFilterInput };

/** The body of UpdateKassabuch as the schema takes it. */
export type KassabuchBody = z.input<typeof kassabuchBody>;

const BASE = '/api/Kassa';
export const KASSABUCH_PREFIX = `${BASE}/GetKassabuch`;
/** Everything a booking changes: the book, the accounts' balances, the reports. */
const NACH_BUCHUNG = [
  KASSABUCH_PREFIX,
  `${BASE}/GetKonten`,
  `${BASE}/GetKonto`,
  KONTEN_LOOKUP_KEY,
  `${BASE}/Kassabericht`,
];

/** The filter as a query (empty values left out). */
export function filterQuery(filter: KassabuchFilterInput): Query {
  const query: Record<string, string | number> = {};
  for (const [key, value] of Object.entries(filter)) {
    if (value === undefined || value === null || value === '') continue;
    if (key === 'kontoOption' && value === 'alle') continue;
    query[key] = typeof value === 'number' ? value : String(value);
  }
  return query;
}

export const kassabuchKey = (filter: KassabuchFilterInput) => withQuery(KASSABUCH_PREFIX, filterQuery(filter));

/** The filtered entries (by datum, belegnummer) and their sums; waits while `filter` is null. */
export function useKassabuch(filter: KassabuchFilterInput | null) {
  return useApi<KassabuchAntwort>(filter ? kassabuchKey(filter) : null, { keepPreviousData: true });
}

export function saveEintrag(body: KassabuchBody) {
  return mutateApi<Eintrag>(`${BASE}/UpdateKassabuch`, { json: body, revalidatePrefixes: NACH_BUCHUNG });
}

export function fetchEintrag(id: number) {
  return apiFetch<KassabuchAntwort>(KASSABUCH_PREFIX, { query: { entryID: id } }).then((a) => {
    const found = a.eintraege[0];
    if (!found) throw new Error('Der Eintrag wurde inzwischen gelöscht.');
    return found;
  });
}

export function stornoEintrag(id: number) {
  return mutateApi<Eintrag>(`${BASE}/StornoKassabuch`, { json: { id }, revalidatePrefixes: NACH_BUCHUNG });
}

export function deleteGefiltert(filter: KassabuchFilterInput, dryRun: boolean) {
  return mutateApi<DeleteKassabuchFilteredAntwort>(`${BASE}/DeleteKassabuchFiltered`, {
    method: 'DELETE',
    query: { ...filterQuery(filter), dryRun },
    revalidatePrefixes: dryRun ? [] : NACH_BUCHUNG,
  });
}

export function pruefeGefiltert(filter: KassabuchFilterInput) {
  return mutateApi<CloseFilteredEntriesAntwort>(`${BASE}/CloseFilteredEntries`, {
    query: filterQuery(filter),
    revalidatePrefixes: NACH_BUCHUNG,
  });
}

export function belegeHochladen(kassabuchId: number, files: readonly File[]) {
  const formData = new FormData();
  for (const file of files) formData.append('files', file, file.name);
  return mutateApi<Beleg[]>(`${BASE}/UpdateKassabuchBeleg`, {
    query: { kassabuchID: kassabuchId },
    formData,
    revalidatePrefixes: [KASSABUCH_PREFIX],
  });
}

export function belegLoeschen(belegId: number) {
  return mutateApi<void>(`${BASE}/DeleteBeleg`, {
    method: 'DELETE',
    query: { belegID: belegId },
    revalidatePrefixes: [KASSABUCH_PREFIX],
  });
}

/** The receipt itself, shown by the browser (PDF, image) in a new tab. */
export const belegUrl = (belegId: number) => withQuery(`${BASE}/GetBeleg`, { belegID: belegId, inline: true });
/** The Eigenbeleg (a receipt made out by the club for an entry without one). */
export const eigenbelegUrl = (kassabuchId: number) => withQuery(`${BASE}/Belegdruck`, { kassabuchID: kassabuchId });

/** Kassabuch as PDF or Excel with the filters shown, saved as "Kassabuch <name>.pdf". */
export async function exportKassabuch(
  format: 'pdf' | 'xlsx',
  filter: KassabuchFilterInput,
  name: string,
): Promise<void> {
  const url = format === 'pdf' ? `${BASE}/Kassabuch` : `${BASE}/KassabuchExcelExport`;
  const blob = await apiFetch<Blob>(url, { query: filterQuery(filter), responseType: 'blob' });
  saveBlob(blob, `Kassabuch ${name}.${format}`.replace(/[\\/:*?"<>|]/g, '-'));
}

/** Receipts the server takes (it checks the content too). */
export const BELEG_ACCEPT = 'application/pdf,image/jpeg,image/png,.pdf,.jpg,.jpeg,.png';
