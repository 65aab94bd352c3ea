import type { Ablesung } from '../../../../../src/modules/wasserbuch/schema/ablesungen';
import type { Bilanz, BilanzPunkt, ZaehlerEichung } from '../../../../../src/modules/wasserbuch/schema/zaehler';
import { withQuery } from '../../../api/fetcher';
import { useApi } from '../../../api/useApi';

// The water book's calls the Hauptwasserzähler screen shows (docs/api/wasserbuch.md): the main
// meter's balance over time, its readings, and the meters whose calibration is due.

// The answer types are the server's (ADR 0005), never copies.
export type { Ablesung, Bilanz, BilanzPunkt, ZaehlerEichung };

const W = '/api/Wasserbuch';

export function useBilanz(id: number | null) {
  return useApi<Bilanz>(id === null ? null : withQuery(`${W}/GetHauptwasserzaehlerBilanz`, { id }));
}

export function useHwzAblesungen(id: number | null) {
  return useApi<Ablesung[]>(id === null ? null : withQuery(`${W}/GetWasserablesungen`, { hauptwasserzaehlerId: id }));
}

/** The meters due within `tage` days or overdue; without `tage` every active meter. */
export function useEichung(tage?: number, enabled = true) {
  return useApi<ZaehlerEichung[]>(enabled ? withQuery(`${W}/GetZaehlerEichung`, { tage }) : null);
}
