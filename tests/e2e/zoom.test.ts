import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seedDemo } from '../../seeds/demo';
import { startTestApp, TEST_PASSWORD, type TestApp } from '../helpers/testApp';
import { launchBrowser } from './browser';

// UI.md: readable at 125 % zoom. On a 1280×720 laptop that is a 1024×576 CSS viewport at 1.25
// device pixels. There the menu turns into an overlay and lists scroll sideways rather than cut a
// date, an amount or a name.

let app: TestApp;
let browser: Browser;
let page: Page;

beforeAll(async () => {
  app = await startTestApp();
  await seedDemo(app.services);
  browser = await launchBrowser();
  const context = await browser.newContext({
    baseURL: app.url,
    locale: 'de-AT',
    timezoneId: 'Europe/Vienna',
    viewport: { width: 1024, height: 576 },
    deviceScaleFactor: 1.25,
  });
  page = await context.newPage();
  page.setDefaultTimeout(15_000);
  await page.goto('/login');
  await page.getByRole('textbox', { name: 'E-Mail' }).fill('admin@test.kgv');
  await page.getByRole('textbox', { name: 'Passwort' }).fill(TEST_PASSWORD);
  await page.getByRole('button', { name: 'Anmelden' }).click();
  await page.waitForURL((url) => !url.pathname.startsWith('/login'));
}, 120_000);
afterAll(async () => {
  await browser?.close();
  await app?.stop();
});

/** Texts of the visible cells whose content is cut off (ellipsis), for the given column headers. */
async function cutCells(page: Page, gridName: string, columns: string[]): Promise<string[]> {
  const grid = page.getByRole('grid', { name: gridName });
  await grid.locator('[role="row"]').nth(1).waitFor();
  return grid.evaluate((el, names) => {
    const headers = [...el.querySelectorAll('[role="columnheader"]')];
    const indexes = names.map((n) => headers.findIndex((h) => h.textContent?.trim() === n));
    const cut: string[] = [];
    for (const row of el.querySelectorAll('[role="row"]')) {
      const cells = [...row.querySelectorAll('[role="rowheader"], [role="gridcell"]')];
      for (const i of indexes) {
        const content = cells[i]?.querySelector('span') ?? cells[i];
        if (content && content.scrollWidth > content.clientWidth + 1) cut.push(content.textContent ?? '');
      }
    }
    return cut;
  }, columns);
}

describe('At 125 % zoom on a laptop', () => {
  it('the menu is an overlay behind a button, and opens and navigates', async () => {
    await page.goto('/stammdatenverwalten/parzellen');
    const menu = page.getByRole('navigation', { name: 'Hauptmenü' });
    await page.getByRole('grid', { name: 'Parzellen' }).waitFor();
    expect(await menu.isVisible()).toBe(false);
    await page.getByRole('button', { name: 'Menü öffnen' }).click();
    await menu.getByRole('link', { name: 'Abstellplätze' }).click();
    await page.waitForURL('**/stammdatenverwalten/abstellplaetze');
    await page.getByRole('grid', { name: 'Abstellplätze' }).waitFor();
  });

  it('lists show dates, amounts and names in full', async () => {
    await page.goto('/stammdatenverwalten/parzellen');
    expect(
      await cutCells(page, 'Parzellen', ['Nummer', 'Fläche', 'Gemeinschaftsfläche', 'Nutzungsberechtigter', 'seit']),
    ).toEqual([]);
    await page.goto('/stammdatenverwalten/abstellplaetze');
    expect(await cutCells(page, 'Abstellplätze', ['Nummer', 'Jahresgebühr', 'Nutzungsberechtigter', 'seit'])).toEqual(
      [],
    );
    await page.goto('/stammdatenverwalten/nutzungsberechtigte');
    expect(await cutCells(page, 'Nutzungsberechtigte', ['Name', 'Eintritt'])).toEqual([]);
    await page.goto('/stammdatenverwalten/funktionaer');
    expect(await cutCells(page, 'Funktionäre', ['Funktion', 'Name', 'von', 'bis'])).toEqual([]);
  });
});
