import type { z } from 'zod';
import type {
  Adresse,
  AdresseDetail,
  Datei as FileRecord,
  WeiterePerson,
} from '../../../../src/modules/stammdaten/schema/adressen';
import { withQuery } from '../fetcher';
import { mutateApi } from '../mutateApi';
import { useApi } from '../useApi';
import type { adresseBody, weiterePersonBody } from './schemas';

// Shapes of docs/api/stammdaten.md: dates YYYY-MM-DD, flags as a bit sum. The answer types are the
// server's (src/modules/stammdaten/schema/adressen.ts), never copies (ADR 0005).
export type {
  Adresse,
  AdresseDetail,
  AdresseParzelle,
  Datei as FileRecord,
  WeiterePerson,
} from '../../../../src/modules/stammdaten/schema/adressen';

/** 1 Hauptwohnsitz, 2 bevorzugt E-Mail, 256 KGV-Mitglied, 512 KGV-Mitarbeiter: the server's, not a copy. */
export { ADRESSE_FLAGS } from '../../../../src/modules/stammdaten/schema/adressen';

/** The body of UpdateAdresse (JSON, or the multipart `data`): exactly what the API's schema accepts. */
export type AdresseInput = z.input<typeof adresseBody>;

/** The body of UpdateWeiterePerson: exactly what the API's schema accepts. */
export type WeiterePersonInput = z.input<typeof weiterePersonBody>;

export type AdressenFilter = 'aktiv' | 'ehemalig' | 'alle';
export type MitgliedFilter = 'alle' | 'ja' | 'nein';

const BASE = '/api/Stammdaten';
export const EXPORT_ADRESSEN_URL = `${BASE}/ExportAdressen`;
/** Active members without a current plot, as xlsx. */
export const EXPORT_WEITERE_MITGLIEDSCHAFTEN_URL = `${BASE}/ExportWeitereMitgliedschaften`;
/** The Stammdatenblatt without an address: a form to fill in by hand (PDF). */
export const LEERES_STAMMDATENBLATT_URL = withQuery(`${BASE}/Stammdatenblatt`, { isleer: true });

export function adressenKey(query: { filter: AdressenFilter; mitglied: MitgliedFilter }) {
  return withQuery(`${BASE}/ActiveAdressen`, {
    filter: query.filter,
    mitglied: query.mitglied === 'alle' ? undefined : query.mitglied,
  });
}

export function useAdressen(query: Parameters<typeof adressenKey>[0]) {
  return useApi<Adresse[]>(adressenKey(query), { keepPreviousData: true });
}

export function adresseKey(id: number) {
  return withQuery(`${BASE}/GetAdresse`, { id });
}

export function useAdresse(id: number | undefined) {
  return useApi<AdresseDetail>(id ? adresseKey(id) : null);
}

/** GetAdresse for a chosen year (`?jahr=` of the screen); nothing to load for the newest, which useAdresse has. */
export function useAdresseImJahr(id: number, pachtabrechnungID: number | undefined) {
  return useApi<AdresseDetail>(pachtabrechnungID ? withQuery(`${BASE}/GetAdresse`, { id, pachtabrechnungID }) : null);
}

export function filesKey(adressID: number) {
  return withQuery('/api/Common/GetFilesByAdress', { adressID });
}

export function useAdresseFiles(adressID: number | undefined) {
  return useApi<FileRecord[]>(adressID ? filesKey(adressID) : null);
}

export function fileUrl(fileID: number) {
  return withQuery('/api/Common/GetFile', { fileID, inline: true });
}

export function stammdatenblattUrl(id: number) {
  return withQuery(`${BASE}/Stammdatenblatt`, { id });
}

export function saveAdresse(body: AdresseInput) {
  return mutateApi<Adresse>(`${BASE}/UpdateAdresse`, { json: body, saves: 'Adresse' });
}

/** Multipart save: `data` = the record's JSON, one `files` field per upload. */
export function uploadAdresseFiles(record: AdresseInput, files: readonly File[]) {
  const formData = new FormData();
  formData.append('data', JSON.stringify(record));
  for (const file of files) formData.append('files', file, file.name);
  return mutateApi<Adresse>(`${BASE}/UpdateAdresse`, { formData, saves: 'Adresse' });
}

export function deleteAdresse(id: number) {
  return mutateApi<void>(`${BASE}/DeleteAdresse`, { method: 'DELETE', query: { id }, saves: 'Adresse' });
}

export function saveWeiterePerson(body: WeiterePersonInput) {
  return mutateApi<WeiterePerson>(`${BASE}/UpdateWeiterePerson`, { json: body, saves: 'WeiterePerson' });
}

export function deleteWeiterePerson(id: number) {
  return mutateApi<void>(`${BASE}/DeleteWeiterePerson`, {
    method: 'DELETE',
    query: { id },
    saves: 'WeiterePerson',
  });
}

export function deleteFile(fileID: number) {
  return mutateApi<void>('/api/Common/DeleteFile', {
    method: 'DELETE',
    query: { fileID },
    saves: 'Datei',
  });
}
