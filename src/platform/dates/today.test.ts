import { describe, expect, it } from 'vitest';
import { currentYear, todayIso } from './today';

describe('todayIso', () => {
  it('is the Viennese day, not UTC: 2026-03-29 00:30 in Vienna (UTC+1) is still 28 March in UTC', () => {
    // The night summer time begins: 23:30 UTC on the 28th is already 00:30 on the 29th in Vienna.
    const now = new Date('2026-03-28T23:30:00Z');
    expect(now.toISOString().slice(0, 10)).toBe('2026-03-28');
    expect(todayIso(now)).toBe('2026-03-29');
    expect(todayIso(new Date('2026-03-28T22:59:59Z'))).toBe('2026-03-28');
    expect(todayIso(new Date('2026-03-28T23:00:00Z'))).toBe('2026-03-29');
  });

  it('flips at Viennese midnight in summer time (UTC+2) too', () => {
    expect(todayIso(new Date('2026-07-31T21:59:59Z'))).toBe('2026-07-31');
    expect(todayIso(new Date('2026-07-31T22:00:00Z'))).toBe('2026-08-01');
  });

  it('knows the year in Vienna on New Year’s Eve', () => {
    expect(currentYear(new Date('2025-12-31T23:30:00Z'))).toBe(2026);
    expect(currentYear(new Date('2025-12-31T22:30:00Z'))).toBe(2025);
  });

  it('answers YYYY-MM-DD for the real now', () => {
    expect(todayIso()).toMatch(/^\d{4}-\d{2}-\d{2}$/);
  });
});
