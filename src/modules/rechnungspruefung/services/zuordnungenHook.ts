import type { Actor } from '../../../platform/auth/principal';
import { type Db, nowDb } from '../../../platform/db/db';
import { AppError, conflict, validationFailed } from '../../../platform/errors';
import { recordHistoryMany } from '../../../platform/history/history';
import { formatEuro } from '../../../platform/money';
import type { KassabuchZuordnungenHook } from '../../kassa/services';
import { ordneZu, RECHNUNG_HISTORY_TYPE, summeRechnungen } from './zuordnungen';
import { zuordnungenVon } from './zuordnungenEintrag';

// Kassa's side of the allocations: what its entry dialog, StornoKassabuch and DeleteKassabuchFiltered
// call (registered by the module's index.ts, so Kassa never imports this module).

/**
 * Kassa's UpdateKassabuch `zuordnungen`: the entry's 'zahlung' rows replaced. The entry dialog sends every
 * 'zahlung' row it shows, offsets of the entry's credit too (Kassa's answer has no `quelle`): those stay
 * as they are, so per receivable only what goes beyond them is allocated anew; less than them is 422.
 */
export async function ersetzeZuordnungen(
  db: Db,
  actor: Actor,
  kassabuchId: number,
  zuordnungen: readonly { rechnungId: number; betragCent: number }[],
): Promise<void> {
  await db('kassabuch').where({ id: kassabuchId }).forUpdate().first('id');
  const fest = new Map<number, { nummer: string; betragCent: number }>();
  for (const r of await db('zuordnungen as z')
    .join('rechnungen as r', 'r.id', 'z.rechnung_id')
    .where({ 'z.kassabuch_id': kassabuchId, 'z.art': 'zahlung' })
    .whereIn('z.quelle', ['storno', 'verrechnung'])
    .select('z.rechnung_id', 'r.nummer', 'z.betrag_cent'))
    fest.set(Number(r.rechnung_id), {
      nummer: String(r.nummer),
      betragCent: (fest.get(Number(r.rechnung_id))?.betragCent ?? 0) + Number(r.betrag_cent),
    });
  const gewuenscht = new Map<number, number>();
  for (const z of zuordnungen) gewuenscht.set(z.rechnungId, (gewuenscht.get(z.rechnungId) ?? 0) + z.betragCent);
  const fehler: string[] = [];
  for (const [id, f] of fest) {
    const g = gewuenscht.get(id) ?? 0;
    if (f.betragCent !== 0 && (g - f.betragCent) * Math.sign(f.betragCent) < 0)
      fehler.push(
        `Rechnung ${f.nummer} ist mit ${formatEuro(Math.abs(f.betragCent), { nbsp: false })} aus dem Guthaben verrechnet; das bleibt hier mindestens zugeordnet (die Verrechnung lässt sich bei der Rechnung löschen).`,
      );
  }
  if (fehler.length) throw validationFailed({ zuordnungen: fehler }, 'Die Zuordnung ist nicht möglich.');
  const neu = [...gewuenscht]
    .map(([rechnungId, g]) => ({ rechnungId, betragCent: g - (fest.get(rechnungId)?.betragCent ?? 0) }))
    .filter((z) => z.betragCent !== 0);
  const alt = await db('zuordnungen')
    .where({ kassabuch_id: kassabuchId, art: 'zahlung' })
    .whereNotIn('quelle', ['storno', 'verrechnung']);
  if (alt.length) {
    await db('zuordnungen')
      .whereIn(
        'id',
        alt.map((r) => r.id),
      )
      .delete();
    await recordHistoryMany(
      db,
      actor,
      alt.map((r) => ({
        entityType: RECHNUNG_HISTORY_TYPE,
        entityId: Number(r.rechnung_id),
        action: 'zahlung_entfernt',
        before: { zuordnungId: r.id, kassabuchId, betragCent: Number(r.betrag_cent), quelle: r.quelle },
      })),
    );
  }
  if (!neu.length) return;
  try {
    await ordneZu(db, actor, { kassabuchId, zuordnungen: neu, quelle: 'manuell' });
  } catch (err) {
    // Kassa's entry dialog shows these under its Zuordnungen section: one key, `zuordnungen` (its own
    // `betragCent` is the entry's amount, so `zuordnungen[0].betragCent` would land on the wrong field).
    if (err instanceof AppError && err.errors)
      throw validationFailed({ zuordnungen: Object.values(err.errors).flat() }, err.title);
    throw err;
  }
}

/** After Kassa reversed an entry: its allocations mirrored negative on the reversal (quelle 'storno'). */
export async function storniereZuordnungen(db: Db, actor: Actor, originalId: number, stornoId: number): Promise<void> {
  const rows = await db('zuordnungen').where({ kassabuch_id: originalId });
  if (!rows.length) return;
  const now = nowDb();
  await db('zuordnungen').insert(
    rows.map((r) => ({
      kassabuch_id: stornoId,
      rechnung_id: r.rechnung_id,
      adresse_id: r.adresse_id,
      art: r.art,
      quelle: 'storno' as const,
      betrag_cent: -Number(r.betrag_cent),
      // An offset's mirror keeps its pair's id: what a credit paid of a receivable nets to 0 then.
      verrechnung_id: r.verrechnung_id,
      benutzer: actor.name,
      created_at: now,
    })),
  );
  await recordHistoryMany(
    db,
    actor,
    rows
      .filter((r) => r.rechnung_id != null)
      .map((r) => ({
        entityType: RECHNUNG_HISTORY_TYPE,
        entityId: Number(r.rechnung_id),
        action: 'zahlung_storniert',
        after: { kassabuchId: stornoId, betragCent: -Number(r.betrag_cent) },
      })),
  );
}

/**
 * Kassa deletes entries (their allocations go by FK cascade): the receivables they paid record it.
 * Deleting a reversal alone brings its original's payments back: 409 when a receivable was paid again
 * meanwhile and would so be paid more than its amount.
 */
export async function zuordnungenGeloescht(db: Db, actor: Actor, kassabuchIds: readonly number[]): Promise<void> {
  const aenderung = new Map<number, number>();
  for (let i = 0; i < kassabuchIds.length; i += 500) {
    const rows = await db('zuordnungen')
      .whereIn('kassabuch_id', kassabuchIds.slice(i, i + 500))
      .whereNotNull('rechnung_id')
      .select('id', 'kassabuch_id', 'rechnung_id', 'betrag_cent', 'quelle');
    if (!rows.length) continue;
    for (const r of rows)
      aenderung.set(Number(r.rechnung_id), (aenderung.get(Number(r.rechnung_id)) ?? 0) - Number(r.betrag_cent));
    await recordHistoryMany(
      db,
      actor,
      rows.map((r) => ({
        entityType: RECHNUNG_HISTORY_TYPE,
        entityId: Number(r.rechnung_id),
        action: 'zahlung_entfernt',
        before: { zuordnungId: r.id, kassabuchId: r.kassabuch_id, betragCent: Number(r.betrag_cent), quelle: r.quelle },
      })),
    );
  }
  await pruefeNachLoeschen(db, aenderung);
}

/** The receivables whose paid sum grows by deleting entries (their reversals' rows go) stay ≤ their amount. */
async function pruefeNachLoeschen(db: Db, aenderung: Map<number, number>): Promise<void> {
  const ids = [...aenderung]
    .filter(([, d]) => d !== 0)
    .map(([id]) => id)
    .sort((a, b) => a - b);
  for (let i = 0; i < ids.length; i += 500) {
    const teil = ids.slice(i, i + 500);
    const rechnungen = await db('rechnungen')
      .whereIn('id', teil)
      .orderBy('id')
      .forUpdate()
      .select('id', 'nummer', 'betrag_cent');
    const bezahlt = await summeRechnungen(db, teil);
    for (const r of rechnungen) {
      const betrag = Number(r.betrag_cent);
      const nachher = (bezahlt.get(Number(r.id)) ?? 0) + (aenderung.get(Number(r.id)) ?? 0);
      if (Math.abs(nachher) > Math.abs(betrag))
        throw conflict(
          `Rechnung ${r.nummer} wäre danach mit ${formatEuro(Math.abs(nachher), { nbsp: false })} mehr als ihr Betrag (${formatEuro(Math.abs(betrag), { nbsp: false })}) bezahlt: Sie wurde nach dem Storno anders bezahlt. Bitte zuerst diese Zuordnung lösen.`,
          undefined,
          'rechnung_ueberzahlt',
        );
    }
  }
}

/** What Kassa calls to show, edit and reverse an entry's allocations (registered by index.ts). */
export const kassabuchZuordnungenHook: KassabuchZuordnungenHook = {
  lese: (db, ids) => zuordnungenVon(db, ids),
  ersetze: ersetzeZuordnungen,
  storniert: storniereZuordnungen,
  vorLoeschen: zuordnungenGeloescht,
};
