import { randomUUID } from 'node:crypto';
import type { Actor } from '../../../platform/auth/principal';
import { type Db, nowDb } from '../../../platform/db/db';
import { recordHistoryMany } from '../../../platform/history/history';
import type { Guthaben } from '../schema/zahlungen';
import type { ZuordnungRow } from '../tables';
import { bezahltJeRechnung } from './rechnungStand';
import { RECHNUNG_HISTORY_TYPE, summeRechnungen } from './zuordnungen';

// Credits (Guthaben) of an address: what an overpayment left (allocation rows art 'guthaben', net per
// cash-book entry and its reversal) and open credit notes (negative receivables). The next booked run offsets them
// against its new receivables (verrechneGuthaben): a credit row moves to a payment row of the new
// receivable (both quelle 'verrechnung', one verrechnung_id), a credit note pays it by a pair of rows.

type Posten = Guthaben['posten'][number];

/** The address's credits, oldest first. */
async function postenVon(db: Db, adresseId: number, sperren: boolean): Promise<Posten[]> {
  // Per original entry: a reversal's mirrored rows count against the credit of the entry it reverses.
  const q = db('zuordnungen as z')
    .join('kassabuch as k', 'k.id', 'z.kassabuch_id')
    .join('kassabuch as o', db.raw('o.id = COALESCE(k.storno_von_id, k.id)'))
    .where({ 'z.adresse_id': adresseId, 'z.art': 'guthaben' })
    .groupBy('o.id', 'o.datum', 'o.text')
    .select('o.id as kassabuch_id', 'o.datum', 'o.text', db.raw('SUM(z.betrag_cent) AS summe'))
    .orderBy([{ column: 'o.datum' }, { column: 'o.id' }]);
  // Offsetting: locking reads (MariaDB's snapshot may still hold a credit row deleted meanwhile, or miss
  // a credit note paid out meanwhile — the offset would then use money that is no longer there).
  if (sperren) q.forUpdate();
  const ueber: Posten[] = (await q)
    .filter((r) => Number(r.summe) > 0)
    .map((r) => ({
      art: 'ueberzahlung',
      datum: String(r.datum).slice(0, 10),
      betragCent: Number(r.summe),
      kassabuchId: Number(r.kassabuch_id),
      rechnungId: null,
      text: `Überzahlung: ${r.text}`,
    }));
  const gq = db('rechnungen')
    .where({ adresse_id: adresseId })
    .andWhere('betrag_cent', '<', 0)
    .orderBy([{ column: 'datum' }, { column: 'id' }])
    .select('id', 'nummer', 'datum', 'betrag_cent');
  if (sperren) gq.forUpdate();
  const gs = await gq;
  const gsIds = gs.map((g) => Number(g.id));
  const bezahlt = sperren ? await summeRechnungen(db, gsIds) : await bezahltJeRechnung(db, gsIds);
  const gutschriften: Posten[] = gs
    .map((g) => ({ g, offen: Number(g.betrag_cent) - (bezahlt.get(Number(g.id)) ?? 0) }))
    .filter(({ offen }) => offen < 0)
    .map(({ g, offen }) => ({
      art: 'gutschrift',
      datum: String(g.datum).slice(0, 10),
      betragCent: -offen,
      kassabuchId: null,
      rechnungId: Number(g.id),
      text: `Gutschrift ${g.nummer}`,
    }));
  return [...ueber, ...gutschriften].sort((a, b) => a.datum.localeCompare(b.datum));
}

/** GET Guthaben?adresseId. */
export async function ladeGuthaben(db: Db, adresseId: number): Promise<Guthaben> {
  const posten = await postenVon(db, adresseId, false);
  return { adresseId, guthabenCent: posten.reduce((s, p) => s + p.betragCent, 0), posten };
}

/**
 * Offsets each new receivable's open amount against its address's credits, oldest credit first
 * (inside the booking's transaction). Answers what was offset per receivable (0 when nothing).
 */
export async function verrechneGuthaben(
  db: Db,
  actor: Actor,
  rechnungIds: readonly number[],
): Promise<Map<number, number>> {
  const out = new Map<number, number>(rechnungIds.map((id) => [id, 0]));
  if (!rechnungIds.length) return out;
  const ids = [...new Set(rechnungIds)].sort((a, b) => a - b);
  // Only addresses that hold a credit at all are worth a look (a run books hundreds of receivables).
  const mitGuthaben = new Set<number>();
  for (const r of await db('zuordnungen')
    .where('art', 'guthaben')
    .whereNotNull('adresse_id')
    .groupBy('adresse_id')
    .havingRaw('SUM(betrag_cent) > 0')
    .select('adresse_id'))
    mitGuthaben.add(Number(r.adresse_id));
  for (const r of await db('rechnungen').where('betrag_cent', '<', 0).distinct('adresse_id'))
    mitGuthaben.add(Number(r.adresse_id));
  if (!mitGuthaben.size) return out;
  const rechnungen = [];
  for (let i = 0; i < ids.length; i += 500)
    rechnungen.push(
      ...(await db('rechnungen')
        .whereIn('id', ids.slice(i, i + 500))
        .orderBy('id')
        .forUpdate()
        .select('id', 'adresse_id', 'betrag_cent', 'nummer')),
    );
  const betroffen = rechnungen.filter((r) => Number(r.betrag_cent) > 0 && mitGuthaben.has(Number(r.adresse_id)));
  if (!betroffen.length) return out;
  const bezahlt = await bezahltJeRechnung(
    db,
    betroffen.map((r) => Number(r.id)),
  );
  const now = nowDb();
  const rows: Omit<ZuordnungRow, 'id'>[] = [];
  const history: Parameters<typeof recordHistoryMany>[2] = [];
  const postenJeAdresse = new Map<number, Posten[]>();
  for (const r of betroffen) {
    const adresseId = Number(r.adresse_id);
    let posten = postenJeAdresse.get(adresseId);
    if (!posten) {
      posten = await postenVon(db, adresseId, true);
      postenJeAdresse.set(adresseId, posten);
    }
    let offen = Number(r.betrag_cent) - (bezahlt.get(Number(r.id)) ?? 0);
    for (const p of posten) {
      if (offen <= 0) break;
      const x = Math.min(offen, p.betragCent);
      if (x <= 0) continue;
      const verrechnung_id = randomUUID();
      const basis = {
        adresse_id: adresseId,
        quelle: 'verrechnung' as const,
        verrechnung_id,
        benutzer: actor.name,
        created_at: now,
      };
      rows.push(
        p.kassabuchId != null
          ? { ...basis, kassabuch_id: p.kassabuchId, rechnung_id: null, art: 'guthaben', betrag_cent: -x }
          : { ...basis, kassabuch_id: null, rechnung_id: p.rechnungId, art: 'zahlung', betrag_cent: -x },
        { ...basis, kassabuch_id: p.kassabuchId, rechnung_id: Number(r.id), art: 'zahlung', betrag_cent: x },
      );
      history.push({
        entityType: RECHNUNG_HISTORY_TYPE,
        entityId: Number(r.id),
        action: 'verrechnung',
        after: { betragCent: x, guthaben: p.text },
      });
      if (p.rechnungId != null)
        history.push({
          entityType: RECHNUNG_HISTORY_TYPE,
          entityId: p.rechnungId,
          action: 'verrechnung',
          after: { betragCent: -x, mit: r.nummer },
        });
      p.betragCent -= x;
      offen -= x;
      out.set(Number(r.id), (out.get(Number(r.id)) ?? 0) + x);
    }
  }
  for (let i = 0; i < rows.length; i += 200) await db('zuordnungen').insert(rows.slice(i, i + 200));
  if (history.length) await recordHistoryMany(db, actor, history);
  return out;
}

/**
 * What of each receivable was paid by offsetting a credit (for its letter: „abzüglich Guthaben“): the
 * offsets' rows and their reversal's mirrors (same verrechnung_id), so a reversed credit no longer counts.
 */
export async function gutgeschriebenJeRechnung(db: Db, rechnungIds: readonly number[]): Promise<Map<number, number>> {
  const out = new Map<number, number>();
  for (let i = 0; i < rechnungIds.length; i += 500) {
    const rows = (await db('zuordnungen')
      .whereIn('rechnung_id', rechnungIds.slice(i, i + 500))
      .andWhere({ art: 'zahlung' })
      .whereNotNull('verrechnung_id')
      .groupBy('rechnung_id')
      .select('rechnung_id', db.raw('SUM(betrag_cent) AS summe'))) as { rechnung_id: number; summe: number | string }[];
    for (const r of rows) out.set(Number(r.rechnung_id), Number(r.summe));
  }
  return out;
}
