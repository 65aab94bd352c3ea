import Big from 'big.js';
import { describe, expect, it } from 'vitest';
import {
  assertCents,
  centsToDecimalString,
  decimalToCents,
  mulToCents,
  percentOfCents,
  roundCents,
  sumCents,
} from './money';

describe('roundCents', () => {
  it('rounds half away from zero on both sides of zero', () => {
    expect(roundCents('0.005')).toBe(1);
    expect(roundCents('-0.005')).toBe(-1);
    expect(roundCents('0.0049999')).toBe(0);
    expect(roundCents('-0.0049999')).toBe(0);
    expect(Object.is(roundCents('-0.0049999'), 0)).toBe(true);
    expect(roundCents('105.125')).toBe(10513);
    expect(roundCents('-105.125')).toBe(-10513);
    expect(roundCents('2.675')).toBe(268); // the float 2.675 is 2.67499…; the decimal is not
  });

  it('accepts Big, strings and numbers', () => {
    expect(roundCents(new Big('1397.79'))).toBe(139779);
    expect(roundCents(' 12.5 ')).toBe(1250);
    expect(roundCents(1.005)).toBe(101); // number read by its shortest spelling "1.005"
    expect(roundCents(0)).toBe(0);
  });

  it('refuses German spelling, NaN and amounts beyond safe integers', () => {
    expect(() => roundCents('1,5')).toThrow(TypeError);
    expect(() => roundCents(Number.NaN)).toThrow(TypeError);
    expect(() => roundCents('1e20')).toThrow(RangeError);
  });
});

describe('mulToCents and percentOfCents', () => {
  it('multiplies exactly and rounds once', () => {
    expect(mulToCents('400', '1.31')).toBe(52400);
    expect(mulToCents('0.001', '0.5')).toBe(0);
    expect(mulToCents('3', '0.335')).toBe(101); // 1.005 → 1.01
    expect(mulToCents(new Big('123.529'), '2.00')).toBe(24706);
    expect(mulToCents('-10', '0.125')).toBe(-125);
  });

  it('takes a percentage of cents with half-away rounding', () => {
    expect(percentOfCents(72500, '14.5')).toBe(10513);
    expect(percentOfCents(-72500, '14.5')).toBe(-10513);
    expect(percentOfCents(100, '0.5')).toBe(1); // 0.5 cent → 1
    expect(percentOfCents(99, '0.5')).toBe(0); // 0.495 cent → 0
    expect(percentOfCents(12345, '100')).toBe(12345);
    expect(() => percentOfCents(1.5, '10')).toThrow(RangeError);
  });
});

describe('sumCents and assertCents', () => {
  it('sums integer cents and refuses floats', () => {
    expect(sumCents([52400, 13100, 7000, 10513])).toBe(83013);
    expect(sumCents([])).toBe(0);
    expect(sumCents(new Set([1, -1, 5]))).toBe(5);
    expect(() => sumCents([1, 0.5])).toThrow(RangeError);
    expect(() => sumCents([Number.MAX_SAFE_INTEGER, 1])).toThrow(RangeError);
    expect(assertCents(7)).toBe(7);
    expect(() => assertCents(Number.POSITIVE_INFINITY)).toThrow(RangeError);
  });
});

describe('cents <-> dot decimal strings', () => {
  it('writes two decimals with a dot', () => {
    expect(centsToDecimalString(139779)).toBe('1397.79');
    expect(centsToDecimalString(0)).toBe('0.00');
    expect(centsToDecimalString(5)).toBe('0.05');
    expect(centsToDecimalString(-5)).toBe('-0.05');
    expect(centsToDecimalString(-123456)).toBe('-1234.56');
    expect(centsToDecimalString(Number.MAX_SAFE_INTEGER)).toBe('90071992547409.91');
  });

  it('reads dot decimals with at most two places', () => {
    expect(decimalToCents('1397.79')).toBe(139779);
    expect(decimalToCents('1397.7')).toBe(139770);
    expect(decimalToCents('1397')).toBe(139700);
    expect(decimalToCents('-0.05')).toBe(-5);
    expect(Object.is(decimalToCents('-0.00'), 0)).toBe(true);
    expect(decimalToCents(12.34)).toBe(1234);
    expect(decimalToCents('90071992547409.91')).toBe(Number.MAX_SAFE_INTEGER);
    expect(() => decimalToCents('1397.799')).toThrow(RangeError);
    expect(() => decimalToCents('1.397,79')).toThrow(RangeError);
    expect(() => decimalToCents('90071992547409.92')).toThrow(RangeError);
  });

  it('round-trips', () => {
    for (const cents of [0, 1, -1, 99, 100, 101, 139779, -999999, 123456789012]) {
      expect(decimalToCents(centsToDecimalString(cents))).toBe(cents);
    }
  });
});
