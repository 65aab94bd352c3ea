import type { RatenVorschlag, UpdateRatenBody } from '../../../src/modules/rechnungspruefung/schema/raten';
import type {
  Rechnung,
  RechnungBodyInput,
  RechnungDetail,
  RechnungFilterInput,
  RechnungMahnung,
  RechnungPosition,
  RechnungStatusWert,
  RechnungZahlung,
} from '../../../src/modules/rechnungspruefung/schema/rechnung';
import type {
  Rechnungsuebersicht,
  UebersichtSpalte,
} from '../../../src/modules/rechnungspruefung/schema/rechnungsuebersicht';
import type {
  AlleBezahltAntwort,
  AlleBezahltBody,
  ZahlungErfassenBody,
} from '../../../src/modules/rechnungspruefung/schema/zahlungen';
import type { ZuKlaerenZeile } from '../../../src/modules/rechnungspruefung/schema/zuKlaeren';
import type { Lookup } from '../../../src/modules/stammdaten/schema/parzellen';
import { todayIso } from '../../../src/platform/dates';
import { saveBlob } from '../lib/listExport';
import { apiFetch, type Query, withQuery } from './fetcher';
import { KONTEN_LOOKUP_KEY } from './kassa';
import { mutateApi } from './mutateApi';
import { HISTORY_URL } from './stammdaten/history';
import { revalidatePrefixes } from './swrConfig';
import { useApi } from './useApi';

// The calls of the Rechnungsübersicht (docs/api/rechnungspruefung.md "Rechnungen", "Rechnungsübersicht",
// and the payment, reminder and instalment calls it uses from a receivable's side). Answer types are
// the server's (ADR 0005).
export type {
  RatenVorschlag,
  Rechnung,
  RechnungBodyInput,
  RechnungDetail,
  RechnungFilterInput,
  RechnungMahnung,
  RechnungPosition,
  RechnungStatusWert,
  Rechnungsuebersicht,
  RechnungZahlung,
  UebersichtSpalte,
  ZuKlaerenZeile,
};

const R = '/api/Rechnungspruefung';
export const UEBERSICHT_URL = `${R}/Rechnungsuebersicht`;
export const RECHNUNG_URL = `${R}/GetRechnung`;
/** Every read a change of a receivable can touch: the lists, the detail, the suggestions, its Verlauf. */
const NACH_AENDERUNG = [`${R}/`, HISTORY_URL];
/** A payment books a Kassa entry too: the cash book and the accounts' balances change. */
const NACH_ZAHLUNG = [...NACH_AENDERUNG, '/api/Kassa/', KONTEN_LOOKUP_KEY];

/** The list's query: the filter, the sort column and direction (empty values left out). */
export type UebersichtAnfrage = RechnungFilterInput & { spalte?: UebersichtSpalte; fallend?: boolean };

export function uebersichtQuery(anfrage: UebersichtAnfrage): Query {
  const query: Record<string, string | number | boolean> = {};
  for (const [key, value] of Object.entries(anfrage)) {
    if (value === undefined || value === null || value === '') continue;
    query[key] = Array.isArray(value) ? value.join(',') : (value as string | number | boolean);
  }
  return query;
}

/** The receivables of the filter, sorted, with their sums and the counts per status. */
export function useRechnungsuebersicht(anfrage: UebersichtAnfrage) {
  return useApi<Rechnungsuebersicht>(withQuery(UEBERSICHT_URL, uebersichtQuery(anfrage)), { keepPreviousData: true });
}

const dateiName = (name: string) => name.replace(/[\\/:*?"<>|]/g, '-');

/** The list as PDF (landscape, with the filter line and the sums) or Excel, saved as "Rechnungsübersicht <heute>". */
export async function exportUebersicht(format: 'pdf' | 'xlsx', anfrage: UebersichtAnfrage): Promise<void> {
  const blob = await apiFetch<Blob>(UEBERSICHT_URL, {
    query: { ...uebersichtQuery(anfrage), format },
    responseType: 'blob',
  });
  saveBlob(blob, `Rechnungsübersicht ${todayIso()}.${format}`);
}

/** One receivable with its payments and reminders; waits while `id` is null. */
export function useRechnung(id: number | null) {
  return useApi<RechnungDetail>(id === null ? null : withQuery(RECHNUNG_URL, { id }));
}

export function fetchRechnung(id: number) {
  return apiFetch<RechnungDetail>(RECHNUNG_URL, { query: { id } });
}

/** A new manual receivable (no id) or a change (a booked one: due date, reminder stop, note). */
export function saveRechnung(body: RechnungBodyInput) {
  return mutateApi<Rechnung>(`${R}/UpdateRechnung`, { json: body, revalidatePrefixes: NACH_AENDERUNG });
}

export function deleteRechnung(id: number) {
  return mutateApi<void>(`${R}/DeleteRechnung`, {
    method: 'DELETE',
    query: { id },
    revalidatePrefixes: NACH_AENDERUNG,
  });
}

/** The invoice letters of the chosen receivables (slip with QR for the open amount), saved as one PDF. */
export async function rechnungenDrucken(ids: readonly number[], name: string): Promise<void> {
  const blob = await apiFetch<Blob>(`${R}/Rechnungen`, { query: { ids: ids.join(',') }, responseType: 'blob' });
  saveBlob(blob, dateiName(`${name}.pdf`));
}

/** Payment slips (EPC QR) for the open amounts of the chosen receivables, saved as one PDF. */
export async function zahlscheineDrucken(ids: readonly number[], name: string): Promise<void> {
  const blob = await apiFetch<Blob>(`${R}/Zahlscheine`, { query: { ids: ids.join(',') }, responseType: 'blob' });
  saveBlob(blob, dateiName(`${name}.pdf`));
}

/** A payment at the counter: books one Kassa entry and allocates it to the receivable. */
export function zahlungErfassen(body: ZahlungErfassenBody) {
  return mutateApi<Rechnung>(`${R}/ZahlungErfassen`, { json: body, revalidatePrefixes: NACH_ZAHLUNG });
}

/** The chosen receivables paid in cash at the club house: one Kassa entry each for its open amount. */
export function alleBezahlt(body: AlleBezahltBody) {
  return mutateApi<AlleBezahltAntwort>(`${R}/AlleBezahlt`, { json: body, revalidatePrefixes: NACH_ZAHLUNG });
}

export interface MahnungAnfrage {
  rechnungsID: number;
  /** Charge default interest with this reminder. */
  calc: boolean;
  datum: string;
  /** Only the letter: nothing is written. */
  vorschau: boolean;
}

/**
 * The next reminder's letter (PDF). Unless `vorschau` the server raises the level and charges fee
 * and interest (a GET with a side effect, so it carries the anti-forgery header) and the letter is
 * saved as a file; a preview opens in a new tab (opened before the request: a browser allows a
 * pop-up only during the click), or is saved where no tab can be opened.
 */
export async function mahnungDrucken(anfrage: MahnungAnfrage, name: string): Promise<void> {
  const tab = anfrage.vorschau ? window.open('', '_blank') : null;
  try {
    const blob = await apiFetch<Blob>(`${R}/Mahnungen`, {
      query: { ...anfrage },
      responseType: 'blob',
      xsrf: !anfrage.vorschau,
    });
    if (!anfrage.vorschau) await revalidatePrefixes(NACH_AENDERUNG);
    if (!tab) {
      saveBlob(blob, dateiName(`${name}.pdf`));
      return;
    }
    const url = URL.createObjectURL(blob);
    tab.location.href = url;
    // The tab has read the PDF long before; the URL is only needed while it loads.
    setTimeout(() => URL.revokeObjectURL(url), 60_000);
  } catch (error) {
    tab?.close();
    throw error;
  }
}

/** The reminder level back to 0 (the printed reminders stay on record). */
export function resetMahnung(id: number) {
  return mutateApi<Rechnung>(`${R}/ResetMahnung`, { query: { id }, revalidatePrefixes: NACH_AENDERUNG });
}

/** The receivable's instalments (empty = none); they add up to its amount to the cent. */
export function saveRaten(body: UpdateRatenBody) {
  return mutateApi<Rechnung>(`${R}/UpdateRaten`, { json: body, revalidatePrefixes: NACH_AENDERUNG });
}

/** `anzahl` monthly instalments from `ersteFaelligkeit` (the server splits to the cent). */
export function ratenVorschlag(rechnungId: number, anzahl: number, ersteFaelligkeit: string) {
  return apiFetch<RatenVorschlag>(`${R}/RatenVorschlag`, { query: { rechnungId, anzahl, ersteFaelligkeit } });
}

/** Every plot (id and number; Common/Parzellen is open to the Rechnungsprüfung rights). */
export function useParzellenLookup() {
  return useApi<Lookup[]>('/api/Common/Parzellen');
}
