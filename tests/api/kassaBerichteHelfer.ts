import { execFile } from 'node:child_process';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import ExcelJS from 'exceljs';
import { expect } from 'vitest';
import type { ApiClient } from '../helpers/apiClient';
import { buildGruppe, buildParzelle } from '../helpers/factories';
import { type KassaBeispiel, seedKassaBeispiel } from '../helpers/kassaBeispiel';
import type { TestApp } from '../helpers/testApp';

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

/** What every report test books in 2025 (seedBerichtsbuchungen), with ids and Belegnummern. */
export type Berichtsbuchungen = {
  k: KassaBeispiel;
  p2025: number;
  p2026: number;
  parzelleImGruppe: number;
  gruppeId: number;
  buchungen: (Buchung & { id: number; belegnummer: number })[];
};

/**
 * The report tests' book: seven entries of 2025 over both accounts, four rates, two cost centres and
 * a plot of group "Nord", then GetNewKassaabrechnung for 2026 (the carry-over).
 */
export async function seedBerichtsbuchungen(app: TestApp, kassier: ApiClient): Promise<Berichtsbuchungen> {
  const k = await seedKassaBeispiel(app.services.db, { jahre: [2025] });
  const p2025 = k.perioden[2025] as number;
  const gruppeId = (await buildGruppe(app.services, { name: 'Nord' })).id;
  const parzelleImGruppe = (await buildParzelle(app.services, { nummer: '7', gruppeId })).id;
  const plan: Buchung[] = [
    {
      datum: '2025-01-15',
      betragCent: 12_000,
      kontoId: k.bank,
      buchungskontoId: k.bk.mitgliedsbeitrag,
      kostenstelleId: k.ks.vereinshaus,
      text: 'Beitrag Huber',
    },
    {
      datum: '2025-02-01',
      betragCent: 11_000,
      kontoId: k.bank,
      buchungskontoId: k.bk.pacht,
      text: 'Pacht Parzelle 7',
      parzelleId: parzelleImGruppe,
    },
    {
      datum: '2025-03-05',
      betragCent: -6_000,
      kontoId: k.kassa,
      buchungskontoId: k.bk.material,
      kostenstelleId: k.ks.vereinshaus,
      text: 'Farbe',
    },
    {
      datum: '2025-03-20',
      betragCent: -6_000,
      kontoId: k.kassa,
      buchungskontoId: k.bk.material,
      kostenstelleId: k.ks.wasser,
      text: 'Dichtungen',
    },
    {
      datum: '2025-04-10',
      betragCent: 2_200,
      kontoId: k.bank,
      buchungskontoId: k.bk.wasser,
      kostenstelleId: k.ks.wasser,
      text: 'Wassergeld Parzelle 7',
      parzelleId: parzelleImGruppe,
    },
    {
      datum: '2025-05-02',
      betragCent: -5_000,
      kontoId: k.bank,
      buchungskontoId: k.bk.finanzamt,
      text: 'Umsatzsteuer Q1',
    },
    {
      datum: '2025-05-03',
      betragCent: 1_001,
      kontoId: k.kassa,
      buchungskontoId: k.bk.material,
      text: 'Rückvergütung Farbe',
    },
  ];
  const buchungen: Berichtsbuchungen['buchungen'] = [];
  for (const b of plan) buchungen.push({ ...b, ...(await buche(kassier, b)) });
  const neu = await kassier.post<{ id: number }>('Abrechnung/GetNewKassaabrechnung', undefined, {
    query: { jahr: 2026 },
  });
  expect(neu.status, neu.text).toBe(200);
  return { k, p2025, p2026: neu.body.id, parzelleImGruppe, gruppeId, buchungen };
}

export const summe = (xs: number[]): number => xs.reduce((s, x) => s + x, 0);
export const einnahmen = (bs: { betragCent: number }[]): number =>
  summe(bs.filter((b) => b.betragCent > 0).map((b) => b.betragCent));
export const ausgaben = (bs: { betragCent: number }[]): number =>
  -summe(bs.filter((b) => b.betragCent < 0).map((b) => b.betragCent));
/** The printed line that starts with `label` (pdftotext -layout keeps a table row on one line). */
export const zeile = (text: string, label: string): string =>
  text.split('\n').find((l) => l.trim().startsWith(label)) ?? '';
