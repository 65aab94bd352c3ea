import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, TEST_PASSWORD, type TestApp } from '../helpers/testApp';
import { launchBrowser, newPage, signIn } from './browser';

// Issue 11 in the user and settings screens: numbers are never changed silently, forms ask before
// dropping typed text and point at the first error, and without a mail server the administrator
// gets the invitation link to hand over.

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

const nav = (page: Page) => page.getByRole('navigation', { name: 'Hauptmenü' });

async function adminPage(path: string): Promise<Page> {
  const page = await newPage(browser, app.url);
  await signIn(page, 'admin@test.kgv', TEST_PASSWORD);
  await nav(page).waitFor();
  await page.goto(path);
  return page;
}

/** The stored "Fristen und Gebühren", as the API answers them. */
async function storedAnzahl(): Promise<Record<string, unknown>> {
  const client = app.client();
  await client.login('admin@test.kgv', TEST_PASSWORD);
  const res = await client.get<{ anzahl: Record<string, unknown> }>('Vereinseinstellungen/Vereinseinstellungen');
  return res.body.anzahl;
}

describe('numbers are never changed silently', () => {
  it('refuses Zahlungsziel 0 and Mahngebühr −5 at the field; the stored values stay', async () => {
    const before = await storedAnzahl();
    const page = await adminPage('/grundeinstellungen/vereinseinstellungen?abschnitt=anzahl');
    const days = page.getByRole('textbox', { name: /^Zahlungsziel in Tagen/ });
    const fee = page.getByRole('textbox', { name: /^Mahngebühr 2\. Mahnung/ });
    await days.fill('0');
    await days.blur();
    await fee.fill('-5');
    await fee.blur();
    // What was typed stays (Spectrum would clamp to 1 and € 0,00 on blur).
    expect(await days.inputValue()).toBe('0');
    expect((await fee.inputValue()).replace(/\s/g, ' ')).toBe('-€ 5,00');
    await page.getByRole('button', { name: 'Speichern', exact: true }).click();

    await expect.poll(() => days.getAttribute('aria-invalid')).toBe('true');
    expect(await fee.getAttribute('aria-invalid')).toBe('true');
    await page.getByText('Das Zahlungsziel muss 1 bis 365 Tage betragen.').first().waitFor();
    // Intl writes a no-break space after €.
    await page
      .getByText(/Erlaubt sind €\s0,00 bis €\s1\.000,00\./)
      .first()
      .waitFor();
    expect(await page.getByText('Gespeichert!').count()).toBe(0);
    expect(await storedAnzahl()).toEqual(before);

    // A reload shows the old values.
    await page.reload();
    const reloaded = page.getByRole('textbox', { name: /^Zahlungsziel in Tagen/ });
    await expect.poll(() => reloaded.inputValue()).toBe(String(before.zahlungszielTage));
    await page.context().close();
  });
});

describe('forms ask and point at the error', () => {
  it('focuses the first field in error of a settings section and names the fields at the top', async () => {
    const page = await adminPage('/grundeinstellungen/vereinseinstellungen?abschnitt=bank');
    const holder = page.getByRole('textbox', { name: /^Kontoinhaber/ });
    await holder.fill('K'.repeat(71));
    await page.getByRole('textbox', { name: /^IBAN/ }).fill('AT00 1234');
    await page.getByRole('button', { name: 'Speichern', exact: true }).click();
    await expect.poll(() => holder.evaluate((el) => el === document.activeElement)).toBe(true);
    await page.getByText('2 Felder sind nicht richtig ausgefüllt: Kontoinhaber, IBAN').waitFor();
    await page.getByText('Höchstens 70 Zeichen.').first().waitFor();
    expect(await app.services.db('settings').where({ section: 'Bank', key: 'kontoinhaber' }).first()).toBeUndefined();
    await page.context().close();
  });

  it('the user dialog asks before Escape or Abbrechen drops typed text', async () => {
    const page = await adminPage('/grundeinstellungen/benutzer');
    await page.getByRole('button', { name: 'Neuer Benutzer' }).click();
    const dialog = page.getByRole('dialog');
    await dialog.getByRole('textbox', { name: /^Name/ }).fill('Franz Vergessen');
    await page.keyboard.press('Escape');
    const question = page.getByRole('alertdialog', { name: 'Änderungen verwerfen?' });
    await question.waitFor();
    await question.getByRole('button', { name: 'Weiter bearbeiten', exact: true }).click();
    await question.waitFor({ state: 'detached' });
    expect(await dialog.getByRole('textbox', { name: /^Name/ }).inputValue()).toBe('Franz Vergessen');

    await dialog.getByRole('button', { name: 'Abbrechen', exact: true }).click();
    await question.waitFor();
    await question.getByRole('button', { name: 'Verwerfen', exact: true }).click();
    await expect.poll(() => page.getByRole('dialog').count()).toBe(0);
    expect(await app.services.db('users').where({ name: 'Franz Vergessen' }).first()).toBeUndefined();
    await page.context().close();
  });
});

describe('users without a mail server', () => {
  it('shows the invitation link with its expiry; the link sets the password and the person signs in', async () => {
    const page = await adminPage('/grundeinstellungen/benutzer');
    await page.getByRole('button', { name: 'Neuer Benutzer' }).click();
    const dialog = page.getByRole('dialog');
    await dialog.getByRole('textbox', { name: /^Name/ }).fill('Eva Einladung');
    await dialog.getByRole('textbox', { name: /^E-Mail/ }).fill('eva.einladung@verein.at');
    await dialog.getByRole('checkbox', { name: 'Kassier', exact: true }).check();
    await dialog.getByRole('button', { name: 'Speichern', exact: true }).click();

    const linkField = dialog.getByRole('textbox', { name: 'Einladungslink' });
    await linkField.waitFor();
    const link = await linkField.inputValue();
    expect(link).toContain('/resetpassword?email=eva.einladung%40verein.at&token=');
    await dialog.getByText(/gültig bis \d{2}\.\d{2}\.\d{4}, \d{2}:\d{2}/).waitFor();
    await page
      .getByText(/Benutzer angelegt\. Es ist kein Mailserver eingerichtet/)
      .first()
      .waitFor();
    expect(await page.getByText('per E-Mail eingeladen').count()).toBe(0);
    await dialog.getByRole('button', { name: 'Schließen', exact: true }).click();
    await page.context().close();

    // The person opens the link in a browser of their own.
    // The configured base URL may differ from the test server's port: the path and query are the link.
    const eva = await newPage(browser, app.url);
    const url = new URL(link);
    await eva.goto(url.pathname + url.search);
    await eva.getByRole('heading', { name: 'Passwort festlegen', exact: true }).waitFor();
    await eva.getByRole('textbox', { name: /^Passwort \(erforderlich\)|^Passwort$/ }).fill('Evas-Passwort-1');
    await eva.getByRole('textbox', { name: /^Passwort wiederholen/ }).fill('Evas-Passwort-1');
    await eva.getByRole('button', { name: 'Passwort festlegen', exact: true }).click();
    await eva.getByText('Ihr Passwort ist festgelegt').waitFor();
    await eva.getByRole('link', { name: 'Zur Anmeldung', exact: true }).click();
    await signIn(eva, 'eva.einladung@verein.at', 'Evas-Passwort-1');
    await nav(eva).waitFor();
    await eva.context().close();
  });
});
