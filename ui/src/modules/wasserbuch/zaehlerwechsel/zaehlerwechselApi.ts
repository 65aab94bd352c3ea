import { useMemo } from 'react';
import type { z } from 'zod';
import type { Ablesung, zaehlerwechselBody } from '../../../../../src/modules/wasserbuch/schema/ablesungen';
import { collator } from '../../../../../src/platform/collation';
import { useHasRight } from '../../../api/common';
import { apiFetch, withQuery } from '../../../api/fetcher';
import { mutateApi } from '../../../api/mutateApi';
import { useApi } from '../../../api/useApi';
import { saveBlob } from '../../../lib/listExport';

// The calls of docs/api/wasserbuch.md the Zählerwechsel screen uses: the list of plot meter
// changes, the change itself (Stammdaten/UpdateZaehlerwechsel), the plot's last readings, the
// protocol PDF, the Excel export and the import.

export type { Ablesung };

/** The body of UpdateZaehlerwechsel: exactly what the API's schema accepts. */
export type ZaehlerwechselInput = z.input<typeof zaehlerwechselBody>;

/** One row of GetZaehlerwechsel (docs/api/wasserbuch.md). */
export interface Zaehlerwechsel {
  parzelleId: number;
  parzelleNummer: string;
  adresseName: string | null;
  datum: string;
  alteNummer: string;
  /** m³ as "150.250". */
  endstand: string;
  neueNummer: string;
  anfangsstand: string;
  plombe: string | null;
  endablesungId: number;
  anfangsablesungId: number;
}

export interface ZaehlerwechselFilter {
  von?: string | undefined;
  bis?: string | undefined;
  parzelleId?: number | undefined;
}

/** A plot of the lookup Common/Parzellen. */
export interface ParzelleLookup {
  id: number;
  name: string;
}

const W = '/api/Wasserbuch';

/** What a meter change changes: readings and lists of the water book, the plot's meter, its Verlauf. */
const CHANGED = [
  `${W}/`,
  '/api/Stammdaten/GetLastAblesungenParzelle',
  '/api/Stammdaten/Parzellen',
  '/api/Stammdaten/GetParzelle',
  '/api/Common/GetHistory',
];

export function zaehlerwechselKey(filter: ZaehlerwechselFilter): string {
  return withQuery(`${W}/GetZaehlerwechsel`, {
    von: filter.von || undefined,
    bis: filter.bis || undefined,
    parzelleId: filter.parzelleId,
  });
}

export function useZaehlerwechselList(filter: ZaehlerwechselFilter) {
  return useApi<Zaehlerwechsel[]>(zaehlerwechselKey(filter));
}

/**
 * The plots to choose from: Common/Parzellen needs a Stammdaten right (requested for the Wasser
 * rights too, /tmp/briefs/requests.md); without it the plots of `fallback` (the listed changes).
 */
export function useParzellenLookup(enabled = true, fallback: readonly Zaehlerwechsel[] = []) {
  const allowed = useHasRight('WebApp.Stammdaten.View', 'WebApp.Stammdaten.Edit') === true;
  const query = useApi<ParzelleLookup[]>(enabled && allowed ? '/api/Common/Parzellen' : null);
  const derived = useMemo(() => {
    const byId = new Map(fallback.map((r) => [r.parzelleId, r.parzelleNummer]));
    return [...byId].map(([id, name]) => ({ id, name })).sort((a, b) => collator.compare(a.name, b.name));
  }, [fallback]);
  return allowed ? { data: query.data, isLoading: query.isLoading } : { data: derived, isLoading: false };
}

/** The newest reading with a stand of each meter the plot has had, newest first. */
export function useLastAblesungen(parzelleId: number | null) {
  return useApi<Ablesung[]>(
    parzelleId === null ? null : withQuery('/api/Stammdaten/GetLastAblesungenParzelle', { parzelleId }),
  );
}

export interface ZaehlerwechselResult {
  parzelleId: number;
  wasserzaehlerNummer: string;
  version: number;
  endablesung: Ablesung;
  anfangsablesung: Ablesung;
}

export function saveZaehlerwechsel(body: ZaehlerwechselInput) {
  return mutateApi<ZaehlerwechselResult>('/api/Stammdaten/UpdateZaehlerwechsel', {
    json: body,
    revalidatePrefixes: CHANGED,
  });
}

/** The protocol PDF of the changes of one day (`date`) or of a period (`von`/`bis`). */
export async function downloadProtokoll(query: { date?: string; von?: string; bis?: string }): Promise<void> {
  const blob = await apiFetch<Blob>(`${W}/Zaehlerwechsel`, { query, responseType: 'blob' });
  const name = query.date ?? [query.von, query.bis].filter(Boolean).join(' bis ');
  saveBlob(blob, `Zählerwechsel-Protokoll${name ? ` ${name}` : ''}.pdf`);
}

export async function downloadExport(): Promise<void> {
  const blob = await apiFetch<Blob>(`${W}/ExportZaehlerwechsel`, { responseType: 'blob' });
  saveBlob(blob, 'Zählerwechsel.xlsx');
}

export interface ZaehlerwechselImportResult {
  zeilen: unknown[];
  angelegt: number;
}

/** Multipart `file`; a bad row → 422 with `errors` per row, nothing written. */
export function importZaehlerwechsel(file: File) {
  const formData = new FormData();
  formData.append('file', file);
  return mutateApi<ZaehlerwechselImportResult>(`${W}/ImportZaehlerwechselData`, {
    formData,
    revalidatePrefixes: CHANGED,
  });
}
