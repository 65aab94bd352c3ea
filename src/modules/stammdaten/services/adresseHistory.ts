import type { Actor } from '../../../platform/auth/principal';
import type { Db } from '../../../platform/db/db';
import { recordHistory } from '../../../platform/history/history';

/** The history type of addresses (also used by adressen.ts). */
export const ADRESSE_HISTORY_TYPE = 'Adresse';

/**
 * Notes on an address what happened to something hanging on it (a plot passed on, a parking space
 * reassigned, a further person changed), so the address's Verlauf tells the whole story without
 * looking up every plot. `field` names the row in the Verlauf details; the values are sentences.
 */
export async function recordOnAdresse(
  db: Db,
  actor: Actor,
  adresseId: number,
  entry: { action: string; field: string; before: string | null; after: string | null },
): Promise<void> {
  await recordHistory(db, actor, {
    entityType: ADRESSE_HISTORY_TYPE,
    entityId: adresseId,
    action: entry.action,
    before: { [entry.field]: entry.before },
    after: { [entry.field]: entry.after },
  });
}
