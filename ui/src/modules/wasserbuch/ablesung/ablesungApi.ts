import type { z } from 'zod';
import type { Ablesedatum, Ablesung, ablesungBody } from '../../../../../src/modules/wasserbuch/schema/ablesungen';
import type { Ablesungsrunde, RundeZeile } from '../../../../../src/modules/wasserbuch/schema/dokumente';
import { apiFetch, withQuery } from '../../../api/fetcher';
import { mutateApi } from '../../../api/mutateApi';
import { useApi } from '../../../api/useApi';

// The reading calls of docs/api/wasserbuch.md. Answer types are the server's (ADR 0005).
export type { Ablesedatum, Ablesung, Ablesungsrunde, RundeZeile };

/** The body of UpdateWasserablesung: exactly what the API's schema accepts. */
export type AblesungInput = z.input<typeof ablesungBody>;

const BASE = '/api/Wasserbuch';
export const LOOKUP_KEY = `${BASE}/GetWasserablesungLookup`;

/** Every reading round the Wasserwart can open, newest first. */
export function useAblesedaten() {
  return useApi<Ablesedatum[]>(LOOKUP_KEY);
}

export const RUNDE_PREFIX = `${BASE}/GetAblesungsrunde`;
export const rundeKey = (datum: string) => withQuery(RUNDE_PREFIX, { datum });
/** The reading lists: a round or an import changes them. */
export const ABLESUNGEN_KEY = `${BASE}/GetWasserablesungen`;

/** The round of `datum` in walking order, each row with its meter's last reading and consumption. */
export function useRunde(datum: string) {
  return useApi<Ablesungsrunde>(datum ? rundeKey(datum) : null);
}

/** The body that saves `row` with `stand` and `notiz`: only the fields the API's schema takes. */
export function saveBody(row: Ablesung, stand: string | null, notiz: string, version = row.version): AblesungInput {
  return {
    id: row.id,
    version,
    datum: row.datum,
    parzelleId: row.parzelleId,
    hauptwasserzaehlerId: row.hauptwasserzaehlerId,
    zaehlernummer: row.zaehlernummer,
    stand,
    isZaehlerwechsel: row.isZaehlerwechsel,
    // Typed on this screen: a radio reading corrected by hand is a manual one.
    quelle: stand === row.stand ? row.quelle : 'manuell',
    notiz,
  };
}

/**
 * Saves one row. Only the lookup's counts are revalidated: the round itself stays as the screen
 * holds it, so rows being typed are never replaced under the typing hand.
 */
export function saveAblesung(body: AblesungInput) {
  return mutateApi<Ablesung>(`${BASE}/UpdateWasserablesung`, { json: body, revalidate: [LOOKUP_KEY] });
}

export function fetchAblesung(id: number) {
  return apiFetch<Ablesung>(`${BASE}/GetWasserAblesung`, { query: { id } });
}

/** A new round: one empty row per active meter (existing rows of that day stay). */
export function neueRunde(datum: string) {
  return mutateApi<Ablesung[]>(`${BASE}/InsertNeueWasserAblesungen`, {
    query: { selectedDatum: datum },
    revalidatePrefixes: [LOOKUP_KEY, RUNDE_PREFIX, ABLESUNGEN_KEY],
  });
}

export function loescheRunde(datum: string) {
  return mutateApi<{ datum: string; geloescht: number }>(`${BASE}/DeleteAllWasserablesungen`, {
    method: 'DELETE',
    query: { datum },
    revalidatePrefixes: [LOOKUP_KEY, RUNDE_PREFIX, ABLESUNGEN_KEY],
  });
}

/** The reading sheet of a round (PDF, walking order). */
export const ablesebogenUrl = (datum: string) => withQuery(`${BASE}/Wasserablesungen`, { date: datum });
