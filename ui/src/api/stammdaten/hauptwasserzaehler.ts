import type { z } from 'zod';
import { mutateApi } from '../mutateApi';
import { useApi } from '../useApi';
import type { hauptwasserzaehlerBody, wechselBody } from './schemas';

// Shapes of docs/api/stammdaten.md, "Hauptwasserzaehler". Readings travel as strings with a dot
// ("12340.000"), dates as YYYY-MM-DD.

export interface Ablesung {
  datum: string;
  stand: string;
}

export interface Hauptwasserzaehler {
  id: number;
  /** Optimistic lock: send it back with the save. */
  version: number;
  nummer: string;
  bezeichnung: string;
  standort: string;
  eichdatum: string | null;
  aktiv: boolean;
  notiz: string;
  /** eichdatum + 5 years (read-only). */
  eichungFaelligAm: string | null;
  /** Due within 90 days or past (read-only). */
  eichungWarnung: boolean;
  letzteAblesung: Ablesung | null;
  anzahlParzellen: number;
}

/** The body of the save call: exactly what the API's schema accepts. */
export type HauptwasserzaehlerInput = z.input<typeof hauptwasserzaehlerBody>;

/** The body of the save call: exactly what the API's schema accepts. */
export type WechselInput = z.input<typeof wechselBody>;

export const HAUPTWASSERZAEHLER_KEY = '/api/Stammdaten/HauptWasserzaehler';

export function useHauptwasserzaehlerList() {
  return useApi<Hauptwasserzaehler[]>(HAUPTWASSERZAEHLER_KEY);
}

export function saveHauptwasserzaehler(body: HauptwasserzaehlerInput) {
  return mutateApi<Hauptwasserzaehler>('/api/Stammdaten/UpdateHWZ', { json: body, saves: 'Hauptwasserzaehler' });
}

export function wechselHauptwasserzaehler(body: WechselInput) {
  return mutateApi<Hauptwasserzaehler>('/api/Stammdaten/WechselHWZ', { json: body, saves: 'Hauptwasserzaehler' });
}

export function deleteHauptwasserzaehler(id: number) {
  return mutateApi<void>('/api/Stammdaten/DeleteHauptwasserzaehler', {
    method: 'DELETE',
    query: { id },
    saves: 'Hauptwasserzaehler',
  });
}
