import { describe, expect, it } from 'vitest';
import { periodContains, periodsOverlap } from './period';

describe('periods', () => {
  const closed = { von: '2025-01-01', bis: '2025-12-31' };
  const open = { von: '2025-06-01', bis: null };

  it('contain their first and last day', () => {
    expect(periodContains(closed, '2025-01-01')).toBe(true);
    expect(periodContains(closed, '2025-12-31')).toBe(true);
    expect(periodContains(closed, '2024-12-31')).toBe(false);
    expect(periodContains(closed, '2026-01-01')).toBe(false);
    expect(periodContains(open, '2099-01-01')).toBe(true);
    expect(periodContains(open, '2025-05-31')).toBe(false);
  });

  it('overlap when they share a day, open ends included', () => {
    expect(periodsOverlap(closed, open)).toBe(true);
    expect(periodsOverlap(closed, { von: '2025-12-31', bis: '2026-03-01' })).toBe(true);
    expect(periodsOverlap(closed, { von: '2026-01-01', bis: null })).toBe(false);
    expect(periodsOverlap({ von: '2024-01-01', bis: '2024-12-31' }, closed)).toBe(false);
    expect(periodsOverlap(open, { von: '2030-01-01', bis: null })).toBe(true);
    expect(periodsOverlap({ von: '2020-01-01', bis: '2020-12-31' }, open)).toBe(false);
  });
});
