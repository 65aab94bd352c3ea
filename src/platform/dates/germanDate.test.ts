import { describe, expect, it } from 'vitest';
import { expandTwoDigitYear, formatGermanDate, parseGermanDate } from './germanDate';

const in2026 = new Date('2026-06-15T10:00:00Z');

describe('formatGermanDate', () => {
  it('writes dd.mm.yyyy', () => {
    expect(formatGermanDate('2025-03-15')).toBe('15.03.2025');
    expect(formatGermanDate('2025-01-05T10:00:00Z')).toBe('05.01.2025');
  });

  it('writes the empty text for no date and leaves other text alone', () => {
    expect(formatGermanDate(null)).toBe('');
    expect(formatGermanDate(undefined)).toBe('');
    expect(formatGermanDate('', '–')).toBe('–');
    expect(formatGermanDate('bald')).toBe('bald');
  });
});

describe('parseGermanDate', () => {
  it('reads German and ISO dates', () => {
    expect(parseGermanDate('15.03.2025')).toBe('2025-03-15');
    expect(parseGermanDate(' 1.3.2025 ')).toBe('2025-03-01');
    expect(parseGermanDate('2025-03-15')).toBe('2025-03-15');
    expect(parseGermanDate('29.02.2024')).toBe('2024-02-29');
  });

  it('answers null for empty text and undefined for what is no date', () => {
    expect(parseGermanDate('')).toBeNull();
    expect(parseGermanDate('   ')).toBeNull();
    expect(parseGermanDate('31.02.2025')).toBeUndefined();
    expect(parseGermanDate('29.02.2025')).toBeUndefined();
    expect(parseGermanDate('15.13.2025')).toBeUndefined();
    expect(parseGermanDate('0.1.2025')).toBeUndefined();
    expect(parseGermanDate('15.3.202')).toBeUndefined();
    expect(parseGermanDate('2025-3-15')).toBeUndefined();
    expect(parseGermanDate('15/03/2025')).toBeUndefined();
  });

  it('reads two-digit years in the window that ends the year after this one', () => {
    expect(parseGermanDate('15.3.25', in2026)).toBe('2025-03-15');
    expect(parseGermanDate('15.3.27', in2026)).toBe('2027-03-15');
    expect(parseGermanDate('15.3.28', in2026)).toBe('1928-03-15');
    expect(parseGermanDate('1.1.00', in2026)).toBe('2000-01-01');
    expect(parseGermanDate('1.1.99', in2026)).toBe('1999-01-01');
    expect(parseGermanDate('29.2.28', in2026)).toBe('1928-02-29');
    expect(parseGermanDate('29.2.27', in2026)).toBeUndefined();
  });

  it('moves the window with the Viennese year', () => {
    expect(expandTwoDigitYear(27, in2026)).toBe(2027);
    expect(expandTwoDigitYear(28, in2026)).toBe(1928);
    // New Year's Eve 23:30 UTC is already 2026 in Vienna.
    expect(expandTwoDigitYear(27, new Date('2025-12-31T23:30:00Z'))).toBe(2027);
    expect(expandTwoDigitYear(27, new Date('2025-12-31T12:00:00Z'))).toBe(1927);
    expect(expandTwoDigitYear(0, new Date('2099-05-01T12:00:00Z'))).toBe(2100);
    expect(expandTwoDigitYear(1, new Date('2099-05-01T12:00:00Z'))).toBe(2001);
  });
});
