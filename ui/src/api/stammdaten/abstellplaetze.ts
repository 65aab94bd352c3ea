import type { z } from 'zod';
import type {
  Abstellplatz,
  AbstellplatzDetail,
  AbstellplatzZuordnung as AdresseAbstellplatz,
} from '../../../../src/modules/stammdaten/schema/abstellplaetze';
import { withQuery } from '../fetcher';
import { mutateApi } from '../mutateApi';
import { useApi } from '../useApi';
import type { abstellplatzBody, neuzuordnungBody, zuordnungBody } from './schemas';

// Shapes of docs/api/stammdaten.md, "Abstellplatz". Money is integer cents, dates YYYY-MM-DD. The
// answer types are the server's (src/modules/stammdaten/schema/abstellplaetze.ts), never copies
// (ADR 0005). Named here as the screens say it: `AbstellplatzZuordnung` is the assignment as the
// space shows it (the server's `Zuordnung`), `AdresseAbstellplatz` one with its space
// (GetAbstellplaetzeByAdresse; the server's `AbstellplatzZuordnung`).
export type {
  Abstellplatz,
  AbstellplatzDetail,
  AbstellplatzZuordnung as AdresseAbstellplatz,
  Zuordnung as AbstellplatzZuordnung,
} from '../../../../src/modules/stammdaten/schema/abstellplaetze';

/** The body of UpdateAbstellplatzAdresse: exactly what the API's schema accepts (bis null: open). */
export type ZuordnungInput = z.input<typeof zuordnungBody>;

/** The body of UpdateAbstellPlatz: exactly what the API's schema accepts. */
export type AbstellplatzInput = z.input<typeof abstellplatzBody>;

/** The body of UpdateNeuzuordnung. */
export type NeuzuordnungInput = z.input<typeof neuzuordnungBody>;

export const ABSTELLPLAETZE_KEY = '/api/Stammdaten/GetAbstellplaetze';
/** The xlsx download (a plain link). */
export const ABSTELLPLAETZE_EXPORT_URL = '/api/Stammdaten/ExportAbstellplaetze';

export function useAbstellplaetze() {
  return useApi<Abstellplatz[]>(ABSTELLPLAETZE_KEY);
}

export function useAbstellplatz(id: number | undefined) {
  return useApi<AbstellplatzDetail>(id ? withQuery('/api/Stammdaten/GetAbstellplatz', { id }) : null);
}

export function useAbstellplaetzeByAdresse(adresseId: number | undefined) {
  return useApi<AdresseAbstellplatz[]>(
    adresseId ? withQuery('/api/Stammdaten/GetAbstellplaetzeByAdresse', { adresseId }) : null,
  );
}

/** Changes an assignment's dates; 422 at `von` (overlap) or `bis` (before von). */
export function saveZuordnung(body: ZuordnungInput) {
  return mutateApi<AdresseAbstellplatz>('/api/Stammdaten/UpdateAbstellplatzAdresse', {
    json: body,
    saves: 'Abstellplatz',
  });
}

/** Removes an assignment as if it never existed (to end one, set `bis`). */
export function deleteZuordnung(id: number) {
  return mutateApi<void>('/api/Stammdaten/DeleteAbstellplatzAdresse', {
    method: 'DELETE',
    query: { id },
    saves: 'Abstellplatz',
  });
}

export function saveAbstellplatz(body: AbstellplatzInput) {
  return mutateApi<Abstellplatz>('/api/Stammdaten/UpdateAbstellPlatz', { json: body, saves: 'Abstellplatz' });
}

export function neuzuordnung(body: NeuzuordnungInput) {
  return mutateApi<unknown>('/api/Stammdaten/UpdateNeuzuordnung', { json: body, saves: 'Abstellplatz' });
}

export function deleteAbstellplatz(id: number) {
  return mutateApi<void>('/api/Stammdaten/DeleteAbstellplatz', {
    method: 'DELETE',
    query: { id },
    saves: 'Abstellplatz',
  });
}
