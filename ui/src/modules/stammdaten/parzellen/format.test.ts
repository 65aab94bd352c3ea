import { describe, expect, it } from 'vitest';
import { dayBefore, formatGermanDate } from '../../../../../src/platform/dates';
import { formatArea, inputToArea } from './format';

describe('parzellen format', () => {
  it('formats dates and areas the Austrian way', () => {
    expect(formatGermanDate('2025-01-15')).toBe('15.01.2025');
    expect(formatGermanDate(null, '–')).toBe('–');
    expect(formatArea('400.00').replace(/\u00a0/g, ' ')).toBe('400,00 m²');
    expect(formatArea(null)).toBe('–');
  });

  it('reads typed areas into the API string', () => {
    expect(inputToArea('400')).toBe('400.00');
    expect(inputToArea('400,5')).toBe('400.50');
    expect(inputToArea('1.234,50')).toBe('1234.50');
    expect(inputToArea('')).toBeNull();
    expect(inputToArea('abc')).toBeUndefined();
    expect(inputToArea('-3')).toBeUndefined();
  });

  it('knows the day before, across months', () => {
    expect(dayBefore('2026-03-01')).toBe('2026-02-28');
    expect(dayBefore('2024-03-01')).toBe('2024-02-29');
  });
});
