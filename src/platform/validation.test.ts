import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { isoDate, MULTILINE_CHARS_MESSAGE, plzError, queryInt, TEXT_CHARS_MESSAGE, text } from './validation';

describe('text', () => {
  const name = text(50);
  const note = text(500, true);
  const messages = (schema: typeof name, value: unknown) =>
    schema.safeParse(value).error?.issues.map((i) => i.message) ?? [];

  it('trims and keeps letters of any script, accents and emoji', () => {
    expect(name.parse('  Müller  ')).toBe('Müller');
    expect(name.parse('Ζωή 🌻')).toBe('Ζωή 🌻');
  });

  it.each([
    '\ud800',
    'a\udc00',
    '\u202a',
    '\u202b',
    '\u202c',
    '\u202d',
    '\u202e',
    '\u2066',
    '\u2067',
    '\u2068',
    '\u2069',
    '\u200b',
    '\u200c',
    '\u200d',
    '\u2060',
    'a\ufeffb',
    '\u0000',
    '\u001b',
    '\u007f',
    '\n',
    '\t',
  ])('refuses %j in a single-line text with one message', (bad) => {
    expect(messages(name, `Hu${bad}ber`)).toEqual([TEXT_CHARS_MESSAGE]);
  });

  it('lets multi-line texts keep tab and line breaks, nothing else', () => {
    expect(note.parse('Zeile 1\r\nZeile 2\tTab')).toBe('Zeile 1\r\nZeile 2\tTab');
    expect(messages(note, 'Zeile\u202e')).toEqual([MULTILINE_CHARS_MESSAGE]);
    expect(messages(note, 'Zeile\u0007')).toEqual([MULTILINE_CHARS_MESSAGE]);
  });

  it('names a missing value and a wrong type in German', () => {
    expect(messages(name, undefined)).toEqual(['Dieses Feld ist erforderlich.']);
    expect(messages(name, 5)).toEqual(['Erwartet wird ein Text.']);
    expect(messages(name, 'x'.repeat(51))).toEqual(['Höchstens 50 Zeichen.']);
  });
});

describe('queryInt', () => {
  it('reads plain decimal digits', () => {
    expect(queryInt.parse('16')).toBe(16);
    expect(queryInt.parse('007')).toBe(7);
    expect(queryInt.parse(16)).toBe(16);
    expect(queryInt.optional().parse(undefined)).toBeUndefined();
  });

  it.each(['0x10', '0b10', '0o20', '1e1', '16.0', '+16', ' 16', '', 'Infinity', 'NaN', '1_6'])(
    'refuses %j instead of reading a number into it',
    (raw) => {
      expect(queryInt.safeParse(raw).error?.issues[0]?.message).toBe('Erwartet wird eine ganze Zahl.');
    },
  );

  it('names negative and too large numbers', () => {
    expect(queryInt.safeParse('-1').error?.issues[0]?.message).toBe('Die Zahl darf nicht negativ sein.');
    expect(queryInt.safeParse('2147483648').error?.issues[0]?.message).toBe('Die Zahl ist zu groß.');
    expect(queryInt.safeParse(['1', '2']).error?.issues[0]?.message).toBe('Erwartet wird eine ganze Zahl.');
  });
});

describe('plzError', () => {
  it('wants four digits for Austrian postcodes and 3–10 characters elsewhere', () => {
    expect(plzError('1140', 'Österreich')).toBeUndefined();
    expect(plzError('1140', '')).toBeUndefined();
    expect(plzError('', 'Österreich')).toBeUndefined();
    expect(plzError('0140', 'AT')).toBeDefined();
    expect(plzError('11400', 'austria')).toBeDefined();
    expect(plzError('10115', 'Deutschland')).toBeUndefined();
    expect(plzError('SW1A 1AA', 'Vereinigtes Königreich')).toBeUndefined();
    expect(plzError('12', 'Deutschland')).toBeDefined();
    expect(plzError('12345678901', 'Deutschland')).toBeDefined();
  });
});

describe('isoDate', () => {
  it('answers in German when the date is missing or not text', () => {
    const schema = z.object({ datum: isoDate });
    expect(schema.safeParse({}).error?.issues[0]?.message).toBe('Dieses Feld ist erforderlich.');
    expect(schema.safeParse({ datum: 20260301 }).error?.issues[0]?.message).toBe(
      'Erwartet wird ein Datum im Format JJJJ-MM-TT.',
    );
    expect(schema.safeParse({ datum: '2026-02-30' }).error?.issues[0]?.message).toBe('Dieses Datum gibt es nicht.');
  });
});
