import { daysInMonth, type IsoDate, isoOf, partsOf } from './iso';

// Calendar arithmetic on ISO dates, done in UTC so no daylight-saving change can shift a day.

/** `iso` plus `days` (negative goes back): ('2025-02-28', 1) → '2025-03-01'. */
export function addDays(iso: IsoDate, days: number): IsoDate {
  const [y, m, d] = partsOf(iso);
  return new Date(Date.UTC(y, m - 1, d + days)).toISOString().slice(0, 10);
}

/** The calendar day before `iso`: a lease that ends the day before the next one starts. */
export function dayBefore(iso: IsoDate): IsoDate {
  return addDays(iso, -1);
}

/**
 * `iso` plus whole months; a day the target month lacks becomes its last day:
 * ('2025-01-31', 1) → '2025-02-28', ('2024-03-31', -1) → '2024-02-29'.
 */
export function addMonths(iso: IsoDate, months: number): IsoDate {
  const [y, m, d] = partsOf(iso);
  const index = y * 12 + (m - 1) + months;
  const year = Math.floor(index / 12);
  const month = index - year * 12 + 1;
  return isoOf(year, month, Math.min(d, daysInMonth(year, month)));
}

/** `iso` plus whole years; 29 February becomes 28 February in a common year. */
export function addYears(iso: IsoDate, years: number): IsoDate {
  return addMonths(iso, years * 12);
}
