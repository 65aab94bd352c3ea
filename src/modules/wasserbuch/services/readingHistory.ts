import type { Db } from '../../../platform/db/db';
import { fromLiter } from './readingRows';

// The past of a meter as the entry screen, the reading sheet and the radio import show it: its
// last reading before a date and the consumption of the period before that (the plausibility hint).

export type PastReading = {
  id: number;
  datum: string;
  zaehlernummer: string;
  liter: number;
  isZaehlerwechsel: boolean;
};

/** Readings with a stand before `datum`, by owner key ('P<id>'/'H<id>'), oldest first. */
export async function readingsBefore(db: Db, datum: string, keys?: string[]): Promise<Map<string, PastReading[]>> {
  const q = db('wasserablesungen')
    .where('datum', '<', datum)
    .whereNotNull('stand_liter')
    .select('id', 'zaehler_key', 'datum', 'zaehlernummer', 'stand_liter', 'is_zaehlerwechsel')
    .orderBy([
      { column: 'datum', order: 'asc' },
      { column: 'id', order: 'asc' },
    ]);
  // Past a few hundred keys the IN list costs more than reading every earlier row once.
  if (keys && keys.length <= 500) q.whereIn('zaehler_key', keys);
  const out = new Map<string, PastReading[]>();
  for (const r of await q) {
    const list = out.get(r.zaehler_key) ?? [];
    if (!out.has(r.zaehler_key)) out.set(r.zaehler_key, list);
    list.push({
      id: Number(r.id),
      datum: String(r.datum).slice(0, 10),
      zaehlernummer: r.zaehlernummer,
      liter: Number(r.stand_liter),
      isZaehlerwechsel: Boolean(r.is_zaehlerwechsel),
    });
  }
  return out;
}

export type MeterPast = {
  letzteAblesung: { datum: string; stand: string; liter: number } | null;
  /** Litres between the two reading dates before; null when there are not two (or it would be negative). */
  letzterVerbrauchLiter: number | null;
};

/**
 * The newest earlier reading of the same meter (after a meter change the new meter's first
 * reading, never the old meter's), and the owner's consumption between the date before it and it:
 * per meter the last minus the first reading inside that period, as the settlement counts it.
 */
export function meterPast(past: PastReading[] | undefined, zaehlernummer: string): MeterPast {
  const none: MeterPast = { letzteAblesung: null, letzterVerbrauchLiter: null };
  if (!past?.length) return none;
  let last: PastReading | undefined;
  for (const r of past) if (r.zaehlernummer === zaehlernummer) last = r;
  if (!last) return none;
  const l1 = last.datum;
  let l0: string | undefined;
  for (const r of past) if (r.datum < l1) l0 = r.datum;
  const letzteAblesung = { datum: l1, stand: fromLiter(last.liter), liter: last.liter };
  if (!l0) return { letzteAblesung, letzterVerbrauchLiter: null };
  const span = new Map<string, { first: number; last: number }>();
  for (const r of past) {
    if (r.datum < l0 || r.datum > l1) continue;
    const s = span.get(r.zaehlernummer);
    if (s) s.last = r.liter;
    else span.set(r.zaehlernummer, { first: r.liter, last: r.liter });
  }
  let liter = 0;
  for (const s of span.values()) liter += s.last - s.first;
  return { letzteAblesung, letzterVerbrauchLiter: liter < 0 ? null : liter };
}
