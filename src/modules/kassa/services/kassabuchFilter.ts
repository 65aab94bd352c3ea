import type { Knex } from 'knex';
import type { KassabuchFilter, KassabuchFilterInput } from '../schema/kassabuch';
import { kassabuchFilterQuery } from '../schema/kassabuch';

// The Kassabuch filters of spec §3 (GetKassabuch, the Kassabuch PDF and workbook,
// DeleteKassabuchFiltered, CloseFilteredEntries): what SQL applies, what JavaScript applies.

/** Parses the filter a caller hands over (S4's reports, the CLI) as the route would. */
export const filterVon = (input: KassabuchFilterInput = {}): KassabuchFilter => kassabuchFilterQuery.parse(input);

/** The filters SQL can apply; `Bezeichnung`/`Kommentar` are applied in `textFilter` (same on both databases). */
export function wendeFilterAn(q: Knex.QueryBuilder, f: KassabuchFilter): Knex.QueryBuilder {
  if (f.kassaabrechnungID != null) q.where('k.kassaabrechnung_id', f.kassaabrechnungID);
  if (f.kassabuchFilterVon) q.where('k.datum', '>=', f.kassabuchFilterVon);
  if (f.kassabuchFilterBis) q.where('k.datum', '<=', f.kassabuchFilterBis);
  if (f.BelegnummerFilterVon != null) q.where('k.belegnummer', '>=', f.BelegnummerFilterVon);
  if (f.BelegnummerFilterBis != null) q.where('k.belegnummer', '<=', f.BelegnummerFilterBis);
  if (f.BetragFilterVon != null) q.whereRaw('abs(k.betrag_cent) >= ?', [f.BetragFilterVon]);
  if (f.BetragFilterBis != null) q.whereRaw('abs(k.betrag_cent) <= ?', [f.BetragFilterBis]);
  if (f.RechnungsdatumFilterVon) q.where('k.rechnungsdatum', '>=', f.RechnungsdatumFilterVon);
  if (f.RechnungsdatumFilterBis) q.where('k.rechnungsdatum', '<=', f.RechnungsdatumFilterBis);
  if (f.Kategorie != null) q.where('k.buchungskonto_id', f.Kategorie);
  if (f.Kostenstelle != null) q.where('k.kostenstelle_id', f.Kostenstelle);
  if (f.SelectedKonto != null) q.where('k.konto_id', f.SelectedKonto);
  if (f.entryID != null) q.where('k.id', f.entryID);
  if (f.parzelleId != null) q.where('k.parzelle_id', f.parzelleId);
  if (f.adresseId != null) q.where('k.adresse_id', f.adresseId);
  if (f.kontoOption === 'ungeprueft') q.where('k.geprueft', false);
  if (f.kontoOption === 'geprueft') q.where('k.geprueft', true);
  if (f.kontoOption === 'klaerung') q.where('b.klaerung', true);
  return q;
}

const fold = (s: string) => s.toLocaleLowerCase('de-AT');

/**
 * "contains, case-insensitive" for text and comment, in JavaScript: SQLite's LIKE and lower() fold
 * only ASCII, MariaDB's collation folds accents too; here „Über“ finds „über“ on both alike.
 */
export function textFilter(f: KassabuchFilter): ((r: { text: string; kommentar: string | null }) => boolean) | null {
  const text = f.Bezeichnung?.trim() ? fold(f.Bezeichnung.trim()) : null;
  const kommentar = f.Kommentar?.trim() ? fold(f.Kommentar.trim()) : null;
  if (!text && !kommentar) return null;
  return (r) => (!text || fold(r.text).includes(text)) && (!kommentar || fold(r.kommentar ?? '').includes(kommentar));
}

/** Whether the filter keeps every entry of an account in a period (then the result itself gives the running balance). */
export const haeltKontoVollstaendig = (f: KassabuchFilter) =>
  Object.entries(f).every(
    ([key, value]) =>
      value == null ||
      value === '' ||
      key === 'kassaabrechnungID' ||
      key === 'SelectedKonto' ||
      (key === 'kontoOption' && value === 'alle'),
  );
