import { describe, expect, it } from 'vitest';
import { formatRf, isValidRf, normalizeRf, rfFromNumber } from './rfReference';

/** Independent check: the whole rearranged number as one BigInt, mod 97. */
function bigIntCheck(reference: string): boolean {
  const rf = reference.replace(/\s/g, '').toUpperCase();
  const rearranged = rf.slice(4) + rf.slice(0, 4);
  const digits = [...rearranged].map((ch) => Number.parseInt(ch, 36).toString()).join('');
  return BigInt(digits) % 97n === 1n;
}

describe('ISO 11649 creditor reference', () => {
  it('accepts the standard examples and refuses altered ones', () => {
    expect(isValidRf('RF18539007547034')).toBe(true);
    expect(isValidRf('RF18 5390 0754 7034')).toBe(true);
    expect(isValidRf('rf45g72uur')).toBe(true);
    expect(isValidRf('RF18539007547035')).toBe(false);
    expect(isValidRf('RF81539007547034')).toBe(false);
    expect(isValidRf('RF18')).toBe(false);
    expect(isValidRf('XX18539007547034')).toBe(false);
    expect(isValidRf(`RF00${'1'.repeat(22)}`)).toBe(false); // body longer than 21
  });

  it('builds the reference of a number', () => {
    expect(rfFromNumber('539007547034')).toBe('RF18539007547034');
    expect(rfFromNumber('g72uur')).toBe('RF45G72UUR');
    expect(rfFromNumber('2025-00017')).toBe('RF90202500017');
    expect(rfFromNumber('2025 00017')).toBe('RF90202500017');
    expect(rfFromNumber(17)).toBe('RF3017');
    expect(rfFromNumber('18')).toBe('RF0318'); // check digits keep their leading zero
  });

  it('always produces references that pass an independent check', () => {
    for (let year = 2020; year < 2030; year++) {
      for (const n of [1, 17, 99, 12345, 99999]) {
        const rf = rfFromNumber(`${year}-${String(n).padStart(5, '0')}`);
        expect(isValidRf(rf)).toBe(true);
        expect(bigIntCheck(rf)).toBe(true);
      }
    }
    expect(bigIntCheck(rfFromNumber('ABCDEFGHIJKLMNOPQRSTU'))).toBe(true);
  });

  it('refuses what cannot be a reference body', () => {
    expect(() => rfFromNumber('')).toThrow(RangeError);
    expect(() => rfFromNumber('1'.repeat(22))).toThrow(RangeError);
    expect(() => rfFromNumber('Größe')).toThrow(RangeError);
    expect(() => rfFromNumber(-1)).toThrow(RangeError);
    expect(() => rfFromNumber(1.5)).toThrow(RangeError);
  });

  it('normalizes and formats in groups of four', () => {
    expect(normalizeRf(' rf18 5390 0754 7034 ')).toBe('RF18539007547034');
    expect(formatRf('RF18539007547034')).toBe('RF18 5390 0754 7034');
    expect(formatRf('RF90202500017')).toBe('RF90 2025 0001 7');
  });
});
