import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildAdresse, buildPachtverhaeltnis, buildParzelle, buildUser } from '../helpers/factories';
import { startTestApp, TEST_PASSWORD, type TestApp } from '../helpers/testApp';
import { launchBrowser, newPage, signIn } from './browser';

// Issue 12: the Wasserwart records a plot's meter change with the keyboard only — the plot chosen
// by typing, a final reading below the last one flagged before saving — and finds it in the list.

let app: TestApp;
let browser: Browser;
let page: Page;
let plotId = 0;

beforeAll(async () => {
  app = await startTestApp();
  const s = app.services;
  const plot = await buildParzelle(s, { nummer: 'Z7', wasserzaehlerNummer: 'WZ-Z7' });
  plotId = plot.id;
  const huber = await buildAdresse(s, { nachname: 'Huber', vorname: 'Maria' });
  await buildPachtverhaeltnis(s, { parzelleId: plot.id, adresseId: huber.id, von: '2020-01-01' });
  const user = await buildUser(s, { roles: ['Wasserwart'] });
  const wasserwart = app.client();
  expect(await wasserwart.login(user.email, TEST_PASSWORD)).toBe(0);
  const res = await wasserwart.post('Wasserbuch/UpdateWasserablesung', {
    datum: '2026-04-01',
    parzelleId: plot.id,
    stand: '120.500',
  });
  expect(res.status, res.text).toBe(200);

  browser = await launchBrowser();
  page = await newPage(browser, app.url);
  await signIn(page, user.email, TEST_PASSWORD);
  await page.getByRole('navigation', { name: 'Hauptmenü' }).waitFor();
});
afterAll(async () => {
  await browser?.close();
  await app?.stop();
});

describe('Zählerwechsel in the browser', () => {
  it('records a meter change with the keyboard and shows it in the list', async () => {
    await page.goto('/wasserbuch/zaehlerwechsel');
    await expect.poll(() => page.getByText('Noch keine Zählerwechsel').count()).toBe(1);
    await page.getByRole('button', { name: 'Neuer Zählerwechsel', exact: true }).focus();
    await page.keyboard.press('Enter');
    const dialog = page.getByRole('dialog');
    const plot = dialog.getByRole('combobox', { name: /^Parzelle/ });
    await expect.poll(() => plot.evaluate((el) => el === document.activeElement)).toBe(true);

    // The plot by its holder's name; the arrow and Enter take the suggestion.
    await page.keyboard.type('Hub');
    await expect
      .poll(() => page.getByRole('option', { name: 'Z7 – Huber Maria (WZ-Z7)', exact: true }).count())
      .toBe(1);
    await page.keyboard.press('ArrowDown');
    await page.keyboard.press('Enter');
    await expect
      .poll(() => dialog.getByText('Aktueller Zähler: WZ-Z7, letzte Ablesung 120,500 m³ am 01.04.2026.').count())
      .toBe(1);

    await page.keyboard.press('Tab');
    const datum = dialog.getByRole('textbox', { name: /^Datum/ });
    await expect.poll(() => datum.evaluate((el) => el === document.activeElement)).toBe(true);
    await page.keyboard.press('ControlOrMeta+A');
    await page.keyboard.type('01.10.2026');
    await page.keyboard.press('Tab');
    await page.keyboard.type('110');
    // Below the last reading: said while typing, before any save.
    await expect.poll(() => dialog.getByText(/Der Endstand ist kleiner als die letzte Ablesung/).count()).toBe(1);
    await page.keyboard.press('Backspace');
    await page.keyboard.press('Backspace');
    await page.keyboard.press('Backspace');
    await page.keyboard.type('150,25');
    await expect.poll(() => dialog.getByText(/kleiner als die letzte Ablesung/).count()).toBe(0);
    await page.keyboard.press('Tab');
    await page.keyboard.type('WZ-Z7-NEU');
    await page.keyboard.press('Tab');
    // The new meter starts at the default 0,000.
    expect(await dialog.getByRole('textbox', { name: /^Anfangsstand/ }).inputValue()).toBe('0,000');
    await page.keyboard.press('Tab');
    await page.keyboard.type('P-4711');
    await page.keyboard.press('Enter');

    await expect.poll(() => page.getByRole('dialog').count()).toBe(0);
    const grid = page.getByRole('grid', { name: 'Zählerwechsel' });
    await expect.poll(() => grid.getByText('WZ-Z7-NEU', { exact: true }).count()).toBe(1);
    const row = (await grid.getByRole('row').nth(1).innerText()).replace(/\s+/g, ' ');
    expect(row).toContain('01.10.2026');
    expect(row).toContain('Huber Maria');
    expect(row).toContain('150,250 m³');
    expect(row).toContain('P-4711');

    // At 1366 px (a laptop with the sidebar) the toolbar stays on screen and the page does not scroll sideways.
    await page.setViewportSize({ width: 1366, height: 768 });
    for (const name of ['Protokoll drucken', 'Exportieren', 'Importieren', 'Neuer Zählerwechsel']) {
      const box = await page.getByRole('button', { name, exact: true }).boundingBox();
      expect(box && box.x >= 0 && box.x + box.width <= 1366, `${name} on screen`).toBe(true);
    }
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(1366);
    await page.screenshot({ path: '/tmp/u2-zaehlerwechsel.png' });

    const parzelle = await app.services.db('parzellen').where({ id: plotId }).first('wasserzaehler_nummer');
    expect(parzelle?.wasserzaehler_nummer).toBe('WZ-Z7-NEU');
    const readings = await app.services
      .db('wasserablesungen')
      .where({ parzelle_id: plotId, datum: '2026-10-01' })
      .orderBy('id');
    expect(readings.map((r) => [r.zaehlernummer, Number(r.stand_liter), Boolean(r.is_zaehlerwechsel)])).toEqual([
      ['WZ-Z7', 150_250, true],
      ['WZ-Z7-NEU', 0, false],
    ]);
  });
});
