import { generate } from 'otplib';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { setSection } from '../../src/platform/settings/settings';
import { passwordLinkFromOutbox } from '../helpers/outbox';
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

const codeAt = (key: string, offsetSeconds = 0) =>
  generate({ secret: key.replace(/\s+/g, '').toUpperCase(), epoch: Math.floor(Date.now() / 1000) + offsetSeconds });
const nav = (page: Page) => page.getByRole('navigation', { name: 'Hauptmenü' });

/** Sets up the authenticator on the profile page as a user would, reading the key off the screen. */
async function setUpTwoFactorOnProfile(page: Page): Promise<string> {
  const keyBox = page.locator('.kgv-shared-key');
  await keyBox.waitFor();
  const key = (await keyBox.innerText()).trim();
  await page.getByRole('textbox', { name: /Code aus der App/ }).fill(await codeAt(key));
  await page.getByRole('button', { name: 'Bestätigen' }).click();
  await page.getByRole('button', { name: 'Ich habe die Codes sicher aufbewahrt' }).waitFor();
  await page.getByRole('button', { name: 'Ich habe die Codes sicher aufbewahrt' }).click();
  return key;
}

describe('users in the browser', () => {
  it('sets up 2FA on the profile page and then signs in with a code from the app', async () => {
    await app.signedIn(['Kassier'], 'zwei@test.kgv');
    const page = await newPage(browser, app.url);
    await signIn(page, 'zwei@test.kgv', TEST_PASSWORD);
    await nav(page).waitFor();
    await page.goto('/profil?edit=2fa');
    const key = await setUpTwoFactorOnProfile(page);
    await expect.poll(() => page.getByText('aktiv', { exact: true }).count()).toBeGreaterThan(0);
    await page.context().close();

    const next = await newPage(browser, app.url);
    await signIn(next, 'zwei@test.kgv', TEST_PASSWORD);
    const field = next.getByRole('textbox', { name: /Authentifizierungscode/ });
    await field.waitFor();
    await field.fill('000000');
    await next.getByRole('button', { name: 'Bestätigen' }).click();
    await expect.poll(() => next.getByText('Der Code ist ungültig.').count()).toBeGreaterThan(0);
    // The set-up used the current time step; the next one is still inside the ±1 window.
    await field.fill(await codeAt(key, 30));
    await next.getByRole('button', { name: 'Bestätigen' }).click();
    await nav(next).waitFor();
    expect(new URL(next.url()).pathname).toBe('/');
    await next.context().close();
  });

  it('forces the set-up when the club requires 2FA, and lets the user on afterwards', async () => {
    await app.signedIn(['Obmann'], 'pflicht@test.kgv');
    await setSection(app.services.db, 'Optionen', { mfa: '2' }, null);
    app.services.cache.clear();
    try {
      const page = await newPage(browser, app.url);
      await signIn(page, 'pflicht@test.kgv', TEST_PASSWORD);
      await page.waitForURL(/\/profil\?edit=2fa/);
      await expect
        .poll(() => page.getByText(/Ihr Verein verlangt die Zwei-Faktor-Anmeldung/).count())
        .toBeGreaterThan(0);
      await page.goto('/stammdatenverwalten/parzellen');
      await page.waitForURL(/\/profil\?edit=2fa/);
      await setUpTwoFactorOnProfile(page);
      await nav(page).getByRole('link', { name: 'Parzellen', exact: true }).click();
      await page.waitForURL(/\/stammdatenverwalten\/parzellen$/);
      await expect.poll(() => page.getByRole('heading', { name: 'Parzellen' }).count()).toBeGreaterThan(0);
      await page.context().close();
    } finally {
      await setSection(app.services.db, 'Optionen', { mfa: '0' }, null);
      app.services.cache.clear();
    }
  });

  it('lets an administrator create a user who sets a password from the mail and signs in', async () => {
    const page = await newPage(browser, app.url);
    await signIn(page, 'admin@test.kgv', TEST_PASSWORD);
    await nav(page).waitFor();
    await page.goto('/grundeinstellungen/benutzer');
    await page.getByRole('button', { name: 'Neuer Benutzer' }).click();
    const dialog = page.getByRole('dialog');
    await dialog.getByRole('textbox', { name: /^Name/ }).fill('Maria Huber');
    await dialog.getByRole('textbox', { name: /^E-Mail/ }).fill('maria.huber@verein.at');
    await dialog.getByRole('checkbox', { name: 'Kassier' }).check();
    await dialog.getByRole('button', { name: 'Speichern' }).click();
    await expect
      .poll(() =>
        page
          .getByRole('rowheader', { name: 'Maria Huber' })
          .or(page.getByRole('gridcell', { name: 'Maria Huber' }))
          .count(),
      )
      .toBeGreaterThan(0);
    await page.context().close();

    const { token } = await passwordLinkFromOutbox(app, 'maria.huber@verein.at');
    const maria = await newPage(browser, app.url);
    await maria.goto(`/resetpassword?email=${encodeURIComponent('maria.huber@verein.at')}&token=${token}`);
    await maria.getByRole('textbox', { name: /^Neues Passwort/ }).fill('Marias-Passwort-1');
    await maria.getByRole('textbox', { name: /^Passwort wiederholen/ }).fill('Marias-Passwort-1');
    await maria.getByRole('button', { name: /Passwort/ }).click();
    // exact: the form's own „Zurück zur Anmeldung“ link would match at once, and signing in before
    // the (slow, scrypt) reset has answered would abort it.
    await maria.getByText('Ihr Passwort wurde geändert').waitFor();
    await maria.getByRole('link', { name: 'Zur Anmeldung', exact: true }).waitFor();
    await signIn(maria, 'maria.huber@verein.at', 'Marias-Passwort-1');
    await nav(maria).waitFor();
    expect(await maria.locator('header').innerText()).toContain('Kassier');
    await maria.context().close();
  });
});
