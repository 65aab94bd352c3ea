import { z } from 'zod';
import { dateOf } from '../../../platform/dates';
import type { Db } from '../../../platform/db/db';
import type { Nutzungsberechtigter } from '../schema/parzellen';
import { displayName } from './names';

// The one place that says when a Pachtverhältnis (lease of a plot by an address) runs: from `von`
// to `bis`, both days included, `bis` null = open. Every query for the Nutzungsberechtigte on a day
// or over a period starts from `pachtverhaeltnisseOn` / `pachtverhaeltnisseOver` and joins what it
// needs; the lease table's alias is always `pv`.

const TABLE = 'pachtverhaeltnisse as pv';

/** The leases (alias `pv`) running on `day`: von ≤ day, bis open or ≥ day. */
export function pachtverhaeltnisseOn(db: Db, day: string) {
  return db(TABLE)
    .where('pv.von', '<=', day)
    .andWhere((w) => w.whereNull('pv.bis').orWhere('pv.bis', '>=', day));
}

/** The leases (alias `pv`) that run on at least one day from `von` to `bis` (both included). */
export function pachtverhaeltnisseOver(db: Db, von: string, bis: string) {
  return db(TABLE)
    .where('pv.von', '<=', bis)
    .andWhere((w) => w.whereNull('pv.bis').orWhere('pv.bis', '>=', von));
}

/** A lease as other modules read it: plot, holder with the name written the one way, period. */
export type Pachtverhaeltnis = {
  id: number;
  parzelleId: number;
  adresseId: number;
  name: string;
  von: string;
  bis: string | null;
};

/** A lease with its holder's name (joined, so parsed: ADR 0005). */
const pachtverhaeltnisNameRow = z.object({
  id: z.coerce.number(),
  parzelle_id: z.coerce.number(),
  adresse_id: z.coerce.number(),
  von: z.string(),
  bis: z.string().nullable(),
  titel: z.string().nullable(),
  vorname: z.string().nullable(),
  nachname: z.string(),
});

const HOLDER_COLUMNS = [
  'pv.id',
  'pv.parzelle_id',
  'pv.adresse_id',
  'pv.von',
  'pv.bis',
  'a.titel',
  'a.vorname',
  'a.nachname',
];

/** The one shape of a Pachtverhältnis as other modules read it. */
export const presentPachtverhaeltnis = (r: z.infer<typeof pachtverhaeltnisNameRow>): Pachtverhaeltnis => ({
  id: Number(r.id),
  parzelleId: Number(r.parzelle_id),
  adresseId: Number(r.adresse_id),
  name: displayName(r),
  von: dateOf(r.von) ?? '',
  bis: dateOf(r.bis),
});

/** The leases with their holders from `von` to `bis`, oldest first; optionally only some plots. */
export async function nutzungsberechtigteOver(
  db: Db,
  von: string,
  bis: string,
  parzelleIds?: number[],
): Promise<Pachtverhaeltnis[]> {
  const q = pachtverhaeltnisseOver(db, von, bis)
    .join('adressen as a', 'a.id', 'pv.adresse_id')
    .select(HOLDER_COLUMNS)
    .orderBy([
      { column: 'pv.von', order: 'asc' },
      { column: 'pv.id', order: 'asc' },
    ]);
  if (parzelleIds) q.whereIn('pv.parzelle_id', parzelleIds);
  return z
    .array(pachtverhaeltnisNameRow)
    .parse(await q)
    .map(presentPachtverhaeltnis);
}

/** The usage-right holder of each plot on `day`, by plot id; optionally only some plots. */
export async function nutzungsberechtigteOn(
  db: Db,
  day: string,
  parzelleIds?: number[],
): Promise<Map<number, Nutzungsberechtigter>> {
  const out = new Map<number, Nutzungsberechtigter>();
  // The newest lease wins should two overlap (oldest first, so the later one overwrites).
  for (const h of await nutzungsberechtigteOver(db, day, day, parzelleIds)) {
    out.set(h.parzelleId, { adresseId: h.adresseId, name: h.name, von: h.von });
  }
  return out;
}
