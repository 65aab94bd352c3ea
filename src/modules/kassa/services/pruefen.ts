import { z } from 'zod';
import type { Actor } from '../../../platform/auth/principal';
import { dateOf } from '../../../platform/dates';
import { type Db, nowDb } from '../../../platform/db/db';
import { recordHistoryMany } from '../../../platform/history/history';
import type { CloseFilteredEntriesAntwort, KassabuchFilter } from '../schema/kassabuch';
import { KASSABUCH_HISTORY_TYPE } from './buchen';
import {
  KETTEN_ANFANG,
  type KettenEintrag,
  type KettenInhalt,
  type KettenPruefung,
  pruefeKette,
  verkette,
} from './hashKette';
import { textFilter, wendeFilterAn } from './kassabuchFilter';
import { assertOffen, istGeschlossen } from './periode';
import type { Steuersatz } from './steuer';

// CloseFilteredEntries: the filtered unchecked entries become checked and join the hash chain
// (hashKette.ts) after its current end, ordered by period and Belegnummer. The chain spans every
// checked entry of the installation (ketten_position 1, 2, 3 …). `kettePruefen` reads it back for
// `kgv kassa verify` and the Kassabericht's integrity line.

const int = z.union([z.number(), z.string()]).transform((v) => Number(v));
const intN = int.nullable();
const date = z.union([z.string(), z.date()]).transform((v) => dateOf(v));
const dateN = z
  .union([z.string(), z.date()])
  .nullable()
  .transform((v) => (v == null || v === '' ? null : dateOf(v)));

/** The fields the hash covers, read back as the exact types hashKette.ts demands (MariaDB answers strings). */
const inhaltRow = z.object({
  id: int,
  kassaabrechnung_id: int,
  belegnummer: int,
  datum: date,
  betrag_cent: int,
  konto_id: int,
  buchungskonto_id: int,
  kostenstelle_id: intN,
  steuersatz: int,
  steuer_cent: int,
  netto_cent: int,
  text: z.string(),
  kommentar: z.string().nullable(),
  rechnungsdatum: dateN,
  parzelle_id: intN,
  adresse_id: intN,
  storno_von_id: intN,
});
type InhaltRow = z.output<typeof inhaltRow>;
const INHALT_SPALTEN = Object.keys(inhaltRow.shape).map((c) => `k.${c}`);

/** Rows per UPDATE of CloseFilteredEntries: 7 bindings a row stay far below SQLite's 32,766. */
const PRUEF_CHUNK = 500;

const kettenRow = inhaltRow.extend({ vorheriger_hash: z.string(), hash: z.string(), ketten_position: int });

function inhaltVon(r: InhaltRow): KettenInhalt {
  return {
    kassaabrechnungId: r.kassaabrechnung_id,
    belegnummer: r.belegnummer,
    datum: r.datum,
    betragCent: r.betrag_cent,
    kontoId: r.konto_id,
    buchungskontoId: r.buchungskonto_id,
    kostenstelleId: r.kostenstelle_id,
    steuersatz: r.steuersatz as Steuersatz,
    steuerCent: r.steuer_cent,
    nettoCent: r.netto_cent,
    text: r.text,
    kommentar: r.kommentar,
    rechnungsdatum: r.rechnungsdatum,
    parzelleId: r.parzelle_id,
    adresseId: r.adresse_id,
    stornoVonId: r.storno_von_id,
  };
}

/**
 * The chain's current end (position and hash; position 0 and KETTEN_ANFANG when empty). With
 * `sperren` every period row is locked first (FOR UPDATE on MariaDB; SQLite writes one transaction
 * at a time), so two checks, or a check and a closing, never read the same end and fork the chain:
 * the period rows always exist, the chain's last row may not yet.
 */
export async function kettenEnde(db: Db, { sperren = false } = {}): Promise<{ position: number; hash: string }> {
  if (sperren) await db('kassaabrechnungen').select('id').forUpdate();
  const q = db('kassabuch')
    .whereNotNull('ketten_position')
    .orderBy('ketten_position', 'desc')
    .first('ketten_position', 'hash');
  // A locking read sees the latest commit, not the transaction's snapshot (MariaDB REPEATABLE READ).
  const row = await (sperren ? q.forUpdate() : q);
  if (!row?.hash) return { position: 0, hash: KETTEN_ANFANG };
  return { position: Number(row.ketten_position), hash: row.hash };
}

/** POST Kassa/CloseFilteredEntries. */
export async function schliesseGefilterte(
  db: Db,
  actor: Actor,
  f: KassabuchFilter,
): Promise<CloseFilteredEntriesAntwort> {
  const ende = await kettenEnde(db, { sperren: true });
  const q = db('kassabuch as k')
    .join('buchungskonten as b', 'b.id', 'k.buchungskonto_id')
    .where('k.geprueft', false)
    .select(...INHALT_SPALTEN)
    .orderBy([{ column: 'k.kassaabrechnung_id' }, { column: 'k.belegnummer' }]);
  wendeFilterAn(q, f);
  const keep = textFilter(f);
  // A locking read (after the period rows, as every Kassa writer locks): the hash must cover the
  // latest content, and an UpdateKassabuch running now waits and then finds the entry checked (409).
  const rows = z
    .array(inhaltRow)
    .parse(await q.forUpdate())
    .filter((r) => !keep || keep(r));
  if (!rows.length) return { geprueft: 0, kettenKopf: ende.position ? ende.hash : null };

  for (const id of new Set(rows.map((r) => r.kassaabrechnung_id))) {
    const periode = await db('kassaabrechnungen').where({ id }).first();
    if (periode && istGeschlossen(periode)) assertOffen(periode);
  }

  const verkettet = verkette(rows.map(inhaltVon), ende.hash);
  const jetzt = nowDb();
  // One UPDATE per chunk instead of one per entry (checking a whole year is thousands of rows); each
  // row's own position and hashes come from CASE id WHEN … lists, which both databases understand.
  for (let start = 0; start < rows.length; start += PRUEF_CHUNK) {
    const teil = rows.slice(start, start + PRUEF_CHUNK).map((r, j) => ({
      id: r.id,
      position: ende.position + start + j + 1,
      kette: verkettet[start + j] as (typeof verkettet)[number],
    }));
    const jeId = (wert: (t: (typeof teil)[number]) => number | string) =>
      db.raw(
        `CASE id ${teil.map(() => 'WHEN ? THEN ?').join(' ')} END`,
        teil.flatMap((t) => [t.id, wert(t)]),
      );
    await db('kassabuch')
      .whereIn(
        'id',
        teil.map((t) => t.id),
      )
      .update({
        geprueft: true,
        geprueft_am: jetzt,
        geprueft_von: actor.userId,
        ketten_position: jeId((t) => t.position),
        vorheriger_hash: jeId((t) => t.kette.vorherigerHash),
        hash: jeId((t) => t.kette.hash),
        version: db.raw('version + 1'),
        updated_at: jetzt,
      });
  }
  await recordHistoryMany(
    db,
    actor,
    rows.map((r, i) => ({
      entityType: KASSABUCH_HISTORY_TYPE,
      entityId: r.id,
      action: 'pruefen',
      after: { belegnummer: r.belegnummer, kettenPosition: ende.position + i + 1, hash: verkettet[i]?.hash },
    })),
  );
  return { geprueft: rows.length, kettenKopf: verkettet.at(-1)?.hash ?? null };
}

/** Every checked entry as stored, in chain order (ketten_position). */
export async function ladeKette(db: Db): Promise<KettenEintrag[]> {
  const rows = z.array(kettenRow).parse(
    await db('kassabuch as k')
      .whereNotNull('k.ketten_position')
      .select(...INHALT_SPALTEN, 'k.vorheriger_hash', 'k.hash', 'k.ketten_position')
      .orderBy('k.ketten_position'),
  );
  return rows.map((r) => ({ ...inhaltVon(r), vorherigerHash: r.vorheriger_hash, hash: r.hash }));
}

/**
 * Checks the whole chain of checked entries (for `kgv kassa verify` and the Kassabericht). The
 * latest closed period's `ketten_kopf` (the chain end when it was closed) must still be a hash in
 * the chain: entries checked later follow it, so the end after it is the stored chain's end.
 */
export async function kettePruefen(db: Db): Promise<KettenPruefung> {
  const kette = await ladeKette(db);
  const geschlossen = await db('kassaabrechnungen')
    .where('geschlossen', true)
    .whereNotNull('ketten_kopf')
    .orderBy('bis', 'desc')
    .first('ketten_kopf');
  const kopf = geschlossen?.ketten_kopf ?? null;
  if (kopf && kopf !== KETTEN_ANFANG && !kette.some((e) => e.hash === kopf)) return pruefeKette(kette, { kopf });
  return pruefeKette(kette);
}
