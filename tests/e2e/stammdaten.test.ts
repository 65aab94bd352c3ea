import ExcelJS from 'exceljs';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { todayIso } from '../../src/platform/dates';
import { nowDb } from '../../src/platform/db/db';
import { startTestApp, TEST_PASSWORD, type TestApp } from '../helpers/testApp';
import { launchBrowser, newPage, signIn } from './browser';
import { pdfText } from './e2eHelfer';

let app: TestApp;
let browser: Browser;
let page: Page;

beforeAll(async () => {
  app = await startTestApp();
  browser = await launchBrowser();
  page = await newPage(browser, app.url);
  await signIn(page, 'admin@test.kgv', TEST_PASSWORD);
  await page.getByRole('navigation', { name: 'Hauptmenü' }).waitFor();
});
afterAll(async () => {
  await browser?.close();
  await app?.stop();
});

describe('Stammdaten in the browser', () => {
  it('creates a plot and an address, assigns the plot with a Gartenwechsel and shows it in the history', async () => {
    await page.goto('/stammdatenverwalten/parzellen');
    await page.getByRole('button', { name: 'Neue Parzelle' }).click();
    const plotDialog = page.getByRole('dialog');
    await plotDialog.getByRole('textbox', { name: /^Nummer/ }).fill('17');
    await plotDialog.getByRole('textbox', { name: /^Fläche/ }).fill('400');
    await plotDialog.getByRole('button', { name: 'Speichern' }).click();
    await expect.poll(() => page.getByText(/Parzelle 17 gespeichert/).count()).toBeGreaterThan(0);
    // The German input "400" is stored as 400 m² (SQLite answers 400, MySQL "400.00").
    const saved = await app.services.db('parzellen').where({ nummer: '17' }).first('flaeche');
    expect(Number(saved?.flaeche)).toBe(400);

    await page.goto('/stammdatenverwalten/nutzungsberechtigte');
    await page.getByRole('button', { name: 'Neue Adresse' }).click();
    await page.getByRole('textbox', { name: /^Vorname/ }).fill('Maria');
    await page.getByRole('textbox', { name: /^Nachname/ }).fill('Huber');
    await page.getByRole('button', { name: 'Speichern' }).click();
    await expect.poll(() => app.services.db('adressen').where({ nachname: 'Huber' }).first('id')).toBeDefined();

    await page.goto('/stammdatenverwalten/parzellen');
    await page.getByRole('grid', { name: 'Parzellen' }).getByText('17', { exact: true }).click();
    const record = page.getByRole('dialog');
    await record.getByRole('button', { name: 'Gartenwechsel' }).click();
    const wizard = page.getByRole('dialog');
    await wizard.getByRole('combobox', { name: /Neuer Nutzungsberechtigter/ }).fill('Hub');
    await page.getByRole('option', { name: 'Huber Maria' }).click();
    await wizard.getByRole('button', { name: 'Weiter' }).click();
    await wizard.getByRole('button', { name: 'Weiter' }).click();
    await wizard.getByRole('button', { name: 'Gartenwechsel ausführen' }).click();
    await expect
      .poll(() =>
        app.services
          .db('pachtverhaeltnisse')
          .count({ n: '*' })
          .first()
          .then((r) => Number(r?.n)),
      )
      .toBe(1);
    const grid = page.getByRole('grid', { name: 'Parzellen' });
    await page.keyboard.press('Escape');
    await page.goto('/stammdatenverwalten/parzellen');
    await expect.poll(() => grid.getByText('Huber Maria').count()).toBeGreaterThan(0);

    await grid.getByText('17', { exact: true }).click();
    await page.getByRole('dialog').getByRole('tab', { name: 'Verlauf' }).click();
    await expect
      .poll(() =>
        page
          .getByRole('dialog')
          .getByText(/Administrator/)
          .count(),
      )
      .toBeGreaterThan(0);
    await page.keyboard.press('Escape');
  });

  it('filters and sorts the plot list, and keeps the filter in the URL', async () => {
    const now = nowDb();
    await app.services.db('parzellen').insert([
      { nummer: '3', flaeche: '300.00', created_at: now, updated_at: now },
      { nummer: '120', flaeche: '450.00', created_at: now, updated_at: now },
    ]);
    await page.goto('/stammdatenverwalten/parzellen?filter=frei');
    const grid = page.getByRole('grid', { name: 'Parzellen' });
    await expect.poll(() => grid.getByText('120', { exact: true }).count()).toBe(1);
    expect(await grid.getByText('17', { exact: true }).count()).toBe(0);
    await page.reload();
    await expect.poll(() => grid.getByText('3', { exact: true }).count()).toBe(1);
    expect(new URL(page.url()).searchParams.get('filter')).toBe('frei');

    await page.goto('/stammdatenverwalten/parzellen');
    await expect.poll(() => grid.getByRole('row').count()).toBeGreaterThan(3);
    const firstCells = async () => (await grid.getByRole('rowheader').allInnerTexts()).map((s) => s.trim());
    const before = await firstCells();
    await grid.getByRole('columnheader', { name: /Nummer/ }).click();
    await expect.poll(async () => (await firstCells()).join()).not.toBe(before.join());
  });

  it('downloads the Stammdatenblatt of an address as a PDF', async () => {
    const id = (await app.services.db('adressen').where({ nachname: 'Huber' }).first('id'))?.id;
    await page.goto(`/stammdatenverwalten/nutzungsberechtigte?id=${id}`);
    const link = page.getByRole('link', { name: /Stammdatenblatt/ });
    await link.waitFor();
    const href = await link.getAttribute('href');
    expect(href).toContain(`Stammdatenblatt?id=${id}`);
    const res = await page.request.get(href!);
    expect(res.status()).toBe(200);
    expect(res.headers()['content-type']).toBe('application/pdf');
    const text = pdfText(Buffer.from(await res.body()));
    expect(text).toContain('Huber');
    expect(text).toContain('17');
  });

  it('shows the address its plots of the year and the Gartenwechsel in its own Verlauf', async () => {
    const id = (await app.services.db('adressen').where({ nachname: 'Huber' }).first('id'))?.id;
    await page.goto(`/stammdatenverwalten/nutzungsberechtigte?id=${id}`);
    await page.getByRole('tab', { name: 'Parzellen' }).click();
    const jahr = Number(todayIso().slice(0, 4));
    const table = page.getByRole('grid', { name: `Parzellen im Jahr ${jahr}` });
    await expect.poll(() => table.getByRole('row').count()).toBe(2);
    const cells = (await table.getByRole('row').nth(1).allInnerTexts()).join(' ');
    expect(cells).toContain('17');
    expect(cells).toMatch(/400,00\s*m²/);

    await page.getByRole('tab', { name: 'Verlauf' }).click();
    await expect.poll(() => page.getByText(/Gartenwechsel: Parzelle/).count()).toBe(1);
  });

  it('offers the members without a plot and a blank Stammdatenblatt from the address list', async () => {
    const now = nowDb();
    await app.services
      .db('adressen')
      .insert({ vorname: 'Karl', nachname: 'Ohnegarten', flags: 256, created_at: now, updated_at: now });
    await page.goto('/stammdatenverwalten/nutzungsberechtigte');
    await page.getByRole('grid', { name: 'Nutzungsberechtigte' }).waitFor();

    const excel = page.getByRole('link', { name: 'Weitere Mitgliedschaften (Excel)' });
    const excelRes = await page.request.get((await excel.getAttribute('href'))!);
    expect(excelRes.status()).toBe(200);
    expect(excelRes.headers()['content-disposition']).toContain('WeitereMitgliedschaften.xlsx');
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(Buffer.from(await excelRes.body()) as unknown as ArrayBuffer);
    const names = workbook.worksheets[0]!.getColumn(2).values.map((v) => String(v ?? ''));
    expect(names).toContain('Ohnegarten Karl');
    // Huber holds plot 17: not among the members without a plot.
    expect(names.some((name) => name.includes('Huber'))).toBe(false);

    const blank = page.getByRole('link', { name: 'Leeres Stammdatenblatt (PDF)' });
    const pdfRes = await page.request.get((await blank.getAttribute('href'))!);
    expect(pdfRes.status()).toBe(200);
    expect(pdfRes.headers()['content-type']).toBe('application/pdf');
    const text = pdfText(Buffer.from(await pdfRes.body()));
    expect(text).toContain('Stammdatenblatt');
    expect(text).not.toContain('Huber');
  });
});
