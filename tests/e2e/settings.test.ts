import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, TEST_PASSWORD, type TestApp } from '../helpers/testApp';
import { launchBrowser, newPage, signIn } from './browser';

let app: TestApp;
let browser: Browser;

beforeAll(async () => {
  app = await startTestApp();
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
  await app?.stop();
});

describe('Vereinseinstellungen in the browser', () => {
  it('saves a section with the toast, shows the new club name, and shows a German error for a bad IBAN', async () => {
    const page = await newPage(browser, app.url);
    await signIn(page, 'admin@test.kgv', TEST_PASSWORD);
    await page.getByRole('navigation', { name: 'Hauptmenü' }).waitFor();
    await page.goto('/grundeinstellungen/vereinseinstellungen');
    const name = page.getByRole('textbox', { name: /^Vereinsname/ });
    await name.fill('KGV Sonnenhang');
    await page.getByRole('textbox', { name: /^PLZ/ }).fill('1140');
    await page.getByRole('textbox', { name: /^Ort/ }).fill('Wien');
    await page.getByRole('button', { name: 'Speichern' }).click();
    await expect.poll(() => page.getByText('Gespeichert!').count()).toBeGreaterThan(0);
    await expect.poll(() => page.locator('header').innerText()).toContain('KGV Sonnenhang');
    expect(await app.services.db('settings').where({ section: 'Adresse', key: 'name' }).first('value')).toEqual({
      value: 'KGV Sonnenhang',
    });

    await page.getByRole('tab', { name: 'Bank' }).click();
    await page.getByRole('textbox', { name: /^IBAN/ }).fill('AT61 1904 3002 3457 3202');
    await page.getByRole('button', { name: 'Speichern' }).click();
    await expect.poll(() => page.getByText(/IBAN ist ungültig/).count()).toBeGreaterThan(0);
    expect(await app.services.db('settings').where({ section: 'Bank', key: 'iban' }).first()).toBeUndefined();
    await page.context().close();
  });

  it('shows a Rechnungsprüfer the settings read-only', async () => {
    await app.signedIn(['Rechnungsprüfer'], 'ro@test.kgv');
    const page = await newPage(browser, app.url);
    await signIn(page, 'ro@test.kgv', TEST_PASSWORD);
    await page.getByRole('navigation', { name: 'Hauptmenü' }).waitFor();
    await page.goto('/grundeinstellungen/vereinseinstellungen');
    await expect.poll(() => page.getByRole('textbox', { name: /^Vereinsname/ }).count()).toBe(1);
    expect(await page.getByRole('button', { name: 'Speichern' }).count()).toBe(0);
    await page.context().close();
  });
});
