import type { IsoDate } from './iso';

// The club keeps a Viennese calendar: "today" flips at midnight in Vienna, whatever time zone the
// server or the browser runs in. en-CA formats as YYYY-MM-DD.
const VIENNA_DAY = new Intl.DateTimeFormat('en-CA', {
  timeZone: 'Europe/Vienna',
  year: 'numeric',
  month: '2-digit',
  day: '2-digit',
});

/** Today's date in Vienna as `YYYY-MM-DD` (never the machine's local time, never UTC). */
export function todayIso(now: Date = new Date()): IsoDate {
  return VIENNA_DAY.format(now);
}

/** The current calendar year in Vienna. */
export function currentYear(now: Date = new Date()): number {
  return Number(todayIso(now).slice(0, 4));
}
