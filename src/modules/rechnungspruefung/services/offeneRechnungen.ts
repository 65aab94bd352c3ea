import type { Db } from '../../../platform/db/db';
import { bezahltSql } from './rechnungStand';

// The receivables still to be paid, for payment slips: open = amount − allocated payments > 0.

export type OffeneRechnung = {
  rechnungId: number;
  nummer: string;
  adresseId: number;
  adresseName: string;
  datum: string;
  faelligAm: string;
  betragCent: number;
  /** What is still to pay (amount − payments). */
  offenCent: number;
  zahlungsreferenz: string;
};

/** Receivables with something open dated up to `datum` (of one address, or all, or of `ids`), by number. */
export async function offeneRechnungen(
  db: Db,
  { datum, adresseId, ids }: { datum: string; adresseId?: number | null; ids?: readonly number[] },
): Promise<OffeneRechnung[]> {
  const bezahlt = bezahltSql(db, 'r');
  const q = db('rechnungen as r')
    .where('r.betrag_cent', '>', 0)
    .andWhere('r.datum', '<=', datum)
    .andWhereRaw(`r.betrag_cent - ${bezahlt.toQuery()} > 0`);
  if (adresseId != null) q.andWhere('r.adresse_id', adresseId);
  if (ids) q.whereIn('r.id', ids.length ? [...ids] : [0]);
  const rows = await q
    .orderBy([{ column: 'r.jahr' }, { column: 'r.laufnummer' }])
    .select(
      'r.id',
      'r.nummer',
      'r.adresse_id',
      'r.adresse_name',
      'r.datum',
      'r.faellig_am',
      'r.betrag_cent',
      'r.zahlungsreferenz',
      db.raw(`${bezahlt.toQuery()} AS bezahlt_cent`),
    );
  return rows.map((r) => ({
    rechnungId: Number(r.id),
    nummer: r.nummer,
    adresseId: Number(r.adresse_id),
    adresseName: r.adresse_name,
    datum: String(r.datum).slice(0, 10),
    faelligAm: String(r.faellig_am).slice(0, 10),
    betragCent: Number(r.betrag_cent),
    offenCent: Number(r.betrag_cent) - Number(r.bezahlt_cent),
    zahlungsreferenz: r.zahlungsreferenz,
  }));
}
