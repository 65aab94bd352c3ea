import { describe, expect, it } from 'vitest';
import { detectFileType, extensionOf, sanitizeFileName } from './fileTypes';

const png = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 13, 0x49, 0x48, 0x44, 0x52]);

describe('detectFileType', () => {
  it('recognises binary formats by their magic bytes, whatever the name says', () => {
    expect(detectFileType(Buffer.from('%PDF-1.7\n...'), 'beleg.txt')?.kind).toBe('pdf');
    expect(detectFileType(png, 'logo.pdf')).toEqual({ kind: 'png', mime: 'image/png' });
    expect(detectFileType(Buffer.from([0xff, 0xd8, 0xff, 0xe0, 0, 0x10]), 'foto')?.kind).toBe('jpeg');
    expect(detectFileType(Buffer.from('MZ\x90\x00\x03\x00\x00\x00', 'latin1'), 'setup.exe')).toBeUndefined();
  });

  it('accepts a zip only as xlsx when it is named so and holds a workbook', () => {
    const workbookZip = Buffer.concat([
      Buffer.from('PK\x03\x04'),
      Buffer.from('....[Content_Types].xml....xl/workbook.xml'),
    ]);
    expect(detectFileType(workbookZip, 'liste.xlsx')?.kind).toBe('xlsx');
    expect(detectFileType(workbookZip, 'liste.zip')).toBeUndefined();
    expect(detectFileType(Buffer.from('PK\x03\x04 word/document.xml'), 'brief.xlsx')).toBeUndefined();
  });

  it('tells text kinds apart and records the charset', () => {
    expect(detectFileType(Buffer.from('Name;Straße\nMüller;Gasse 1\n'), 'mitglieder.csv')).toEqual({
      kind: 'csv',
      mime: 'text/csv; charset=utf-8',
    });
    expect(detectFileType(Buffer.from('Name;Stra\xdfe\n', 'latin1'), 'alt.csv')?.mime).toBe(
      'text/csv; charset=iso-8859-1',
    );
    expect(detectFileType(Buffer.from('\uFEFF<?xml version="1.0"?><Document/>'), 'camt.xml')?.kind).toBe('xml');
    expect(detectFileType(Buffer.from('<Document></Document>'), 'camt.xml')?.kind).toBe('xml');
    expect(
      detectFileType(Buffer.from('<?xml version="1.0"?>\n<svg xmlns="http://www.w3.org/2000/svg"/>'), 'l.svg')?.kind,
    ).toBe('svg');
    expect(detectFileType(Buffer.from(':20:STARTUMS\r\n:25:12345\r\n'), 'auszug.sta')?.kind).toBe('txt');
    expect(detectFileType(Buffer.from('a\u0000b'), 'x.txt')).toBeUndefined();
  });
});

describe('sanitizeFileName', () => {
  it('keeps only a harmless base name', () => {
    expect(sanitizeFileName('../../etc/passwd')).toBe('passwd');
    expect(sanitizeFileName('C:\\Users\\obmann\\Beleg 7.pdf')).toBe('Beleg 7.pdf');
    expect(sanitizeFileName('..')).toBe('datei');
    expect(sanitizeFileName('.htaccess')).toBe('htaccess');
    expect(sanitizeFileName('Rech\u0000nung\r\n.pdf')).toBe('Rechnung.pdf');
    expect(sanitizeFileName('   ')).toBe('datei');
    const long = sanitizeFileName(`${'ä'.repeat(300)}.pdf`);
    expect(long).toHaveLength(255);
    expect(extensionOf(long)).toBe('pdf');
  });
});
