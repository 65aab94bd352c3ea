import type { Rechnung } from '../../../src/modules/rechnungspruefung/schema/rechnung';
import type {
  OhneForderungBody,
  RechnungenKassabuch,
  Vorschlag,
  VorschlagGrund,
  ZahlungEintrag,
  ZuordnenBody,
  Zuordnung,
} from '../../../src/modules/rechnungspruefung/schema/zahlungen';
import type { ZuKlaerenFilter, ZuKlaerenZeile } from '../../../src/modules/rechnungspruefung/schema/zuKlaeren';
import { apiFetch, withQuery } from './fetcher';
import { mutateApi } from './mutateApi';
import { HISTORY_URL } from './stammdaten/history';
import { useApi } from './useApi';

// The payment calls of docs/api/rechnungspruefung.md ("Zahlungen (Zuordnungen)", "Bankabgleich und
// „Zu klären“") the screens 'Zahlungen zuordnen' and Kassa's entry dialog use. The answer types are
// the server's (ADR 0005: import, never copy).
export type { Rechnung, RechnungenKassabuch, Vorschlag, VorschlagGrund, ZahlungEintrag, ZuKlaerenZeile, Zuordnung };

const BASE = '/api/Rechnungspruefung';
export const ZU_KLAEREN_KEY = `${BASE}/ZuKlaeren`;
const RECHNUNGEN_KEY = `${BASE}/GetRechnungen`;

/**
 * Everything an allocation changes: the "zu klären" list, the receivables (paid, open, status) and
 * their lists, the cash book (the entry leaves the clearing account once fully allocated).
 */
export const NACH_ZUORDNUNG = [
  ZU_KLAEREN_KEY,
  `${BASE}/GetRechnungenKassabuch`,
  RECHNUNGEN_KEY,
  `${BASE}/GetRechnung`,
  `${BASE}/Rechnungsuebersicht`,
  `${BASE}/Kontoauszug`,
  `${BASE}/Guthaben`,
  '/api/Kassa/GetKassabuch',
  '/api/Kassa/Kassabericht',
  // The receivable's Verlauf records the payment.
  HISTORY_URL,
];

/** The open bank credits with their suggestions, by date (GET ZuKlaeren). */
export function useZuKlaeren(filter: ZuKlaerenFilter) {
  return useApi<ZuKlaerenZeile[]>(
    withQuery(ZU_KLAEREN_KEY, { kontoId: filter.kontoId, von: filter.von, bis: filter.bis }),
    { keepPreviousData: true },
  );
}

/** Open receivables whose number, name or position text contains `suche` (GET GetRechnungen). */
export function sucheOffeneRechnungen(suche: string): Promise<Rechnung[]> {
  return apiFetch<Rechnung[]>(RECHNUNGEN_KEY, { query: { Bezeichnung: suche.trim(), IsOffen: 1 } });
}

/** An entry's allocations and the receivables that could take its rest (GET GetRechnungenKassabuch). */
export function fetchRechnungenKassabuch(kassabuchId: number): Promise<RechnungenKassabuch> {
  return apiFetch<RechnungenKassabuch>(`${BASE}/GetRechnungenKassabuch`, { query: { kassabuchID: kassabuchId } });
}

/** Allocates (parts of) an entry to receivables, the rest optionally as the address's credit. */
export function zuordnen(body: ZuordnenBody): Promise<RechnungenKassabuch> {
  return mutateApi<RechnungenKassabuch>(`${BASE}/Zuordnen`, { json: body, revalidatePrefixes: NACH_ZUORDNUNG });
}

/** Marks a credit as paying no receivable (a donation, a refund …): it leaves the "zu klären" list. */
export function ohneForderung(body: OhneForderungBody): Promise<unknown> {
  return mutateApi<unknown>(`${BASE}/OhneForderung`, { json: body, revalidatePrefixes: NACH_ZUORDNUNG });
}

/** Removes one allocation (the receivable is open again by its amount). */
export function loescheZuordnung(id: number): Promise<void> {
  return mutateApi<void>(`${BASE}/DeleteZuordnung`, {
    method: 'DELETE',
    query: { id },
    revalidatePrefixes: NACH_ZUORDNUNG,
  });
}

/**
 * Why a receivable is suggested, as the Kassier reads it (the 'zu klären' cards and the receivable's
 * "Zahlung zuordnen"). A known IBAN is also suggested when the amount differs: the text does not claim it matches.
 */
export const GRUND_TEXT: Readonly<Record<VorschlagGrund, string>> = {
  referenz: 'Zahlungsreferenz (RF) stimmt',
  nummer: 'Rechnungsnummer im Text',
  iban: 'IBAN des Mitglieds',
  betrag: 'Betrag passt',
  name: 'Name ähnlich',
};
