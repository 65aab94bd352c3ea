import type { z } from 'zod';
import type {
  Versicherung,
  VersicherungenImportErgebnis,
  VersicherungenImportJahr,
  VersicherungGespeichert,
  VersicherungImportZeile,
  versicherungBody,
} from '../../../src/modules/rechnungspruefung/schema/versicherungen';
import { apiFetch, withQuery } from './fetcher';
import { mutateApi } from './mutateApi';
import { useApi } from './useApi';

// The insurances' calls (docs/api/rechnungspruefung.md "Versicherungen"); shapes are the server's (ADR 0005).
export type {
  Versicherung,
  VersicherungenImportErgebnis,
  VersicherungenImportJahr,
  VersicherungGespeichert,
  VersicherungImportZeile,
};
/** The body of UpdateVersicherung: exactly what the route's schema accepts. */
export type VersicherungBody = z.input<typeof versicherungBody>;

const R = '/api/Rechnungspruefung';
export const VERSICHERUNGEN_KEY = `${R}/GetVersicherungen`;
export const IMPORT_JAHRE_KEY = `${R}/GetVersicherungenImportJahre`;
/** A change shows in the list, the years' counts, the Verlauf and the payment request's data. */
const PREFIXES = [VERSICHERUNGEN_KEY, `${R}/GetVersicherung`, IMPORT_JAHRE_KEY, '/api/Common/GetHistory'];

export function useVersicherungen(jahr: number) {
  return useApi<Versicherung[]>(withQuery(VERSICHERUNGEN_KEY, { jahr }));
}

/** Every billing year with its number of insurances, newest first. */
export function useVersicherungenJahre() {
  return useApi<VersicherungenImportJahr[]>(IMPORT_JAHRE_KEY);
}

export function fetchVersicherung(id: number) {
  return apiFetch<Versicherung>(`${R}/GetVersicherung`, { query: { id } });
}

export function saveVersicherung(body: VersicherungBody) {
  return mutateApi<VersicherungGespeichert>(`${R}/UpdateVersicherung`, { json: body, revalidatePrefixes: PREFIXES });
}

export function deleteVersicherung(id: number) {
  return mutateApi<void>(`${R}/DeleteVersicherung`, { method: 'DELETE', query: { id }, revalidatePrefixes: PREFIXES });
}

export interface VersicherungenImportOptionen {
  file: File;
  jahr: number;
  /** true: the year's insurances are deleted first (ImportVersicherungenDeleteExisting). */
  ersetzen: boolean;
  dryRun: boolean;
}

/** The import (all or nothing): the dry run only reads the file and answers what would be created. */
export function importVersicherungen(o: VersicherungenImportOptionen): Promise<VersicherungenImportErgebnis> {
  const formData = new FormData();
  formData.append('jahr', String(o.jahr));
  formData.append('dryRun', String(o.dryRun));
  formData.append('file', o.file);
  const url = `${R}/${o.ersetzen ? 'ImportVersicherungenDeleteExisting' : 'ImportAddVersicherungen'}`;
  if (o.dryRun) return apiFetch<VersicherungenImportErgebnis>(url, { method: 'POST', formData });
  return mutateApi<VersicherungenImportErgebnis>(url, { formData, revalidatePrefixes: PREFIXES });
}
