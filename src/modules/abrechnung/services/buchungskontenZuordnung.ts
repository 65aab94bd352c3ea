import type { Db } from '../../../platform/db/db';
import { validationFailed } from '../../../platform/errors';

// Booking accounts (Kassa) on the year's positions: they must exist, and a new year's copy maps them
// by number to the accounts of the Kassaabrechnung of that year when there is one (a new Kassa year
// copies its accounts with new ids), else keeps them.

/** 422 naming each field whose booking account does not exist. */
export async function assertBuchungskontenGibtEs(
  db: Db,
  felder: readonly { feld: string; id: number | null }[],
  title: string,
): Promise<void> {
  const ids = [...new Set(felder.map((f) => f.id).filter((id): id is number => id !== null))];
  if (!ids.length) return;
  const vorhanden = new Set((await db('buchungskonten').whereIn('id', ids).select('id')).map((r) => Number(r.id)));
  const errors: Record<string, string[]> = {};
  for (const f of felder)
    if (f.id !== null && !vorhanden.has(f.id)) errors[f.feld] = ['Dieses Buchungskonto gibt es nicht.'];
  if (Object.keys(errors).length) throw validationFailed(errors, title);
}

/** id → the account with the same number in the year's Kassaabrechnung (when it exists), else the id. */
export async function kontenZuordnungFuerJahr(db: Db, jahr: number): Promise<(id: number | null) => number | null> {
  const periode = await db('kassaabrechnungen').where({ jahr }).orderBy('id', 'desc').first('id');
  if (!periode) return (id) => id;
  const ziel = new Map<string, number>();
  for (const r of await db('buchungskonten').where({ kassaabrechnung_id: periode.id }).select('id', 'nummer'))
    ziel.set(String(r.nummer), Number(r.id));
  const alle = new Map<number, string>();
  for (const r of await db('buchungskonten').select('id', 'nummer')) alle.set(Number(r.id), String(r.nummer));
  return (id) => {
    if (id === null) return null;
    const nummer = alle.get(id);
    return (nummer !== undefined ? ziel.get(nummer) : undefined) ?? id;
  };
}
