import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { todayIso } from '../../src/platform/dates';
import { buildAdresse, buildPachtabrechnung, buildPachtverhaeltnis, buildParzelle } from '../helpers/factories';
import { startTestApp, TEST_PASSWORD, type TestApp } from '../helpers/testApp';
import { launchBrowser, newPage, signIn } from './browser';
import { pdfText } from './e2eHelfer';

// Parkkarten in the browser: the count set in the Parzelle dialog, the info saved in the Parkkarten
// dialog of the Abstellplätze screen, and the PDFs behind its links.

let app: TestApp;
let browser: Browser;
let page: Page;
let paId: number;
let plotId: number;
const jahr = Number(todayIso().slice(0, 4));

beforeAll(async () => {
  app = await startTestApp();
  const admin = app.client();
  await admin.login('admin@test.kgv', TEST_PASSWORD);
  const verein = await admin.request('POST', 'Vereinseinstellungen/UpdateVereinseinstellungen', {
    query: { edit: 'Adresse' },
    body: { name: 'KGV Sonnenhang', ort: 'Wien', land: 'Österreich' },
  });
  if (verein.status !== 200) throw new Error(verein.text);
  paId = (await buildPachtabrechnung(app.services, jahr)).id;
  plotId = (await buildParzelle(app.services, { nummer: '17', pachtabrechnungId: paId })).id;
  const adresseId = (await buildAdresse(app.services, { vorname: 'Maria', nachname: 'Huber', flags: 256 })).id;
  await buildPachtverhaeltnis(app.services, { parzelleId: plotId, adresseId, von: '2020-01-01' });

  browser = await launchBrowser();
  page = await newPage(browser, app.url);
  await signIn(page, 'admin@test.kgv', TEST_PASSWORD);
  await page.getByRole('navigation', { name: 'Hauptmenü' }).waitFor();
});
afterAll(async () => {
  await browser?.close();
  await app?.stop();
});

/** The PDF behind a link, fetched with the page's session. */
async function pdfBehind(href: string | null): Promise<string> {
  expect(href).toBeTruthy();
  const res = await page.request.get(href!);
  expect(res.status()).toBe(200);
  expect(res.headers()['content-type']).toBe('application/pdf');
  return pdfText(Buffer.from(await res.body()));
}

const cardsIn = (text: string) => text.match(/Parkkarte \d{4}/g)?.length ?? 0;

describe('Parkkarten in the browser', () => {
  it('sets two cards for a plot in its dialog, which then links the plot’s cards', async () => {
    await page.goto('/stammdatenverwalten/parzellen');
    const grid = page.getByRole('grid', { name: 'Parzellen' });
    await grid.getByText('17', { exact: true }).click();
    const record = page.getByRole('dialog');
    // No cards yet: nothing to print.
    await record.getByRole('tab', { name: 'Stammdaten' }).waitFor();
    expect(await record.getByRole('link', { name: 'Parkkarten drucken (PDF)' }).count()).toBe(0);
    const count = record.getByRole('textbox', { name: /^Parkkarten für das Jahr/ });
    await count.fill('2');
    await count.press('Tab');
    await record.getByRole('button', { name: 'Speichern' }).click();
    await expect.poll(() => page.getByText(/Parzelle 17 gespeichert/).count()).toBeGreaterThan(0);
    await expect
      .poll(async () => {
        const row = await app.services
          .db('parzelle_jahr')
          .where({ parzelle_id: plotId, pachtabrechnung_id: paId })
          .first('anzahl_parkkarten');
        return Number(row?.anzahl_parkkarten ?? 0);
      })
      .toBe(2);

    await expect.poll(() => page.getByRole('dialog').count()).toBe(0);
    await grid.getByText('17', { exact: true }).click();
    const link = page.getByRole('dialog').getByRole('link', { name: 'Parkkarten drucken (PDF)' });
    await link.waitFor();
    const href = await link.getAttribute('href');
    expect(href).toBe(`/api/Stammdaten/Parkkarten?parzelle=${plotId}&pachtabrechnungID=${paId}`);
    const text = await pdfBehind(href);
    expect(cardsIn(text)).toBe(2);
    expect(text).toContain('Parzelle 17');
    await page.keyboard.press('Escape');
  });

  it('saves fee and note in the Parkkarten dialog and prints the cards with them', async () => {
    await page.goto('/stammdatenverwalten/abstellplaetze');
    // The club has no Abstellplatz: the button is there all the same.
    await page.getByText('Noch keine Abstellplätze').waitFor();
    await page.getByRole('button', { name: 'Parkkarten' }).click();
    const box = page.getByRole('dialog');
    await box.getByText(`2 Parkkarten für 1 Parzelle im Jahr ${jahr}`).waitFor();

    const fee = box.getByRole('textbox', { name: /^Gebühr je Karte/ });
    await fee.fill('12,50');
    await fee.press('Tab');
    await box.getByRole('textbox', { name: /^Gültig bis/ }).fill(`31.03.${jahr + 1}`);
    await box.getByRole('textbox', { name: /^Hinweis/ }).fill('Gut sichtbar hinter die Windschutzscheibe legen.');
    await box.getByRole('button', { name: 'Speichern' }).click();
    await expect.poll(() => page.getByText(`Parkkarten ${jahr} gespeichert.`).count()).toBeGreaterThan(0);
    const stored = await app.services.db('parkkarten_info').where({ pachtabrechnung_id: paId }).first();
    expect(Number(stored?.gebuehr_cent)).toBe(1250);
    expect(stored?.hinweis).toBe('Gut sichtbar hinter die Windschutzscheibe legen.');

    const all = box.getByRole('link', { name: 'Alle Parkkarten drucken (PDF)' });
    expect(await all.getAttribute('href')).toBe(`/api/Stammdaten/Parkkarten?pachtabrechnungID=${paId}`);
    const text = await pdfBehind(await all.getAttribute('href'));
    expect(cardsIn(text)).toBe(2);
    expect(text).toContain('KGV Sonnenhang');
    expect(text).toContain(`Parkkarte ${jahr}`);
    expect(text).toContain('Parzelle 17');
    expect(text).toContain('Huber Maria');
    expect(text).toContain(`Gültig bis 31.03.${jahr + 1}`);
    expect(text).toContain('Windschutzscheibe');

    await box.getByRole('textbox', { name: /^Parzellennummer/ }).fill('17');
    const one = box.getByRole('link', { name: 'Parkkarten dieser Parzelle (PDF)' });
    await one.waitFor();
    const single = await pdfBehind(await one.getAttribute('href'));
    expect(single).toContain('Karte 2 von 2');
    await box.getByRole('textbox', { name: /^Parzellennummer/ }).fill('99');
    await box.getByText('Eine Parzelle „99“ gibt es nicht.').waitFor();

    // Reopened, the dialog shows what is stored.
    await box.getByRole('button', { name: 'Abbrechen' }).click();
    await page.getByRole('button', { name: 'Parkkarten' }).click();
    const again = page.getByRole('dialog').getByRole('textbox', { name: /^Gebühr je Karte/ });
    await expect.poll(async () => (await again.inputValue()).replace(/\s/g, ' ')).toBe('€ 12,50');
  });
});
