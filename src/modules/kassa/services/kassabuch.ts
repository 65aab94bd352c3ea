import { z } from 'zod';
import type { Actor } from '../../../platform/auth/principal';
import { type Db, nowDb } from '../../../platform/db/db';
import { claimVersion } from '../../../platform/db/optimisticLock';
import { conflict, notFound, validationFailed } from '../../../platform/errors';
import { recordHistory, recordHistoryMany } from '../../../platform/history/history';
import type { AppServices } from '../../../platform/services';
import { adressenLookup, parzellenLookup } from '../../stammdaten/services';
import type { DeleteKassabuchFilteredAntwort, Eintrag, KassabuchFilter, KassabuchInput } from '../schema/kassabuch';
import type { KassabuchRow } from '../tables';
import { bucheEintraege, KASSABUCH_HISTORY_TYPE } from './buchen';
import { textFilter, wendeFilterAn } from './kassabuchFilter';
import { belegeVon, ladeEintrag } from './kassabuchLesen';
import { setzeZuordnungen, vorLoeschen } from './kassabuchZuordnungen';
import { assertOffen, istGeschlossen, istWahr, ladePeriode, periodeFuerDatum } from './periode';
import { type Steuersatz, steuerAnteil } from './steuer';

// UpdateKassabuch (a new entry through `bucheEintraege`, or a change of an unchecked one) and
// DeleteKassabuchFiltered. A checked entry is frozen (BAO § 131): 409 `kassabuch_geprueft`; a
// correction is a reversal (storno.ts).

const loeschRow = z.object({
  id: z.coerce.number(),
  kassaabrechnung_id: z.coerce.number(),
  belegnummer: z.coerce.number(),
  datum: z.union([z.string(), z.date()]),
  betrag_cent: z.coerce.number(),
  text: z.string(),
  kommentar: z.string().nullable(),
  geprueft: z.unknown(),
  storno_id: z.union([z.number(), z.string()]).nullable(),
});

export const EINTRAG_NICHT_GEFUNDEN = 'Diesen Kassabuch-Eintrag gibt es nicht (mehr).';

/** 409 for a checked entry. */
export function assertUngeprueft(row: Pick<KassabuchRow, 'geprueft' | 'belegnummer'>): void {
  if (istWahr(row.geprueft)) {
    throw conflict(
      `Beleg ${row.belegnummer} ist geprüft und kann nicht mehr geändert oder gelöscht werden.`,
      'Eine Korrektur ist eine Stornobuchung (Storno), die auf den Beleg verweist.',
      'kassabuch_geprueft',
    );
  }
}

/** 422 when a plot or address the entry names does not exist. */
async function pruefeVerweise(db: Db, input: Pick<KassabuchInput, 'parzelleId' | 'adresseId'>): Promise<void> {
  const errors: Record<string, string[]> = {};
  if (input.parzelleId != null && !(await parzellenLookup(db)).some((p) => p.id === input.parzelleId))
    errors.parzelleId = ['Diese Parzelle gibt es nicht (mehr).'];
  if (input.adresseId != null && !(await adressenLookup(db)).some((a) => a.id === input.adresseId))
    errors.adresseId = ['Diese Adresse gibt es nicht (mehr).'];
  if (Object.keys(errors).length) throw validationFailed(errors, 'Die Buchung ist nicht gültig.');
}

/** POST Kassa/UpdateKassabuch. */
export async function speichereEintrag(db: Db, actor: Actor, input: KassabuchInput): Promise<Eintrag> {
  await pruefeVerweise(db, input);
  if (!input.id) {
    const [row] = await bucheEintraege(db, actor, [
      {
        datum: input.datum,
        betragCent: input.betragCent,
        kontoId: input.kontoId,
        buchungskontoId: input.buchungskontoId,
        kostenstelleId: input.kostenstelleId,
        steuersatz: input.steuersatz as Steuersatz | null,
        text: input.text,
        kommentar: input.kommentar,
        rechnungsdatum: input.rechnungsdatum,
        parzelleId: input.parzelleId,
        adresseId: input.adresseId,
      },
    ]);
    if (input.zuordnungen?.length)
      await setzeZuordnungen(db, actor, Number(row?.id), input.zuordnungen, input.betragCent);
    return (await ladeEintrag(db, Number(row?.id))) as Eintrag;
  }
  const geaendert = await aendereEintrag(db, actor, input);
  // Allocations to receivables (issue 15): replaced when sent; they must still fit a changed amount.
  if (input.zuordnungen === undefined && geaendert.zugeordnetCent === 0) return geaendert;
  await setzeZuordnungen(db, actor, input.id, input.zuordnungen, input.betragCent);
  return (await ladeEintrag(db, input.id)) as Eintrag;
}

/**
 * A reversal must stay the exact negation of its original: neither may change (409). While both are
 * unchecked, the Kassier deletes the reversal (DeleteKassabuchFiltered) and then corrects the original.
 */
async function assertKeinStornoPaar(db: Db, row: Pick<KassabuchRow, 'id' | 'belegnummer' | 'storno_von_id'>) {
  if (row.storno_von_id != null) {
    throw conflict(
      `Beleg ${row.belegnummer} ist eine Stornobuchung und kann nicht geändert werden.`,
      'Solange sie nicht geprüft ist, kann sie gelöscht werden.',
      'kassabuch_storno',
    );
  }
  const storno = await db('kassabuch').where({ storno_von_id: row.id }).first('belegnummer');
  if (storno) {
    throw conflict(
      `Beleg ${row.belegnummer} ist storniert (Beleg ${storno.belegnummer}) und kann nicht mehr geändert werden.`,
      'Solange die Stornobuchung nicht geprüft ist, kann sie gelöscht und der Beleg danach geändert werden.',
      'kassabuch_storniert',
    );
  }
}

async function aendereEintrag(db: Db, actor: Actor, input: KassabuchInput): Promise<Eintrag> {
  // The version first (it locks the row on MariaDB), then the state it guards.
  await claimVersion(db, {
    table: 'kassabuch',
    id: input.id,
    expected: input.version,
    entityType: KASSABUCH_HISTORY_TYPE,
    label: 'Der Kassabuch-Eintrag',
    notFound: EINTRAG_NICHT_GEFUNDEN,
  });
  const before = await db('kassabuch').where({ id: input.id }).first();
  if (!before) throw notFound(EINTRAG_NICHT_GEFUNDEN);
  assertUngeprueft(before);
  await assertKeinStornoPaar(db, before);
  const periode = await ladePeriode(db, Number(before.kassaabrechnung_id));
  assertOffen(periode);
  const neue = await periodeFuerDatum(db, input.datum);
  if (Number(neue.id) !== Number(periode.id)) {
    throw validationFailed(
      {
        datum: [
          `Das Datum liegt in der Kassaabrechnung „${neue.bezeichnung}“, der Beleg gehört zu „${periode.bezeichnung}“. Bitte buchen Sie ihn dort neu und löschen Sie diesen.`,
        ],
      },
      'Die Buchung ist nicht gültig.',
    );
  }

  const errors: Record<string, string[]> = {};
  const konto = await db('konten').where({ id: input.kontoId }).first('id');
  if (!konto) errors.kontoId = ['Dieses Konto gibt es nicht (mehr).'];
  // An imported bank entry is a line of that account's statement: on another account the statement
  // would no longer add up, and its duplicate key (unique per account) could collide there.
  else if (before.bank_schluessel != null && Number(input.kontoId) !== Number(before.konto_id))
    errors.kontoId = ['Eine importierte Bankbuchung bleibt auf dem Konto ihres Kontoauszugs.'];
  const bk = await db('buchungskonten').where({ id: input.buchungskontoId }).first();
  if (!bk) errors.buchungskontoId = ['Dieses Buchungskonto gibt es nicht (mehr).'];
  else if (Number(bk.kassaabrechnung_id) !== Number(periode.id))
    errors.buchungskontoId = [`Das Buchungskonto „${bk.name}“ gehört nicht zur Kassaabrechnung des Buchungsdatums.`];
  else if (istWahr(bk.geloescht) && Number(bk.id) !== Number(before.buchungskonto_id))
    errors.buchungskontoId = [`Das Buchungskonto „${bk.name}“ ist gelöscht.`];
  if (input.kostenstelleId != null) {
    const ks = await db('kostenstellen').where({ id: input.kostenstelleId }).first();
    if (!ks) errors.kostenstelleId = ['Diese Kostenstelle gibt es nicht (mehr).'];
    else if (Number(ks.kassaabrechnung_id) !== Number(periode.id))
      errors.kostenstelleId = ['Die Kostenstelle gehört nicht zur Kassaabrechnung des Buchungsdatums.'];
  }
  if (Object.keys(errors).length || !bk) throw validationFailed(errors, 'Die Buchung ist nicht gültig.');

  const steuersatz = (input.steuersatz ?? Number(bk.steuersatz)) as Steuersatz;
  const { steuerCent, nettoCent } = steuerAnteil(input.betragCent, steuersatz);
  const values = {
    datum: input.datum,
    betrag_cent: input.betragCent,
    konto_id: input.kontoId,
    buchungskonto_id: input.buchungskontoId,
    kostenstelle_id: input.kostenstelleId ?? null,
    steuersatz,
    steuer_cent: steuerCent,
    netto_cent: nettoCent,
    text: input.text,
    kommentar: input.kommentar ?? null,
    rechnungsdatum: input.rechnungsdatum ?? null,
    parzelle_id: input.parzelleId ?? null,
    adresse_id: input.adresseId ?? null,
    updated_at: nowDb(),
  };
  await db('kassabuch').where({ id: input.id }).update(values);
  const { version: _v, created_at: _c, updated_at: _u, ...vorher } = before;
  await recordHistory(db, actor, {
    entityType: KASSABUCH_HISTORY_TYPE,
    entityId: input.id,
    action: 'update',
    before: vorher,
    after: { ...vorher, ...values, updated_at: undefined },
  });
  return (await ladeEintrag(db, input.id)) as Eintrag;
}

/**
 * DELETE Kassa/DeleteKassabuchFiltered: removes the filtered unchecked entries with their
 * receipts; checked ones, and originals whose reversal stays, are skipped and counted. 409 when one
 * to delete lies in a closed period. `dryRun` counts only.
 */
export async function loescheGefiltert(
  services: AppServices,
  db: Db,
  actor: Actor,
  f: KassabuchFilter,
  dryRun: boolean,
): Promise<DeleteKassabuchFilteredAntwort> {
  const q = db('kassabuch as k')
    .join('buchungskonten as b', 'b.id', 'k.buchungskonto_id')
    .leftJoin('kassabuch as s', 's.storno_von_id', 'k.id')
    .select(
      'k.id',
      'k.kassaabrechnung_id',
      'k.belegnummer',
      'k.datum',
      'k.betrag_cent',
      'k.text',
      'k.kommentar',
      'k.geprueft',
      's.id as storno_id',
    );
  wendeFilterAn(q, f);
  const keep = textFilter(f);
  // Periods first, then the entries (locking read), the order CloseFilteredEntries locks in: a check
  // running now cannot mark an entry that this delete then removes, and the two never deadlock.
  if (!dryRun) {
    await db('kassaabrechnungen').select('id').forUpdate();
    q.forUpdate();
  }
  const rows = z
    .array(loeschRow)
    .parse(await q)
    .filter((r) => !keep || keep(r));
  const ungeprueft = rows.filter((r) => !istWahr(r.geprueft));
  const ids = new Set(ungeprueft.map((r) => Number(r.id)));
  // An original whose reversal is not deleted with it stays (the reversal refers to it).
  const loeschbar = ungeprueft.filter((r) => r.storno_id == null || ids.has(Number(r.storno_id)));
  const antwort = { geloescht: loeschbar.length, uebersprungen: rows.length - loeschbar.length };

  const perioden = [...new Set(loeschbar.map((r) => Number(r.kassaabrechnung_id)))];
  for (const id of perioden) {
    const periode = await ladePeriode(db, id, { forUpdate: !dryRun });
    if (istGeschlossen(periode)) assertOffen(periode);
  }
  if (dryRun || !loeschbar.length) return antwort;

  const loeschIds = loeschbar.map((r) => Number(r.id));
  // One query for the receipts (a failed import of thousands has none; no query per entry).
  for (const belege of (await belegeVon(db, loeschIds)).values()) {
    for (const beleg of belege) await services.files.remove(db, beleg.id);
  }
  await vorLoeschen(db, actor, loeschIds);
  // Reversals first: their originals are referenced by them. In chunks of 500 ids, as everywhere
  // here (SQLite limits the bound values of one statement; a failed import may be 10,000 entries).
  for (let i = 0; i < loeschIds.length; i += 500) {
    await db('kassabuch')
      .whereIn('id', loeschIds.slice(i, i + 500))
      .whereNotNull('storno_von_id')
      .delete();
  }
  for (let i = 0; i < loeschIds.length; i += 500) {
    await db('kassabuch')
      .whereIn('id', loeschIds.slice(i, i + 500))
      .delete();
  }
  await recordHistoryMany(
    db,
    actor,
    loeschbar.map((r) => ({
      entityType: KASSABUCH_HISTORY_TYPE,
      entityId: Number(r.id),
      action: 'delete',
      before: { belegnummer: r.belegnummer, datum: r.datum, betragCent: r.betrag_cent },
    })),
  );
  return antwort;
}
