import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { currentYear } from '../../src/platform/dates';
import { startTestApp, TEST_PASSWORD, type TestApp } from '../helpers/testApp';
import { seedZvBeispiel } from '../helpers/zvBeispiel';
import { flatText, openSignedIn } from './wasserbuchSetup';

// Issue 15, the insurances as the Kassier keeps them: the insurer's list imported from a CSV — a
// file with a plot that does not exist is refused with its row and nothing is written; the fixed
// file is previewed and imported; then one insurance is edited and one deleted, in the browser
// through the real server. DOMAIN.md's club (plots 1–17, seedZvBeispiel).

let app: TestApp;
let browser: Browser;
let page: Page;
const JAHR = currentYear();

beforeAll(async () => {
  app = await startTestApp();
  await seedZvBeispiel(app.services);
  ({ browser, page } = await openSignedIn(app, 'admin@test.kgv', TEST_PASSWORD));
}, 60_000);
afterAll(async () => {
  await browser?.close();
  await app?.stop();
});

const anzahl = async () =>
  Number(((await app.services.db('versicherungen').count({ n: '*' }).first()) as { n: number | string }).n);

const csv = (zeilen: string[]) =>
  Buffer.from(['Parzelle;Text;Prämie;Versicherer;Polizze', ...zeilen].join('\r\n'), 'utf8');

describe('Versicherungen in the browser', () => {
  it('imports the insurer’s list after refusing a wrong row, then edits and deletes one', async () => {
    await page.goto('/rechnungen/versicherungen');
    await page.getByRole('heading', { name: 'Versicherungen', level: 1 }).waitFor();
    await page.getByText(`Noch keine Versicherungen für ${JAHR}`, { exact: true }).waitFor();

    await page.getByRole('button', { name: 'Aus Datei importieren', exact: true }).click();
    const dialog = page.getByRole('dialog', { name: `Versicherungen ${JAHR} importieren` });
    await dialog.waitFor();
    const datei = dialog.locator('input[type="file"]');
    await datei.setInputFiles({
      name: 'versicherung.csv',
      mimeType: 'text/csv',
      buffer: csv([
        '17;Gartenhausversicherung;42,50;Wiener Städtische;P-17',
        '99;Gartenhausversicherung;39,00;Wiener Städtische;P-99',
        '3;Gartenhausversicherung;39,00;Wiener Städtische;P-3',
      ]),
    });
    await dialog.getByRole('button', { name: 'Vorschau', exact: true }).click();
    const fehler = dialog.getByRole('alert').filter({ hasText: 'nichts wurde importiert' });
    await fehler.waitFor();
    expect(await flatText(fehler)).toContain('Zeile 3: Parzelle „99“ gibt es nicht.');
    expect(await dialog.getByRole('button', { name: 'Importieren', exact: true }).isDisabled()).toBe(true);
    expect(await anzahl()).toBe(0);

    await datei.setInputFiles({
      name: 'versicherung.csv',
      mimeType: 'text/csv',
      buffer: csv([
        '17;Gartenhausversicherung;42,50;Wiener Städtische;P-17',
        '2;Gartenhausversicherung;39,00;Wiener Städtische;P-2',
        '3;Gartenhausversicherung;39,00;Wiener Städtische;P-3',
      ]),
    });
    await dialog.getByRole('button', { name: 'Vorschau', exact: true }).click();
    await dialog.getByRole('table', { name: 'Vorschau des Imports' }).waitFor();
    expect(await flatText(dialog)).toContain('3 Versicherungen über zusammen € 120,50.');
    expect(await anzahl()).toBe(0);
    await dialog.getByRole('button', { name: '3 Versicherungen importieren', exact: true }).click();
    await dialog.getByText(`3 Versicherungen für ${JAHR} importiert.`, { exact: true }).waitFor();
    expect(await anzahl()).toBe(3);
    await dialog.getByRole('button', { name: 'Schließen', exact: true }).click();

    const grid = page.getByRole('grid', { name: 'Versicherungen', exact: true });
    await expect.poll(() => grid.getByRole('rowheader').allInnerTexts()).toEqual(['2', '3', '17']);
    expect(await flatText(page.locator('main'))).toContain('3 Versicherungen · Prämien zusammen € 120,50');

    // Edit plot 17's premium.
    await grid.getByRole('rowheader', { name: '17', exact: true }).click();
    const bearbeiten = page.getByRole('dialog', { name: 'Versicherung bearbeiten' });
    await bearbeiten.waitFor();
    await bearbeiten.getByRole('textbox', { name: 'Prämie' }).fill('45,00');
    await bearbeiten.getByRole('button', { name: 'Speichern', exact: true }).click();
    await bearbeiten.waitFor({ state: 'detached' });
    await expect.poll(() => flatText(page.locator('main'))).toContain('Prämien zusammen € 123,00');
    const v17 = await app.services.db('versicherungen').where({ polizze: 'P-17' }).first('praemie_cent');
    expect(Number(v17?.praemie_cent)).toBe(4_500);

    // Delete plot 2's.
    await page.getByRole('button', { name: 'Versicherung Parzelle 2 löschen', exact: true }).click();
    const frage = page.getByRole('alertdialog', { name: 'Versicherung Parzelle 2 löschen?' });
    await frage.getByRole('button', { name: 'Löschen', exact: true }).click();
    await expect.poll(() => grid.getByRole('rowheader').allInnerTexts()).toEqual(['3', '17']);
    expect(await anzahl()).toBe(2);
  });
});
