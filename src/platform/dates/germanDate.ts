import { type IsoDate, isoOf, isRealDay } from './iso';
import { todayIso } from './today';

/**
 * "2025-03-15" → "15.03.2025", as the UI, letters and lists write dates (de-AT). Empty input gives
 * `empty` ('' unless a screen shows "–"); text that is no ISO date comes back unchanged.
 */
export function formatGermanDate(iso: IsoDate | null | undefined, empty = ''): string {
  if (!iso) return empty;
  const m = /^(\d{4})-(\d{2})-(\d{2})/.exec(iso);
  return m ? `${m[3]}.${m[2]}.${m[1]}` : iso;
}

/**
 * The one rule for two-digit years (DOMAIN.md leaves it open): a sliding window of a hundred years
 * that ends one year after the current Viennese year. In 2026, "25" is 2025, "27" is 2027 and "28"
 * is 1928: a birth date or an entry typed with two digits lies in the past, a contract end may lie
 * in the next year.
 */
export function expandTwoDigitYear(yy: number, now: Date = new Date()): number {
  const current = Number(todayIso(now).slice(0, 4));
  const end = current + 1;
  return end - (((end % 100) - yy + 100) % 100);
}

/**
 * A date as people type it → `YYYY-MM-DD`: "15.03.2025", "15.3.2025", "15.3.25" (see
 * expandTwoDigitYear) or "2025-03-15". Empty (or blank) text → null; anything else, or a day that
 * does not exist (31.02.2025), → undefined.
 */
export function parseGermanDate(text: string, now: Date = new Date()): IsoDate | null | undefined {
  const value = text.trim();
  if (value === '') return null;
  let year: number;
  let month: number;
  let day: number;
  const de = /^(\d{1,2})\.(\d{1,2})\.(\d{2}|\d{4})$/.exec(value);
  const iso = /^(\d{4})-(\d{2})-(\d{2})$/.exec(value);
  if (de) {
    day = Number(de[1]);
    month = Number(de[2]);
    year = de[3]?.length === 2 ? expandTwoDigitYear(Number(de[3]), now) : Number(de[3]);
  } else if (iso) {
    year = Number(iso[1]);
    month = Number(iso[2]);
    day = Number(iso[3]);
  } else {
    return undefined;
  }
  return isRealDay(year, month, day) ? isoOf(year, month, day) : undefined;
}
