import { formatGermanDate } from '../../../platform/dates';
import type { Db } from '../../../platform/db/db';
import { conflict } from '../../../platform/errors';

// What a stored settlement pins: its start and end readings cannot be deleted as a whole round
// (DeleteAllWasserablesungen), else the settlement could no longer be explained from the readings.

/** 409 when a stored settlement starts or ends at `datum`. */
export async function assertAblesungenUnbenutzt(db: Db, datum: string): Promise<void> {
  const used = await db('wasserabrechnungen')
    .where('stichtag', datum)
    .orWhere('von', datum)
    .orderBy('stichtag')
    .first('stichtag');
  if (used) {
    throw conflict(
      `Die Wasserabrechnung zum ${formatGermanDate(String(used.stichtag).slice(0, 10))} verwendet die Ablesungen vom ${formatGermanDate(datum)}.`,
    );
  }
}
