import type { Actor } from '../../../platform/auth/principal';
import { type Db, nowDb } from '../../../platform/db/db';
import { recordHistory, recordHistoryMany } from '../../../platform/history/history';
import { KASSABUCH_HISTORY_TYPE } from './buchen';
import { istGeschlossen, ladePeriode } from './periode';
import { type Steuersatz, steuerAnteil } from './steuer';

// Payments of receivables (issue 15): a bank credit waits on the clearing account (9999) until it is
// allocated; then it moves to the receivable's booking account, or — when its receivables span several
// accounts or part of it is a credit — to the period's "Zahlungen auf Forderungen" account (9998).

export const FORDERUNGSEINGANGSKONTO = { nummer: '9998', name: 'Zahlungen auf Forderungen' } as const;

/** The id of the period's 9998 account, created when missing (like `klaerungskontoId`; inside the writing transaction). */
export async function forderungseingangKontoId(db: Db, kassaabrechnungId: number): Promise<number> {
  const where = { kassaabrechnung_id: kassaabrechnungId, forderungseingang: true };
  // Found without the period's lock (an allocation holds its entry and receivables already; taking
  // the period after them every time would invert the order bookings lock in). Created under it, once.
  const vorhanden = await db('buchungskonten').where(where).first('id');
  if (vorhanden) return Number(vorhanden.id);
  await ladePeriode(db, kassaabrechnungId, { forUpdate: true });
  // A locking (current) read: MariaDB's snapshot may predate another transaction's 9998.
  const found = await db('buchungskonten').where(where).forUpdate().first('id');
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
 * rate. Nothing happens when the entry is checked (geprüft), its period closed, or not on the clearing
 * account — the Kassier's own choice of account is kept. Answers whether it moved.
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
  // A closed period's books stay as they were closed; the allocation itself is the receivables' matter.
  if (istGeschlossen(await ladePeriode(db, periodeId))) return false;
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

/**
 * The bank matcher's bulk form of `bucheVonKlaerungUm` (thousands of credits in one import): entries on
 * their period's clearing account and not checked move to the account of `buchungskontoNummer` in their
 * period, else to 9998 — one UPDATE per target account at 0 % tax, per entry otherwise; history in bulk.
 */
export async function bucheVonKlaerungUmViele(
  db: Db,
  actor: Actor,
  auftraege: readonly { kassabuchId: number; buchungskontoNummer: string | null }[],
): Promise<void> {
  if (!auftraege.length) return;
  const nummerVon = new Map(auftraege.map((a) => [a.kassabuchId, a.buchungskontoNummer]));
  const eintraege: { id: number; kassaabrechnung_id: number; betrag_cent: number; buchungskonto_id: number }[] = [];
  const ids = [...nummerVon.keys()];
  for (let i = 0; i < ids.length; i += 500) {
    const rows = await db('kassabuch as k')
      .join('buchungskonten as b', 'b.id', 'k.buchungskonto_id')
      .whereIn('k.id', ids.slice(i, i + 500))
      .andWhere('b.klaerung', true)
      .andWhere('k.geprueft', false)
      .select('k.id', 'k.kassaabrechnung_id', 'k.betrag_cent', 'k.buchungskonto_id');
    for (const r of rows)
      eintraege.push({
        id: Number(r.id),
        kassaabrechnung_id: Number(r.kassaabrechnung_id),
        betrag_cent: Number(r.betrag_cent),
        buchungskonto_id: Number(r.buchungskonto_id),
      });
  }
  if (!eintraege.length) return;
  // Per period: its accounts by number, and 9998 when needed.
  const konten = new Map<number, Map<string, { id: number; steuersatz: number }>>();
  const fe = new Map<number, { id: number; steuersatz: number }>();
  const ziele = new Map<number, { konto: { id: number; steuersatz: number }; eintraege: typeof eintraege }>();
  for (const e of eintraege) {
    const p = e.kassaabrechnung_id;
    if (!konten.has(p)) {
      const rows = await db('buchungskonten')
        .where({ kassaabrechnung_id: p, geloescht: false, klaerung: false })
        .select('id', 'nummer', 'steuersatz');
      konten.set(
        p,
        new Map(rows.map((r) => [String(r.nummer), { id: Number(r.id), steuersatz: Number(r.steuersatz) }])),
      );
    }
    const nummer = nummerVon.get(e.id);
    let konto = nummer ? konten.get(p)?.get(nummer) : undefined;
    if (!konto) {
      konto = fe.get(p);
      if (!konto) {
        const id = await forderungseingangKontoId(db, p);
        const row = await db('buchungskonten').where({ id }).first('steuersatz');
        konto = { id, steuersatz: Number(row?.steuersatz ?? 0) };
        fe.set(p, konto);
      }
    }
    const z = ziele.get(konto.id) ?? { konto, eintraege: [] };
    z.eintraege.push(e);
    ziele.set(konto.id, z);
  }
  const now = nowDb();
  for (const { konto, eintraege: liste } of ziele.values()) {
    if (konto.steuersatz === 0) {
      for (let i = 0; i < liste.length; i += 500) {
        await db('kassabuch')
          .whereIn(
            'id',
            liste.slice(i, i + 500).map((e) => e.id),
          )
          .update({
            buchungskonto_id: konto.id,
            steuersatz: 0,
            steuer_cent: 0,
            netto_cent: db.raw<number>('betrag_cent'),
            version: db.raw<number>('version + 1'),
            updated_at: now,
          });
      }
    } else {
      for (const e of liste) {
        const { steuerCent, nettoCent } = steuerAnteil(e.betrag_cent, konto.steuersatz as Steuersatz);
        await db('kassabuch')
          .where({ id: e.id })
          .update({
            buchungskonto_id: konto.id,
            steuersatz: konto.steuersatz,
            steuer_cent: steuerCent,
            netto_cent: nettoCent,
            version: db.raw<number>('version + 1'),
            updated_at: now,
          });
      }
    }
  }
  await recordHistoryMany(
    db,
    actor,
    [...ziele.values()].flatMap(({ konto, eintraege: liste }) =>
      liste.map((e) => ({
        entityType: KASSABUCH_HISTORY_TYPE,
        entityId: e.id,
        action: 'update',
        before: { buchungskonto_id: e.buchungskonto_id },
        after: { buchungskonto_id: konto.id, steuersatz: konto.steuersatz },
      })),
    ),
  );
}
