import { describe, expect, it } from 'vitest';
import { columnIndex, decodeText, detectSeparator, parseCsv, parseStand, parseZeitstempel } from './funkImportParse';

// The pieces of the radio-export reader that decide what a cell means.

describe('funkImportParse', () => {
  it('detects UTF-8 (BOM dropped) and falls back to Windows-1252', () => {
    expect(decodeText(Buffer.from('\ufeffZählerstand', 'utf8'), 'auto')).toBe('Zählerstand');
    expect(decodeText(Buffer.from([0x5a, 0xe4, 0x68, 0x6c, 0x65, 0x72, 0x20, 0x80]), 'auto')).toBe('Zähler €');
    // Node without full ICU would read these as Latin-1 control characters.
    expect(decodeText(Buffer.from([0x84, 0x53, 0x93, 0x20, 0x96, 0x20, 0xdf]), 'windows-1252')).toBe('„S“ – ß');
    expect(() => decodeText(Buffer.from([0xe4]), 'utf-8')).toThrow();
  });

  it('finds the separator in the header line, ignoring quoted text', () => {
    expect(detectSeparator('a;b;c\n1,5;2,5;3')).toBe(';');
    expect(detectSeparator('a,b,"x;y;z"\n1;2')).toBe(',');
    expect(detectSeparator('a\tb\tc')).toBe('\t');
  });

  it('reads quoted fields with separators, quotes and line breaks, numbering records by line', () => {
    const records = parseCsv('A;B\r\n"x;1";"sagt ""hallo"""\r\n\r\n"zwei\nZeilen";z\n', ';');
    expect(records).toEqual([
      { line: 1, fields: ['A', 'B'] },
      { line: 2, fields: ['x;1', 'sagt "hallo"'] },
      { line: 4, fields: ['zwei\nZeilen', 'z'] },
    ]);
  });

  it('reads stands with a decimal comma or dot, at most 3 decimals, no thousands separators', () => {
    expect(parseStand('123,456', 'auto')).toBe('123.456');
    expect(parseStand('88.5', 'auto')).toBe('88.500');
    expect(parseStand(' 0007 ', 'auto')).toBe('7.000');
    expect(parseStand(12.25, 'auto')).toBe('12.250');
    expect(parseStand('1.234,5', 'auto')).toBeUndefined();
    expect(parseStand('1,2345', 'auto')).toBeUndefined();
    expect(parseStand('-1', 'auto')).toBeUndefined();
    expect(parseStand(1.0005, 'auto')).toBeUndefined();
    expect(parseStand('1.5', ',')).toBeUndefined();
    expect(parseStand('1,5', '.')).toBeUndefined();
  });

  it('takes the calendar date of a timestamp as written', () => {
    expect(parseZeitstempel('2026-04-01T23:30:00+02:00')).toBe('2026-04-01');
    expect(parseZeitstempel('2026-04-01 06:00')).toBe('2026-04-01');
    expect(parseZeitstempel('1.4.2026 08:15')).toBe('2026-04-01');
    expect(parseZeitstempel(new Date(Date.UTC(2026, 3, 1)))).toBe('2026-04-01');
    expect(parseZeitstempel('2026-02-30')).toBeUndefined();
    expect(parseZeitstempel('gestern')).toBeUndefined();
  });

  it('names a column by its header in any spelling, or by its letter', () => {
    const headers = ['Seriennummer', 'Zählerstand (m³)', 'Zeit'];
    expect(columnIndex(headers, 'zaehlerstand m3')).toBe(1);
    expect(columnIndex(headers, 'C')).toBe(2);
    expect(columnIndex(headers, 'AA')).toBe(26);
    expect(columnIndex(headers, 'Volumen')).toBeUndefined();
  });
});
