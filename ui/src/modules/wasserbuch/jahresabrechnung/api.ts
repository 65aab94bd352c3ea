import type { z } from 'zod';
import type { Ablesedatum } from '../../../../../src/modules/wasserbuch/schema/ablesungen';
import type {
  AbrechnungHauptzaehler,
  AbrechnungZeile,
  AkontoBerechnung,
  AkontoStichtag,
  NeueWasserabrechnung,
  updateAbrechnungBody,
  Wasserabrechnung,
  WasserabrechnungStichtag,
} from '../../../../../src/modules/wasserbuch/schema/abrechnung';
import { apiFetch } from '../../../api/fetcher';
import { mutateApi } from '../../../api/mutateApi';
import { useApi } from '../../../api/useApi';

// The settlement and akonto calls of docs/api/wasserbuch.md ("Water settlement"). Money in integer
// cents, volumes as decimal strings with a dot and 3 decimals, dates YYYY-MM-DD. The answer types
// are the server's (src/modules/wasserbuch/schema/abrechnung.ts), never copies (ADR 0005).
export type { AbrechnungZeile, AkontoBerechnung, AkontoStichtag, Wasserabrechnung };
export type HauptzaehlerBilanz = AbrechnungHauptzaehler;
export type AbrechnungSummen = Wasserabrechnung['summen'];
export type AbrechnungStichtag = WasserabrechnungStichtag;
export type AbrechnungVorschlag = NeueWasserabrechnung;

export type AblesungsDatum = Ablesedatum;

export interface AbrechnungParameter {
  stichtag: string;
  von?: string | undefined;
  akontoStichtag?: string | undefined;
}

const W = '/api/Wasserbuch';
export const STICHTAGE_KEY = `${W}/GetWasserabrechnungStichtage`;
export const AKONTO_STICHTAGE_KEY = `${W}/GetWasserakontoberechnungStichtage`;
export const ABLESUNG_LOOKUP_KEY = `${W}/GetWasserablesungLookup`;
export const VORSCHLAG_KEY = '/api/Abrechnung/GetNewWasserabrechnung';

/** Everything a stored settlement or akonto shows up in. */
const ABRECHNUNG_PREFIXES = [
  STICHTAGE_KEY,
  `${W}/GetWasserabrechnungDetails`,
  VORSCHLAG_KEY,
  '/api/Abrechnung/GetWasserabrechnung',
  '/api/Abrechnung/GetAllWasserabrechnungen',
  `${W}/GetFehlersuche`,
  '/api/Common/GetHistory',
];
const AKONTO_PREFIXES = [AKONTO_STICHTAGE_KEY, `${W}/GetWasserAkontoBerechnung`, '/api/Common/GetHistory'];

const dropEmpty = (p: AbrechnungParameter) => ({
  stichtag: p.stichtag,
  ...(p.von ? { von: p.von } : {}),
  ...(p.akontoStichtag ? { akontoStichtag: p.akontoStichtag } : {}),
});

export function useAblesungsdaten() {
  return useApi<AblesungsDatum[]>(ABLESUNG_LOOKUP_KEY);
}

export function useAbrechnungVorschlag() {
  return useApi<AbrechnungVorschlag>(VORSCHLAG_KEY);
}

export function useAbrechnungStichtage() {
  return useApi<AbrechnungStichtag[]>(STICHTAGE_KEY);
}

export function abrechnungDetailsKey(stichtag: string, akontoStichtag?: string) {
  const query = new URLSearchParams({ abrechnungStichtag: stichtag });
  if (akontoStichtag) query.set('akontoStichtag', akontoStichtag);
  return `${W}/GetWasserabrechnungDetails?${query.toString()}`;
}

export function useAbrechnungDetails(stichtag: string | null) {
  return useApi<Wasserabrechnung>(stichtag ? abrechnungDetailsKey(stichtag) : null);
}

/** The preview: the settlement computed but not stored (dryRun). */
export function berechneVorschau(parameter: AbrechnungParameter) {
  return apiFetch<Wasserabrechnung>(`${W}/ErstelleAbrechnung`, {
    method: 'POST',
    query: { ...dropEmpty(parameter), dryRun: true },
  });
}

export function erstelleAbrechnung(parameter: AbrechnungParameter) {
  return mutateApi<Wasserabrechnung>(`${W}/ErstelleAbrechnung`, {
    query: dropEmpty(parameter),
    revalidatePrefixes: ABRECHNUNG_PREFIXES,
  });
}

/** The body of UpdateWasserabrechnung: exactly what the API's schema accepts. */
export type KorrekturInput = z.input<typeof updateAbrechnungBody>;

export function korrigiereAbrechnung(stichtag: string, body: KorrekturInput) {
  return mutateApi<Wasserabrechnung>(`${W}/UpdateWasserabrechnung`, {
    query: { stichtag },
    json: body,
    revalidatePrefixes: ABRECHNUNG_PREFIXES,
  });
}

export function loescheAbrechnung(stichtag: string) {
  return mutateApi<void>(`${W}/DeleteAbrechnung`, {
    method: 'DELETE',
    query: { wasserabrechnungsdatum: stichtag },
    revalidatePrefixes: ABRECHNUNG_PREFIXES,
  });
}

/** The per-plot consumption details a member can check (PDF); one plot or all. */
export function verbrauchDetailsUrl(stichtag: string, parzelleId?: number): string {
  const query = new URLSearchParams({ stichtag });
  if (parzelleId !== undefined) query.set('parzelleId', String(parzelleId));
  return `${W}/GetVerbrauchDetailsPDF?${query.toString()}`;
}

export function useAkontoStichtage() {
  return useApi<AkontoStichtag[]>(AKONTO_STICHTAGE_KEY);
}

export function useAkontoBerechnung(stichtag: string | null) {
  return useApi<AkontoBerechnung>(
    stichtag ? `${W}/GetWasserAkontoBerechnung?${new URLSearchParams({ stichtag }).toString()}` : null,
  );
}

export function speichereAkonto(body: { stichtag: string; zeilen: { parzelleId: number; akontoCent: number }[] }) {
  return mutateApi<AkontoBerechnung>(`${W}/UpdateWasserakontoberechnung`, {
    json: body,
    revalidatePrefixes: AKONTO_PREFIXES,
  });
}
