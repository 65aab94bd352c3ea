import { collator } from '../../../platform/collation';
import type { Db } from '../../../platform/db/db';
import { notFound } from '../../../platform/errors';
import type { Ablesung, Quelle } from '../schema/ablesungen';
import type { WasserablesungRow } from '../tables';

// Reading rows: litres ↔ "150.250", the owner key, loading and presenting (the Reading of the API).

export const ABLESUNG_HISTORY_TYPE = 'Wasserablesung';
export const RUNDE_HISTORY_TYPE = 'Wasserablesungsrunde';
export const NOT_FOUND = 'Diese Ablesung gibt es nicht (mehr).';

/** "150.250" (at most 3 decimals, as the schema leaves it) → 150250 litres, without floating point. */
export function toLiter(stand: string): number {
  const [whole, frac = ''] = stand.split('.');
  return Number(whole) * 1000 + Number(frac.padEnd(3, '0').slice(0, 3));
}

/** 150250 litres → "150.250". */
export function fromLiter(liter: number | string): string {
  const n = Number(liter);
  return `${Math.floor(n / 1000)}.${String(n % 1000).padStart(3, '0')}`;
}

/** The meter's owner as the unique key names it: 'P<parzelleId>' or 'H<hauptwasserzaehlerId>'. */
export const ownerKey = (owner: Owner): string =>
  owner.parzelleId ? `P${owner.parzelleId}` : `H${owner.hauptwasserzaehlerId}`;
export type Owner =
  | { parzelleId: number; hauptwasserzaehlerId: null }
  | { parzelleId: null; hauptwasserzaehlerId: number };

type Joined = WasserablesungRow & { parzelle_nummer: string | null; hwz_nummer: string | null };

/** The readings with their plot's and main meter's number; the caller adds the filter. */
export function readingQuery(db: Db) {
  return db('wasserablesungen as a')
    .leftJoin('parzellen as p', 'p.id', 'a.parzelle_id')
    .leftJoin('hauptwasserzaehler as h', 'h.id', 'a.hauptwasserzaehler_id')
    .select<Joined[]>('a.*', 'p.nummer as parzelle_nummer', 'h.nummer as hwz_nummer');
}

export function present(r: Joined): Ablesung {
  return {
    id: Number(r.id),
    version: Number(r.version),
    datum: String(r.datum).slice(0, 10),
    parzelleId: r.parzelle_id === null ? null : Number(r.parzelle_id),
    parzelleNummer: r.parzelle_nummer,
    hauptwasserzaehlerId: r.hauptwasserzaehler_id === null ? null : Number(r.hauptwasserzaehler_id),
    hauptwasserzaehlerNummer: r.hwz_nummer,
    zaehlernummer: r.zaehlernummer,
    stand: r.stand_liter === null ? null : fromLiter(r.stand_liter),
    isZaehlerwechsel: Boolean(r.is_zaehlerwechsel),
    quelle: r.quelle as Quelle,
    notiz: r.notiz ?? '',
  };
}

/**
 * Newest date first; within a date the main meters, then the plots by number (1, 2, 10), a
 * changed meter's final reading before the new one's first.
 */
export function compareReadings(a: Ablesung, b: Ablesung): number {
  if (a.datum !== b.datum) return a.datum < b.datum ? 1 : -1;
  const kind = Number(a.parzelleId !== null) - Number(b.parzelleId !== null);
  if (kind) return kind;
  const byNumber = collator.compare(
    a.parzelleNummer ?? a.hauptwasserzaehlerNummer ?? '',
    b.parzelleNummer ?? b.hauptwasserzaehlerNummer ?? '',
  );
  if (byNumber) return byNumber;
  return Number(b.isZaehlerwechsel) - Number(a.isZaehlerwechsel) || a.id - b.id;
}

export async function getAblesung(db: Db, id: number): Promise<Ablesung> {
  const row = await readingQuery(db).where('a.id', id).first();
  if (!row) throw notFound(NOT_FOUND);
  return present(row);
}

/**
 * Meter numbers that differed at `datum` from the owners' current ones: the first meter change
 * after `datum` names the meter that was in place then (its final reading carries the old number).
 * Plots and main meters alike (WechselHWZ writes its change rows here too).
 */
export async function metersChangedAfter(db: Db, datum: string, owner?: Owner): Promise<Map<string, string>> {
  const changes = db('wasserablesungen')
    .where('is_zaehlerwechsel', true)
    .where('datum', '>', datum)
    .orderBy([
      { column: 'datum', order: 'desc' },
      { column: 'id', order: 'desc' },
    ])
    .select('zaehler_key', 'zaehlernummer');
  if (owner) changes.where('zaehler_key', ownerKey(owner));
  const out = new Map<string, string>();
  // Newest first, so the earliest change after `datum` is written last and wins.
  for (const r of await changes) out.set(r.zaehler_key, r.zaehlernummer);
  return out;
}
