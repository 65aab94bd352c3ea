import type { IsoDate } from './iso';

/**
 * A span of days with both ends included, as leases, assignments and terms of office are kept:
 * `bis` null means open (still running).
 */
export type Period = { von: IsoDate; bis: IsoDate | null };

// ISO dates compare as text; an open end sorts after every real day.
const OPEN_END = '9999-12-31';

/** Whether `day` lies within the period (both ends included). */
export function periodContains(period: Period, day: IsoDate): boolean {
  return period.von <= day && (period.bis === null || period.bis >= day);
}

/** Whether two periods share at least one day. */
export function periodsOverlap(a: Period, b: Period): boolean {
  return a.von <= (b.bis ?? OPEN_END) && b.von <= (a.bis ?? OPEN_END);
}
