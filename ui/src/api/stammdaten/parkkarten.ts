import type { z } from 'zod';
import type { ParkkartenInfo } from '../../../../src/modules/stammdaten/schema/abstellplaetze';
import { withQuery } from '../fetcher';
import { mutateApi } from '../mutateApi';
import { useApi } from '../useApi';
import type { parkkartenInfoBody } from './schemas';

// Shapes of docs/api/stammdaten.md, "Parkkarten". Money is integer cents, dates YYYY-MM-DD. The
// answer type is the server's (src/modules/stammdaten/schema/abstellplaetze.ts), never a copy (ADR 0005).
export type { ParkkartenInfo } from '../../../../src/modules/stammdaten/schema/abstellplaetze';

/** The body of UpdateParkkartenInfo: exactly what the API's schema accepts. */
export type ParkkartenInfoInput = z.input<typeof parkkartenInfoBody>;

const BASE = '/api/Stammdaten';

export function parkkartenInfoKey(pachtabrechnungID: number) {
  return withQuery(`${BASE}/GetParkkartenInfo`, { pachtabrechnungID });
}

/**
 * The year's info with its card count. Fetched on every mount: the count changes in the Parzelle
 * dialog, whose save does not know this key, so the 5-minute cache would show an old count.
 */
export function useParkkartenInfo(pachtabrechnungID: number | undefined) {
  return useApi<ParkkartenInfo>(pachtabrechnungID === undefined ? null : parkkartenInfoKey(pachtabrechnungID), {
    dedupingInterval: 0,
  });
}

export function saveParkkartenInfo(body: ParkkartenInfoInput) {
  return mutateApi<ParkkartenInfo>(`${BASE}/UpdateParkkartenInfo`, {
    json: body,
    // The dialog's Verlauf shows the save at once.
    saves: 'ParkkartenInfo',
  });
}

/** The cards as one PDF: of every plot with cards that year, or of one plot (its id). */
export function parkkartenPdfUrl(pachtabrechnungID: number, parzelleId?: number): string {
  return withQuery(`${BASE}/Parkkarten`, { parzelle: parzelleId, pachtabrechnungID });
}
