import type {
  Kontoauszug,
  KontoauszugArt,
  KontoauszugZeile,
} from '../../../src/modules/rechnungspruefung/schema/kontoauszug';
import { withQuery } from './fetcher';
import { useApi } from './useApi';

// A member's account statement (docs/api/rechnungspruefung.md "Mitglieder-Kontoauszug"); the shapes
// are the server's (ADR 0005).
export type { Kontoauszug, KontoauszugArt, KontoauszugZeile };

const KONTOAUSZUG = '/api/Rechnungspruefung/Kontoauszug';

export interface KontoauszugAnfrage {
  adresseId: number;
  /** Empty: from the first booking. */
  von?: string | undefined;
  /** Empty: today. */
  bis?: string | undefined;
}

/** The statement as data; waits while no address is chosen. */
export function useKontoauszug(a: KontoauszugAnfrage | null) {
  return useApi<Kontoauszug>(
    a === null ? null : withQuery(KONTOAUSZUG, { adresseId: a.adresseId, von: a.von, bis: a.bis }),
  );
}

/** The same statement as a letter to the member (PDF), for a new tab. */
export function kontoauszugPdfUrl(a: KontoauszugAnfrage): string {
  return withQuery(KONTOAUSZUG, { adresseId: a.adresseId, von: a.von, bis: a.bis, format: 'pdf' });
}

/** What a line is, in words. */
export const ART_TEXT: Record<KontoauszugArt, string> = {
  rechnung: 'Rechnung',
  gutschrift: 'Gutschrift',
  zahlung: 'Zahlung',
  guthaben: 'Guthaben',
  verrechnung: 'Verrechnung',
  mahnung: 'Mahnung',
};
