import type { Actor } from '../../../platform/auth/principal';
import { type Db, nowDb } from '../../../platform/db/db';
import { recordHistory } from '../../../platform/history/history';
import { KASSABUCH_HISTORY_TYPE } from './buchen';
import { ladePeriode } from './periode';
import { type Steuersatz, steuerAnteil } from './steuer';

// Payments of receivables (issue 15): a bank credit waits on the clearing account (9999) until it is
// allocated; then it moves to the receivable's booking account, or — when its receivables span several
// accounts or part of it is a credit — to the period's "Zahlungen auf Forderungen" account (9998).

export const FORDERUNGSEINGANGSKONTO = { nummer: '9998', name: 'Zahlungen auf Forderungen' } as const;

/** The id of the period's 9998 account, created when missing (like `klaerungskontoId`; inside the writing transaction). */
export async function forderungseingangKontoId(db: Db, kassaabrechnungId: number): Promise<number> {
  await ladePeriode(db, kassaabrechnungId, { forUpdate: true });
  const where = { kassaabrechnung_id: kassaabrechnungId, forderungseingang: true };
  const found = await db('buchungskonten').where(where).first('id');
  if (found) return Number(found.id);
  const now = nowDb();
  await db('buchungskonten').insert({
    version: 1,
    kassaabrechnung_id: kassaabrechnungId,
    nummer: FORDERUNGSEINGANGSKONTO.nummer,
    name: FORDERUNGSEINGANGSKONTO.name,
    art: 'einnahme',
    steuersatz: 0,
    parzellenspezifisch: false,
    jahresbetrag_cent: 0,
    geloescht: false,
    klaerung: false,
    forderungseingang: true,
    created_at: now,
    updated_at: now,
  });
  return Number((await db('buchungskonten').where(where).first('id'))?.id);
}

/**
 * Moves an allocated entry off its period's clearing account: to the booking account of that number in
 * the entry's period (`buchungskontoNummer`, when given and there), else to 9998, with that account's tax
 * rate. Nothing happens when the entry is checked (geprüft) or not on the clearing account — the
 * Kassier's own choice of account is kept. Answers whether it moved.
 */
export async function bucheVonKlaerungUm(
  db: Db,
  actor: Actor,
  kassabuchId: number,
  buchungskontoNummer: string | null,
): Promise<boolean> {
  const e = await db('kassabuch').where({ id: kassabuchId }).first();
  if (!e || e.geprueft === true || Number(e.geprueft) === 1) return false;
  const bk = await db('buchungskonten').where({ id: e.buchungskonto_id }).first('klaerung');
  if (!bk || !(bk.klaerung === true || Number(bk.klaerung) === 1)) return false;
  const periodeId = Number(e.kassaabrechnung_id);
  let ziel = buchungskontoNummer
    ? await db('buchungskonten')
        .where({ kassaabrechnung_id: periodeId, nummer: buchungskontoNummer, geloescht: false, klaerung: false })
        .first('id', 'steuersatz')
    : undefined;
  if (!ziel) {
    const id = await forderungseingangKontoId(db, periodeId);
    ziel = await db('buchungskonten').where({ id }).first('id', 'steuersatz');
  }
  if (!ziel) return false;
  const steuersatz = Number(ziel.steuersatz) as Steuersatz;
  const { steuerCent, nettoCent } = steuerAnteil(Number(e.betrag_cent), steuersatz);
  const values = {
    buchungskonto_id: Number(ziel.id),
    steuersatz,
    steuer_cent: steuerCent,
    netto_cent: nettoCent,
    version: Number(e.version) + 1,
    updated_at: nowDb(),
  };
  await db('kassabuch').where({ id: kassabuchId }).update(values);
  await recordHistory(db, actor, {
    entityType: KASSABUCH_HISTORY_TYPE,
    entityId: kassabuchId,
    action: 'update',
    before: { buchungskonto_id: e.buchungskonto_id, steuersatz: e.steuersatz },
    after: { buchungskonto_id: values.buchungskonto_id, steuersatz },
  });
  return true;
}
