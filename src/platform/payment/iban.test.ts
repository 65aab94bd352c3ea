import { describe, expect, it } from 'vitest';
import { formatIban, isValidBic, isValidIban, normalizeBic, normalizeIban } from './iban';

describe('IBAN', () => {
  it('normalizes, validates with mod 97 and formats in groups of four', () => {
    expect(normalizeIban(' at61 1904 3002 3457 3201 ')).toBe('AT611904300234573201');
    expect(normalizeIban('AT61\u00a01904-3002-3457-3201')).toBe('AT611904300234573201');
    expect(isValidIban('AT611904300234573201')).toBe(true);
    expect(isValidIban('at61 1904 3002 3457 3201')).toBe(true);
    expect(isValidIban('DE89 3704 0044 0532 0130 00')).toBe(true);
    expect(isValidIban('AT621904300234573201')).toBe(false); // check digits off by one
    expect(isValidIban('AT611904300234573202')).toBe(false); // account digit changed
    expect(isValidIban('AT61190430023457320')).toBe(false); // too short for Austria
    expect(isValidIban('')).toBe(false);
    expect(formatIban('AT611904300234573201')).toBe('AT61 1904 3002 3457 3201');
    expect(formatIban('de89370400440532013000')).toBe('DE89 3704 0044 0532 0130 00');
  });
});

describe('BIC', () => {
  it('accepts 8 and 11 characters with a real country code', () => {
    expect(normalizeBic(' bkau at ww ')).toBe('BKAUATWW');
    expect(isValidBic('BKAUATWW')).toBe(true);
    expect(isValidBic('bkauatwwxxx')).toBe(true);
    expect(isValidBic('GIBAATWWXXX')).toBe(true);
    expect(isValidBic('BKAUXXWW')).toBe(false); // no country XX
    expect(isValidBic('BKAUATW')).toBe(false);
    expect(isValidBic('')).toBe(false);
  });
});
