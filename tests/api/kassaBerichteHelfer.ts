import { execFile } from 'node:child_process';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import ExcelJS from 'exceljs';
import { expect } from 'vitest';
import type { ApiClient } from '../helpers/apiClient';

// Shared by the Kassa report tests: booking through the API, checking entries, switching the tax
// flag, and reading a PDF (pdftotext) and a workbook (exceljs) back as a user would see them.

const run = promisify(execFile);

/** The PDF's text as pdftotext lays it out, non-breaking spaces as blanks. */
export async function pdfText(pdf: Buffer): Promise<string> {
  const dir = await mkdtemp(path.join(tmpdir(), 'kgv-kassa-bericht-'));
  try {
    const file = path.join(dir, 'bericht.pdf');
    await writeFile(file, pdf);
    const { stdout } = await run('pdftotext', ['-layout', file, '-']);
    return stdout.replaceAll('\u00a0', ' ');
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}

/** "€ 1.234,56" / "-€ 1.234,56" as the reports print cents (platform/money formatEuro). */
export const gedruckt = (cents: number): string => {
  const digits = String(Math.abs(cents)).padStart(3, '0');
  const euros = digits.slice(0, -2).replace(/\B(?=(\d{3})+(?!\d))/g, '.');
  return `${cents < 0 ? '-' : ''}€ ${euros},${digits.slice(-2)}`;
};

/** Every sheet as rows of cell values (row 1 = header), numbers as numbers. */
export async function xlsxSheets(buffer: Buffer): Promise<Map<string, unknown[][]>> {
  const wb = new ExcelJS.Workbook();
  await wb.xlsx.load(buffer as unknown as ArrayBuffer);
  const sheets = new Map<string, unknown[][]>();
  for (const ws of wb.worksheets) {
    const rows: unknown[][] = [];
    ws.eachRow((row) => {
      rows.push((row.values as unknown[]).slice(1));
    });
    sheets.set(ws.name, rows);
  }
  return sheets;
}

/** The number format of the cell in the row whose first cell is `label`, column `col` (1-based). */
export async function xlsxFormat(buffer: Buffer, sheet: string, row: number, col: number): Promise<string> {
  const wb = new ExcelJS.Workbook();
  await wb.xlsx.load(buffer as unknown as ArrayBuffer);
  return wb.getWorksheet(sheet)?.getRow(row).getCell(col).numFmt ?? '';
}

export type Buchung = {
  datum: string;
  betragCent: number;
  kontoId: number;
  buchungskontoId: number;
  kostenstelleId?: number;
  steuersatz?: 0 | 10 | 20 | 100;
  text: string;
  parzelleId?: number;
};

/** Books through Kassa/UpdateKassabuch; answers the new entry's id and Belegnummer. */
export async function buche(client: ApiClient, b: Buchung): Promise<{ id: number; belegnummer: number }> {
  const res = await client.post<{ id: number; belegnummer: number }>('Kassa/UpdateKassabuch', b);
  expect(res.status, res.text).toBe(200);
  return res.body;
}

/** Marks the period's unchecked entries checked (Kassa/CloseFilteredEntries): they join the hash chain. */
export async function pruefeAlle(client: ApiClient, kassaabrechnungID: number): Promise<number> {
  const res = await client.post<{ geprueft: number }>('Kassa/CloseFilteredEntries', undefined, {
    query: { kassaabrechnungID },
  });
  expect(res.status, res.text).toBe(200);
  return res.body.geprueft;
}

/** Vereinseinstellungen optionenKassa through the API (the Obmann's call). */
export async function kassaOptionen(
  client: ApiClient,
  optionen: { steuerpflichtig: boolean; sofortabschreibungGrenzeCent?: number },
): Promise<void> {
  const res = await client.request('POST', 'Vereinseinstellungen/UpdateVereinseinstellungen', {
    query: { edit: 'optionenKassa' },
    body: { sofortabschreibungGrenzeCent: 100_000, ...optionen },
  });
  expect(res.status, res.text).toBe(200);
}
