// The Wasserrechnungen calls (a water settlement billed on its own). Shared with the UI (no
// server-only imports here).
import { z } from 'zod';
import { isoDate, queryBool } from '../../../platform/validation';
import { ZV_SORT_BY } from './briefe';

/** A date the caller must send: absent answers this German text, not zod's English default. */
const pflichtDatum = (text: string) => z.string({ error: text }).pipe(isoDate);

/** The settlement's stichtag, which every Wasserrechnung call needs. */
export const stichtagPflicht = pflichtDatum('Bitte den Stichtag der Wasserabrechnung angeben (JJJJ-MM-TT).');

/** POST Wasserrechnungen (multipart or JSON): the letters of a settlement as PDF, ZIP or ZvData. */
export const wasserrechnungenBody = z.object({
  /** The settlement's stichtag. */
  stichtag: stichtagPflicht,
  /** The letters' date (default today); the due date follows from it. */
  date: isoDate.optional(),
  /** Comma list of address ids: only their letters. */
  adressen: z.string().optional(),
  /** 'true': every letter (the default when `adressen` is absent). */
  alle: queryBool.optional(),
  /** 'true': a ZIP of one PDF per address instead of one PDF. */
  zip: queryBool.optional(),
  /** 'true': skip letters of addresses that prefer e-mail. */
  nurPost: queryBool.optional(),
  /** Order of the printed letters (default: the settings' optionenAbrechnung.zvSortierung). */
  sortBy: z.enum(ZV_SORT_BY, { error: 'Sortierung parzelle oder name.' }).optional(),
  format: z.enum(['pdf', 'json'], { error: 'Format pdf oder json.' }).optional(),
});
export type WasserrechnungenBody = z.infer<typeof wasserrechnungenBody>;

/** POST ForderungenEinbuchenWasserrechnungen. */
export const wasserrechnungenEinbuchenBody = z.object({
  stichtag: stichtagPflicht,
  datum: pflichtDatum('Bitte das Datum der Buchung angeben (JJJJ-MM-TT).'),
});
export type WasserrechnungenEinbuchenBody = z.infer<typeof wasserrechnungenEinbuchenBody>;

/** One settlement in the screen's picker (GET GetWasserrechnungen), newest first. */
export const wasserrechnungUebersicht = z.object({
  wasserabrechnungId: z.number().int(),
  stichtag: z.string(),
  von: z.string(),
  /** The settlement is billed (by the Zahlungsvorschreibung or a Wasserrechnung run). */
  gebucht: z.boolean(),
  gebuchtDurch: z.enum(['Zahlungsvorschreibung', 'Wasserrechnung']).nullable(),
  anzahlNachzahlungen: z.number().int(),
  summeNachzahlungCent: z.number().int(),
  anzahlGuthaben: z.number().int(),
  /** Negative (credits). */
  summeGuthabenCent: z.number().int(),
});
export type WasserrechnungUebersicht = z.infer<typeof wasserrechnungUebersicht>;
