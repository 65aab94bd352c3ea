import type { Actor } from '../../../platform/auth/principal';
import type { Db } from '../../../platform/db/db';
import { bucheVonKlaerungUm } from '../../kassa/services';

// Which booking account an allocated entry moves to — one rule for the bank matcher and for Zuordnen.
// Decided by the account NUMBER, not its id: booking accounts are per Kassa period, so a receivable of
// last year (positions on last year's 4100) paid this year lands on this year's 4100. Kassa's
// `bucheVonKlaerungUm(Viele)` looks the number up in the entry's own period and falls back to 9998.

/**
 * Per entry (id → the receivables it paid; null when part of it went to a credit): the one booking
 * account number every position of those receivables is on, else null (several numbers, a position
 * without an account, a credit, nothing paid) — the entry then goes to 9998.
 */
export async function zielKontoNummern(
  db: Db,
  eintraege: ReadonlyMap<number, readonly number[] | null>,
): Promise<Map<number, string | null>> {
  const ids = [...new Set([...eintraege.values()].flatMap((r) => r ?? []))];
  const nummernJe = new Map<number, Set<string | null>>();
  for (let i = 0; i < ids.length; i += 500)
    for (const p of await db('rechnung_positionen as p')
      .leftJoin('buchungskonten as b', 'b.id', 'p.buchungskonto_id')
      .whereIn('p.rechnung_id', ids.slice(i, i + 500))
      .distinct('p.rechnung_id', 'b.nummer')) {
      const set = nummernJe.get(Number(p.rechnung_id)) ?? new Set<string | null>();
      set.add(p.nummer == null ? null : String(p.nummer));
      nummernJe.set(Number(p.rechnung_id), set);
    }
  const out = new Map<number, string | null>();
  for (const [kassabuchId, rechnungIds] of eintraege) {
    const nummern = new Set((rechnungIds ?? []).flatMap((id) => [...(nummernJe.get(id) ?? [null])]));
    const [eine] = nummern;
    out.set(kassabuchId, nummern.size === 1 && eine != null ? eine : null);
  }
  return out;
}

/** A fully allocated entry leaves the clearing account (Zuordnen, UpdateKassabuch): see `zielKontoNummern`. */
export async function nachZuordnung(db: Db, actor: Actor, kassabuchId: number): Promise<void> {
  const e = await db('kassabuch').where({ id: kassabuchId }).first('betrag_cent');
  if (!e) return;
  const rows = await db('zuordnungen').where({ kassabuch_id: kassabuchId }).select('rechnung_id', 'art', 'betrag_cent');
  const summe = rows.reduce((s, r) => s + Number(r.betrag_cent), 0);
  if (summe !== Number(e.betrag_cent)) return;
  const rechnungIds = rows.every((r) => r.art === 'zahlung')
    ? [...new Set(rows.filter((r) => r.rechnung_id != null).map((r) => Number(r.rechnung_id)))]
    : null;
  const nummer = (await zielKontoNummern(db, new Map([[kassabuchId, rechnungIds]]))).get(kassabuchId) ?? null;
  await bucheVonKlaerungUm(db, actor, kassabuchId, nummer);
}
