import { createWriteStream, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { PassThrough } from 'node:stream';
import ExcelJS from 'exceljs';
import { afterAll, describe, expect, it } from 'vitest';
import { readWorkbook } from './excelReader';
import {
  buildWorkbook,
  type Column,
  DATE_FORMAT,
  DATETIME_FORMAT,
  EURO_FORMAT,
  sanitizeSheetName,
  streamWorkbook,
  toCell,
} from './excelWriter';

type Member = {
  name: string;
  street: string;
  feeCents: number;
  area: string;
  joined: string;
  active: boolean;
  changedAt: string;
};

const memberColumns: Column<Member>[] = [
  { header: 'Name', key: 'name', kind: 'text' },
  { header: 'Straße', key: 'street' },
  { header: 'Beitrag', key: 'feeCents', kind: 'euro' },
  { header: 'Fläche (m²)', key: 'area', kind: 'decimal', places: 2 },
  { header: 'Eintritt', key: 'joined', kind: 'date' },
  { header: 'Aktiv', key: 'active', kind: 'boolean' },
  { header: 'Geändert', key: 'changedAt', kind: 'datetime' },
  { header: 'Beitrag/m²', key: (m) => (Number(m.area) ? Math.round(m.feeCents / Number(m.area)) : null), kind: 'euro' },
];

const members: Member[] = [
  {
    name: 'Gertrude Müller',
    street: 'Schönbrunner Straße 12',
    feeCents: 123456,
    area: '400.00',
    joined: '2026-03-01',
    active: true,
    changedAt: '2026-07-01T10:30:00Z',
  },
  {
    name: 'Jürgen Weiß',
    street: 'Gürtel 3',
    feeCents: -5000,
    area: '287.50',
    joined: '1999-12-31',
    active: false,
    changedAt: '2026-01-15T23:30:00Z',
  },
];

type Payment = { date: string; cents: number };
const payments: Payment[] = [{ date: '2026-11-02', cents: 9900 }];

async function loadWithExcelJs(buffer: Buffer) {
  const wb = new ExcelJS.Workbook();
  await wb.xlsx.load(buffer as unknown as ExcelJS.Buffer);
  return wb;
}

describe('buildWorkbook', () => {
  it('writes typed, formatted cells with a bold, frozen, filtered header', async () => {
    const buffer = await buildWorkbook([
      { name: 'Mitglieder: Übersicht/2026', columns: memberColumns, rows: members },
      {
        name: 'Zahlungen',
        columns: [
          { header: 'Datum', key: 'date', kind: 'date' },
          { header: 'Betrag', key: 'cents', kind: 'euro' },
        ],
        rows: payments,
      } satisfies { name: string; columns: Column<Payment>[]; rows: Payment[] },
    ]);
    const wb = await loadWithExcelJs(buffer);
    expect(wb.worksheets.map((s) => s.name)).toEqual(['Mitglieder- Übersicht-2026', 'Zahlungen']);
    const ws = wb.worksheets[0]!;

    expect(ws.getRow(1).values).toEqual([
      undefined,
      'Name',
      'Straße',
      'Beitrag',
      'Fläche (m²)',
      'Eintritt',
      'Aktiv',
      'Geändert',
      'Beitrag/m²',
    ]);
    expect(ws.getCell('A1').font?.bold).toBe(true);
    expect(ws.getCell('H1').font?.bold).toBe(true);
    expect(ws.views[0]).toMatchObject({ state: 'frozen', ySplit: 1 });
    expect(ws.autoFilter).toBe('A1:H3');

    expect(ws.getCell('A2').value).toBe('Gertrude Müller');
    expect(ws.getCell('C2').value).toBe(1234.56);
    expect(ws.getCell('C2').numFmt).toBe(EURO_FORMAT);
    expect(EURO_FORMAT).toBe('#,##0.00 "€"');
    expect(ws.getCell('C3').value).toBe(-50);
    expect(ws.getCell('D2').value).toBe(400);
    expect(ws.getCell('D3').value).toBe(287.5);
    expect(ws.getCell('D2').numFmt).toBe('#,##0.00');
    expect(ws.getCell('E2').value).toEqual(new Date(Date.UTC(2026, 2, 1)));
    expect(ws.getCell('E3').value).toEqual(new Date(Date.UTC(1999, 11, 31)));
    expect(ws.getCell('E2').numFmt).toBe(DATE_FORMAT);
    expect(ws.getCell('F2').value).toBe('ja');
    expect(ws.getCell('F3').value).toBe('nein');
    // Vienna wall-clock: summer time +2, winter time +1 (and past midnight into the next day).
    expect(ws.getCell('G2').value).toEqual(new Date(Date.UTC(2026, 6, 1, 12, 30)));
    expect(ws.getCell('G3').value).toEqual(new Date(Date.UTC(2026, 0, 16, 0, 30)));
    expect(ws.getCell('G2').numFmt).toBe(DATETIME_FORMAT);
    expect(ws.getCell('H2').value).toBe(3.09);

    // Widths fit the longest value ("Schönbrunner Straße 12") and the header with its filter button.
    expect(ws.getColumn(2).width).toBeGreaterThanOrEqual('Schönbrunner Straße 12'.length);
    expect(ws.getColumn(2).width).toBeLessThanOrEqual(30);
    expect(ws.getColumn(6).width).toBeGreaterThanOrEqual('Aktiv'.length + 2);

    const pay = wb.worksheets[1]!;
    expect(pay.getCell('B2').value).toBe(99);
    expect(pay.autoFilter).toBe('A1:B2');
  });

  it('reads back with readWorkbook', async () => {
    const buffer = await buildWorkbook([{ name: 'Mitglieder', columns: memberColumns, rows: members }]);
    const [sheet] = await readWorkbook(buffer);
    expect(sheet?.name).toBe('Mitglieder');
    expect(sheet?.headers).toEqual(memberColumns.map((c) => c.header));
    expect(sheet?.rows).toHaveLength(2);
    expect(sheet?.rows[0]).toEqual({
      rowNumber: 2,
      values: {
        Name: 'Gertrude Müller',
        Straße: 'Schönbrunner Straße 12',
        Beitrag: 1234.56,
        'Fläche (m²)': 400,
        Eintritt: new Date(Date.UTC(2026, 2, 1)),
        Aktiv: 'ja',
        Geändert: new Date(Date.UTC(2026, 6, 1, 12, 30)),
        'Beitrag/m²': 3.09,
      },
    });
  });

  it('keeps values that do not fit their kind as text and leaves empty values empty', () => {
    expect(toCell('euro', 'abc')).toBe('abc');
    expect(toCell('euro', '1999')).toBe(19.99);
    expect(toCell('date', 'unbekannt')).toBe('unbekannt');
    expect(toCell('decimal', '0.8470', 4)).toBe(0.847);
    expect(toCell('integer', null)).toBeNull();
    expect(toCell('text', 1010)).toBe('1010');
    expect(toCell(undefined, 7)).toBe(7);
    expect(toCell('boolean', 0)).toBe('nein');
  });
});

describe('sanitizeSheetName', () => {
  it('follows Excel rules', () => {
    expect(sanitizeSheetName('a[b]c:d*e?f/g\\h')).toBe('a-b-c-d-e-f-g-h');
    expect(sanitizeSheetName("'Kassa'")).toBe('Kassa');
    expect(sanitizeSheetName('   ')).toBe('Tabelle');
    expect(sanitizeSheetName('History')).toBe('History-');
    const long = 'Abrechnung der Wasserzähler aller Parzellen 2026';
    expect(sanitizeSheetName(long)).toHaveLength(31);
    const taken = new Set<string>();
    expect(sanitizeSheetName(long, taken)).toBe(long.slice(0, 31));
    const second = sanitizeSheetName(long, taken);
    expect(second).toHaveLength(31);
    expect(second.endsWith(' (2)')).toBe(true);
    expect(sanitizeSheetName('kassa', taken)).toBe('kassa');
    expect(sanitizeSheetName('KASSA', taken)).toBe('KASSA (2)');
  });
});

describe('streamWorkbook', () => {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'kgv-excel-'));
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  it('streams 10,000 rows to a file with the same formatting', async () => {
    async function* rows() {
      for (let i = 1; i <= 10_000; i++) {
        yield {
          name: `Mitglied ${i}`,
          street: `Gasse ${i % 97}`,
          feeCents: i * 101,
          area: `${i}.25`,
          joined: `2026-01-${String((i % 28) + 1).padStart(2, '0')}`,
          active: i % 2 === 0,
          changedAt: '2026-07-01T10:30:00Z',
        } satisfies Member;
      }
    }
    const file = path.join(dir, 'gross.xlsx');
    await streamWorkbook(createWriteStream(file), [{ name: 'Mitglieder/Alle', columns: memberColumns, rows: rows() }]);

    const buffer = readFileSync(file);
    const [sheet] = await readWorkbook(buffer);
    expect(sheet?.name).toBe('Mitglieder-Alle');
    expect(sheet?.rows).toHaveLength(10_000);
    expect(sheet?.rows[4999]).toEqual({
      rowNumber: 5001,
      values: {
        Name: 'Mitglied 5000',
        Straße: `Gasse ${5000 % 97}`,
        Beitrag: 5050,
        'Fläche (m²)': 5000.25,
        Eintritt: new Date(Date.UTC(2026, 0, (5000 % 28) + 1)),
        Aktiv: 'ja',
        Geändert: new Date(Date.UTC(2026, 6, 1, 12, 30)),
        'Beitrag/m²': Math.round(505000 / 5000.25) / 100,
      },
    });

    const ws = (await loadWithExcelJs(buffer)).worksheets[0]!;
    expect(ws.getCell('A1').font?.bold).toBe(true);
    expect(ws.views[0]).toMatchObject({ state: 'frozen', ySplit: 1 });
    expect(ws.autoFilter).toBe('A1:H10001');
    expect(ws.getCell('C10001').numFmt).toBe(EURO_FORMAT);
    expect(ws.getCell('C10001').value).toBe(10_100);
    expect(ws.getCell('E2').numFmt).toBe(DATE_FORMAT);
    expect(ws.getColumn(1).width).toBeGreaterThanOrEqual(10);
  });

  it('rejects and closes the output when the rows fail midway', async () => {
    async function* broken() {
      yield members[0]!;
      throw new Error('Datenbank weg');
    }
    const out = new PassThrough();
    out.resume();
    await expect(streamWorkbook(out, [{ name: 'x', columns: memberColumns, rows: broken() }])).rejects.toThrow(
      'Datenbank weg',
    );
    expect(out.destroyed).toBe(true);
  });
});
