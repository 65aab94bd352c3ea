import ExcelJS from 'exceljs';
import { describe, expect, it } from 'vitest';
import { AppError } from '../errors';
import { flattenCellValue, normalizeHeader, readWorkbook } from './excelReader';

async function toBuffer(wb: ExcelJS.Workbook): Promise<Buffer> {
  return Buffer.from(await wb.xlsx.writeBuffer());
}

describe('normalizeHeader', () => {
  it('matches the spellings clubs use', () => {
    expect(normalizeHeader(' Straße ')).toBe('strasse');
    expect(normalizeHeader('Strasse')).toBe('strasse');
    expect(normalizeHeader('E-Mail')).toBe(normalizeHeader('Email'));
    expect(normalizeHeader('e mail')).toBe('email');
    expect(normalizeHeader('Größe (m²)')).toBe('groessem2');
    expect(normalizeHeader('PLZ / Ort')).toBe('plzort');
    expect(normalizeHeader('Zähler-Nr.')).toBe('zaehlernr');
    expect(normalizeHeader('Café')).toBe('cafe');
  });
});

describe('flattenCellValue', () => {
  it('reduces exceljs objects to what the cell shows', () => {
    expect(flattenCellValue({ richText: [{ text: 'Grüne ' }, { text: 'Gasse', font: { bold: true } }] })).toBe(
      'Grüne Gasse',
    );
    expect(flattenCellValue({ text: 'obmann@kgv.at', hyperlink: 'mailto:obmann@kgv.at' })).toBe('obmann@kgv.at');
    expect(flattenCellValue({ formula: 'A1*2', result: 42 })).toBe(42);
    expect(flattenCellValue({ formula: 'A1*2' })).toBeNull();
    expect(flattenCellValue({ error: '#N/A' })).toBeNull();
    expect(flattenCellValue('  ')).toBeNull();
    expect(flattenCellValue(' x ')).toBe('x');
    expect(flattenCellValue(true)).toBe(true);
  });
});

describe('readWorkbook', () => {
  it('reads every sheet, flattens cells, skips empty rows and names blank or duplicate headers', async () => {
    const wb = new ExcelJS.Workbook();
    const ws = wb.addWorksheet('Parzellen');
    ws.addRow([]);
    ws.addRow(['Parzelle', 'Straße', 'E-Mail', 'Fläche', null, 'Fläche', 'Bemerkung']);
    ws.addRow([
      '7a',
      { richText: [{ text: 'Grüne ' }, { text: 'Gasse' }] },
      { text: 'Mail an Obmann', hyperlink: 'mailto:obmann@kgv.at' },
      312.5,
      'ohne Kopf',
      { formula: 'D3*2', result: 625 },
      null,
    ]);
    ws.addRow([]);
    ws.addRow([null, '   ']);
    const dateRow = ws.addRow(['8', 'Gürtel', null, 100, null, null, 'neu']);
    dateRow.getCell(7).value = new Date(Date.UTC(2026, 10, 22));
    dateRow.getCell(7).numFmt = 'dd.mm.yyyy';
    // A formatted but empty column at the right is not a column to import.
    ws.getCell('J3').fill = { type: 'pattern', pattern: 'solid', fgColor: { argb: 'FFFFFF00' } };
    wb.addWorksheet('Leer');

    const sheets = await readWorkbook(await toBuffer(wb));
    expect(sheets.map((s) => s.name)).toEqual(['Parzellen', 'Leer']);
    const [parzellen, leer] = sheets;
    expect(parzellen?.headers).toEqual([
      'Parzelle',
      'Straße',
      'E-Mail',
      'Fläche',
      'Spalte 5',
      'Fläche (2)',
      'Bemerkung',
    ]);
    expect(parzellen?.rows).toEqual([
      {
        rowNumber: 3,
        values: {
          Parzelle: '7a',
          Straße: 'Grüne Gasse',
          'E-Mail': 'Mail an Obmann',
          Fläche: 312.5,
          'Spalte 5': 'ohne Kopf',
          'Fläche (2)': 625,
          Bemerkung: null,
        },
      },
      {
        rowNumber: 6,
        values: {
          Parzelle: '8',
          Straße: 'Gürtel',
          'E-Mail': null,
          Fläche: 100,
          'Spalte 5': null,
          'Fläche (2)': null,
          Bemerkung: new Date(Date.UTC(2026, 10, 22)),
        },
      },
    ]);
    expect(leer).toEqual({ name: 'Leer', headers: [], rows: [] });
  });

  it('refuses a file that is not a workbook with a German message', async () => {
    const error = await readWorkbook(Buffer.from('Name;Straße\nMüller;Gasse 1\n')).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(AppError);
    expect(error).toMatchObject({ code: 'validation_failed', errors: { file: [expect.stringContaining('Excel')] } });
  });
});
