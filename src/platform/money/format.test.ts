import { describe, expect, it } from 'vitest';
import { formatArea, formatDecimal, formatEuro, formatM3, formatPercent } from './format';

const intlEuro = new Intl.NumberFormat('de-AT', { style: 'currency', currency: 'EUR' });

/** Intl formats decimal strings exactly (no float on the way), so it is a fair oracle for huge values. */
const viaIntl = (cents: number) => {
  const digits = String(Math.abs(cents)).padStart(3, '0');
  return intlEuro.format(`${cents < 0 ? '-' : ''}${digits.slice(0, -2)}.${digits.slice(-2)}` as unknown as number);
};

describe('formatEuro', () => {
  it('writes euros as de-AT does, with a non-breaking space', () => {
    expect(formatEuro(123456)).toBe('€\u00a01.234,56');
    expect(formatEuro(-123456)).toBe('-€\u00a01.234,56');
    expect(formatEuro(139779)).toBe('€\u00a01.397,79');
    expect(formatEuro(0)).toBe('€\u00a00,00');
    expect(formatEuro(5)).toBe('€\u00a00,05');
    expect(formatEuro(-5)).toBe('-€\u00a00,05');
    expect(formatEuro(100000000)).toBe('€\u00a01.000.000,00');
    expect(formatEuro(139779, { nbsp: false })).toBe('€ 1.397,79');
    expect(() => formatEuro(12.5)).toThrow(RangeError);
  });

  it('equals Intl.NumberFormat de-AT for many values, including the largest safe integer', () => {
    const values = [0, 1, 9, 10, 99, 100, 101, 999, 1000, 99999, 100000, 123456, 999999, 1000000, 12345678];
    values.push(123456789012, 999999999999, Number.MAX_SAFE_INTEGER);
    let seed = 42;
    for (let i = 0; i < 500; i++) {
      seed = (seed * 1103515245 + 12345) % 2 ** 31;
      values.push(seed % 10 ** ((i % 14) + 1));
    }
    for (const cents of values) {
      expect(formatEuro(cents)).toBe(viaIntl(cents));
      if (cents !== 0) expect(formatEuro(-cents)).toBe(viaIntl(-cents));
    }
    expect(viaIntl(Number.MAX_SAFE_INTEGER)).toBe('€\u00a090.071.992.547.409,91');
  });
});

describe('formatDecimal, formatArea, formatM3, formatPercent', () => {
  it('writes decimals German style with fixed places', () => {
    expect(formatDecimal('400', 2)).toBe('400,00');
    expect(formatDecimal('8000', 2)).toBe('8.000,00');
    expect(formatDecimal('0.145', 4)).toBe('0,1450');
    expect(formatDecimal('1234567.891', 2)).toBe('1.234.567,89');
    expect(formatDecimal('-1234.5', 1)).toBe('-1.234,5');
    expect(formatDecimal('2.5', 0)).toBe('3');
    expect(formatDecimal('-2.5', 0)).toBe('-3');
    expect(formatDecimal('-0.0001', 2)).toBe('0,00');
  });

  it('writes areas, water volumes and percentages with units', () => {
    expect(formatArea('400')).toBe('400,00\u00a0m²');
    expect(formatArea('8000.5', { nbsp: false })).toBe('8.000,50 m²');
    expect(formatM3('123.529')).toBe('123,529\u00a0m³');
    expect(formatM3('12820', { nbsp: false })).toBe('12.820,000 m³');
    expect(formatM3('83.2')).toBe('83,200\u00a0m³');
    expect(formatPercent('14.5')).toBe('14,5\u00a0%');
    expect(formatPercent('4.00')).toBe('4\u00a0%');
    expect(formatPercent('0.125', 2, { nbsp: false })).toBe('0,13 %');
  });
});
