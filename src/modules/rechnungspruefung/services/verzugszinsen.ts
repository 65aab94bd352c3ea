import { partsOf } from '../../../platform/dates';
import { fixed, ROUND_HALF_AWAY_FROM_ZERO, toBig } from '../../../platform/money/decimal';

// Default interest (Verzugszinsen) on an overdue amount: simple interest, kapital × satz/100 ×
// days/365 (the actual days, a 365-day year also in a leap year — the common Austrian practice for
// consumers, § 1000 ABGB's 4 % p. a. is the default rate), rounded half away from zero to the cent.
// Decimal arithmetic (big.js): no binary rounding can decide a cent.

/** The statutory rate of § 1000 Abs. 1 ABGB, percent per year. */
export const VERZUGSZINSEN_SATZ = '4';

const epochDay = (iso: string): number => {
  const [y, m, d] = partsOf(iso);
  return Date.UTC(y, m - 1, d) / 86_400_000;
};

/** Calendar days after `von` up to and including `bis` (0 when `bis` is not after `von`). */
export function zinsTage(von: string, bis: string): number {
  return Math.max(0, epochDay(bis) - epochDay(von));
}

/**
 * Interest in cents on `kapitalCent` for the days after `von` up to and including `bis` at `satz`
 * percent a year (a decimal string with a dot). 0 for no days or no capital.
 */
export function verzugszinsenCent(
  kapitalCent: number,
  von: string,
  bis: string,
  satz: string = VERZUGSZINSEN_SATZ,
): number {
  const tage = zinsTage(von, bis);
  if (tage === 0 || kapitalCent === 0) return 0;
  const zinsen = toBig(kapitalCent).times(toBig(satz)).times(tage).div(36_500);
  return Number(fixed(zinsen, 0, ROUND_HALF_AWAY_FROM_ZERO));
}
