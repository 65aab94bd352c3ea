import { useMemo } from 'react';
import type { z } from 'zod';
import type { Ablesung, zaehlerwechselBody } from '../../../../../src/modules/wasserbuch/schema/ablesungen';
import type {
  Zaehlerwechsel,
  ZaehlerwechselImportResult,
} from '../../../../../src/modules/wasserbuch/schema/dokumente';
import type { ZaehlerEichung } from '../../../../../src/modules/wasserbuch/schema/zaehler';
import { collator } from '../../../../../src/platform/collation';
import { apiFetch, withQuery } from '../../../api/fetcher';
import { mutateApi } from '../../../api/mutateApi';
import { useApi } from '../../../api/useApi';
import { saveBlob } from '../../../lib/listExport';

// The calls of docs/api/wasserbuch.md the Zählerwechsel screen uses: the list of plot meter
// changes, the change itself (Stammdaten/UpdateZaehlerwechsel), the plot's last readings, the
// protocol PDF, the Excel export and the import.

// The answer types are the server's (ADR 0005).
export type { Ablesung, Zaehlerwechsel, ZaehlerwechselImportResult };

/** The body of UpdateZaehlerwechsel: exactly what the API's schema accepts. */
export type ZaehlerwechselInput = z.input<typeof zaehlerwechselBody>;

export interface ZaehlerwechselFilter {
  von?: string | undefined;
  bis?: string | undefined;
  parzelleId?: number | undefined;
}

/** A plot with a meter, to choose for a meter change or as filter. */
export interface PlotMeter {
  id: number;
  /** The plot's number. */
  name: string;
  adresseName: string | null;
  /** The plot's current meter. */
  zaehlernummer: string | null;
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

/** A plot as Common/Parzellen names it (`name` = its number). */
export interface PlotLookup {
  id: number;
  name: string;
}

/**
 * Every plot, active or not (Common/Parzellen, open to the Wasser rights): the list filter, since a
 * plot given up since still has its old meter changes.
 */
export function useParzellenLookup() {
  return useApi<PlotLookup[]>('/api/Common/Parzellen');
}

/**
 * The plots a meter can be changed on, for the dialog: GetZaehlerEichung without `tage` answers every
 * active meter with the plot's holder and current meter number — the dialog shows both and finds a
 * plot by its holder's name, which Common/Parzellen cannot. By number.
 */
export function usePlotMeters(enabled = true) {
  const query = useApi<ZaehlerEichung[]>(enabled ? `${W}/GetZaehlerEichung` : null);
  const data = useMemo(
    () =>
      query.data
        ?.flatMap((m): PlotMeter[] =>
          m.art === 'parzelle' && m.parzelleId !== null
            ? [
                {
                  id: m.parzelleId,
                  name: m.parzelleNummer ?? '',
                  adresseName: m.adresseName,
                  zaehlernummer: m.zaehlernummer,
                },
              ]
            : [],
        )
        .sort((a, b) => collator.compare(a.name, b.name)),
    [query.data],
  );
  return { data, isLoading: query.isLoading };
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

/** The protocol PDF of the changes of one day (`date`) or of the filtered list (all without a filter). */
export async function downloadProtokoll(query: ZaehlerwechselFilter & { date?: string }): Promise<void> {
  const blob = await apiFetch<Blob>(`${W}/Zaehlerwechsel`, { query: { ...query }, responseType: 'blob' });
  const name = query.date ?? [query.von, query.bis].filter(Boolean).join(' bis ');
  saveBlob(blob, `Zählerwechsel-Protokoll${name ? ` ${name}` : ''}.pdf`);
}

/** The Excel file of the filtered list, in the columns the import reads. */
export async function downloadExport(filter: ZaehlerwechselFilter): Promise<void> {
  const blob = await apiFetch<Blob>(`${W}/ExportZaehlerwechsel`, { query: { ...filter }, responseType: 'blob' });
  saveBlob(blob, 'Zählerwechsel.xlsx');
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
