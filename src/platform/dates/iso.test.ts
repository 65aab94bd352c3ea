import { describe, expect, it } from 'vitest';
import { dateOf, daysInMonth, isIsoDate } from './iso';

describe('ISO date helpers', () => {
  it('checks that a day exists', () => {
    expect(isIsoDate('2024-02-29')).toBe(true);
    expect(isIsoDate('2025-02-29')).toBe(false);
    expect(isIsoDate('2025-13-01')).toBe(false);
    expect(isIsoDate('2025-1-01')).toBe(false);
    expect(daysInMonth(2025, 2)).toBe(28);
    expect(daysInMonth(2000, 2)).toBe(29);
    expect(daysInMonth(1900, 2)).toBe(28);
  });

  it('reads DATE columns', () => {
    expect(dateOf('2025-03-15')).toBe('2025-03-15');
    expect(dateOf('2025-03-15 00:00:00')).toBe('2025-03-15');
    expect(dateOf(new Date('2025-03-15T00:00:00Z'))).toBe('2025-03-15');
    expect(dateOf(null)).toBeNull();
    expect(dateOf(undefined)).toBeNull();
    expect(dateOf('')).toBeNull();
  });
});
