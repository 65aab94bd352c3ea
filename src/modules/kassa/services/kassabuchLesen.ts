import { z } from 'zod';
import { type Db, toIso } from '../../../platform/db/db';
import { adressenLookup, parzellenLookup } from '../../stammdaten/services';
import type { Beleg, Eintrag, KassabuchAntwort, KassabuchFilter } from '../schema/kassabuch';
import { filterVon, haeltKontoVollstaendig, textFilter, wendeFilterAn } from './kassabuchFilter';
import { type KassabuchZuordnung, leseZuordnungen } from './kassabuchZuordnungen';
import { istWahr } from './periode';

// Reading the Kassabuch: the filters of GetKassabuch (and of the PDF, the Excel export,
// DeleteKassabuchFiltered and CloseFilteredEntries), the one presenter of an entry and the running
// balance per account. One query with the joins over Kassa's own tables, the receipts in one more,
// plot numbers and names through Stammdaten's lookups (no join across the module boundary).

/** The receipts of an entry are files with this owner type and the entry's id as owner id. */
export const BELEG_OWNER = 'Kassabuch';

// INT columns answer numbers on both databases (only BIGINT/DECIMAL come as strings from MariaDB),
// DATE columns strings (dateStrings): plain checks, no coercion — this runs over 20,000 rows.
const int = z.number();
const intN = z.number().nullable();
const str = z.string();
const strN = z.string().nullable();
const dateStr = z.string().transform((v) => v.slice(0, 10));
const dateN = z
  .string()
  .nullable()
  .transform((v) => (v ? v.slice(0, 10) : null));

const eintragRow = z.object({
  id: int,
  version: int,
  kassaabrechnung_id: int,
  belegnummer: int,
  datum: dateStr,
  betrag_cent: int,
  konto_id: int,
  buchungskonto_id: int,
  kostenstelle_id: intN,
  steuersatz: int,
  steuer_cent: int,
  netto_cent: int,
  text: str,
  kommentar: strN,
  rechnungsdatum: dateN,
  parzelle_id: intN,
  adresse_id: intN,
  storno_von_id: intN,
  quelle: str,
  geprueft: z.union([z.boolean(), z.number()]).transform(istWahr),
  geprueft_am: z.string().nullable(),
  bank_name: strN,
  bank_iban: strN,
  bank_verwendungszweck: strN,
  bank_referenz: strN,
  konto_name: str,
  bk_nummer: str,
  bk_name: str,
  ks_name: strN,
  storniert_durch_id: intN,
});
export type EintragRow = z.output<typeof eintragRow>;

/** The filtered entries' rows (joined), by datum, belegnummer. */
export async function ladeEintragRows(db: Db, f: KassabuchFilter): Promise<EintragRow[]> {
  const q = db('kassabuch as k')
    .join('konten as ko', 'ko.id', 'k.konto_id')
    .join('buchungskonten as b', 'b.id', 'k.buchungskonto_id')
    .leftJoin('kostenstellen as ks', 'ks.id', 'k.kostenstelle_id')
    .leftJoin('kassabuch as s', 's.storno_von_id', 'k.id')
    .select(
      'k.id',
      'k.version',
      'k.kassaabrechnung_id',
      'k.belegnummer',
      'k.datum',
      'k.betrag_cent',
      'k.konto_id',
      'k.buchungskonto_id',
      'k.kostenstelle_id',
      'k.steuersatz',
      'k.steuer_cent',
      'k.netto_cent',
      'k.text',
      'k.kommentar',
      'k.rechnungsdatum',
      'k.parzelle_id',
      'k.adresse_id',
      'k.storno_von_id',
      'k.quelle',
      'k.geprueft',
      'k.geprueft_am',
      'k.bank_name',
      'k.bank_iban',
      'k.bank_verwendungszweck',
      'k.bank_referenz',
      'ko.name as konto_name',
      'b.nummer as bk_nummer',
      'b.name as bk_name',
      'ks.name as ks_name',
      's.id as storniert_durch_id',
    )
    .orderBy([
      { column: 'k.datum' },
      { column: 'k.kassaabrechnung_id' },
      { column: 'k.belegnummer' },
      { column: 'k.id' },
    ]);
  wendeFilterAn(q, f);
  const rows = z.array(eintragRow).parse(await q);
  const keep = textFilter(f);
  return keep ? rows.filter(keep) : rows;
}

/**
 * The balance of each entry's account after it in its period: opening balance plus every entry of
 * that account and period up to it by datum, belegnummer — over all entries, not only the filtered
 * ones. One pass over the entries in that order.
 */
async function kontoSalden(db: Db, rows: EintragRow[], vollstaendig: boolean): Promise<Map<number, number>> {
  const perioden = [...new Set(rows.map((r) => r.kassaabrechnung_id))];
  const konten = [...new Set(rows.map((r) => r.konto_id))];
  const anfang = new Map<string, number>();
  if (perioden.length) {
    for (const a of await db('konto_anfangsbestaende')
      .whereIn('kassaabrechnung_id', perioden)
      .select('konto_id', 'kassaabrechnung_id', 'anfangsbestand_cent')) {
      anfang.set(`${a.kassaabrechnung_id}/${a.konto_id}`, Number(a.anfangsbestand_cent));
    }
  }
  let alle: { id: number; kassaabrechnung_id: number; konto_id: number; betrag_cent: number }[] = rows;
  if (!vollstaendig && rows.length) {
    const q = db('kassabuch')
      .whereIn('kassaabrechnung_id', perioden)
      .select('id', 'kassaabrechnung_id', 'konto_id', 'betrag_cent')
      .orderBy([{ column: 'datum' }, { column: 'kassaabrechnung_id' }, { column: 'belegnummer' }, { column: 'id' }]);
    if (konten.length <= 50) q.whereIn('konto_id', konten);
    alle = (await q).map((r) => ({
      id: Number(r.id),
      kassaabrechnung_id: Number(r.kassaabrechnung_id),
      konto_id: Number(r.konto_id),
      betrag_cent: Number(r.betrag_cent),
    }));
  }
  const laufend = new Map<string, number>();
  const saldo = new Map<number, number>();
  for (const r of alle) {
    const key = `${r.kassaabrechnung_id}/${r.konto_id}`;
    const next = (laufend.get(key) ?? anfang.get(key) ?? 0) + r.betrag_cent;
    laufend.set(key, next);
    saldo.set(r.id, next);
  }
  return saldo;
}

/** The receipts of these entries by entry id (one query). */
export async function belegeVon(db: Db, ids: number[]): Promise<Map<number, Beleg[]>> {
  const out = new Map<number, Beleg[]>();
  if (!ids.length) return out;
  const q = db('files').where('owner_type', BELEG_OWNER).select('id', 'name', 'mime', 'size', 'owner_id').orderBy('id');
  // A few entries: by id; many (the whole book): every receipt is cheaper than a long IN list.
  if (ids.length <= 500) q.whereIn('owner_id', ids.map(String));
  const wanted = new Set(ids);
  for (const f of await q) {
    const owner = Number(f.owner_id);
    if (!wanted.has(owner)) continue;
    const list = out.get(owner) ?? [];
    list.push({ id: Number(f.id), name: f.name, mime: f.mime, size: Number(f.size) });
    out.set(owner, list);
  }
  return out;
}

/** The one presenter of a Kassabuch entry. */
export function presentEintrag(
  r: EintragRow,
  extra: {
    kontoSaldoCent: number;
    belege: Beleg[];
    parzelleNummer: string | null;
    adresseName: string | null;
    zuordnungen?: KassabuchZuordnung[];
  },
): Eintrag {
  const bank =
    r.quelle === 'bank' || r.bank_name != null || r.bank_iban != null
      ? {
          name: r.bank_name,
          iban: r.bank_iban,
          verwendungszweck: r.bank_verwendungszweck,
          referenz: r.bank_referenz,
        }
      : null;
  return {
    id: r.id,
    kassaabrechnungId: r.kassaabrechnung_id,
    belegnummer: r.belegnummer,
    datum: r.datum,
    betragCent: r.betrag_cent,
    kontoId: r.konto_id,
    kontoName: r.konto_name,
    buchungskontoId: r.buchungskonto_id,
    buchungskontoNummer: r.bk_nummer,
    buchungskontoName: r.bk_name,
    kostenstelleId: r.kostenstelle_id,
    kostenstelleName: r.ks_name,
    steuersatz: r.steuersatz,
    steuerCent: r.steuer_cent,
    nettoCent: r.netto_cent,
    text: r.text,
    kommentar: r.kommentar,
    rechnungsdatum: r.rechnungsdatum,
    parzelleId: r.parzelle_id,
    parzelleNummer: extra.parzelleNummer,
    adresseId: r.adresse_id,
    adresseName: extra.adresseName,
    stornoVonId: r.storno_von_id,
    storniertDurchId: r.storniert_durch_id,
    quelle: r.quelle === 'bank' ? 'bank' : 'manuell',
    geprueft: r.geprueft,
    geprueftAm: r.geprueft_am == null ? null : toIso(r.geprueft_am),
    kontoSaldoCent: extra.kontoSaldoCent,
    belege: extra.belege,
    bank,
    zuordnungen: extra.zuordnungen ?? [],
    zugeordnetCent: (extra.zuordnungen ?? []).reduce((s, z) => s + z.betragCent, 0),
    version: r.version,
  };
}

/** Sums of the filtered entries: income, expenses (positive) and their difference. */
export function summeVon(eintraege: readonly { betragCent: number }[]): KassabuchAntwort['summe'] {
  let einnahmenCent = 0;
  let ausgabenCent = 0;
  for (const e of eintraege) {
    if (e.betragCent > 0) einnahmenCent += e.betragCent;
    else ausgabenCent -= e.betragCent;
  }
  return { anzahl: eintraege.length, einnahmenCent, ausgabenCent, saldoCent: einnahmenCent - ausgabenCent };
}

/** GET Kassa/GetKassabuch: the filtered entries by datum, belegnummer and their sums. */
export async function ladeKassabuch(db: Db, f: KassabuchFilter): Promise<KassabuchAntwort> {
  const rows = await ladeEintragRows(db, f);
  const [salden, belege] = [
    await kontoSalden(db, rows, haeltKontoVollstaendig(f)),
    await belegeVon(
      db,
      rows.map((r) => r.id),
    ),
  ];
  const parzellen = rows.some((r) => r.parzelle_id != null)
    ? new Map((await parzellenLookup(db)).map((p) => [p.id, p.name]))
    : new Map<number, string>();
  const adressen = rows.some((r) => r.adresse_id != null)
    ? new Map((await adressenLookup(db)).map((a) => [a.id, a.name]))
    : new Map<number, string>();
  // The allocations (issue 15, through the hook): by id for a few entries, all at once for the book.
  const zuordnungen = await leseZuordnungen(db, rows.length <= 500 ? rows.map((r) => r.id) : null);
  const eintraege = rows.map((r) =>
    presentEintrag(r, {
      kontoSaldoCent: salden.get(r.id) ?? 0,
      belege: belege.get(r.id) ?? [],
      parzelleNummer: r.parzelle_id == null ? null : (parzellen.get(r.parzelle_id) ?? null),
      adresseName: r.adresse_id == null ? null : (adressen.get(r.adresse_id) ?? null),
      zuordnungen: zuordnungen.get(r.id),
    }),
  );
  return { eintraege, summe: summeVon(eintraege) };
}

/** One entry as GetKassabuch answers it; undefined when there is none with that id. */
export async function ladeEintrag(db: Db, id: number): Promise<Eintrag | undefined> {
  return (await ladeKassabuch(db, filterVon({ entryID: id }))).eintraege[0];
}
