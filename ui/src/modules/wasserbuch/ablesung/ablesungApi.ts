import { useMemo } from 'react';
import type { z } from 'zod';
import type { Ablesedatum, Ablesung, ablesungBody } from '../../../../../src/modules/wasserbuch/schema/ablesungen';
import { isApiError } from '../../../api/errors';
import { apiFetch, withQuery } from '../../../api/fetcher';
import { mutateApi } from '../../../api/mutateApi';
import { showErrorToast } from '../../../api/toast';
import { useApi } from '../../../api/useApi';
import { fromLiter, toLiter } from './readingLogic';

// The reading calls of docs/api/wasserbuch.md. Answer types are the server's (ADR 0005).
export type { Ablesedatum, Ablesung };

/** The body of UpdateWasserablesung: exactly what the API's schema accepts. */
export type AblesungInput = z.input<typeof ablesungBody>;

const BASE = '/api/Wasserbuch';
export const LOOKUP_KEY = `${BASE}/GetWasserablesungLookup`;

/** One row of a reading round, in walking order (GetAblesungsrunde). */
export interface RundeZeile extends Ablesung {
  /** The plot's holder at the round's date (null for main meters). */
  adresseName: string | null;
  // hauptwasserzaehlerNummer: for a plot its main meter (the strand), for a main meter its own number.
  /** The newest earlier reading of the same meter. */
  letzteAblesung: { datum: string; stand: string } | null;
  /** Consumption between the two reading dates before this one ("12.000"). */
  letzterVerbrauch: string | null;
}

/** Every reading round the Wasserwart can open, newest first. */
export function useAblesedaten() {
  return useApi<Ablesedatum[]>(LOOKUP_KEY);
}

export const RUNDE_PREFIX = `${BASE}/GetAblesungsrunde`;
export const rundeKey = (datum: string) => withQuery(RUNDE_PREFIX, { datum });
/** Readings (all, or of a day): the fallback below computes the comparison from them. */
export const ABLESUNGEN_KEY = `${BASE}/GetWasserablesungen`;

const isNotFound = (error: unknown) => isApiError(error) && error.status === 404;

/**
 * The round of `datum` in walking order with each meter's last reading and consumption
 * (GetAblesungsrunde). While a server without that call answers 404, the day's rows in the list
 * order (main meters, then plots by number) and the last readings computed from all readings.
 */
export function useRunde(datum: string) {
  const runde = useApi<{ datum: string; zeilen: RundeZeile[] }>(datum ? rundeKey(datum) : null, {
    // A 404 means "call not there yet" (the fallback takes over), not an error to report.
    onErrorRetry: (error) => {
      if (!isNotFound(error)) showErrorToast(error);
    },
  });
  const fallback = isNotFound(runde.error);
  const day = useApi<Ablesung[]>(fallback ? withQuery(ABLESUNGEN_KEY, { datum }) : null);
  const all = useApi<Ablesung[]>(fallback ? ABLESUNGEN_KEY : null);
  const computed = useMemo(
    () => (day.data && all.data ? mitVergleich(day.data, all.data) : undefined),
    [day.data, all.data],
  );
  const retry = () => void Promise.all([runde.mutate(), day.mutate(), all.mutate()]);
  if (!fallback) return { data: runde.data?.zeilen, error: runde.error, isLoading: runde.isLoading, retry };
  return { data: computed, error: day.error ?? all.error, isLoading: day.isLoading || all.isLoading, retry };
}

const meterKey = (a: Ablesung) =>
  `${a.parzelleId === null ? `H${a.hauptwasserzaehlerId}` : `P${a.parzelleId}`}:${a.zaehlernummer}`;

/** Adds to each row of the day its meter's last reading before that day and the consumption before it. */
export function mitVergleich(day: readonly Ablesung[], all: readonly Ablesung[]): RundeZeile[] {
  const byMeter = new Map<string, Ablesung[]>();
  for (const reading of all) {
    if (reading.stand === null) continue;
    const list = byMeter.get(meterKey(reading)) ?? [];
    list.push(reading);
    byMeter.set(meterKey(reading), list);
  }
  return day.map((row) => {
    const earlier = (byMeter.get(meterKey(row)) ?? [])
      .filter((r) => r.datum < row.datum)
      .sort((a, b) => (a.datum < b.datum ? 1 : -1));
    const [last, before] = earlier;
    return {
      ...row,
      adresseName: null,
      letzteAblesung: last?.stand ? { datum: last.datum, stand: last.stand } : null,
      letzterVerbrauch: last?.stand && before?.stand ? fromLiter(toLiter(last.stand) - toLiter(before.stand)) : null,
    };
  });
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
