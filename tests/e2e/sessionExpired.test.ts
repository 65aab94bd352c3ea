import { generate } from 'otplib';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ApiClient } from '../helpers/apiClient';
import { startTestApp, TEST_PASSWORD, type TestApp } from '../helpers/testApp';
import { launchBrowser, newPage, signIn } from './browser';

// Issue 11: when the session has ended, "Speichern" offers sign-in in place and then saves; nothing
// typed is lost. Before, it said "Sicherheitsprüfung fehlgeschlagen … neu laden".

let app: TestApp;
let browser: Browser;
let admin: ApiClient;

beforeAll(async () => {
  app = await startTestApp();
  admin = app.client();
  await admin.login('admin@test.kgv', TEST_PASSWORD);
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
  await app?.stop();
});

type Adresse = { adresse: { name: string; plz: string; ort: string } };
const storedAdresse = async () => (await admin.get<Adresse>('Vereinseinstellungen/Vereinseinstellungen')).body.adresse;
const codeAt = (key: string) => generate({ secret: key, epoch: Math.floor(Date.now() / 1000) });

async function typeAdresse(page: Page, name: string) {
  await page.getByRole('navigation', { name: 'Hauptmenü' }).waitFor();
  await page.goto('/grundeinstellungen/vereinseinstellungen');
  await page.getByRole('textbox', { name: /^Vereinsname/ }).fill(name);
  await page.getByRole('textbox', { name: /^PLZ/ }).fill('1140');
  await page.getByRole('textbox', { name: /^Ort/ }).fill('Wien');
}

async function expectTypedValuesKept(page: Page, name: string) {
  expect(await page.getByRole('textbox', { name: /^Vereinsname/ }).inputValue()).toBe(name);
  expect(await page.getByRole('textbox', { name: /^PLZ/ }).inputValue()).toBe('1140');
  expect(await page.getByRole('textbox', { name: /^Ort/ }).inputValue()).toBe('Wien');
}

describe('saving after the session ended', () => {
  it('asks for the password in a dialog when the browser lost its session cookie, then saves what was typed', async () => {
    const page = await newPage(browser, app.url);
    await signIn(page, 'admin@test.kgv', TEST_PASSWORD);
    await typeAdresse(page, 'KGV Nach der Pause');
    await page.context().clearCookies({ name: 'kgv.sid' });

    await page.getByRole('button', { name: 'Speichern', exact: true }).click();
    const dialog = page.getByRole('dialog', { name: 'Sitzung abgelaufen' });
    await dialog.waitFor();
    await expect.poll(() => dialog.innerText()).toContain('Ihre Sitzung ist abgelaufen');
    expect(await dialog.getByRole('textbox', { name: 'E-Mail' }).inputValue()).toBe('admin@test.kgv');
    await dialog.getByRole('textbox', { name: 'Passwort' }).fill(TEST_PASSWORD);
    await dialog.getByRole('button', { name: 'Anmelden', exact: true }).click();

    await expect.poll(() => page.getByText('Gespeichert!').count()).toBeGreaterThan(0);
    await dialog.waitFor({ state: 'detached' });
    expect(new URL(page.url()).pathname).toBe('/grundeinstellungen/vereinseinstellungen');
    await expectTypedValuesKept(page, 'KGV Nach der Pause');
    expect(await storedAdresse()).toMatchObject({ name: 'KGV Nach der Pause', plz: '1140', ort: 'Wien' });
    await page.context().close();
  });

  it('signs in with the second factor when the session was ended on the server, then saves', async () => {
    const obmann = await app.signedIn(['Obmann'], 'obmann-2fa@test.kgv');
    const setup = await obmann.get<{ sharedKey: string }>('User/EnableAuthenticator');
    const key = setup.body.sharedKey.replace(/\s+/g, '').toUpperCase();
    const enabled = await obmann.post<{ recoveryCodes: string[] }>('User/SetEnableAuthenticator', {
      code: await codeAt(key),
    });
    expect(enabled.status).toBe(200);
    // Recovery codes, not app codes: an app code counts once per 30 seconds, and the set-up used it.
    const [first, second] = enabled.body.recoveryCodes;

    const page = await newPage(browser, app.url);
    await signIn(page, 'obmann-2fa@test.kgv', TEST_PASSWORD);
    await page.getByRole('link', { name: 'Mit Wiederherstellungscode anmelden' }).click();
    await page.getByRole('textbox', { name: 'Wiederherstellungscode' }).fill(first ?? '');
    await page.getByRole('button', { name: 'Bestätigen', exact: true }).click();
    await typeAdresse(page, 'KGV Zwei Faktoren');
    // The session ends on the server (timed out, or ended by a password change elsewhere).
    const user = await app.services.db('users').where({ email: 'obmann-2fa@test.kgv' }).first('id');
    await app.services.db('sessions').where({ user_id: user?.id }).delete();

    await page.getByRole('button', { name: 'Speichern', exact: true }).click();
    const dialog = page.getByRole('dialog', { name: 'Sitzung abgelaufen' });
    await dialog.getByRole('textbox', { name: 'Passwort' }).fill(TEST_PASSWORD);
    await dialog.getByRole('button', { name: 'Anmelden', exact: true }).click();
    // The account's second factor comes next, in the same dialog.
    await dialog.getByRole('textbox', { name: 'Authentifizierungscode' }).waitFor();
    await dialog.getByRole('link', { name: 'Mit Wiederherstellungscode anmelden' }).click();
    await dialog.getByRole('textbox', { name: 'Wiederherstellungscode' }).fill(second ?? '');
    await dialog.getByRole('button', { name: 'Bestätigen', exact: true }).click();

    await expect.poll(() => page.getByText('Gespeichert!').count()).toBeGreaterThan(0);
    await expectTypedValuesKept(page, 'KGV Zwei Faktoren');
    expect(await storedAdresse()).toMatchObject({ name: 'KGV Zwei Faktoren', plz: '1140', ort: 'Wien' });
    await page.context().close();
  });

  it('leaves the form as it was with the message when the dialog is cancelled', async () => {
    const page = await newPage(browser, app.url);
    await signIn(page, 'admin@test.kgv', TEST_PASSWORD);
    await typeAdresse(page, 'KGV Abgebrochen');
    await page.context().clearCookies({ name: 'kgv.sid' });
    await page.getByRole('button', { name: 'Speichern', exact: true }).click();
    const dialog = page.getByRole('dialog', { name: 'Sitzung abgelaufen' });
    await dialog.getByRole('button', { name: 'Abbrechen', exact: true }).click();
    await dialog.waitFor({ state: 'detached' });
    await expect.poll(() => page.getByText('Ihre Sitzung ist abgelaufen.').count()).toBeGreaterThan(0);
    expect(new URL(page.url()).pathname).toBe('/grundeinstellungen/vereinseinstellungen');
    await expectTypedValuesKept(page, 'KGV Abgebrochen');
    expect((await storedAdresse()).name).not.toBe('KGV Abgebrochen');
    await page.context().close();
  });
});
