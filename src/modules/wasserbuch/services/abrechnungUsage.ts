import { formatGermanDate } from '../../../platform/dates';
import type { Db } from '../../../platform/db/db';
import { conflict } from '../../../platform/errors';

// What a stored settlement pins: its start and end readings cannot be deleted (one or the whole
// round) nor changed, else the settlement could no longer be explained from the readings and the
// next period would start from another stand than this one ended with (water billed twice or never).

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

/** The reading as far as a settlement uses it: meter, date and stand (a note may still change). */
type Pinned = { datum: string; zaehlernummer: string; stand: string | null; isZaehlerwechsel: boolean };

/**
 * 409 when `before` is a read reading on a stored settlement's start or end date and the change
 * would delete it or move its stand, meter or date. Filling an empty row or editing the note stays
 * possible.
 */
export async function assertAblesungUnveraendert(db: Db, before: Pinned, after: Pinned | null): Promise<void> {
  if (before.stand === null) return;
  const same =
    after !== null &&
    after.datum === before.datum &&
    after.zaehlernummer === before.zaehlernummer &&
    after.stand === before.stand &&
    after.isZaehlerwechsel === before.isZaehlerwechsel;
  if (same) return;
  const used = await db('wasserabrechnungen')
    .where('stichtag', before.datum)
    .orWhere('von', before.datum)
    .orderBy('stichtag')
    .first('stichtag');
  if (used) {
    throw conflict(
      `Die Wasserabrechnung zum ${formatGermanDate(String(used.stichtag).slice(0, 10))} verwendet diese Ablesung vom ${formatGermanDate(before.datum)}; löschen Sie zuerst die Abrechnung, um sie zu ändern.`,
    );
  }
}

/** Of `dates`, those a stored settlement starts or ends on, with that settlement's stichtag. */
export async function settlementDates(db: Db, dates: string[]): Promise<Map<string, string>> {
  const out = new Map<string, string>();
  if (!dates.length) return out;
  const rows = await db('wasserabrechnungen')
    .whereIn('stichtag', dates)
    .orWhereIn('von', dates)
    .orderBy('stichtag', 'desc')
    .select('stichtag', 'von');
  for (const r of rows) {
    const stichtag = String(r.stichtag).slice(0, 10);
    for (const d of [stichtag, String(r.von).slice(0, 10)]) if (dates.includes(d)) out.set(d, stichtag);
  }
  return out;
}
