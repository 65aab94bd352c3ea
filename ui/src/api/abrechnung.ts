import type { z } from 'zod';
import type {
  GruppenabrechnungPosition,
  gruppenabrechnungBody,
} from '../../../src/modules/abrechnung/schema/gruppenabrechnung';
import type { Pachtberechnung, pachtberechnungBody } from '../../../src/modules/abrechnung/schema/pachtberechnung';
import type { Pachtzinsliste, PachtzinslisteZeile } from '../../../src/modules/abrechnung/schema/pachtzinsliste';
import type {
  Pachtzuschlag,
  PachtzuschlagArt,
  PachtzuschlagBasisArt,
  pachtzuschlagBody,
} from '../../../src/modules/abrechnung/schema/pachtzuschlag';
import type {
  gemeinschaftsflaecheBody,
  PachtVorschau,
  ParzellenForZv,
  ParzelleZv,
} from '../../../src/modules/abrechnung/schema/parzellenZv';
import type { Protokoll, ProtokollZeile } from '../../../src/modules/abrechnung/schema/protokoll';
import type {
  Vereinsabrechnung,
  VereinsabrechnungPosition,
  VereinsPositionArtName,
  vereinsabrechnungBody,
} from '../../../src/modules/abrechnung/schema/vereinsabrechnung';
import type { WasserrechnungUebersicht } from '../../../src/modules/abrechnung/schema/wasserrechnungen';
import type {
  EinbuchenResponse,
  LaufArt,
  LaufEinbuchenBody,
  LaufStatus,
  LaufVorschau,
  SummeJeArt,
  ZvEintrag,
  ZvProblem,
} from '../../../src/modules/abrechnung/schema/zvData';
import { saveBlob } from '../lib/listExport';
import { apiFetch, withQuery } from './fetcher';
import { mutateApi } from './mutateApi';
import { useApi } from './useApi';

// The calls of the Jahresvorschreibung (docs/api/abrechnung.md). The guided run screens
// (Zahlungsvorschreibung, Gruppenrechnungen, Weitere Mitgliedschaften, Wasserrechnungen) share the
// generic run calls below; the basis-data screens append their hooks further down. Money in integer
// cents, dates YYYY-MM-DD; the answer types are the server's (ADR 0005: import, never copy).
export type {
  EinbuchenResponse,
  LaufArt,
  LaufStatus,
  LaufVorschau,
  Pachtzinsliste,
  PachtzinslisteZeile,
  SummeJeArt,
  ZvEintrag,
  ZvProblem,
};

const A = '/api/Abrechnung';
export const LAUF_VORSCHAU_KEY = `${A}/LaufVorschau`;

/**
 * Every read a booked run changes: the previews and letters of all runs, the lists and the
 * protocol, the basis data that a booked year locks, and the Verlauf.
 */
export const LAUF_PREFIXES = [
  LAUF_VORSCHAU_KEY,
  `${A}/LaufStatus`,
  `${A}/ZvData`,
  `${A}/ZvStatus`,
  `${A}/ForderungenExcelExport`,
  `${A}/Gruppenrechnungen`,
  `${A}/WeitereMitgliedschaften`,
  `${A}/GetWasserrechnungen`,
  `${A}/GetProtokoll`,
  `${A}/GetPachtberechnung`,
  `${A}/GetVereinsabrechnung`,
  `${A}/GetGruppenabrechnung`,
  '/api/Common/GetHistory',
];

/** What a run is about: the kind, the year (absent: the newest), the letters' date and its options. */
export interface LaufParameter {
  art: LaufArt;
  pachtabrechnungID?: number | undefined;
  /** The letters' date (absent: today on the server). */
  date?: string | undefined;
  /** Wasserrechnung: the settlement's Stichtag (the run's key). */
  stichtag?: string | undefined;
  interimBilling?: boolean | undefined;
  rechnungenTeilen?: boolean | undefined;
  /** Only these addresses' letters (preview and print; booking always books the whole run). */
  adressen?: readonly number[] | undefined;
}

/** The query of LaufVorschau: options only when set, so the cache key stays short and stable. */
function laufQuery(p: LaufParameter) {
  return {
    art: p.art,
    pachtabrechnungID: p.pachtabrechnungID,
    date: p.date || undefined,
    stichtag: p.stichtag || undefined,
    interimBilling: p.interimBilling ? true : undefined,
    rechnungenTeilen: p.rechnungenTeilen === undefined ? undefined : p.rechnungenTeilen,
    adressen: p.adressen?.length ? p.adressen.join(',') : undefined,
  };
}

export const laufVorschauKey = (p: LaufParameter) => withQuery(LAUF_VORSCHAU_KEY, laufQuery(p));

/** The run's preview (state, problems, letters, totals per kind); null waits (e.g. no Stichtag chosen yet). */
export function useLaufVorschau(params: LaufParameter | null) {
  return useApi<LaufVorschau>(params ? laufVorschauKey(params) : null);
}

/** GET LaufStatus: whether a run of the year is booked (no letters computed); undefined year waits. */
export function useLaufStatus(art: LaufArt, pachtabrechnungID: number | undefined) {
  return useApi<LaufStatus>(pachtabrechnungID ? withQuery(`${A}/LaufStatus`, { art, pachtabrechnungID }) : null);
}

/** Books the run once (409 when booked, 422 with `errors.probleme` while something stops it). */
export function laufEinbuchen(body: LaufEinbuchenBody) {
  return mutateApi<EinbuchenResponse>(`${A}/LaufEinbuchen`, { json: body, revalidatePrefixes: LAUF_PREFIXES });
}

/** Which letters to print and how (POST Abrechnung/Zahlungsvorschreibung or Abrechnung/LaufBriefe). */
export interface BriefeAnfrage extends LaufParameter {
  /** One PDF per address in a ZIP instead of one PDF. */
  zip?: boolean | undefined;
  /** Skip the letters of addresses that prefer e-mail. */
  nurPost?: boolean | undefined;
  /** 'parzelle' | 'name' (Common/ZvSortBy); absent: the club's setting. */
  sortBy?: string | undefined;
}

/** The multipart fields of the letter calls (docs/api/abrechnung.md "Briefe"). */
export function briefeFormData(a: BriefeAnfrage): FormData {
  const form = new FormData();
  const set = (name: string, value: string | number | boolean | undefined) => {
    if (value !== undefined && value !== '') form.append(name, String(value));
  };
  if (a.art !== 'Zahlungsvorschreibung') set('art', a.art);
  set('pachtabrechnungID', a.pachtabrechnungID);
  set('date', a.date);
  set('stichtag', a.stichtag);
  if (a.adressen?.length) set('adressen', a.adressen.join(','));
  else set('alle', true);
  if (a.zip) set('zip', true);
  if (a.nurPost) set('nurPost', true);
  set('sortBy', a.sortBy);
  if (a.interimBilling) set('interimBilling', true);
  if (a.rechnungenTeilen !== undefined) set('rechnungenTeilen', a.rechnungenTeilen);
  return form;
}

/** The letters as one PDF (or a ZIP of one PDF per address): drafts before booking, the receivables after. */
export function briefeHolen(a: BriefeAnfrage): Promise<Blob> {
  const url = a.art === 'Zahlungsvorschreibung' ? `${A}/Zahlungsvorschreibung` : `${A}/LaufBriefe`;
  return apiFetch<Blob>(url, { method: 'POST', formData: briefeFormData(a), responseType: 'blob' });
}

/** Saves the letters as a file ("Zahlungsvorschreibung 2026.pdf" or ".zip"). */
export async function briefeSpeichern(a: BriefeAnfrage, name: string): Promise<void> {
  const blob = await briefeHolen(a);
  saveBlob(blob, `${name}.${a.zip ? 'zip' : 'pdf'}`.replace(/[\\/:*?"<>|]/g, '-'));
}

/**
 * Shows the letters in a new tab. The tab is opened before the request (a browser allows a pop-up
 * only during the click), then pointed at the PDF once it arrives; a failure closes it again and
 * is thrown for the caller's toast. Where no tab can be opened the PDF is saved instead.
 */
export async function briefeOeffnen(a: BriefeAnfrage, name: string): Promise<void> {
  const tab = window.open('', '_blank');
  try {
    const blob = await briefeHolen({ ...a, zip: false });
    if (!tab) {
      saveBlob(blob, `${name}.pdf`.replace(/[\\/:*?"<>|]/g, '-'));
      return;
    }
    const url = URL.createObjectURL(blob);
    tab.location.href = url;
    // The tab has loaded the PDF long before; the URL is only needed while it reads it.
    setTimeout(() => URL.revokeObjectURL(url), 60_000);
  } catch (error) {
    tab?.close();
    throw error;
  }
}

/** GET Common/ZvSortBy: the print orders of the letters. */
export function useZvSortBy() {
  return useApi<{ id: string; name: string }[]>('/api/Common/ZvSortBy');
}

// ---- Basisdaten (U1): Pachtberechnung, Pachtzuschläge, Gemeinschaftsfläche (S1), Vereins- and
// Gruppenabrechnung (S2). Rates and areas are decimal strings with a dot.
export type {
  GruppenabrechnungPosition,
  Pachtberechnung,
  PachtVorschau,
  Pachtzuschlag,
  ParzellenForZv,
  ParzelleZv,
  Vereinsabrechnung,
  VereinsabrechnungPosition,
};
export type PachtberechnungInput = z.input<typeof pachtberechnungBody>;
export type PachtzuschlagInput = z.input<typeof pachtzuschlagBody>;
export type GemeinschaftsflaecheInput = z.input<typeof gemeinschaftsflaecheBody>;
export type VereinsabrechnungInput = z.input<typeof vereinsabrechnungBody>;
export type GruppenabrechnungInput = z.input<typeof gruppenabrechnungBody>;
export type ZuschlagArt = PachtzuschlagArt;
export type ZuschlagBasis = PachtzuschlagBasisArt;
export type VereinsPositionArt = VereinsPositionArtName;

/** Every read the Basisdaten screens show: a change revalidates all of them. */
export const BASISDATEN_PREFIXES = [
  `${A}/GetPachtberechnung`,
  `${A}/GetAllPachtberechnungIDs`,
  `${A}/Pachtzuschlaege`,
  `${A}/GetPachtzuschlag`,
  `${A}/GetParzellenForZV`,
  `${A}/GetVereinsabrechnung`,
  `${A}/GetAllVereinsabrechnungIDs`,
  `${A}/GetGruppenabrechnung`,
  '/api/Common/Pachtabrechnungen',
  '/api/Common/GetHistory',
];

// --- Pachtberechnung (S1) ---

export function usePachtberechnung(id: number | undefined) {
  return useApi<Pachtberechnung>(id === undefined ? null : `${A}/GetPachtberechnung?id=${id}`);
}

export function fetchPachtberechnung(id: number) {
  return apiFetch<Pachtberechnung>(`${A}/GetPachtberechnung`, { query: { id } });
}

/** Creates the year `jahr` (or the next one) with a copy of the previous year's values. */
export function createPachtberechnung(jahr?: number) {
  return mutateApi<Pachtberechnung>(`${A}/GetNewPachtberechnung`, {
    query: jahr === undefined ? {} : { jahr },
    revalidatePrefixes: BASISDATEN_PREFIXES,
  });
}

export function savePachtberechnung(body: PachtberechnungInput) {
  return mutateApi<Pachtberechnung>(`${A}/UpdatePachtberechnung`, {
    json: body,
    revalidatePrefixes: BASISDATEN_PREFIXES,
  });
}

export function deletePachtberechnung(id: number) {
  return mutateApi<void>(`${A}/DeletePachtberechnung`, {
    method: 'DELETE',
    query: { id },
    revalidatePrefixes: BASISDATEN_PREFIXES,
  });
}

export function usePachtzuschlaege(pachtabrechnungID: number | undefined) {
  return useApi<Pachtzuschlag[]>(
    pachtabrechnungID === undefined ? null : `${A}/Pachtzuschlaege?pachtabrechnungID=${pachtabrechnungID}`,
  );
}

export function savePachtzuschlag(body: PachtzuschlagInput) {
  return mutateApi<Pachtzuschlag>(`${A}/UpdatePachtzuschlag`, { json: body, revalidatePrefixes: BASISDATEN_PREFIXES });
}

export function deletePachtzuschlag(id: number) {
  return mutateApi<void>(`${A}/DeletePachtzuschlag`, {
    method: 'DELETE',
    query: { id },
    revalidatePrefixes: BASISDATEN_PREFIXES,
  });
}

/** The live preview of one plot's lease lines with a draft surcharge (nothing is stored). */
export function pachtVorschau(
  body: { pachtabrechnungId: number; parzelleId: number; zuschlag?: PachtzuschlagInput },
  signal?: AbortSignal,
) {
  return apiFetch<PachtVorschau>(`${A}/PachtVorschau`, { method: 'POST', json: body, ...(signal ? { signal } : {}) });
}

export function useParzellenForZv(pachtabrechnungID: number | undefined) {
  return useApi<ParzellenForZv>(
    pachtabrechnungID === undefined ? null : `${A}/GetParzellenForZV?pachtabrechnungID=${pachtabrechnungID}`,
  );
}

export function saveGemeinschaftsflaeche(body: GemeinschaftsflaecheInput) {
  return mutateApi<ParzellenForZv>(`${A}/UpdateGemeinschaftsflaeche`, {
    json: body,
    revalidatePrefixes: BASISDATEN_PREFIXES,
  });
}

// --- Vereinsabrechnung (S2) ---

export function useVereinsabrechnungen() {
  return useApi<Vereinsabrechnung[]>(`${A}/GetVereinsabrechnungen`);
}

export function createVereinsabrechnung(pachtabrechnungID: number) {
  return mutateApi<Vereinsabrechnung>(`${A}/GetNewVereinsabrechnung`, {
    query: { pachtabrechnungID },
    revalidatePrefixes: BASISDATEN_PREFIXES,
  });
}

export function saveVereinsabrechnung(body: VereinsabrechnungInput) {
  return mutateApi<Vereinsabrechnung>(`${A}/UpdateVereinsabrechnung`, {
    json: body,
    revalidatePrefixes: BASISDATEN_PREFIXES,
  });
}

// --- Gruppenabrechnung (S2) ---

export function useGruppenabrechnung(pachtabrechnungID: number | undefined, gruppeID: number | undefined) {
  const gruppe = gruppeID === undefined ? '' : `&gruppeID=${gruppeID}`;
  return useApi<GruppenabrechnungPosition[]>(
    pachtabrechnungID === undefined
      ? null
      : `${A}/GetGruppenabrechnung?pachtabrechnungID=${pachtabrechnungID}${gruppe}`,
  );
}

export function saveGruppenabrechnung(body: GruppenabrechnungInput) {
  return mutateApi<GruppenabrechnungPosition>(`${A}/UpdateGruppenabrechnung`, {
    json: body,
    revalidatePrefixes: BASISDATEN_PREFIXES,
  });
}

export function deleteGruppenabrechnung(id: number) {
  return mutateApi<void>(`${A}/DeleteGruppenabrechnung`, {
    method: 'DELETE',
    query: { id },
    revalidatePrefixes: BASISDATEN_PREFIXES,
  });
}

/** The groups of Stammdaten (`{ id, name }`). */
export function useGruppenLookup() {
  return useApi<{ id: number; name: string }[]>('/api/Common/Gruppen');
}

/** The active plots to choose from (`{ id, name }` = number). */
export function useParzellenLookup() {
  return useApi<{ id: number; name: string }[]>('/api/Common/Parzellen');
}

export type { Protokoll, ProtokollZeile, WasserrechnungUebersicht };

// ── Gruppenrechnungen, Weitere Mitgliedschaften, Wasserrechnungen and their protocol (part U3) ──

/** GET GetWasserrechnungen: the water settlements the Wasserrechnung run can bill, newest first. */
export const WASSERRECHNUNGEN_KEY = `${A}/GetWasserrechnungen`;
export function useWasserrechnungen() {
  return useApi<WasserrechnungUebersicht[]>(WASSERRECHNUNGEN_KEY);
}

/** GET GetProtokollVorhanden: whether the year's Zahlungsvorschreibung is booked and has its protocol; undefined waits. */
export function useProtokollVorhanden(pachtabrechnungID: number | undefined) {
  return useApi<boolean>(withQuery(`${A}/GetProtokollVorhanden`, { pachtabrechnungID }));
}

/** GET GetProtokoll: per receivable of the year's booked Zahlungsvorschreibung when it was printed and mailed; null waits. */
export function useProtokoll(pachtabrechnungID: number | undefined, laden: boolean) {
  return useApi<Protokoll>(laden ? withQuery(`${A}/GetProtokoll`, { pachtabrechnungID, format: 'json' }) : null);
}

/** The Zahlungsvorschreibung's protocol as a file (PDF or Excel), the same rows as on screen. */
export async function protokollSpeichern(
  pachtabrechnungID: number | undefined,
  jahr: number | undefined,
  format: 'pdf' | 'xlsx',
): Promise<void> {
  const blob = await apiFetch<Blob>(`${A}/GetProtokoll`, {
    query: { pachtabrechnungID, format },
    responseType: 'blob',
  });
  saveBlob(blob, `Protokoll Zahlungsvorschreibung ${jahr ?? ''}.${format}`.replace(' .', '.'));
}

/** GET GetProtokollWasser: per receivable of the settlement's booked Wasserrechnung run when it was printed and mailed; null waits. */
export function useProtokollWasser(stichtag: string | null) {
  return useApi<Protokoll>(stichtag ? withQuery(`${A}/GetProtokollWasser`, { stichtag, format: 'json' }) : null);
}

/** The protocol as a file (PDF or Excel), the same rows as on screen. */
export async function protokollWasserSpeichern(stichtag: string, format: 'pdf' | 'xlsx'): Promise<void> {
  const blob = await apiFetch<Blob>(`${A}/GetProtokollWasser`, { query: { stichtag, format }, responseType: 'blob' });
  saveBlob(blob, `Protokoll Wasserrechnungen ${stichtag}.${format}`);
}

/** The Weitere Mitgliedschaften as an Excel list (GET WeitereMitgliedschaften?format=xlsx). */
export async function weitereMitgliedschaftenExcel(p: LaufParameter): Promise<void> {
  const blob = await apiFetch<Blob>(`${A}/WeitereMitgliedschaften`, {
    query: { pachtabrechnungID: p.pachtabrechnungID, date: p.date, adress: p.adressen?.[0], format: 'xlsx' },
    responseType: 'blob',
  });
  saveBlob(blob, `Weitere Mitgliedschaften ${p.date ?? ''}.xlsx`.replace(' .xlsx', '.xlsx'));
}

/** The Zahlungsvorschreibung's receivables as Excel (GET ForderungenExcelExport), saved as „Forderungen 2026-11-24.xlsx“. */
export async function forderungenListeSpeichern(p: LaufParameter): Promise<void> {
  const blob = await apiFetch<Blob>(`${A}/ForderungenExcelExport`, {
    query: {
      pachtabrechnungID: p.pachtabrechnungID,
      date: p.date,
      interimBilling: p.interimBilling ? true : undefined,
      rechnungenTeilen: p.rechnungenTeilen,
      format: 'xlsx',
    },
    responseType: 'blob',
  });
  saveBlob(blob, `Forderungen ${p.date ?? ''}.xlsx`.replace(' .', '.'));
}

// ── Pachtzinsliste ────────────────────────────────────────────────────────────────────────────

export interface PachtzinslisteParameter {
  pachtabrechnungID?: number | undefined;
  /** The holder on this day (absent: today). */
  date?: string | undefined;
  /** Only this address's plots. */
  adress?: number | undefined;
}

const pachtzinslisteQuery = (p: PachtzinslisteParameter, format: 'json' | 'pdf' | 'xlsx') => ({
  pachtabrechnungID: p.pachtabrechnungID,
  date: p.date || undefined,
  adress: p.adress,
  format,
});

/** The lease per plot with the sums (GET Pachtzinsliste?format=json): the same numbers as its PDF and Excel. */
export function usePachtzinsliste(p: PachtzinslisteParameter) {
  return useApi<Pachtzinsliste>(withQuery(`${A}/Pachtzinsliste`, pachtzinslisteQuery(p, 'json')));
}

/** The Pachtzinsliste as the server lays it out (PDF landscape for the Generalpächter, or Excel), saved. */
export async function pachtzinslisteSpeichern(
  p: PachtzinslisteParameter,
  format: 'pdf' | 'xlsx',
  name: string,
): Promise<void> {
  const blob = await apiFetch<Blob>(`${A}/Pachtzinsliste`, {
    query: pachtzinslisteQuery(p, format),
    responseType: 'blob',
  });
  saveBlob(blob, `${name}.${format}`.replace(/[\\/:*?"<>|]/g, '-'));
}
