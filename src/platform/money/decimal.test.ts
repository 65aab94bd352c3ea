import Big from 'big.js';
import { describe, expect, it } from 'vitest';
import { decimalOf, decimalPlaces, decimalString, fixed, ROUND_UP, roundDecimal, sumDecimals, toBig } from './decimal';

describe('decimal helpers', () => {
  it('converts inputs to Big exactly', () => {
    expect(toBig('0.1450').toFixed()).toBe('0.145');
    expect(toBig(0.1).plus(0.2).toFixed()).toBe('0.3');
    const big = new Big('2');
    expect(toBig(big)).toBe(big);
    expect(() => toBig('0,145')).toThrow(TypeError);
    expect(() => toBig(Number.POSITIVE_INFINITY)).toThrow(TypeError);
  });

  it('rounds half away from zero and never writes -0', () => {
    expect(roundDecimal('2000', 2)).toBe('2000.00');
    expect(roundDecimal(new Big('2000').times('400').div('8000'), 2)).toBe('100.00');
    expect(roundDecimal('1.005', 2)).toBe('1.01');
    expect(roundDecimal('-1.005', 2)).toBe('-1.01');
    expect(roundDecimal('-0.001', 2)).toBe('0.00');
    expect(fixed(new Big('12.01'), 0, ROUND_UP)).toBe('13');
  });

  it('writes the canonical form and counts places', () => {
    expect(decimalString('1.50')).toBe('1.5');
    expect(decimalString('1e-9')).toBe('0.000000001');
    expect(decimalString('-0')).toBe('0');
    expect(decimalPlaces('150.000')).toBe(0);
    expect(decimalPlaces('0.1450')).toBe(3);
    expect(decimalPlaces(83.2)).toBe(1);
  });
});

describe('DECIMAL columns', () => {
  it('reads numbers and strings exactly, rounding half away from zero', () => {
    expect(decimalOf('400.5', 2)).toBe('400.50');
    expect(decimalOf(400.5, 2)).toBe('400.50');
    // Number(0.145).toFixed(2) is "0.14": the float lies below 0.145.
    expect(decimalOf(0.145, 2)).toBe('0.15');
    expect(decimalOf('12340', 3)).toBe('12340.000');
    expect(decimalOf(null, 2)).toBeNull();
    expect(decimalOf('', 2)).toBeNull();
    expect(() => decimalOf({}, 2)).toThrow(TypeError);
  });

  it('sums exactly', () => {
    expect(sumDecimals([0.1, 0.2, '0.3', null], 2)).toBe('0.60');
    expect(sumDecimals([], 2)).toBe('0.00');
    expect(sumDecimals(['400.25', 399.75], 2)).toBe('800.00');
  });
});
