import { type Db, nowDb } from '../../../platform/db/db';

// A receivable that went out (printed or mailed) may no longer be deleted or changed beyond its dates
// and note: the member holds its number. The billing runs' protocol marks it (abrechnung's
// `protokolliere`, aktion 'gedruckt' / 'email'); the first time counts.

/** Sets `versendet_am` of the receivables that have none yet (inside the caller's transaction). */
export async function markiereVersendet(db: Db, rechnungIds: readonly number[], zeitpunkt: Date = new Date()) {
  const wann = nowDb(zeitpunkt);
  for (let i = 0; i < rechnungIds.length; i += 500) {
    await db('rechnungen')
      .whereIn('id', rechnungIds.slice(i, i + 500))
      .whereNull('versendet_am')
      .update({ versendet_am: wann });
  }
}
