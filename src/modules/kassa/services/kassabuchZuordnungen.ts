import { type Actor, hasAnyRight, type Principal } from '../../../platform/auth/principal';
import type { Db } from '../../../platform/db/db';
import { forbidden, validationFailed } from '../../../platform/errors';
import { formatEuro } from '../../../platform/money';
import { ZUORDNUNGEN_AENDERN } from '../rights';

// The entry's allocations to receivables (issue 15). Rechnungspruefung owns them and registers its
// hook here at load, so Kassa shows, edits and reverses them without importing that module.

/** One allocation as Kassa's entry answer carries it. */
export type KassabuchZuordnung = {
  id: number;
  rechnungId: number | null;
  nummer: string | null;
  adresseName: string | null;
  betragCent: number;
  art: 'zahlung' | 'guthaben';
};

export type KassabuchZuordnungenHook = {
  /** The allocations of these entries (all entries when `ids` is null), by entry id. */
  lese(db: Db, ids: readonly number[] | null): Promise<Map<number, KassabuchZuordnung[]>>;
  /** Replaces the entry's 'zahlung' allocations (not reversals/offsets) — same invariants as Zuordnen. */
  ersetze(
    db: Db,
    actor: Actor,
    kassabuchId: number,
    zuordnungen: { rechnungId: number; betragCent: number }[],
  ): Promise<void>;
  /** After a reversal of an allocated entry: mirrored negative allocations, so the receivables are open again. */
  storniert(db: Db, actor: Actor, originalId: number, stornoId: number): Promise<void>;
  /** Before entries are deleted (their allocations go with them, FK cascade): history on the receivables. */
  vorLoeschen(db: Db, actor: Actor, kassabuchIds: readonly number[]): Promise<void>;
};

/** Filled by Rechnungspruefung at module load; empty (no allocations) without it. */
export const KASSABUCH_ZUORDNUNGEN: KassabuchZuordnungenHook[] = [];

export async function leseZuordnungen(
  db: Db,
  ids: readonly number[] | null,
): Promise<Map<number, KassabuchZuordnung[]>> {
  const out = new Map<number, KassabuchZuordnung[]>();
  if (ids && !ids.length) return out;
  for (const hook of KASSABUCH_ZUORDNUNGEN) {
    for (const [id, list] of await hook.lese(db, ids)) out.set(id, [...(out.get(id) ?? []), ...list]);
  }
  return out;
}

/**
 * UpdateKassabuch: replaces the entry's allocations when the body carries `zuordnungen`, and checks
 * that what is allocated still fits the (maybe changed) amount: 422 at betragCent otherwise.
 */
export async function setzeZuordnungen(
  db: Db,
  actor: Actor,
  kassabuchId: number,
  zuordnungen: { rechnungId: number; betragCent: number }[] | undefined,
  betragCent: number,
): Promise<void> {
  if (zuordnungen !== undefined) {
    for (const hook of KASSABUCH_ZUORDNUNGEN) await hook.ersetze(db, actor, kassabuchId, zuordnungen);
  }
  const summe = ((await leseZuordnungen(db, [kassabuchId])).get(kassabuchId) ?? []).reduce(
    (s, z) => s + z.betragCent,
    0,
  );
  if (summe !== 0 && (Math.sign(summe) !== Math.sign(betragCent) || Math.abs(summe) > Math.abs(betragCent))) {
    throw validationFailed(
      {
        betragCent: [
          `Dem Beleg sind ${formatEuro(summe, { nbsp: false })} zugeordnet; der Betrag muss sie decken. Bitte zuerst die Zuordnungen ändern.`,
        ],
      },
      'Die Buchung ist nicht gültig.',
    );
  }
}

/** Σ per receivable of the 'zahlung' allocations (zeros left out): what the entry dialog shows and sends. */
function jeRechnung(zuordnungen: readonly { rechnungId: number | null; betragCent: number }[]): Map<number, number> {
  const out = new Map<number, number>();
  for (const z of zuordnungen)
    if (z.rechnungId != null) out.set(z.rechnungId, (out.get(z.rechnungId) ?? 0) + z.betragCent);
  for (const [id, c] of out) if (c === 0) out.delete(id);
  return out;
}

/**
 * UpdateKassabuch: 403 when the body changes the entry's allocations and the user lacks
 * Rechnungspruefung.Edit (Zuordnen needs it too). Allocations sent back unchanged (per receivable the
 * same sums as stored) pass, so a Kassier with Kassa.Edit only still saves the entry's other fields.
 */
export async function pruefeZuordnungsRecht(
  db: Db,
  principal: Principal | undefined,
  kassabuchId: number,
  zuordnungen: readonly { rechnungId: number; betragCent: number }[] | undefined,
): Promise<void> {
  if (zuordnungen === undefined || (principal && hasAnyRight(principal, ZUORDNUNGEN_AENDERN))) return;
  const gesendet = jeRechnung(zuordnungen);
  const gespeichert = jeRechnung(
    kassabuchId
      ? ((await leseZuordnungen(db, [kassabuchId])).get(kassabuchId) ?? []).filter((z) => z.art === 'zahlung')
      : [],
  );
  const gleich = gesendet.size === gespeichert.size && [...gesendet].every(([id, c]) => gespeichert.get(id) === c);
  if (!gleich)
    throw forbidden(
      'Zum Ändern der Zuordnungen zu Rechnungen fehlt Ihnen die Berechtigung (Rechnungsprüfung bearbeiten).',
    );
}

/** StornoKassabuch: the reversal carries the original's allocations mirrored (receivables open again). */
export async function nachStorno(db: Db, actor: Actor, originalId: number, stornoId: number): Promise<void> {
  for (const hook of KASSABUCH_ZUORDNUNGEN) await hook.storniert(db, actor, originalId, stornoId);
}

/** DeleteKassabuchFiltered: before the entries go, the receivables they paid record it. */
export async function vorLoeschen(db: Db, actor: Actor, kassabuchIds: readonly number[]): Promise<void> {
  for (const hook of KASSABUCH_ZUORDNUNGEN) await hook.vorLoeschen(db, actor, kassabuchIds);
}
