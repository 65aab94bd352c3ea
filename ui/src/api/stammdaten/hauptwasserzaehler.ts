import { useApi } from '../useApi';
import { mutateApi } from '../useMutation';

// Shapes of docs/api/stammdaten.md, "Hauptwasserzaehler". Readings travel as strings with a dot
// ("12340.000"), dates as YYYY-MM-DD.

export interface Ablesung {
  datum: string;
  stand: string;
}

export interface Hauptwasserzaehler {
  id: number;
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

export interface HauptwasserzaehlerInput {
  id?: number;
  nummer: string;
  bezeichnung: string;
  standort: string;
  eichdatum: string | null;
  aktiv: boolean;
  notiz: string;
}

export interface WechselInput {
  id: number;
  datum: string;
  /** "12340.500": a dot, at most 3 decimals. */
  endstand: string;
  neueNummer: string;
  anfangsstand: string;
  eichdatum?: string | null;
}

export const HAUPTWASSERZAEHLER_KEY = '/api/Stammdaten/HauptWasserzaehler';

const REVALIDATE = [
  '/api/Stammdaten/HauptWasserzaehler',
  '/api/Stammdaten/GetHauptwasserZaehler',
  '/api/Common/HWZ',
  '/api/Stammdaten/Parzellen',
];

export function useHauptwasserzaehlerList() {
  return useApi<Hauptwasserzaehler[]>(HAUPTWASSERZAEHLER_KEY);
}

export function saveHauptwasserzaehler(body: HauptwasserzaehlerInput) {
  return mutateApi<Hauptwasserzaehler>('/api/Stammdaten/UpdateHWZ', { json: body, revalidatePrefixes: REVALIDATE });
}

export function wechselHauptwasserzaehler(body: WechselInput) {
  return mutateApi<Hauptwasserzaehler>('/api/Stammdaten/WechselHWZ', { json: body, revalidatePrefixes: REVALIDATE });
}

export function deleteHauptwasserzaehler(id: number) {
  return mutateApi<void>('/api/Stammdaten/DeleteHauptwasserzaehler', {
    method: 'DELETE',
    query: { id },
    revalidatePrefixes: REVALIDATE,
  });
}
