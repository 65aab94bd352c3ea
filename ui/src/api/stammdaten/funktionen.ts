import type { z } from 'zod';
import type { AdresseLookup } from '../../../../src/modules/stammdaten/schema/adressen';
import type {
  Funktion,
  FunktionAlert,
  Funktionaer,
  FunktionaerAlert,
} from '../../../../src/modules/stammdaten/schema/funktionen';
import { mutateApi } from '../mutateApi';
import { useApi } from '../useApi';
import type { funktionaerBody, funktionBody } from './schemas';

// Shapes of docs/api/stammdaten.md, "Funktion" and "Funktionaer". Dates travel as YYYY-MM-DD. The
// answer types are the server's (src/modules/stammdaten/schema/funktionen.ts), never copies (ADR 0005).
export type {
  Funktion,
  FunktionAlert,
  Funktionaer,
  FunktionaerAlert,
} from '../../../../src/modules/stammdaten/schema/funktionen';

/** The body of the save call: exactly what the API's schema accepts. */
export type FunktionInput = z.input<typeof funktionBody>;

/** The body of the save call: exactly what the API's schema accepts. */
export type FunktionaerInput = z.input<typeof funktionaerBody>;

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
  return useApi<AdresseLookup[]>(enabled ? ADRESSEN_LOOKUP_KEY : null);
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
