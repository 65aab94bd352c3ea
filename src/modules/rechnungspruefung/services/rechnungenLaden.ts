import type { Knex } from 'knex';
import { todayIso } from '../../../platform/dates';
import type { Db } from '../../../platform/db/db';
import { parzellenLookup } from '../../stammdaten/services';
import type {
  Rechnung,
  RechnungArt,
  RechnungDetail,
  RechnungFilter,
  RechnungMahnung,
  RechnungPosition,
  RechnungRate,
  RechnungZahlung,
} from '../schema/rechnung';
import { bezahltJeRechnung, rechnungStatus, ueberfaelligCent } from './rechnungStand';

// The one reader of receivables (GetRechnungen, GetRechnung, the overview, the PDFs; the payment and
// reminder parts reuse it through services/index.ts). SQL narrows by the columns (dates, ids, kind,
// level); the text search and the derived paid/open/overdue/status filters run in JavaScript, as
// Kassa's list does: SQLite's LIKE folds only ASCII, MariaDB's collation accents too — here „Über“
// finds „über“ on both alike. Paid is Σ allocations (rechnungStand), never stored.

const dateStr = (v: unknown): string => String(v).slice(0, 10);
const dateN = (v: unknown): string | null => (v == null ? null : String(v).slice(0, 10));
const fold = (s: string) => s.toLocaleLowerCase('de-AT');

/** Options of the loader beyond the filter: the day "today" stands for (overdue), explicit ids. */
export type LadeOptionen = {
  /** The day ueberfaelligCent and IsFaellig refer to; default today. */
  stichtag?: string;
  /** Only these receivables (the PDF of the selected, the reminder run's ids). */
  ids?: readonly number[];
  /** Ignore IsOffen and Status (the overview's counts per status). */
  ohneStatusFilter?: boolean;
};

function sqlFilter(q: Knex.QueryBuilder, f: Partial<RechnungFilter>, ids?: readonly number[]): void {
  if (ids) q.whereIn('r.id', ids.length ? [...ids] : [0]);
  if (f.DatumVon) q.andWhere('r.datum', '>=', f.DatumVon);
  if (f.DatumBis) q.andWhere('r.datum', '<=', f.DatumBis);
  if (f.ParzellenID) q.andWhere('r.parzelle_id', f.ParzellenID);
  if (f.AdressenID) q.andWhere('r.adresse_id', f.AdressenID);
  if (f.GruppenID) q.andWhere('r.gruppe_id', f.GruppenID);
  if (f.Art?.length) q.whereIn('r.art', f.Art);
  if (f.Mahnstufe != null) q.andWhere('r.mahnstufe', f.Mahnstufe);
}

/** The rows of the receivables of `ids`, each with everything Rechnung answers (chunks of 500). */
async function baueRechnungen(db: Db, rows: Record<string, unknown>[], stichtag: string): Promise<Rechnung[]> {
  const ids = rows.map((r) => Number(r.id));
  const positionen = new Map<number, RechnungPosition[]>();
  const raten = new Map<number, RechnungRate[]>();
  const sperren = new Set<number>();
  for (let i = 0; i < ids.length; i += 500) {
    const chunk = ids.slice(i, i + 500);
    const pos = await db('rechnung_positionen')
      .whereIn('rechnung_id', chunk)
      .orderBy([{ column: 'rechnung_id' }, { column: 'sortierung' }, { column: 'id' }])
      .select('rechnung_id', 'text', 'betrag_cent', 'steuersatz', 'buchungskonto_id', 'art', 'parzelle_nummer');
    for (const p of pos) {
      const list = positionen.get(Number(p.rechnung_id)) ?? [];
      list.push({
        text: p.text,
        betragCent: Number(p.betrag_cent),
        steuersatz: Number(p.steuersatz),
        buchungskontoId: p.buchungskonto_id == null ? null : Number(p.buchungskonto_id),
        art: p.art,
        parzelleNummer: p.parzelle_nummer ? p.parzelle_nummer : null,
      });
      positionen.set(Number(p.rechnung_id), list);
    }
    const rr = await db('rechnung_raten')
      .whereIn('rechnung_id', chunk)
      .orderBy([{ column: 'rechnung_id' }, { column: 'nummer' }])
      .select('rechnung_id', 'nummer', 'faellig_am', 'betrag_cent');
    for (const r of rr) {
      const list = raten.get(Number(r.rechnung_id)) ?? [];
      list.push({ nummer: Number(r.nummer), faelligAm: dateStr(r.faellig_am), betragCent: Number(r.betrag_cent) });
      raten.set(Number(r.rechnung_id), list);
    }
    // Any allocation (payment, credit offset, reversal) or reminder makes a receivable booked for good.
    for (const r of await db('zuordnungen').whereIn('rechnung_id', chunk).distinct('rechnung_id'))
      sperren.add(Number(r.rechnung_id));
    for (const r of await db('mahnungen').whereIn('rechnung_id', chunk).distinct('rechnung_id'))
      sperren.add(Number(r.rechnung_id));
  }
  const bezahlt = await bezahltJeRechnung(db, ids);
  const parzellen = rows.some((r) => r.parzelle_id != null)
    ? new Map((await parzellenLookup(db)).map((p) => [p.id, p.name]))
    : new Map<number, string>();
  return rows.map((r) => {
    const id = Number(r.id);
    const betragCent = Number(r.betrag_cent);
    const bezahltCent = bezahlt.get(id) ?? 0;
    const faelligAm = dateStr(r.faellig_am);
    const rr = raten.get(id) ?? [];
    const versendetAm = r.versendet_am == null ? null : String(r.versendet_am).replace(' ', 'T').slice(0, 19);
    const laufId = r.lauf_id == null ? null : Number(r.lauf_id);
    const parzelleId = r.parzelle_id == null ? null : Number(r.parzelle_id);
    const gesperrt = sperren.has(id);
    return {
      id,
      version: Number(r.version),
      nummer: String(r.nummer),
      jahr: Number(r.jahr),
      art: r.art as RechnungArt,
      adresseId: Number(r.adresse_id),
      adresseName: String(r.adresse_name),
      parzelleId,
      parzelleNummer: parzelleId == null ? null : (parzellen.get(parzelleId) ?? null),
      gruppeId: r.gruppe_id == null ? null : Number(r.gruppe_id),
      datum: dateStr(r.datum),
      faelligAm,
      positionen: positionen.get(id) ?? [],
      betragCent,
      bezahltCent,
      offenCent: betragCent - bezahltCent,
      ueberfaelligCent: ueberfaelligCent({ betragCent, bezahltCent, faelligAm, raten: rr }, stichtag),
      status: rechnungStatus(betragCent, bezahltCent),
      mahnstufe: Number(r.mahnstufe),
      letzteMahnungAm: dateN(r.letzte_mahnung_am),
      mahnsperreBis: dateN(r.mahnsperre_bis),
      zahlungsreferenz: String(r.zahlungsreferenz),
      notiz: r.notiz == null ? null : String(r.notiz),
      laufId,
      versendetAm,
      raten: rr,
      bearbeitbar: laufId == null && !gesperrt && versendetAm == null ? 'alles' : 'termine',
      loeschbar: !gesperrt && versendetAm == null,
    };
  });
}

const SPALTEN = [
  'r.id',
  'r.version',
  'r.nummer',
  'r.jahr',
  'r.laufnummer',
  'r.art',
  'r.adresse_id',
  'r.adresse_name',
  'r.parzelle_id',
  'r.gruppe_id',
  'r.lauf_id',
  'r.datum',
  'r.faellig_am',
  'r.betrag_cent',
  'r.zahlungsreferenz',
  'r.mahnstufe',
  'r.letzte_mahnung_am',
  'r.mahnsperre_bis',
  'r.notiz',
  'r.versendet_am',
];

/**
 * The receivables of the filter (GetRechnungen's semantics: IsOffen default true unless a Status is
 * asked for, IsFaellig default false), by number. Use it inside a transaction with the handler's db.
 */
export async function ladeRechnungen(
  db: Db,
  filter: Partial<RechnungFilter> = {},
  optionen: LadeOptionen = {},
): Promise<Rechnung[]> {
  const stichtag = optionen.stichtag ?? todayIso();
  const q = db('rechnungen as r').select(SPALTEN);
  sqlFilter(q, filter, optionen.ids);
  const rows = (await q.orderBy([{ column: 'r.jahr' }, { column: 'r.laufnummer' }])) as Record<string, unknown>[];
  const suche = filter.Bezeichnung?.trim() ? fold(filter.Bezeichnung.trim()) : null;
  let liste = await baueRechnungen(db, rows, stichtag);
  if (suche)
    liste = liste.filter(
      (r) =>
        fold(r.nummer).includes(suche) ||
        fold(r.adresseName).includes(suche) ||
        r.positionen.some((p) => fold(p.text).includes(suche)),
    );
  if (!optionen.ohneStatusFilter) {
    const status = filter.Status?.length ? filter.Status : null;
    const nurOffen = filter.IsOffen ?? !status;
    if (status) liste = liste.filter((r) => status.includes(r.status));
    if (nurOffen) liste = liste.filter((r) => r.offenCent !== 0);
  }
  if (filter.IsFaellig) liste = liste.filter((r) => r.ueberfaelligCent > 0);
  return liste;
}

/** One receivable (null when there is none with that id). */
export async function ladeRechnung(db: Db, id: number, stichtag?: string): Promise<Rechnung | null> {
  const [r] = await ladeRechnungen(db, { IsOffen: false }, { ids: [id], stichtag });
  return r ?? null;
}

/** One receivable with its payments (allocations with their cash-book entries) and reminders. */
export async function ladeRechnungDetail(db: Db, id: number, stichtag?: string): Promise<RechnungDetail | null> {
  const r = await ladeRechnung(db, id, stichtag);
  if (!r) return null;
  const zuordnungen = await db('zuordnungen as z')
    .leftJoin('kassabuch as k', 'k.id', 'z.kassabuch_id')
    .where('z.rechnung_id', id)
    .orderBy([{ column: 'z.id' }])
    .select(
      'z.id',
      'z.kassabuch_id',
      'z.betrag_cent',
      'z.quelle',
      'z.created_at',
      'k.belegnummer',
      'k.kassaabrechnung_id',
      'k.datum',
      'k.text',
    );
  const zahlungen: RechnungZahlung[] = zuordnungen.map((z) => ({
    zuordnungId: Number(z.id),
    kassabuchId: z.kassabuch_id == null ? null : Number(z.kassabuch_id),
    belegnummer: z.belegnummer == null ? null : Number(z.belegnummer),
    kassaabrechnungId: z.kassaabrechnung_id == null ? null : Number(z.kassaabrechnung_id),
    datum: dateStr(z.datum ?? z.created_at),
    betragCent: Number(z.betrag_cent),
    quelle: String(z.quelle),
    text: z.text == null ? (z.quelle === 'verrechnung' ? 'Verrechnung mit Guthaben' : '') : String(z.text),
  }));
  const mahnungen: RechnungMahnung[] = (
    await db('mahnungen')
      .where('rechnung_id', id)
      .orderBy([{ column: 'datum' }, { column: 'id' }])
  ).map((m) => ({
    id: Number(m.id),
    stufe: Number(m.stufe),
    datum: dateStr(m.datum),
    offenCent: Number(m.offen_cent),
    gebuehrCent: Number(m.gebuehr_cent),
    zinsenCent: Number(m.zinsen_cent),
  }));
  return { ...r, zahlungen, mahnungen };
}

/** The receivables of `ids` whatever their status (by number); the presenter of S2's and S3's answers. */
export function ladeRechnungenNachIds(db: Db, ids: readonly number[], stichtag?: string): Promise<Rechnung[]> {
  return ladeRechnungen(db, { IsOffen: false }, { ids, stichtag });
}
