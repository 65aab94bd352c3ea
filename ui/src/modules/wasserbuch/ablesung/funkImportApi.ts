import { isApiError, isProblemDetails } from '../../../api/errors';
import { apiFetch } from '../../../api/fetcher';
import { mutateApi } from '../../../api/mutateApi';
import { useApi } from '../../../api/useApi';
import { ABLESUNGEN_KEY, LOOKUP_KEY, RUNDE_PREFIX } from './ablesungApi';

// The radio-meter import of docs/api/wasserbuch.md ("Radio-meter import").

const BASE = '/api/Wasserbuch';
export const MAPPINGS_KEY = `${BASE}/GetFunkImportMappings`;

export const TRENNZEICHEN = ['auto', ';', ',', 'tab'] as const;
export const DEZIMALZEICHEN = ['auto', ',', '.'] as const;
export const ZEICHENSAETZE = ['auto', 'utf-8', 'windows-1252'] as const;

export interface FunkImportMapping {
  name: string;
  spalteSeriennummer: string;
  spalteStand: string;
  spalteZeitstempel: string;
  trennzeichen: (typeof TRENNZEICHEN)[number];
  dezimalzeichen: (typeof DEZIMALZEICHEN)[number];
  zeichensatz: (typeof ZEICHENSAETZE)[number];
}

export type ImportStatus = 'neu' | 'ersetzt' | 'unveraendert' | 'uebersprungen';

export interface FunkImportZeile {
  zeile: number;
  seriennummer: string;
  stand: string;
  datum: string;
  parzelleId: number | null;
  parzelleNummer: string | null;
  hauptwasserzaehlerId: number | null;
  status: ImportStatus;
  vorherStand: string | null;
}

export interface FunkImportResult {
  dryRun: boolean;
  mapping: string;
  zeilen: FunkImportZeile[];
  fehler: { zeile: number; text: string }[];
  warnungen: { zeile: number; text: string }[];
  geschrieben: number;
}

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

export function saveFunkMapping(mapping: FunkImportMapping) {
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
export function refusal(error: unknown): { title: string; lines: string[] } | null {
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

export const STATUS_TEXT: Readonly<Record<ImportStatus, string>> = {
  neu: 'neu',
  ersetzt: 'ersetzt',
  unveraendert: 'unverändert',
  uebersprungen: 'übersprungen (schon vorhanden)',
};
