import type { Ablesung } from '../../../../../src/modules/wasserbuch/schema/ablesungen';
import { withQuery } from '../../../api/fetcher';
import { useApi } from '../../../api/useApi';

// The water book's calls the Hauptwasserzähler screen shows (docs/api/wasserbuch.md): the main
// meter's balance over time, its readings, and the meters whose calibration is due.

export type { Ablesung };

/** One main-meter reading date of GetHauptwasserzaehlerBilanz, with its plots' sum over the same period. */
export interface BilanzPunkt {
  datum: string;
  /** m³ "150.250" */
  stand: string | null;
  /** The main meter's volume since the previous reading date; null at the first one. */
  verbrauch: string | null;
  summeParzellen: string | null;
  anzahlParzellen: number;
  anzahlGelesen: number;
  schwund: string | null;
  /** "12.5" (%) */
  schwundProzent: string | null;
  warnung: boolean;
  hinweis: string | null;
}

export interface Bilanz {
  id: number;
  nummer: string;
  /** The warning threshold in % ("30"). */
  warnProzent: string;
  /** Oldest first. */
  punkte: BilanzPunkt[];
}

/** One meter of GetZaehlerEichung. */
export interface ZaehlerEichung {
  art: 'parzelle' | 'hauptwasserzaehler';
  parzelleId: number | null;
  parzelleNummer: string | null;
  adresseName: string | null;
  hauptwasserzaehlerId: number | null;
  zaehlernummer: string;
  eingebautAm: string | null;
  eichungFaelligAm: string | null;
  faellig: boolean;
}

const W = '/api/Wasserbuch';

export function useBilanz(id: number | null) {
  return useApi<Bilanz>(id === null ? null : withQuery(`${W}/GetHauptwasserzaehlerBilanz`, { id }));
}

export function useHwzAblesungen(id: number | null) {
  return useApi<Ablesung[]>(id === null ? null : withQuery(`${W}/GetWasserablesungen`, { hauptwasserzaehlerId: id }));
}

/** The meters due within `tage` days or overdue. */
export function useEichung(tage: number, enabled = true) {
  return useApi<ZaehlerEichung[]>(enabled ? withQuery(`${W}/GetZaehlerEichung`, { tage }) : null);
}
