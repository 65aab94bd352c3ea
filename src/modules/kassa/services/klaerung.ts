import { type Db, nowDb } from '../../../platform/db/db';
import { ladePeriode } from './periode';

/** The period's "offen/zu klären" booking account: bank-imported entries wait here until the Kassier assigns one. */
export const KLAERUNGSKONTO = { nummer: '9999', name: 'offen/zu klären' } as const;

/**
 * The id of the period's clearing account, created when missing (every new period gets one; an
 * older one or one whose account was removed gets it here). Call inside the writing transaction;
 * it locks the period row until the transaction ends (404 for an unknown period).
 */
export async function klaerungskontoId(db: Db, kassaabrechnungId: number): Promise<number> {
  // Lock the period first (as booking does): two transactions that both find none would create two.
  await ladePeriode(db, kassaabrechnungId, { forUpdate: true });
  const found = await db('buchungskonten').where({ kassaabrechnung_id: kassaabrechnungId, klaerung: true }).first('id');
  if (found) return Number(found.id);
  const now = nowDb();
  await db('buchungskonten').insert({
    version: 1,
    kassaabrechnung_id: kassaabrechnungId,
    nummer: KLAERUNGSKONTO.nummer,
    name: KLAERUNGSKONTO.name,
    art: 'einnahme',
    steuersatz: 0,
    parzellenspezifisch: false,
    jahresbetrag_cent: 0,
    geloescht: false,
    klaerung: true,
    created_at: now,
    updated_at: now,
  });
  const row = await db('buchungskonten').where({ kassaabrechnung_id: kassaabrechnungId, klaerung: true }).first('id');
  return Number(row?.id);
}
