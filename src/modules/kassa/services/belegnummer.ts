import type { Db } from '../../../platform/db/db';
import { ladePeriode } from './periode';

/**
 * Reserves `anzahl` consecutive Belegnummern of a period and answers the first. Must run inside
 * the booking's transaction: the period row is read FOR UPDATE (MySQL/MariaDB; SQLite writes one
 * transaction at a time anyway), so concurrent bookings are served one after the other and a
 * rolled-back booking gives its numbers back: no gap, no number twice. The counter never goes down,
 * so a deleted entry's number is never given again.
 */
export async function reserviereBelegnummern(db: Db, kassaabrechnungId: number, anzahl = 1): Promise<number> {
  const periode = await ladePeriode(db, kassaabrechnungId, { forUpdate: true });
  const erste = Number(periode.naechste_belegnummer);
  await db('kassaabrechnungen')
    .where({ id: kassaabrechnungId })
    .update({ naechste_belegnummer: erste + anzahl });
  return erste;
}
