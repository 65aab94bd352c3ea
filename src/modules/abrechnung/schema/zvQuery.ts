// Queries and bodies of the Zahlungsvorschreibung's own calls (ZvData, ZvStatus, ForderungenEinbuchen,
// ForderungenExcelExport; docs/api/abrechnung.md "ZvData und Buchung"). Shared with the UI.
import { z } from 'zod';
import { isoDate, queryBool, queryInt } from '../../../platform/validation';
import { ZV_SORT_BY } from './briefe';
import { laufDatum, laufJahrId, laufOption } from './zvData';

/** GET ZvData: the letters of the year (booked: the stored ones). */
export const zvDataQuery = z.object({
  /** Absent: the newest billing year. */
  pachtabrechnungID: queryInt.optional(),
  /** The letters' date (default today). */
  date: isoDate.optional(),
  interimBilling: queryBool.optional(),
  rechnungenTeilen: queryBool.optional(),
  /** One address's letter only. */
  adress: queryInt.optional(),
  /** 'parzelle' (natural order of the first plot) or 'name'; default the settings' zvSortierung. */
  sortBy: z.enum(ZV_SORT_BY, { error: 'Sortiert wird nach parzelle oder name.' }).optional(),
});
export type ZvDataQuery = z.infer<typeof zvDataQuery>;

/** GET ZvStatus. */
export const zvStatusQuery = z.object({ pachtabrechnungID: queryInt.optional() });

/** POST ForderungenEinbuchen. */
export const forderungenEinbuchenBody = z.object({
  pachtabrechnungId: laufJahrId,
  datum: laufDatum('Bitte geben Sie das Datum der Vorschreibung an.'),
  interimBilling: laufOption,
  rechnungenTeilen: laufOption,
});
export type ForderungenEinbuchenBody = z.infer<typeof forderungenEinbuchenBody>;

/** GET ForderungenExcelExport. */
export const forderungenExportQuery = z.object({
  pachtabrechnungID: queryInt.optional(),
  date: isoDate.optional(),
  interimBilling: queryBool.optional(),
  rechnungenTeilen: queryBool.optional(),
  format: z.enum(['xlsx', 'json'], { error: 'Erlaubt sind xlsx oder json.' }).optional(),
});

/** One receivable (booked) or would-be receivable (before booking) of the list. */
export const forderungZeile = z.object({
  nummer: z.string().nullable(),
  adresseId: z.number().int(),
  name: z.string(),
  parzellen: z.string(),
  buchungskontoId: z.number().int().nullable(),
  buchungskonto: z.string(),
  betragCent: z.number().int(),
  faelligAm: z.string(),
  zahlungsreferenz: z.string().nullable(),
});
export type ForderungZeile = z.infer<typeof forderungZeile>;

export const forderungenListe = z.object({
  gebucht: z.boolean(),
  zeilen: z.array(forderungZeile),
  anzahl: z.number().int(),
  summeCent: z.number().int(),
});
export type ForderungenListe = z.infer<typeof forderungenListe>;
