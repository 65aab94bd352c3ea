import type { z } from 'zod';
import type { Gruppe } from '../../../../src/modules/stammdaten/schema/parzellen';
import { apiFetch } from '../fetcher';
import { mutateApi } from '../mutateApi';
import { useApi } from '../useApi';
import type { gruppeBody } from './schemas';

// The answer type is the server's (src/modules/stammdaten/schema/parzellen.ts), never a copy (ADR 0005).
export type { Gruppe };

/** The body of the save call: exactly what the API's schema accepts. */
export type GruppeInput = z.input<typeof gruppeBody>;

export const GRUPPEN_KEY = '/api/Stammdaten/Gruppe';

export function useGruppen() {
  return useApi<Gruppe[]>(GRUPPEN_KEY);
}

/** The group as stored now (a dialog's „Neu laden“). */
export function fetchGruppe(id: number) {
  return apiFetch<Gruppe>('/api/Stammdaten/GetGruppe', { query: { id } });
}

export function saveGruppe(body: GruppeInput) {
  return mutateApi<Gruppe>('/api/Stammdaten/UpdateGruppe', { json: body, saves: 'Gruppe' });
}

export function deleteGruppe(id: number) {
  return mutateApi<void>('/api/Stammdaten/DeleteGruppe', {
    method: 'DELETE',
    query: { id },
    saves: 'Gruppe',
  });
}
