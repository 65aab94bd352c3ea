import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, TEST_PASSWORD, type TestApp } from '../helpers/testApp';
import { launchBrowser, newPage, signIn } from './browser';

// Issue 16, /emails/mail: the board edits the text of a mail with placeholders; an unknown
// placeholder is refused at the field in German and nothing is saved.

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

async function adminPage(path: string): Promise<Page> {
  const page = await newPage(browser, app.url);
  await signIn(page, 'admin@test.kgv', TEST_PASSWORD);
  await page.getByRole('navigation', { name: 'Hauptmenü' }).waitFor();
  await page.goto(path);
  return page;
}

const textArea = (page: Page) => page.getByRole('textbox', { name: /^Text/ });
const betreff = (page: Page) => page.getByRole('textbox', { name: /^Betreff/ });

describe('E-Mail-Vorlagen', () => {
  it('saves the Zahlungsvorschreibung with a placeholder; a reload shows it', async () => {
    const page = await adminPage('/emails/mail?typ=Zahlungsvorschreibung');
    await page.getByText('Standardvorlage', { exact: true }).waitFor();
    await betreff(page).fill('Vorschreibung {{jahr}} für ');
    await textArea(page).fill('Liebe Gartenfreundin, lieber Gartenfreund,\nbitte zahlen Sie ');
    await page.getByRole('button', { name: '{{betrag}} einfügen', exact: true }).click();
    await expect.poll(() => textArea(page).inputValue()).toContain('bitte zahlen Sie {{betrag}}');
    await page.getByRole('button', { name: 'Speichern', exact: true }).click();
    await page.getByText('Vorlage gespeichert.').first().waitFor();
    await expect.poll(() => page.getByText('Standardvorlage', { exact: true }).count()).toBe(0);

    await page.reload();
    await expect.poll(() => textArea(page).inputValue()).toContain('bitte zahlen Sie {{betrag}}');
    expect(await betreff(page).inputValue()).toBe('Vorschreibung {{jahr}} für');

    const client = app.client();
    await client.login('admin@test.kgv', TEST_PASSWORD);
    const res = await client.get<{ text: string; version: number }>('Email/GetMailTemplate', {
      mailTemplateTyp: 'Zahlungsvorschreibung',
    });
    expect(res.body.text).toContain('{{betrag}}');
    expect(res.body.version).toBe(1);
    await page.context().close();
  });

  it('refuses an unknown placeholder at the text in German', async () => {
    const page = await adminPage('/emails/mail?typ=Testmail');
    await expect.poll(() => textArea(page).inputValue()).not.toBe('');
    await textArea(page).fill('Hallo {{foo}}');
    await page.getByRole('button', { name: 'Speichern', exact: true }).click();
    await page
      .getByText(/Unbekannter Platzhalter \{\{foo\}\}/)
      .first()
      .waitFor();
    await expect.poll(() => textArea(page).getAttribute('aria-invalid')).toBe('true');
    await page.context().close();
  });
});
