import { execFileSync } from 'node:child_process';
import { mkdtempSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { todayIso } from '../../src/platform/dates';
import type { ApiClient } from '../helpers/apiClient';
import { startTestApp, type TestApp } from '../helpers/testApp';

let app: TestApp;
let noRights: ApiClient;
beforeAll(async () => {
  app = await startTestApp();
  // Formatting what one already sees needs no right: a user without any may export.
  noRights = await app.signedIn([]);
});
afterAll(() => app.stop());

const pdfText = (pdf: Buffer) => {
  const file = path.join(mkdtempSync(path.join(os.tmpdir(), 'kgv-listexport-')), 'x.pdf');
  writeFileSync(file, pdf);
  return execFileSync('pdftotext', ['-layout', file, '-'], { encoding: 'utf8' });
};
const pdfPageSize = (pdf: Buffer) => {
  const file = path.join(mkdtempSync(path.join(os.tmpdir(), 'kgv-listexport-')), 'x.pdf');
  writeFileSync(file, pdf);
  return /Page size:\s+([\d.]+ x [\d.]+)/.exec(execFileSync('pdfinfo', [file], { encoding: 'utf8' }))?.[1];
};

const spalten = [
  { name: 'Nummer', typ: 'text' },
  { name: 'Fläche', typ: 'zahl', align: 'end' },
  { name: 'seit', typ: 'datum' },
  { name: 'Gebühr', typ: 'cent' },
  { name: 'Zählerstand', typ: 'm3' },
];
const zeilen = [
  ['7', 400.5, '2019-03-01', 123456, 123.529],
  ['12', 380, null, -500, null],
  ['3', null, '2024-12-31', 0, 0.001],
];

describe('POST Common/ListExport', () => {
  it('answers a workbook with typed cells in the order sent and the selection on a second sheet', async () => {
    const res = await noRights.post('Common/ListExport', {
      format: 'xlsx',
      titel: 'Parzellen',
      untertitel: 'Anzeigen: Vergeben · Suche „1“',
      spalten,
      zeilen,
    });
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toContain('spreadsheetml');
    expect(res.headers.get('content-disposition')).toContain(encodeURIComponent(`Parzellen ${todayIso()}.xlsx`));

    const book = new ExcelJS.Workbook();
    await book.xlsx.load(res.buffer as unknown as ArrayBuffer);
    const sheet = book.worksheets[0]!;
    expect(sheet.name).toBe('Parzellen');
    expect(sheet.rowCount).toBe(1 + zeilen.length);
    expect((sheet.getRow(1).values as unknown[]).slice(1)).toEqual(spalten.map((s) => s.name));
    const first = sheet.getRow(2);
    expect(first.getCell(1).value).toBe('7');
    expect(first.getCell(2).value).toBe(400.5);
    expect(first.getCell(3).value).toEqual(new Date(Date.UTC(2019, 2, 1)));
    expect(first.getCell(3).numFmt).toBe('dd.mm.yyyy');
    expect(first.getCell(4).value).toBe(1234.56);
    expect(first.getCell(4).numFmt).toContain('€');
    expect(first.getCell(5).value).toBe(123.529);
    expect(first.getCell(5).numFmt).toBe('#,##0.000');
    expect(sheet.getRow(3).getCell(3).value).toBeNull();
    expect(sheet.getRow(3).getCell(4).value).toBe(-5);
    expect(sheet.getColumn(1).values.slice(2)).toEqual(['7', '12', '3']);

    const auswahl = book.getWorksheet('Auswahl')!;
    const infos = auswahl.getColumn(2).values.slice(2);
    expect(infos).toContain('Anzeigen: Vergeben · Suche „1“');
  });

  it('prints the list in German spelling, landscape when wide, with the page count', async () => {
    const res = await noRights.post('Common/ListExport', {
      format: 'pdf',
      titel: 'Parzellen',
      untertitel: 'Anzeigen: Vergeben',
      spalten: [...spalten, { name: 'Gruppe' }],
      zeilen: zeilen.map((z) => [...z, 'Nord']),
    });
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('application/pdf');
    expect(res.headers.get('content-disposition')).toMatch(/^attachment;.*\.pdf/);
    const text = pdfText(res.buffer);
    expect(text).toContain('Parzellen');
    expect(text).toContain('Anzeigen: Vergeben');
    expect(text).toMatch(/7\s+400,5\s+01\.03\.2019\s+€ 1\.234,56\s+123,529 m³\s+Nord/);
    expect(text).toMatch(/12\s+380\s+-€ 5,00/);
    expect(text).toContain('3 Einträge');
    expect(text).toContain('Seite 1 von 1');
    expect(pdfPageSize(res.buffer)).toBe('841.92 x 594.96');
  });

  it('prints a narrow list portrait', async () => {
    const res = await noRights.post('Common/ListExport', {
      format: 'pdf',
      titel: 'Gruppen',
      spalten: [{ name: 'Name' }, { name: 'Parzellen', typ: 'zahl' }],
      zeilen: [['Nord', 3]],
    });
    expect(res.status).toBe(200);
    expect(pdfPageSize(res.buffer)).toBe('594.96 x 841.92');
  });

  it('refuses rows that do not fit their columns, in German', async () => {
    const wrongDate = await noRights.post('Common/ListExport', {
      format: 'xlsx',
      titel: 'Parzellen',
      spalten,
      zeilen: [['7', 1, '01.03.2019', 0, 0]],
    });
    expect(wrongDate.status).toBe(422);
    expect(JSON.stringify(wrongDate.body)).toContain('Spalte „seit“: Erwartet wird ein Datum JJJJ-MM-TT.');

    const shortRow = await noRights.post('Common/ListExport', { format: 'xlsx', titel: 'X', spalten, zeilen: [['7']] });
    expect(shortRow.status).toBe(422);
    expect(JSON.stringify(shortRow.body)).toContain('Erwartet werden 5 Zellen wie Spalten.');

    const cents = await noRights.post('Common/ListExport', {
      format: 'xlsx',
      titel: 'X',
      spalten: [{ name: 'Betrag', typ: 'cent' }],
      zeilen: [[12.5]],
    });
    expect(cents.status).toBe(422);
    expect(JSON.stringify(cents.body)).toContain('ganzen Cent');

    const format = await noRights.post('Common/ListExport', { format: 'csv', titel: 'X', spalten, zeilen: [] });
    expect(format.status).toBe(422);
    expect(JSON.stringify(format.body)).toContain('Erwartet wird das Format „xlsx“ oder „pdf“.');
  });

  it('refuses more rows or columns than the limits', async () => {
    const manyColumns = Array.from({ length: 31 }, (_, i) => ({ name: `S${i}` }));
    const wide = await noRights.post('Common/ListExport', {
      format: 'xlsx',
      titel: 'X',
      spalten: manyColumns,
      zeilen: [],
    });
    expect(wide.status).toBe(422);
    expect(JSON.stringify(wide.body)).toContain('Höchstens 30 Spalten.');

    const long = await noRights.post('Common/ListExport', {
      format: 'xlsx',
      titel: 'X',
      spalten: [{ name: 'N', typ: 'zahl' }],
      zeilen: Array.from({ length: 10_001 }, (_, i) => [i]),
    });
    expect(long.status).toBe(422);
    expect(JSON.stringify(long.body)).toContain('Höchstens 10.000 Zeilen');
  });

  it('needs a sign-in and the anti-forgery header', async () => {
    const anonymous = await app.client().post('Common/ListExport', { format: 'xlsx', titel: 'X', spalten, zeilen: [] });
    expect(anonymous.status).toBe(401);
    const forged = await noRights.request('POST', 'Common/ListExport', {
      body: { format: 'xlsx', titel: 'X', spalten, zeilen: [] },
      xsrf: false,
    });
    expect(forged.status).toBe(403);
  });
});
