import type { z } from 'zod';
import { mutateApi } from '../mutateApi';
import { useApi } from '../useApi';
import type { funktionaerBody, funktionBody } from './schemas';

// Shapes of docs/api/stammdaten.md, "Funktion" and "Funktionaer". Dates travel as YYYY-MM-DD.

export interface Funktion {
  id: number;
  /** Optimistic lock: send it back with the save. */
  version: number;
  name: string;
  sortierung: number;
  pflicht: boolean;
}

/** The body of the save call: exactly what the API's schema accepts. */
export type FunktionInput = z.input<typeof funktionBody>;

export interface FunktionAlert {
  funktionId: number;
  name: string;
  text: string;
}

export interface Funktionaer {
  id: number;
  /** Optimistic lock: send it back with the save. */
  version: number;
  funktionId: number;
  adresseId: number;
  von: string;
  bis: string | null;
  notiz: string;
  funktionName: string;
  adresseName: string;
}

/** The body of the save call: exactly what the API's schema accepts. */
export type FunktionaerInput = z.input<typeof funktionaerBody>;

export interface FunktionaerAlert {
  funktionaerId: number;
  funktionId: number;
  adresseId: number;
  name: string;
  text: string;
}

/** A lookup entry of Common/Addressen and friends. */
export interface LookupEntry {
  id: number;
  name: string;
}

export const FUNKTIONEN_KEY = '/api/Stammdaten/Funktion';
export const FUNKTION_ALERT_KEY = '/api/Stammdaten/GetFunktionAlert';
export const FUNKTIONAERE_KEY = '/api/Stammdaten/Funktionaer';
export const FUNKTIONAER_ALERT_KEY = '/api/Stammdaten/GetFunktionaerAlert';
export const ADRESSEN_LOOKUP_KEY = '/api/Common/Addressen';

export function useFunktionen() {
  return useApi<Funktion[]>(FUNKTIONEN_KEY);
}

export function useFunktionAlerts() {
  return useApi<FunktionAlert[]>(FUNKTION_ALERT_KEY);
}

export function useFunktionaere() {
  return useApi<Funktionaer[]>(FUNKTIONAERE_KEY);
}

export function useFunktionaerAlerts() {
  return useApi<FunktionaerAlert[]>(FUNKTIONAER_ALERT_KEY);
}

export function useAdressenLookup(enabled = true) {
  return useApi<LookupEntry[]>(enabled ? ADRESSEN_LOOKUP_KEY : null);
}

export function saveFunktion(body: FunktionInput) {
  return mutateApi<Funktion>('/api/Stammdaten/UpdateFunktion', { json: body, saves: 'Funktion' });
}

export function deleteFunktion(id: number) {
  return mutateApi<void>('/api/Stammdaten/DeleteFunktion', {
    method: 'DELETE',
    query: { id },
    saves: 'Funktion',
  });
}

export function saveFunktionaer(body: FunktionaerInput) {
  return mutateApi<Funktionaer>('/api/Stammdaten/UpdateFunktionaer', { json: body, saves: 'Funktionaer' });
}

export function deleteFunktionaer(id: number) {
  return mutateApi<void>('/api/Stammdaten/DeleteFunktionaer', {
    method: 'DELETE',
    query: { id },
    saves: 'Funktionaer',
  });
}
