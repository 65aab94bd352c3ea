import { describe, expect, it } from 'vitest';
import { formatEuro } from './format';
import { parseGermanAmount, parseGermanDecimal } from './parse';

describe('parseGermanAmount', () => {
  it.each([
    ['1.234,56', 123456],
    ['1234,56', 123456],
    ['€ 1.234,56', 123456],
    ['€\u00a01.234,56', 123456],
    ['-12,5', -1250],
    ['1234', 123400],
    ['1.234', 123400],
    [' 12,50 € ', 1250],
    ['12,50€', 1250],
    ['-€\u00a01.397,79', -139779],
    ['€ -3,10', -310],
    ['\u221212,00', -1200],
    ['EUR 7,5', 750],
    ['0,01', 1],
    ['1.000.000,00', 100000000],
    ['1 234,56', 123456],
  ])('reads %j as %i cents', (text, cents) => {
    expect(parseGermanAmount(text)).toBe(cents);
  });

  it.each([
    '12,345',
    '1,2,3',
    'abc',
    '',
    '   ',
    '€',
    '1.23',
    '12.5',
    '1.2345',
    ',50',
    '12,',
    '--12',
    '-€ -12',
    '12 € 50',
    '1e5',
    '99999999999999999,00',
  ])('refuses %j', (text) => {
    expect(parseGermanAmount(text)).toBeNull();
  });

  it('reads back what formatEuro writes', () => {
    for (const cents of [0, 1, -1, 99, 123456, -139779, 90071992547409]) {
      expect(parseGermanAmount(formatEuro(cents))).toBe(cents);
    }
    expect(Object.is(parseGermanAmount('-0,00'), 0)).toBe(true);
  });
});

describe('parseGermanDecimal', () => {
  it('turns German decimals into dot strings', () => {
    expect(parseGermanDecimal('0,145', 4)).toBe('0.145');
    expect(parseGermanDecimal('0,1450', 4)).toBe('0.1450');
    expect(parseGermanDecimal('8.000,5', 2)).toBe('8000.5');
    expect(parseGermanDecimal(' 400 ', 2)).toBe('400');
    expect(parseGermanDecimal('123,529', 3)).toBe('123.529');
    expect(parseGermanDecimal('-1,5', 2)).toBe('-1.5');
    expect(parseGermanDecimal('-0,0', 2)).toBe('0.0');
    expect(parseGermanDecimal('007', 0)).toBe('7');
  });

  it('refuses too many places and non-numbers', () => {
    expect(parseGermanDecimal('0,14501', 4)).toBeNull();
    expect(parseGermanDecimal('1,5', 0)).toBeNull();
    expect(parseGermanDecimal('1.5', 2)).toBeNull();
    expect(parseGermanDecimal('abc', 2)).toBeNull();
    expect(parseGermanDecimal('', 2)).toBeNull();
  });
});
