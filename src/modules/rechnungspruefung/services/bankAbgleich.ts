import type { Actor } from '../../../platform/auth/principal';
import { type Db, nowDb } from '../../../platform/db/db';
import { insertInChunks } from '../../../platform/db/insertInChunks';
import { recordHistoryMany } from '../../../platform/history/history';
import { type BankImportAbgleich, bucheVonKlaerungUmViele } from '../../kassa/services';
import type { Rechnung } from '../schema/rechnung';
import type { ZuordnungRow } from '../tables';
import { ladeKandidaten, vorschlaegeFuer } from './vorschlaege';
import { RECHNUNG_HISTORY_TYPE, summeRechnungen } from './zuordnungen';
import { zielKontoNummern } from './zuordnungenKonto';

// The bank matcher Kassa's import runs in its transaction (registered into BANK_IMPORT_ABGLEICHE by
// the module's index.ts). A new credit with a sure match (RF reference, receivable number in the text,
// known IBAN with the exact open amount) pays that receivable up to its open amount, then the other
// open receivables of the same address oldest first; what remains becomes the address's credit
// (Guthaben). The entries then leave the clearing account. Anything else stays there and shows on
// ZuKlaeren with suggestions.
//
// Batched for statements of thousands of credits: the open receivables are read once (maps by
// reference, number, IBAN: a sure hit is found in O(1)); the receivables that may be paid are locked
// once in id order and their paid sums read by one locking read — the same invariants as `ordneZu`
// (a manual allocation at the same moment waits for the import, or the import for it). The new
// entries are the import's own (nothing allocated yet). Rows, history and the moves are written in bulk.

export const bankAbgleich: BankImportAbgleich = async (db: Db, actor: Actor, neueEintraege) => {
  const gutschriften = neueEintraege.filter((e) => Number(e.betrag_cent) > 0 && e.storno_von_id == null);
  if (!gutschriften.length) return;
  const k = await ladeKandidaten(db);
  if (!k.offen.length) return;

  const treffer: { kassabuchId: number; betragCent: number; ziel: Rechnung }[] = [];
  for (const e of gutschriften) {
    const betragCent = Number(e.betrag_cent);
    const [best] = vorschlaegeFuer(
      {
        id: Number(e.id),
        restCent: betragCent,
        text: e.text,
        bankName: e.bank_name,
        bankIban: e.bank_iban,
        bankReferenz: e.bank_referenz,
        bankVerwendungszweck: e.bank_verwendungszweck,
      },
      k,
      1,
      true,
    );
    if (best?.sicher) treffer.push({ kassabuchId: Number(e.id), betragCent, ziel: best.rechnung });
  }
  if (!treffer.length) return;

  // The receivables that may be paid: the addresses' open ones (by number = oldest first), locked in id order.
  const adressen = new Set(treffer.map((t) => t.ziel.adresseId));
  const jeAdresse = new Map<number, Rechnung[]>();
  for (const r of k.offen) {
    if (!adressen.has(r.adresseId)) continue;
    jeAdresse.set(r.adresseId, [...(jeAdresse.get(r.adresseId) ?? []), r]);
  }
  const ids = [...new Set([...jeAdresse.values()].flat().map((r) => r.id))].sort((a, b) => a - b);
  const offen = new Map<number, number>();
  for (let i = 0; i < ids.length; i += 500) {
    const teil = ids.slice(i, i + 500);
    // The amount as locked (the candidates' list was read before: a reminder's fee may have raised it since).
    const betrag = new Map<number, number>();
    for (const r of await db('rechnungen').whereIn('id', teil).orderBy('id').forUpdate().select('id', 'betrag_cent'))
      betrag.set(Number(r.id), Number(r.betrag_cent));
    const bezahlt = await summeRechnungen(db, teil);
    for (const [id, b] of betrag) offen.set(id, b - (bezahlt.get(id) ?? 0));
  }

  const now = nowDb();
  const rows: Omit<ZuordnungRow, 'id'>[] = [];
  const history: Parameters<typeof recordHistoryMany>[2] = [];
  // Per entry the receivables it paid (null: part of it became a credit) → its booking account by number.
  const bezahltJeEintrag = new Map<number, number[] | null>();
  for (const t of treffer) {
    const reihe = [t.ziel, ...(jeAdresse.get(t.ziel.adresseId) ?? []).filter((r) => r.id !== t.ziel.id)];
    let rest = t.betragCent;
    const bezahlte: number[] = [];
    for (const r of reihe) {
      const x = Math.min(rest, offen.get(r.id) ?? 0);
      if (x <= 0) continue;
      rows.push({
        kassabuch_id: t.kassabuchId,
        rechnung_id: r.id,
        adresse_id: r.adresseId,
        art: 'zahlung',
        quelle: 'bank',
        betrag_cent: x,
        verrechnung_id: null,
        benutzer: actor.name,
        created_at: now,
      });
      history.push({
        entityType: RECHNUNG_HISTORY_TYPE,
        entityId: r.id,
        action: 'zahlung',
        after: { kassabuchId: t.kassabuchId, betragCent: x, quelle: 'bank' },
      });
      offen.set(r.id, (offen.get(r.id) ?? 0) - x);
      rest -= x;
      bezahlte.push(r.id);
    }
    if (rest > 0)
      rows.push({
        kassabuch_id: t.kassabuchId,
        rechnung_id: null,
        adresse_id: t.ziel.adresseId,
        art: 'guthaben',
        quelle: 'bank',
        betrag_cent: rest,
        verrechnung_id: null,
        benutzer: actor.name,
        created_at: now,
      });
    bezahltJeEintrag.set(t.kassabuchId, rest === 0 ? bezahlte : null);
  }
  await insertInChunks(db, 'zuordnungen', rows);
  if (history.length) await recordHistoryMany(db, actor, history);
  const nummern = await zielKontoNummern(db, bezahltJeEintrag);
  await bucheVonKlaerungUmViele(
    db,
    actor,
    [...nummern].map(([kassabuchId, buchungskontoNummer]) => ({ kassabuchId, buchungskontoNummer })),
  );
};
