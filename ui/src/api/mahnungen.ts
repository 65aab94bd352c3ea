import type { z } from 'zod';
import type {
  MahnlaufErgebnis,
  MahnlaufGrund,
  MahnlaufQuery,
  MahnlaufUebersprungen,
  MahnlaufVorschau,
  MahnlaufZeile,
  mahnlaufBody,
} from '../../../src/modules/rechnungspruefung/schema/mahnungen';
import { withQuery } from './fetcher';
import { mutateApi } from './mutateApi';
import { useApi } from './useApi';

// The reminder run's calls (docs/api/rechnungspruefung.md "Mahnungen und Mahnlauf"); the shapes are
// the server's (ADR 0005).
/** The body of POST Mahnlauf: exactly what the route's schema accepts. */
export type MahnlaufBody = z.input<typeof mahnlaufBody>;
export type { MahnlaufErgebnis, MahnlaufGrund, MahnlaufQuery, MahnlaufUebersprungen, MahnlaufVorschau, MahnlaufZeile };

const R = '/api/Rechnungspruefung';
export const MAHNLAUF_KEY = `${R}/Mahnlauf`;

/** A run raises levels and adds fees: every list of receivables, statement and history reads anew. */
const NACH_MAHNLAUF = [
  MAHNLAUF_KEY,
  `${R}/Rechnung`,
  `${R}/GetRechnung`,
  `${R}/Kontoauszug`,
  `${R}/Mahnungen`,
  '/api/Common/GetHistory',
];

/** The preview of the run for these filters; null waits (e.g. while the date is being typed). */
export function useMahnlaufVorschau(query: MahnlaufQuery | null) {
  return useApi<MahnlaufVorschau>(
    query === null
      ? null
      : withQuery(MAHNLAUF_KEY, {
          datum: query.datum,
          calc: query.calc ? true : undefined,
          art: query.art,
          jahr: query.jahr,
          adresseId: query.adresseId,
          mindestTage: query.mindestTage,
        }),
  );
}

/** Creates the reminders of the chosen receivables (one transaction on the server). */
export function mahnlaufAusfuehren(body: MahnlaufBody) {
  return mutateApi<MahnlaufErgebnis>(MAHNLAUF_KEY, { json: body, revalidatePrefixes: NACH_MAHNLAUF });
}

/** The stored reminders as one PDF (a reprint: the server changes nothing). */
export function mahnungenDruckUrl(mahnungIds: readonly number[]): string {
  return withQuery(`${R}/MahnungenDruck`, { ids: mahnungIds.join(',') });
}

/** Why the run leaves a receivable out, in words. */
export const GRUND_TEXT: Record<MahnlaufGrund, string> = {
  mahnsperre: 'Mahnsperre',
  hoechste_stufe: 'schon letzte Mahnung',
  zu_frueh: 'letzte Mahnung noch zu neu',
  raten_nicht_faellig: 'Ratenplan wird eingehalten',
};
