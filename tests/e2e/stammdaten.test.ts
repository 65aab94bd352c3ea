import { execFileSync } from 'node:child_process';
import { mkdtempSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { nowDb } from '../../src/platform/db/db';
import { startTestApp, TEST_PASSWORD, type TestApp } from '../helpers/testApp';
import { launchBrowser, newPage, signIn } from './browser';

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

const pdfText = (pdf: Buffer) => {
  const file = path.join(mkdtempSync(path.join(os.tmpdir(), 'kgv-e2e-pdf-')), 'x.pdf');
  writeFileSync(file, pdf);
  return execFileSync('pdftotext', ['-layout', file, '-'], { encoding: 'utf8' });
};

describe('Stammdaten in the browser', () => {
  it('creates a plot and an address, assigns the plot with a Gartenwechsel and shows it in the history', async () => {
    await page.goto('/stammdatenverwalten/parzellen');
    await page.getByRole('button', { name: 'Neue Parzelle' }).click();
    const plotDialog = page.getByRole('dialog');
    await plotDialog.getByRole('textbox', { name: /^Nummer/ }).fill('17');
    await plotDialog.getByRole('textbox', { name: /^Fläche/ }).fill('400');
    await plotDialog.getByRole('button', { name: 'Speichern' }).click();
    await expect.poll(() => page.getByText(/Parzelle 17 gespeichert/).count()).toBeGreaterThan(0);
    expect(await app.services.db('parzellen').where({ nummer: '17' }).first('flaeche')).toBeDefined();

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
    const { id } = await app.services.db('adressen').where({ nachname: 'Huber' }).first('id');
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
});
