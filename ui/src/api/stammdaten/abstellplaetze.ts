import { useApi } from '../useApi';
import { mutateApi } from '../useMutation';

// Shapes of docs/api/stammdaten.md, "Abstellplatz". Money is integer cents, dates YYYY-MM-DD.

export interface AbstellplatzZuordnung {
  id: number;
  adresseId: number;
  adresseName: string;
  von: string;
  bis: string | null;
}

export interface Abstellplatz {
  id: number;
  nummer: string;
  kategorieId: number;
  kategorieName: string;
  jahresgebuehrCent: number;
  aktiv: boolean;
  notiz: string;
  /** The current holder, if any. */
  zuordnung: AbstellplatzZuordnung | null;
}

export interface AbstellplatzInput {
  id?: number;
  nummer: string;
  kategorieId: number;
  aktiv: boolean;
  notiz: string;
}

export interface NeuzuordnungInput {
  abstellplatzId: number;
  adresseId: number;
  datum: string;
}

export const ABSTELLPLAETZE_KEY = '/api/Stammdaten/GetAbstellplaetze';
/** The xlsx download (a plain link). */
export const ABSTELLPLAETZE_EXPORT_URL = '/api/Stammdaten/ExportAbstellplaetze';

const REVALIDATE = [
  '/api/Stammdaten/GetAbstellplaetze',
  '/api/Stammdaten/GetAbstellplatz',
  '/api/Stammdaten/GetAbstellplaetzeByAdresse',
];

export function useAbstellplaetze() {
  return useApi<Abstellplatz[]>(ABSTELLPLAETZE_KEY);
}

export function saveAbstellplatz(body: AbstellplatzInput) {
  return mutateApi<Abstellplatz>('/api/Stammdaten/UpdateAbstellPlatz', { json: body, revalidatePrefixes: REVALIDATE });
}

export function neuzuordnung(body: NeuzuordnungInput) {
  return mutateApi<unknown>('/api/Stammdaten/UpdateNeuzuordnung', { json: body, revalidatePrefixes: REVALIDATE });
}

export function deleteAbstellplatz(id: number) {
  return mutateApi<void>('/api/Stammdaten/DeleteAbstellplatz', {
    method: 'DELETE',
    query: { id },
    revalidatePrefixes: REVALIDATE,
  });
}
