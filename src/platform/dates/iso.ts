/** A calendar day as it crosses the API and lives in DATE columns: `YYYY-MM-DD`. */
export type IsoDate = string;

const ISO_DAY = /^(\d{4})-(\d{2})-(\d{2})$/;

const pad2 = (n: number) => String(n).padStart(2, '0');

/** `YYYY-MM-DD` from year, month (1–12) and day, without checking that the day exists. */
export function isoOf(year: number, month: number, day: number): IsoDate {
  return `${String(year).padStart(4, '0')}-${pad2(month)}-${pad2(day)}`;
}

/** Days in a month (1–12) of a year, leap years included. */
export function daysInMonth(year: number, month: number): number {
  return new Date(Date.UTC(year, month, 0)).getUTCDate();
}

/** Whether year/month/day name a day that exists (no 31 February). */
export function isRealDay(year: number, month: number, day: number): boolean {
  return month >= 1 && month <= 12 && day >= 1 && day <= daysInMonth(year, month);
}

/** Whether `text` is `YYYY-MM-DD` and that day exists. */
export function isIsoDate(text: string): boolean {
  const m = ISO_DAY.exec(text);
  return m !== null && isRealDay(Number(m[1]), Number(m[2]), Number(m[3]));
}

/** Year, month, day of an ISO date (the first ten characters, so a timestamp works too). */
export function partsOf(iso: IsoDate): [year: number, month: number, day: number] {
  const m = /^(\d{4})-(\d{2})-(\d{2})/.exec(iso);
  if (!m) throw new RangeError(`Kein Datum JJJJ-MM-TT: "${iso}"`);
  return [Number(m[1]), Number(m[2]), Number(m[3])];
}

/**
 * A DATE column as `YYYY-MM-DD`, null for none. SQLite answers the stored text, MySQL a date string
 * (or a Date at UTC midnight when a driver is set up so; taken by its UTC day).
 */
export function dateOf(value: string | Date): IsoDate;
export function dateOf(value: unknown): IsoDate | null;
export function dateOf(value: unknown): IsoDate | null {
  if (value == null || value === '') return null;
  if (value instanceof Date) return value.toISOString().slice(0, 10);
  return String(value).slice(0, 10);
}
