import type { Knex } from 'knex';
import type { Db } from '../../../platform/db/db';

// Paid, open and status of a receivable are derived, never stored (DOMAIN.md "Receivables"): paid is
// the sum of the receivable's allocations (zuordnungen, art 'zahlung'), open = amount − paid. A
// credit note (negative amount) is settled by negative allocations (a payout or an offset).

export const RECHNUNG_STATUS = ['offen', 'teilbezahlt', 'bezahlt'] as const;
export type RechnungStatus = (typeof RECHNUNG_STATUS)[number];

/** offen: nothing paid yet; teilbezahlt: part of it; bezahlt: nothing open (an amount of 0 is paid). */
export function rechnungStatus(betragCent: number, bezahltCent: number): RechnungStatus {
  const offen = betragCent - bezahltCent;
  if (offen === 0) return 'bezahlt';
  return bezahltCent === 0 ? 'offen' : 'teilbezahlt';
}

/**
 * `(SELECT COALESCE(SUM(betrag_cent), 0) FROM zuordnungen WHERE rechnung_id = <alias>.id)` — the paid
 * amount as an SQL expression, for lists that filter or sort by paid/open in the database
 * (`.select(db.raw(...))`, `.whereRaw(`${betragCent} - ${bezahlt} > 0`)`). Both databases answer a
 * number or a numeric string: read it with Number().
 */
export function bezahltSql(db: Db | Knex, alias = 'rechnungen'): Knex.Raw {
  return db.raw(
    `(SELECT COALESCE(SUM(zz.betrag_cent), 0) FROM zuordnungen zz WHERE zz.rechnung_id = ${alias}.id AND zz.art = 'zahlung')`,
  );
}

/** The paid amount of each receivable asked for (0 when nothing is allocated), in one query per 500 ids. */
export async function bezahltJeRechnung(db: Db, rechnungIds: readonly number[]): Promise<Map<number, number>> {
  const out = new Map<number, number>(rechnungIds.map((id) => [id, 0]));
  for (let i = 0; i < rechnungIds.length; i += 500) {
    const rows = (await db('zuordnungen')
      .whereIn('rechnung_id', rechnungIds.slice(i, i + 500))
      .andWhere('art', 'zahlung')
      .groupBy('rechnung_id')
      .select('rechnung_id', db.raw('SUM(betrag_cent) AS summe'))) as { rechnung_id: number; summe: number | string }[];
    for (const r of rows) out.set(Number(r.rechnung_id), Number(r.summe));
  }
  return out;
}

/** An instalment of a receivable (Rate): due date and amount; a receivable's instalments add up to its amount. */
export type Rate = { faelligAm: string; betragCent: number };

/**
 * What of a receivable is overdue and unpaid on `stichtag` (YYYY-MM-DD): due means due date before the
 * day (DOMAIN.md: `isFaellig` = due date < today). Without instalments the whole open amount once
 * `faelligAm` has passed; with instalments the instalments due before the day minus what has been paid
 * (payments settle the oldest instalments first), never below 0. A credit note is never overdue.
 * What the amount has beyond the plan's sum — a reminder's fee or interest added after the plan was
 * stored — is due with the receivable's `faelligAm`, as it would be without a plan: otherwise a fee
 * left when every instalment is paid would never be overdue, and no reminder would ever ask for it.
 */
export function ueberfaelligCent(
  r: { betragCent: number; bezahltCent: number; faelligAm: string; raten?: readonly Rate[] },
  stichtag: string,
): number {
  const offen = r.betragCent - r.bezahltCent;
  if (offen <= 0) return 0;
  if (!r.raten?.length) return r.faelligAm < stichtag ? offen : 0;
  const plan = r.raten.reduce((s, rate) => s + rate.betragCent, 0);
  const ausserhalb = r.faelligAm < stichtag ? Math.max(0, r.betragCent - plan) : 0;
  const faellig =
    ausserhalb + r.raten.filter((rate) => rate.faelligAm < stichtag).reduce((s, rate) => s + rate.betragCent, 0);
  return Math.min(offen, Math.max(0, faellig - r.bezahltCent));
}
