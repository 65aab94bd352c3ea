import type { Actor } from '../../../platform/auth/principal';
import { type Db, nowDb } from '../../../platform/db/db';
import { conflict, notFound, validationFailed } from '../../../platform/errors';
import { recordHistoryMany } from '../../../platform/history/history';
import { formatEuro } from '../../../platform/money';
import type { ZuordnungRow } from '../tables';
import { nachZuordnung } from './zuordnungenKonto';

// Allocations (Zuordnungen): part of a cash-book entry pays a receivable (art 'zahlung') or is parked
// as the address's credit (art 'guthaben'). The invariants hold under concurrency because every writer
// locks the entry, then the receivables in id order, and reads the sums with locking reads (MariaDB's
// repeatable read would otherwise answer a snapshot from before the lock was granted):
// Σ of an entry ≤ its amount (same sign), Σ of a receivable ≤ its amount (|…| for credit notes).

export const RECHNUNG_HISTORY_TYPE = 'Rechnung';
export const EINTRAG_FEHLT = 'Diesen Kassabuch-Eintrag gibt es nicht (mehr).';

export type ZuordnungQuelle = ZuordnungRow['quelle'];

export type ZuordnenAuftrag = {
  kassabuchId: number;
  zuordnungen: readonly { rechnungId: number; betragCent: number }[];
  /** The entry's rest after these allocations becomes this address's credit. */
  restAlsGuthaben?: { adresseId: number } | null;
  quelle: 'bank' | 'manuell' | 'barzahlung';
  /**
   * The bank matcher: each amount is cut to what the receivable and the entry still have open (in
   * the given order; nothing left: skipped) instead of refused — a payment allocated by hand at the
   * same moment must not roll the whole import back.
   */
  kappen?: boolean;
};

const euro = (cent: number) => formatEuro(cent, { nbsp: false });

type Gesperrt = {
  eintrag: { id: number; belegnummer: number; betragCent: number; kassaabrechnungId: number };
  rechnungen: Map<number, { id: number; nummer: string; betragCent: number; adresseId: number }>;
};

/** Locks the entry and then the receivables (id order); 404 for an unknown entry, 409 for a reversed one. */
async function sperre(db: Db, kassabuchId: number, rechnungIds: readonly number[]): Promise<Gesperrt> {
  // No period lock here: UpdateKassabuch holds the entry before this runs, so entry → receivables is
  // the one order; the period is locked later only when its 9998 account must be created (once).
  const e = await db('kassabuch').where({ id: kassabuchId }).forUpdate().first();
  if (!e) throw notFound(EINTRAG_FEHLT);
  if (e.storno_von_id != null)
    throw conflict(
      `Beleg ${e.belegnummer} ist eine Stornobuchung und bezahlt keine Rechnung.`,
      undefined,
      'kassabuch_storno',
    );
  const storno = await db('kassabuch').where({ storno_von_id: kassabuchId }).first('belegnummer');
  if (storno)
    throw conflict(
      `Beleg ${e.belegnummer} ist storniert (Beleg ${storno.belegnummer}) und bezahlt keine Rechnung mehr.`,
      undefined,
      'kassabuch_storniert',
    );
  const ids = [...new Set(rechnungIds)].sort((a, b) => a - b);
  const rows = ids.length
    ? await db('rechnungen')
        .whereIn('id', ids)
        .orderBy('id')
        .forUpdate()
        .select('id', 'nummer', 'betrag_cent', 'adresse_id')
    : [];
  return {
    eintrag: {
      id: Number(e.id),
      belegnummer: Number(e.belegnummer),
      betragCent: Number(e.betrag_cent),
      kassaabrechnungId: Number(e.kassaabrechnung_id),
    },
    rechnungen: new Map(
      rows.map((r) => [
        Number(r.id),
        { id: Number(r.id), nummer: r.nummer, betragCent: Number(r.betrag_cent), adresseId: Number(r.adresse_id) },
      ]),
    ),
  };
}

/** Σ of the entry's allocations (locking read). */
async function summeEintrag(db: Db, kassabuchId: number): Promise<number> {
  const rows = await db('zuordnungen').where({ kassabuch_id: kassabuchId }).forUpdate().select('betrag_cent');
  return rows.reduce((s, r) => s + Number(r.betrag_cent), 0);
}

/** Σ of the receivables' payments (locking read), by id. */
export async function summeRechnungen(db: Db, ids: readonly number[]): Promise<Map<number, number>> {
  const out = new Map<number, number>(ids.map((id) => [id, 0]));
  if (!ids.length) return out;
  const rows = await db('zuordnungen')
    .whereIn('rechnung_id', ids)
    .andWhere('art', 'zahlung')
    .forUpdate()
    .select('rechnung_id', 'betrag_cent');
  for (const r of rows) out.set(Number(r.rechnung_id), (out.get(Number(r.rechnung_id)) ?? 0) + Number(r.betrag_cent));
  return out;
}

/**
 * Allocates (parts of) an entry to receivables and optionally its rest as a credit. 422 with German
 * errors per field when an invariant would break; nothing is written then. Moves a fully allocated
 * entry off the clearing account. Call inside the writing transaction.
 */
export async function ordneZu(db: Db, actor: Actor, a: ZuordnenAuftrag): Promise<void> {
  const { eintrag, rechnungen } = await sperre(
    db,
    a.kassabuchId,
    a.zuordnungen.map((z) => z.rechnungId),
  );
  const errors: Record<string, string[]> = {};
  const add = (field: string, message: string) => {
    errors[field] = [...(errors[field] ?? []), message];
  };
  const bezahlt = await summeRechnungen(db, [...rechnungen.keys()]);
  const bisher = await summeEintrag(db, eintrag.id);
  const vorzeichen = Math.sign(eintrag.betragCent);
  let summe = bisher;
  const angenommen: { rechnungId: number; betragCent: number }[] = [];
  for (const [i, gewuenscht] of a.zuordnungen.entries()) {
    const r = rechnungen.get(gewuenscht.rechnungId);
    const f = `zuordnungen[${i}]`;
    if (!r) {
      add(`${f}.rechnungId`, 'Diese Rechnung gibt es nicht (mehr).');
      continue;
    }
    let z = gewuenscht;
    if (a.kappen) {
      if (vorzeichen <= 0 || r.betragCent <= 0) continue;
      const betragCent = Math.min(z.betragCent, r.betragCent - (bezahlt.get(r.id) ?? 0), eintrag.betragCent - summe);
      if (betragCent <= 0) continue;
      z = { rechnungId: r.id, betragCent };
    }
    if (!Number.isSafeInteger(z.betragCent) || z.betragCent === 0) {
      add(`${f}.betragCent`, 'Bitte einen Betrag ungleich 0 eingeben.');
      continue;
    }
    if (Math.sign(z.betragCent) !== vorzeichen) {
      add(
        `${f}.betragCent`,
        vorzeichen > 0
          ? 'Eine Einnahme wird mit positiven Beträgen zugeordnet.'
          : 'Eine Ausgabe wird mit negativen Beträgen zugeordnet.',
      );
      continue;
    }
    if (r.betragCent === 0) {
      // Positions that cancel out (e.g. a charge and its credit): neither a receivable nor a credit note.
      add(`${f}.rechnungId`, `Rechnung ${r.nummer} beträgt € 0,00; es gibt nichts zu bezahlen oder auszuzahlen.`);
      continue;
    }
    if (Math.sign(r.betragCent) !== vorzeichen) {
      add(
        `${f}.rechnungId`,
        vorzeichen > 0
          ? `${r.nummer} ist eine Gutschrift; eine Einnahme bezahlt nur Rechnungen.`
          : `${r.nummer} ist keine Gutschrift; eine Ausgabe zahlt nur Gutschriften aus.`,
      );
      continue;
    }
    const neu = (bezahlt.get(r.id) ?? 0) + z.betragCent;
    if (Math.abs(neu) > Math.abs(r.betragCent)) {
      const offen = Math.abs(r.betragCent - (bezahlt.get(r.id) ?? 0));
      add(
        `${f}.betragCent`,
        offen === 0
          ? `Rechnung ${r.nummer} ist bereits bezahlt.`
          : `Rechnung ${r.nummer} ist nur mehr mit ${euro(offen)} offen.`,
      );
      continue;
    }
    bezahlt.set(r.id, neu);
    summe += z.betragCent;
    angenommen.push(z);
  }
  const frei = eintrag.betragCent - bisher;
  if (Math.abs(summe) > Math.abs(eintrag.betragCent))
    add(
      'zuordnungen',
      `Die Zuordnungen (${euro(Math.abs(summe - bisher))}) übersteigen, was von Beleg ${eintrag.belegnummer} noch frei ist (${euro(Math.abs(frei))}).`,
    );
  const rest = eintrag.betragCent - summe;
  if (a.restAlsGuthaben) {
    if (eintrag.betragCent < 0) add('restAlsGuthaben', 'Nur eine Einnahme kann ein Guthaben ergeben.');
    else if (rest <= 0 && !a.kappen)
      add('restAlsGuthaben', `Von Beleg ${eintrag.belegnummer} bleibt nichts als Guthaben übrig.`);
    else if (!(await db('adressen').where({ id: a.restAlsGuthaben.adresseId }).first('id')))
      add('restAlsGuthaben.adresseId', 'Diese Adresse gibt es nicht (mehr).');
  }
  if (!a.zuordnungen.length && !a.restAlsGuthaben && !a.kappen)
    add('zuordnungen', 'Bitte mindestens eine Rechnung zuordnen.');
  if (Object.keys(errors).length) throw validationFailed(errors, 'Die Zuordnung ist nicht möglich.');

  const now = nowDb();
  const rows: Omit<ZuordnungRow, 'id'>[] = angenommen.map((z) => ({
    kassabuch_id: eintrag.id,
    rechnung_id: z.rechnungId,
    adresse_id: rechnungen.get(z.rechnungId)?.adresseId ?? null,
    art: 'zahlung',
    quelle: a.quelle,
    betrag_cent: z.betragCent,
    verrechnung_id: null,
    benutzer: actor.name,
    created_at: now,
  }));
  if (a.restAlsGuthaben && rest > 0)
    rows.push({
      kassabuch_id: eintrag.id,
      rechnung_id: null,
      adresse_id: a.restAlsGuthaben.adresseId,
      art: 'guthaben',
      quelle: a.quelle,
      betrag_cent: rest,
      verrechnung_id: null,
      benutzer: actor.name,
      created_at: now,
    });
  if (!rows.length) return;
  await db('zuordnungen').insert(rows);
  await recordHistoryMany(
    db,
    actor,
    angenommen.map((z) => ({
      entityType: RECHNUNG_HISTORY_TYPE,
      entityId: z.rechnungId,
      action: 'zahlung',
      after: { kassabuchId: eintrag.id, belegnummer: eintrag.belegnummer, betragCent: z.betragCent, quelle: a.quelle },
    })),
  );
  await nachZuordnung(db, actor, eintrag.id);
}

/**
 * DELETE Zuordnung: removes an allocation (an offset: both rows of its pair). The rows of a reversed
 * entry stay, as do its reversal's: alone, the mirrored negative row would leave the receivable paid
 * below 0 (open more than its amount) or the address's credit negative.
 */
export async function loescheZuordnung(db: Db, actor: Actor, id: number): Promise<void> {
  const gelesen = await db('zuordnungen').where({ id }).first('kassabuch_id');
  if (gelesen?.kassabuch_id != null) await db('kassabuch').where({ id: gelesen.kassabuch_id }).forUpdate().first('id');
  // Re-read under the entry's lock (a locking read: MariaDB's snapshot may predate a concurrent delete).
  const z = gelesen ? await db('zuordnungen').where({ id }).forUpdate().first() : undefined;
  if (!z) throw notFound('Diese Zuordnung gibt es nicht (mehr).');
  if (z.quelle === 'storno')
    throw conflict(
      'Die Zuordnung einer Stornobuchung bleibt, solange die Stornobuchung besteht.',
      undefined,
      'zuordnung_storno',
    );
  const storno =
    z.kassabuch_id == null
      ? undefined
      : await db('kassabuch as s')
          .join('kassabuch as o', 'o.id', 's.storno_von_id')
          .where('s.storno_von_id', z.kassabuch_id)
          .first('s.belegnummer as storno', 'o.belegnummer as original');
  if (storno)
    throw conflict(
      `Beleg ${storno.original} ist storniert (Beleg ${storno.storno}); seine Zuordnungen bleiben, solange die Stornobuchung besteht.`,
      undefined,
      'zuordnung_storno',
    );
  if (z.art === 'guthaben' && !z.verrechnung_id && z.kassabuch_id != null) {
    // A credit already offset in part: without it the offset's negative row would be all that is left,
    // and the entry's rest could be allocated again on top of what the offset paid.
    const uebrig = (
      await db('zuordnungen').where({ kassabuch_id: z.kassabuch_id, art: 'guthaben' }).forUpdate().select('betrag_cent')
    ).reduce((s, r) => s + Number(r.betrag_cent), -Number(z.betrag_cent));
    if (uebrig < 0)
      throw conflict(
        'Dieses Guthaben ist schon mit einer Rechnung verrechnet. Bitte zuerst die Verrechnung bei der Rechnung löschen.',
        undefined,
        'guthaben_verrechnet',
      );
  }
  const rows = z.verrechnung_id ? await db('zuordnungen').where({ verrechnung_id: z.verrechnung_id }) : [z];
  await db('zuordnungen')
    .whereIn(
      'id',
      rows.map((r) => r.id),
    )
    .delete();
  await recordHistoryMany(
    db,
    actor,
    rows
      .filter((r) => r.rechnung_id != null)
      .map((r) => ({
        entityType: RECHNUNG_HISTORY_TYPE,
        entityId: Number(r.rechnung_id),
        action: 'zahlung_entfernt',
        before: { zuordnungId: r.id, kassabuchId: r.kassabuch_id, betragCent: Number(r.betrag_cent), quelle: r.quelle },
      })),
  );
}
