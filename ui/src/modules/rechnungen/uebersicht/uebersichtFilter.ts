import { useSearch } from 'wouter';
import {
  RECHNUNG_ARTEN,
  RECHNUNG_STATUS_WERTE,
  type RechnungStatusWert,
} from '../../../../../src/modules/rechnungspruefung/schema/rechnung';
import { UEBERSICHT_SPALTEN } from '../../../../../src/modules/rechnungspruefung/schema/rechnungsuebersicht';
import { formatGermanDate, parseGermanDate } from '../../../../../src/platform/dates';
import type { Rechnung, UebersichtAnfrage, UebersichtSpalte } from '../../../api/rechnungen';

// The filters of spec §3 for the Rechnungsübersicht, each kept in the URL so a filtered list can be
// bookmarked and survives a reload. URL names are short German words; the query to the server uses
// the contract's names (anfrageOf).

export const FILTER_PARAMS = [
  'von',
  'bis',
  'suche',
  'parzelle',
  'adresse',
  'art',
  'status',
  'faellig',
  'mahnstufe',
] as const;
export type FilterParam = (typeof FILTER_PARAMS)[number];
/** The sort is in the URL too, but it narrows nothing ("Filter zurücksetzen" keeps it). */
export const SORT_PARAMS = ['sortierung', 'fallend'] as const;

export type RechnungArt = Rechnung['art'];

/** The receivable kinds in the words of the board. */
export const ART_TEXT: Readonly<Record<RechnungArt, string>> = {
  Zahlungsvorschreibung: 'Zahlungsvorschreibung',
  Wasserrechnung: 'Wasserrechnung',
  Gruppenrechnung: 'Gruppenrechnung',
  WeitereMitgliedschaft: 'Weitere Mitgliedschaft',
  manuell: 'Manuelle Rechnung',
};

export const ARTEN = RECHNUNG_ARTEN;
export const STATUS_WERTE = RECHNUNG_STATUS_WERTE;

/** Without a choice the list shows what is still to be paid (the server's default, IsOffen). */
export const STANDARD_STATUS: readonly RechnungStatusWert[] = ['offen', 'teilbezahlt'];

export const MAHNSTUFE_TEXT: Readonly<Record<number, string>> = {
  0: 'nicht gemahnt',
  1: '1 – Zahlungserinnerung',
  2: '2 – Mahnung',
  3: '3 – Letzte Mahnung',
};

/** The status chips' choice of the URL: `status=offen,bezahlt`; nothing (or nothing valid) = the default. */
export function statusOf(params: URLSearchParams): RechnungStatusWert[] {
  const raw = (params.get('status') ?? '').split(',').map((s) => s.trim());
  const chosen = STATUS_WERTE.filter((s) => raw.includes(s));
  return chosen.length ? chosen : [...STANDARD_STATUS];
}

/** The status choice as its URL value ('' for the default, which stays out of the URL). */
export function statusParam(chosen: readonly RechnungStatusWert[]): string {
  const ordered = STATUS_WERTE.filter((s) => chosen.includes(s));
  const standard = ordered.length === STANDARD_STATUS.length && STANDARD_STATUS.every((s) => ordered.includes(s));
  return standard || ordered.length === 0 ? '' : ordered.join(',');
}

const positiveInt = (raw: string | null) => {
  const n = Number(raw);
  return raw && /^\d{1,9}$/.test(raw) && n > 0 ? n : undefined;
};
const isoOrUndefined = (raw: string | null) => (raw && /^\d{4}-\d{2}-\d{2}$/.test(raw) ? raw : undefined);

/** The query of the URL's `search` for Rechnungsuebersicht: filter, sort column and direction. */
export function anfrageOf(search: string): UebersichtAnfrage {
  const params = new URLSearchParams(search);
  const anfrage: UebersichtAnfrage = { Status: statusOf(params) };
  const von = isoOrUndefined(params.get('von'));
  const bis = isoOrUndefined(params.get('bis'));
  if (von) anfrage.DatumVon = von;
  if (bis) anfrage.DatumBis = bis;
  const suche = params.get('suche')?.trim();
  if (suche) anfrage.Bezeichnung = suche;
  const parzelle = positiveInt(params.get('parzelle'));
  if (parzelle) anfrage.ParzellenID = parzelle;
  const adresse = positiveInt(params.get('adresse'));
  if (adresse) anfrage.AdressenID = adresse;
  const art = ARTEN.find((a) => a === params.get('art'));
  if (art) anfrage.Art = [art];
  if (params.get('faellig') === '1') anfrage.IsFaellig = true;
  const stufe = params.get('mahnstufe');
  if (stufe && /^[0-3]$/.test(stufe)) anfrage.Mahnstufe = Number(stufe);
  const spalte = UEBERSICHT_SPALTEN.find((s) => s === params.get('sortierung'));
  if (spalte) anfrage.spalte = spalte;
  if (params.get('fallend') === '1') anfrage.fallend = true;
  return anfrage;
}

/** How many filters differ from the default (for "Filter zurücksetzen" and the empty-list sentence). */
export function anzahlFilter(search: string): number {
  const params = new URLSearchParams(search);
  return FILTER_PARAMS.filter((p) => (p === 'status' ? statusParam(statusOf(params)) !== '' : params.get(p))).length;
}

/** The URL's filter, its count and the current sort. */
export function useUebersichtFilter(): { anfrage: UebersichtAnfrage; anzahl: number; search: string } {
  const search = useSearch();
  return { anfrage: anfrageOf(search), anzahl: anzahlFilter(search), search };
}

/** The sort column of the screen: the server's column (nummer by default) and direction. */
export function sortOf(anfrage: UebersichtAnfrage): { spalte: UebersichtSpalte; fallend: boolean } {
  return { spalte: anfrage.spalte ?? 'nummer', fallend: anfrage.fallend === true };
}

/** A date typed as TT.MM.JJJJ → its URL value, or the German hint. */
export function datumWert(text: string): { wert: string } | { fehler: string } {
  const t = text.trim();
  if (t === '') return { wert: '' };
  const iso = parseGermanDate(t);
  return iso ? { wert: iso } : { fehler: 'TT.MM.JJJJ' };
}

export const datumAnzeige = (raw: string) => formatGermanDate(raw);
