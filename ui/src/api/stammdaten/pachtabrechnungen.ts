import { useApi } from '../useApi';

/** One billing year (docs/api/stammdaten.md, "Year scope"). */
export interface Pachtabrechnung {
  id: number;
  jahr: number;
  bezeichnung: string;
}

export const PACHTABRECHNUNGEN_KEY = '/api/Common/Pachtabrechnungen';

/** The billing years, newest first. */
export function usePachtabrechnungen() {
  return useApi<Pachtabrechnung[]>(PACHTABRECHNUNGEN_KEY);
}
