import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildGruppe } from '../helpers/factories';
import { startTestApp, TEST_PASSWORD, type TestApp } from '../helpers/testApp';
import { seedZvBeispiel, type ZvBeispiel } from '../helpers/zvBeispiel';
import { flatText, openSignedIn } from './wasserbuchSetup';

// Issue 14, the Basisdaten of the Jahresvorschreibung in the browser, on DOMAIN.md's example
// (seedZvBeispiel: 17 plots, plot 17 400 m² with a 100 m² share of the 2,000 m² common area, the
// others 475 m² with 118.75 m²): the Kassier changes the Pachtzins, drafts a percentage surcharge and
// watches plot 17's preview change (10 % of 400 m² × 1,35 € = 54,00 €), edits a share and cannot save
// until the shares add up again, adds a club position and a group position.

let app: TestApp;
let browser: Browser;
let page: Page;
let ids: ZvBeispiel;

beforeAll(async () => {
  app = await startTestApp();
  ids = await seedZvBeispiel(app.services);
  await buildGruppe(app.services, { name: 'Gruppe Nord' });
  ({ browser, page } = await openSignedIn(app, 'admin@test.kgv', TEST_PASSWORD));
});
afterAll(async () => {
  await browser?.close();
  await app?.stop();
});

const menuLink = (name: string) =>
  page.getByRole('navigation', { name: 'Hauptmenü' }).getByRole('link', { name, exact: true });
const toast = (text: string) => expect.poll(() => page.getByText(text, { exact: true }).count()).toBeGreaterThan(0);

describe('Basisdaten der Jahresvorschreibung in the browser', () => {
  it('sets the rates of the year', async () => {
    await menuLink('Pachtberechnungen').click();
    await page.getByRole('heading', { level: 1, name: 'Pachtberechnungen', exact: true }).waitFor();
    const pachtzins = page.getByRole('textbox', { name: /^Pachtzins €\/m²/ });
    await expect.poll(() => pachtzins.inputValue()).toMatch(/1,31/);
    await pachtzins.fill('1,35');
    await pachtzins.blur();
    await page.getByRole('button', { name: 'Speichern', exact: true }).click();
    await toast('Sätze 2026 gespeichert.');
    const row = await app.services.db('pachtberechnungen').where({ pachtabrechnung_id: ids.pachtabrechnungId }).first();
    expect(Number(row?.pachtzins_pro_m2)).toBe(1.35);
  });

  it('drafts a percentage surcharge and sees plot 17 change in the preview before saving it', async () => {
    await page.getByRole('button', { name: 'Neuer Pachtzuschlag', exact: true }).click();
    const dialog = page.getByRole('dialog');
    await dialog.getByRole('button', { name: /Vorschau für Parzelle/ }).click();
    await page.getByRole('option', { name: '17', exact: true }).click();
    const summe = dialog.getByRole('row').filter({ hasText: 'Summe Pacht Parzelle 17' });
    // Without the draft: 540,00 + 135,00 + 70,00 (Pachtzins 400 m², share 100 m² at 1,35 €, Grundsteuer
    // 500 m² at 0,14 €) + 14,5 % of 745,00 = 108,03 → 853,03 €; the draft adds 10 % of 540,00 = 54,00 €.
    await expect.poll(() => flatText(summe)).toBe('Summe Pacht Parzelle 17 € 853,03');
    await dialog.getByRole('textbox', { name: /^Bezeichnung/ }).fill('Kanalzuschlag');
    await dialog.getByRole('button', { name: /Art/ }).click();
    await page.getByRole('option', { name: 'Prozent', exact: true }).click();
    await dialog.getByRole('textbox', { name: /^Wert \(%\)/ }).fill('10');
    await dialog.getByRole('textbox', { name: /^Wert \(%\)/ }).blur();
    const entwurf = dialog.locator('tr.kgv-bd-highlight');
    await expect.poll(async () => ((await entwurf.count()) > 0 ? flatText(entwurf) : '')).toContain('€ 54,00');
    await expect.poll(() => flatText(summe)).toBe('Summe Pacht Parzelle 17 € 907,03');
    await dialog.getByRole('button', { name: 'Speichern', exact: true }).click();
    await toast('Pachtzuschlag „Kanalzuschlag“ gespeichert.');
    const liste = page.getByRole('table', { name: 'Pachtzuschläge 2026', exact: true });
    await expect.poll(() => flatText(liste)).toMatch(/Kanalzuschlag Prozent 10 % Pachtzins alle 17/);
  });

  it('blocks saving the shares until they add up to the common area', async () => {
    const status = page.getByRole('status').filter({ hasText: 'Summe der Anteile' });
    await expect.poll(() => flatText(status)).toBe('Summe der Anteile 2.000,00 m² von 2.000,00 m² – passt');
    const speichern = page.getByRole('button', { name: 'Anteile speichern', exact: true });
    const anteil17 = page.getByRole('textbox', { name: 'Anteil Parzelle 17', exact: true });
    await anteil17.fill('99');
    await anteil17.blur();
    await expect.poll(() => flatText(status)).toBe('Summe der Anteile 1.999,00 m² von 2.000,00 m² – es fehlen 1,00 m²');
    expect(await speichern.isDisabled()).toBe(true);
    const anteil16 = page.getByRole('textbox', { name: 'Anteil Parzelle 16', exact: true });
    await anteil16.fill('119,75');
    await anteil16.blur();
    await expect.poll(() => flatText(status)).toContain('– passt');
    await speichern.click();
    await toast('Gemeinschaftsflächenanteile 2026 gespeichert.');
    const jahr = await app.services
      .db('parzelle_jahr')
      .where({ parzelle_id: ids.parzelle17, pachtabrechnung_id: ids.pachtabrechnungId })
      .first();
    expect(Number(jahr?.gemeinschaftsflaeche)).toBe(99);
  });

  it('adds a club position', async () => {
    await menuLink('Vereinsabrechnung').click();
    await page.getByRole('heading', { level: 1, name: 'Vereinsabrechnung', exact: true }).waitFor();
    await expect
      .poll(() => page.getByRole('textbox', { name: 'Text Position 3', exact: true }).inputValue())
      .toBe('Instandhaltungsbeitrag');
    await page.getByRole('button', { name: 'Position hinzufügen', exact: true }).click();
    await page.getByRole('textbox', { name: 'Text Position 4', exact: true }).fill('Kulturbeitrag');
    await page.getByRole('button', { name: 'Art Position 4' }).click();
    await page.getByRole('option', { name: 'Pro Adresse', exact: true }).click();
    const betrag = page.getByRole('textbox', { name: 'Betrag Position 4', exact: true });
    await betrag.fill('5');
    await betrag.blur();
    await page.getByRole('button', { name: 'Speichern', exact: true }).click();
    await toast('Vereinsabrechnung 2026 gespeichert.');
    const positionen = await app.services
      .db('vereinsabrechnung_positionen')
      .where({ vereinsabrechnung_id: ids.vereinsabrechnungId })
      .orderBy('sortierung');
    expect(positionen.map((p) => [p.text, p.art, p.betrag_cent])).toEqual([
      ['Verbandsbeitrag', 'proMitglied', 1266],
      ['Mitgliedsbeitrag', 'proMitglied', 7500],
      ['Instandhaltungsbeitrag', 'proParzelle', 18000],
      ['Kulturbeitrag', 'proAdresse', 500],
    ]);
  });

  it('adds a group position', async () => {
    await menuLink('Abrechnung je Gruppe').click();
    await page.getByRole('heading', { level: 1, name: 'Gruppenabrechnung', exact: true }).waitFor();
    await page.getByRole('button', { name: 'Neue Gruppenposition', exact: true }).click();
    const dialog = page.getByRole('dialog');
    await dialog
      .getByRole('button', { name: /Gruppe/ })
      .first()
      .click();
    await page.getByRole('option', { name: 'Gruppe Nord', exact: true }).click();
    await dialog.getByRole('textbox', { name: /^Text/ }).fill('Wasserleitung');
    const betrag = dialog.getByRole('textbox', { name: /^Betrag für die Gruppe/ });
    await betrag.fill('1200');
    await betrag.blur();
    await dialog.getByRole('radio', { name: 'nach Fläche' }).check();
    await dialog.getByRole('button', { name: 'Speichern', exact: true }).click();
    await toast('Gruppenposition „Wasserleitung“ gespeichert.');
    const tabelle = page.getByRole('table', { name: 'Gruppenpositionen 2026', exact: true });
    await expect.poll(() => flatText(tabelle)).toMatch(/Gruppe Nord Wasserleitung € 1\.200,00 nach Fläche 0 %/);
  });
});
