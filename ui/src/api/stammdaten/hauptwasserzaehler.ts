import type { z } from 'zod';
import type { Ablesung, Hauptwasserzaehler } from '../../../../src/modules/stammdaten/schema/hauptwasserzaehler';
import { mutateApi } from '../mutateApi';
import { useApi } from '../useApi';
import type { hauptwasserzaehlerBody, wechselBody } from './schemas';

// Shapes of docs/api/stammdaten.md, "Hauptwasserzaehler". Readings travel as strings with a dot
// ("12340.000"), dates as YYYY-MM-DD. The answer types are the server's
// (src/modules/stammdaten/schema/hauptwasserzaehler.ts), never copies (ADR 0005).
export type { Ablesung, Hauptwasserzaehler };

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
