import { describe, expect, it } from 'vitest';
import { addDays, addMonths, addYears, dayBefore } from './arithmetic';

describe('addDays and dayBefore', () => {
  it('crosses month, year and leap days', () => {
    expect(addDays('2025-02-28', 1)).toBe('2025-03-01');
    expect(addDays('2024-02-28', 1)).toBe('2024-02-29');
    expect(addDays('2025-12-31', 1)).toBe('2026-01-01');
    expect(addDays('2025-03-01', -1)).toBe('2025-02-28');
    expect(addDays('2025-01-15', 60)).toBe('2025-03-16');
    expect(dayBefore('2026-01-01')).toBe('2025-12-31');
  });

  it('is not moved by the daylight-saving change', () => {
    expect(addDays('2026-03-28', 1)).toBe('2026-03-29');
    expect(addDays('2026-03-29', 1)).toBe('2026-03-30');
    expect(addDays('2026-10-25', 1)).toBe('2026-10-26');
  });
});

describe('addMonths and addYears', () => {
  it('clamps to the last day of a shorter month', () => {
    expect(addMonths('2025-01-31', 1)).toBe('2025-02-28');
    expect(addMonths('2024-01-31', 1)).toBe('2024-02-29');
    expect(addMonths('2025-03-31', 1)).toBe('2025-04-30');
    expect(addMonths('2024-03-31', -1)).toBe('2024-02-29');
    expect(addMonths('2025-01-15', 1)).toBe('2025-02-15');
  });

  it('crosses years both ways', () => {
    expect(addMonths('2025-11-30', 3)).toBe('2026-02-28');
    expect(addMonths('2025-01-31', -2)).toBe('2024-11-30');
    expect(addMonths('2025-06-15', -18)).toBe('2023-12-15');
    expect(addMonths('2025-06-15', 0)).toBe('2025-06-15');
  });

  it('adds years; 29 February becomes 28 February in a common year', () => {
    expect(addYears('2024-02-29', 1)).toBe('2025-02-28');
    expect(addYears('2024-02-29', 4)).toBe('2028-02-29');
    expect(addYears('2020-05-10', 5)).toBe('2025-05-10');
  });
});
