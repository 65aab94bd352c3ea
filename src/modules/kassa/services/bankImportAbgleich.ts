import type { Actor } from '../../../platform/auth/principal';
import type { Db } from '../../../platform/db/db';
import type { KassabuchRow } from '../tables';

// The hook after a bank import: issue 15 (receivables) matches the new entries against open
// invoices here (reference, IBAN, amount) and moves them from the clearing account to the right
// booking account. Nothing is registered yet; the import calls it in its own transaction.

/** Receives the rows just booked (not the duplicates), inside the import's transaction. */
export type BankImportAbgleich = (db: Db, actor: Actor, neueEintraege: readonly KassabuchRow[]) => Promise<void>;

/** The matchers run in this order after every real (not dry-run) import. Empty until issue 15. */
export const BANK_IMPORT_ABGLEICHE: BankImportAbgleich[] = [];

export async function nachBankImport(db: Db, actor: Actor, neueEintraege: readonly KassabuchRow[]): Promise<void> {
  if (!neueEintraege.length) return;
  for (const abgleich of BANK_IMPORT_ABGLEICHE) await abgleich(db, actor, neueEintraege);
}
