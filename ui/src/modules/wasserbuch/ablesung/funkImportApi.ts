import type { z } from 'zod';
import type {
  FunkImportResult,
  FunkMapping,
  FunkStatus,
  FunkZeile,
  funkMappingBody,
} from '../../../../../src/modules/wasserbuch/schema/dokumente';
import { isApiError, isProblemDetails } from '../../../api/errors';
import { apiFetch } from '../../../api/fetcher';
import { mutateApi } from '../../../api/mutateApi';
import { useApi } from '../../../api/useApi';
import type { Refusal } from '../../../components/RefusalAlert';
import { ABLESUNGEN_KEY, LOOKUP_KEY, RUNDE_PREFIX } from './ablesungApi';

export { DEZIMALZEICHEN, TRENNZEICHEN, ZEICHENSAETZE } from '../../../../../src/modules/wasserbuch/schema/dokumente';
// The radio-meter import of docs/api/wasserbuch.md ("Radio-meter import"); answer types are the server's (ADR 0005).
export type { FunkImportResult, FunkStatus, FunkZeile };

const BASE = '/api/Wasserbuch';
export const MAPPINGS_KEY = `${BASE}/GetFunkImportMappings`;

/** A stored column mapping as GetFunkImportMappings answers it. */
export type FunkImportMapping = FunkMapping;
/** The body of UpdateFunkImportMapping: exactly what the API's schema accepts. */
export type FunkMappingInput = z.input<typeof funkMappingBody>;

export interface FunkImportOptions {
  file: File;
  mapping: string;
  /** YYYY-MM-DD for every row; '' → each row's timestamp. */
  datum: string;
  overwrite: boolean;
  dryRun: boolean;
}

export function useFunkMappings() {
  return useApi<FunkImportMapping[]>(MAPPINGS_KEY);
}

export function saveFunkMapping(mapping: FunkMappingInput) {
  return mutateApi<FunkImportMapping>(`${BASE}/UpdateFunkImportMapping`, { json: mapping, revalidate: [MAPPINGS_KEY] });
}

export function importFunk(options: FunkImportOptions): Promise<FunkImportResult> {
  const formData = new FormData();
  formData.append('file', options.file);
  const query = {
    overwrite: options.overwrite,
    dryRun: options.dryRun,
    mapping: options.mapping,
    datum: options.datum || undefined,
  };
  // A preview changes nothing: no reads to refresh.
  if (options.dryRun)
    return apiFetch<FunkImportResult>(`${BASE}/ImportFunkwasserablesungData`, { method: 'POST', query, formData });
  return mutateApi<FunkImportResult>(`${BASE}/ImportFunkwasserablesungData`, {
    query,
    formData,
    revalidatePrefixes: [LOOKUP_KEY, RUNDE_PREFIX, ABLESUNGEN_KEY],
  });
}

/** A refused import (422): the title and one line per row or field ("Zeile 7: …"). */
export function refusal(error: unknown): Refusal | null {
  if (!isApiError(error) || !isProblemDetails(error.body)) return null;
  const lines = Object.entries(error.body.errors ?? {}).flatMap(([key, messages]) => {
    const label = key === 'file' ? 'Datei' : key.replace(/^zeile\s*/i, 'Zeile ');
    return (Array.isArray(messages) ? messages : [messages]).map((m) => `${label}: ${String(m)}`);
  });
  return { title: error.body.title, lines };
}

/** The date the round opens at after an import: the chosen one, else the one most rows have (newest on a tie). */
export function importDatum(result: FunkImportResult, datum: string): string {
  if (datum) return datum;
  const counts = new Map<string, number>();
  for (const z of result.zeilen) counts.set(z.datum, (counts.get(z.datum) ?? 0) + 1);
  let best = '';
  for (const [d, n] of counts) {
    const bestCount = counts.get(best) ?? 0;
    if (n > bestCount || (n === bestCount && d > best)) best = d;
  }
  return best;
}

export const STATUS_TEXT: Readonly<Record<FunkStatus, string>> = {
  neu: 'neu',
  ersetzt: 'ersetzt',
  unveraendert: 'unverändert',
  uebersprungen: 'übersprungen (schon vorhanden)',
};
