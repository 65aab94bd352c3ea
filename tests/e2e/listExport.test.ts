import { readFileSync } from 'node:fs';
import ExcelJS from 'exceljs';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { todayIso } from '../../src/platform/dates';
import { buildAdresse, buildPachtverhaeltnis, buildParzelle } from '../helpers/factories';
import { startTestApp, TEST_PASSWORD, type TestApp } from '../helpers/testApp';
import { launchBrowser, newPage, signIn } from './browser';
import { pdfText } from './e2eHelfer';

// Issue 11: "Export" of a list holds exactly what the list shows — its filter, its search and its
// order — as Excel (typed cells) and as PDF.

let app: TestApp;
let browser: Browser;
let page: Page;

// Plots held by two "Zaun…" people and one other, plus free plots: "Vergeben" and the search
// "Zaun" leave the three Zaun plots; sorted by Fläche descending.
const PLOTS = [
  { nummer: 'X1', flaeche: '310.00', holder: 'Zaunkönig' },
  { nummer: 'X2', flaeche: '455.50', holder: 'Zaunmeister' },
  { nummer: 'X3', flaeche: '280.00', holder: 'Gartner' },
  { nummer: 'X4', flaeche: '390.25', holder: 'Zaunkönig' },
  { nummer: 'X5', flaeche: '500.00', holder: null },
  { nummer: 'Zaun-6', flaeche: '600.00', holder: null },
] as const;
const EXPECTED = [
  ['X2', 455.5, 'Zaunmeister Max'],
  ['X4', 390.25, 'Zaunkönig Anna'],
  ['X1', 310, 'Zaunkönig Anna'],
];

beforeAll(async () => {
  app = await startTestApp();
  const people = {
    Zaunkönig: (await buildAdresse(app.services, { nachname: 'Zaunkönig', vorname: 'Anna' })).id,
    Zaunmeister: (await buildAdresse(app.services, { nachname: 'Zaunmeister', vorname: 'Max' })).id,
    Gartner: (await buildAdresse(app.services, { nachname: 'Gartner', vorname: 'Eva' })).id,
  };
  for (const plot of PLOTS) {
    const { id } = await buildParzelle(app.services, { nummer: plot.nummer, flaeche: plot.flaeche });
    if (plot.holder) {
      await buildPachtverhaeltnis(app.services, { parzelleId: id, adresseId: people[plot.holder], von: '2021-03-01' });
    }
  }
  // Members and non-members with the same street; Eintritt to sort by.
  for (const [nachname, mitglied, eintrittsdatum] of [
    ['Ahorn', true, '2015-05-01'],
    ['Birke', false, '2010-01-01'],
    ['Castanea', true, '1999-09-09'],
    ['Dattel', true, null],
  ] as const) {
    await buildAdresse(app.services, {
      nachname,
      vorname: 'Exp',
      strasse: 'Obstgartenweg 1',
      flags: mitglied ? 256 : 0,
      eintrittsdatum,
    });
  }
  browser = await launchBrowser();
  page = await newPage(browser, app.url);
  await signIn(page, 'admin@test.kgv', TEST_PASSWORD);
  await page.getByRole('navigation', { name: 'Hauptmenü' }).waitFor();
}, 60_000);
afterAll(async () => {
  await browser?.close();
  await app?.stop();
});

/** Clicks Export → `item` and answers the downloaded file's name and content. */
async function download(item: 'Excel' | 'PDF'): Promise<{ name: string; content: Buffer }> {
  await page.getByRole('button', { name: 'Export', exact: true }).click();
  const waiting = page.waitForEvent('download');
  await page.getByRole('menuitem', { name: item, exact: true }).click();
  const file = await waiting;
  const filePath = await file.path();
  return { name: file.suggestedFilename(), content: readFileSync(filePath) };
}

describe('Export of a filtered, searched and sorted list', () => {
  it('Parzellen: Excel and PDF hold exactly the shown rows in the shown order', async () => {
    await page.goto('/stammdatenverwalten/parzellen');
    const grid = page.getByRole('grid', { name: 'Parzellen' });
    await grid.getByRole('rowheader', { name: 'X1', exact: true }).waitFor();

    // Filter "Vergeben", search "Zaun", sort by Fläche descending.
    await page.getByRole('button', { name: /Anzeigen/ }).click();
    await page.getByRole('option', { name: 'Vergeben', exact: true }).click();
    await page.getByRole('searchbox', { name: 'Suchen' }).fill('Zaun');
    await expect.poll(() => grid.getByRole('rowheader').allTextContents()).toEqual(['X1', 'X2', 'X4']);
    await grid.getByRole('columnheader', { name: 'Fläche', exact: true }).click();
    await grid.getByRole('columnheader', { name: 'Fläche', exact: true }).click();
    await expect.poll(() => grid.getByRole('rowheader').allTextContents()).toEqual(['X2', 'X4', 'X1']);
    expect(new URL(page.url()).searchParams.get('filter')).toBe('vergeben');

    const excel = await download('Excel');
    expect(excel.name).toBe(`Parzellen ${todayIso()}.xlsx`);
    const book = new ExcelJS.Workbook();
    await book.xlsx.load(excel.content as unknown as ArrayBuffer);
    const sheet = book.worksheets[0]!;
    const header = (sheet.getRow(1).values as unknown[]).slice(1);
    expect(header.slice(0, 5)).toEqual([
      'Nummer',
      'Fläche (m²)',
      'Gemeinschaftsfläche (m²)',
      'Nutzungsberechtigter',
      'seit',
    ]);
    const rows = [];
    for (let r = 2; r <= sheet.rowCount; r++) {
      const row = sheet.getRow(r);
      rows.push([row.getCell(1).value, row.getCell(2).value, row.getCell(4).value]);
    }
    expect(rows).toEqual(EXPECTED);
    // Typed cells: the area a number, "seit" a real date.
    expect(sheet.getRow(2).getCell(5).value).toEqual(new Date(Date.UTC(2021, 2, 1)));
    const auswahl = book.getWorksheet('Auswahl')!.getColumn(2).values.map(String);
    expect(auswahl.join(' | ')).toContain('Anzeigen: Vergeben');
    expect(auswahl.join(' | ')).toContain('Suche „Zaun“');

    const pdf = await download('PDF');
    expect(pdf.name).toBe(`Parzellen ${todayIso()}.pdf`);
    const text = pdfText(pdf.content);
    expect(text).toContain('Anzeigen: Vergeben');
    const order = ['X2', 'X4', 'X1'].map((nummer) => text.search(new RegExp(`^\\s*${nummer}\\s`, 'm')));
    expect(order.every((i) => i >= 0)).toBe(true);
    expect([...order].sort((a, b) => a - b)).toEqual(order);
    for (const absent of ['X3', 'X5', 'Zaun-6']) expect(text).not.toMatch(new RegExp(`^\\s*${absent}\\s`, 'm'));
    expect(text).toContain('3 Einträge');
  });

  it('Nutzungsberechtigte: the export follows the Mitglied filter, the search and the order', async () => {
    await page.goto('/stammdatenverwalten/nutzungsberechtigte?mitglied=ja');
    const grid = page.getByRole('grid', { name: 'Nutzungsberechtigte' });
    await grid.getByRole('rowheader').first().waitFor();
    await page.getByRole('searchbox', { name: 'Suchen' }).fill('Obstgarten');
    await expect
      .poll(() => grid.getByRole('rowheader').allTextContents())
      .toEqual(['Ahorn Exp', 'Castanea Exp', 'Dattel Exp']);
    await grid.getByRole('columnheader', { name: 'Eintritt', exact: true }).click();
    await expect
      .poll(() => grid.getByRole('rowheader').allTextContents())
      .toEqual(['Castanea Exp', 'Ahorn Exp', 'Dattel Exp']);

    const excel = await download('Excel');
    expect(excel.name).toBe(`Nutzungsberechtigte ${todayIso()}.xlsx`);
    const book = new ExcelJS.Workbook();
    await book.xlsx.load(excel.content as unknown as ArrayBuffer);
    const sheet = book.worksheets[0]!;
    const header = (sheet.getRow(1).values as unknown[]).slice(1);
    const col = (name: string) => header.indexOf(name) + 1;
    const rows = [];
    for (let r = 2; r <= sheet.rowCount; r++) {
      const row = sheet.getRow(r);
      rows.push([
        row.getCell(col('Name')).value,
        row.getCell(col('Mitglied')).value,
        row.getCell(col('Eintritt')).value,
      ]);
    }
    expect(rows).toEqual([
      ['Castanea Exp', 'ja', new Date(Date.UTC(1999, 8, 9))],
      ['Ahorn Exp', 'ja', new Date(Date.UTC(2015, 4, 1))],
      ['Dattel Exp', 'ja', null],
    ]);
    const auswahl = book.getWorksheet('Auswahl')!.getColumn(2).values.map(String).join(' | ');
    expect(auswahl).toContain('Status: Aktiv · Mitglied: Ja · Suche „Obstgarten“');
  });
});
