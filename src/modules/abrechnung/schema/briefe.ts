// The fields of the letter calls (POST Zahlungsvorschreibung, POST LaufBriefe: multipart form
// fields or JSON) and of the payment slips (GET Zahlscheine). Shared with the UI (ADR 0005).
import { z } from 'zod';
import { isoDate, queryBool, queryInt } from '../../../platform/validation';
import { LAUF_ARTEN } from './zvData';

/** A form sends an empty field for „not chosen“: read as absent. */
const feld = <T extends z.ZodType>(schema: T) =>
  z.preprocess((v) => (v === '' || v === null ? undefined : v), schema.optional());

export const ZV_SORT_BY = ['parzelle', 'name'] as const;
export type ZvSortBy = (typeof ZV_SORT_BY)[number];

/** GET Common/ZvSortBy: the letters' orders a screen offers. */
export const ZV_SORT_BY_OPTIONEN: { id: ZvSortBy; name: string }[] = [
  { id: 'parzelle', name: 'Parzellennummer' },
  { id: 'name', name: 'Name' },
];

export const zahlungsvorschreibungBody = z.object({
  /** Absent: the newest billing year. */
  pachtabrechnungID: feld(queryInt),
  /** The letters' date before booking (default today); a booked run prints its own date. */
  date: feld(isoDate),
  /** Comma list of address ids; absent or `alle`: every letter. */
  adressen: feld(z.string()),
  alle: feld(queryBool),
  /** 'true': a ZIP with one PDF per address instead of one PDF. */
  zip: feld(queryBool),
  /** Default: the settings' optionenAbrechnung.zvSortierung. */
  sortBy: feld(z.enum(ZV_SORT_BY, { error: 'Sortierung nach „parzelle“ oder „name“.' })),
  interimBilling: feld(queryBool),
  rechnungenTeilen: feld(queryBool),
  /** 'true': leave out the letters of addresses that prefer e-mail (the mail dispatch sends those). */
  nurPost: feld(queryBool),
});
export type ZahlungsvorschreibungBody = z.infer<typeof zahlungsvorschreibungBody>;

/** POST Abrechnung/LaufBriefe: the same fields for any run kind. */
export const laufBriefeBody = zahlungsvorschreibungBody.extend({
  art: z.enum(LAUF_ARTEN, { error: 'Unbekannte Art des Laufs.' }),
  /** Wasserrechnung: the settlement's stichtag. */
  stichtag: feld(isoDate),
});
export type LaufBriefeBody = z.infer<typeof laufBriefeBody>;

export const zahlscheineQuery = z.object({
  /** Receivables dated up to this day (default today). */
  date: feld(isoDate),
  /** Only this address's receivables. */
  adress: feld(queryInt),
});
export type ZahlscheineQuery = z.infer<typeof zahlscheineQuery>;
