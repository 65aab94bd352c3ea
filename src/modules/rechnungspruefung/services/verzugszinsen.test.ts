import { describe, expect, it } from 'vitest';
import { verzugszinsenCent, zinsTage } from './verzugszinsen';

describe('verzugszinsenCent', () => {
  it('counts the calendar days after the due date up to and including the reminder date', () => {
    expect(zinsTage('2026-03-31', '2026-05-15')).toBe(45);
    expect(zinsTage('2026-03-31', '2026-03-31')).toBe(0);
    expect(zinsTage('2026-03-31', '2026-03-01')).toBe(0);
    // Over a leap day: 2028-02-28 → 2028-03-01 are two days.
    expect(zinsTage('2028-02-28', '2028-03-01')).toBe(2);
  });

  it('1.553,44 € due 31.03.2026, reminded 15.05.2026: 45 days at 4 % p. a. = 7,66 €', () => {
    // 155,344 × 4 / 100 × 45 / 365 = 766.08… cents → 766
    expect(verzugszinsenCent(155_344, '2026-03-31', '2026-05-15')).toBe(766);
  });

  it('rounds half away from zero to the cent', () => {
    // 3,650 cents × 5 % × 1 day / 365 = 0.5 cent → 1; 3,649 → 0.4999 → 0; the negative mirrors it
    expect(verzugszinsenCent(3_650, '2026-01-01', '2026-01-02', '5')).toBe(1);
    expect(verzugszinsenCent(3_649, '2026-01-01', '2026-01-02', '5')).toBe(0);
    expect(verzugszinsenCent(-3_650, '2026-01-01', '2026-01-02', '5')).toBe(-1);
    // 4,106,250 × 0.1 % / 365 = 11.25 → 11
    expect(verzugszinsenCent(4_106_250, '2026-01-01', '2026-01-02', '0.1')).toBe(11);
  });

  it('is 0 without days or capital and takes another rate', () => {
    expect(verzugszinsenCent(155_344, '2026-05-15', '2026-05-15')).toBe(0);
    expect(verzugszinsenCent(0, '2026-03-31', '2026-05-15')).toBe(0);
    // 100,000 cents × 9.2 % × 365/365 = 9,200
    expect(verzugszinsenCent(100_000, '2026-01-01', '2027-01-01', '9.2')).toBe(9_200);
  });
});
