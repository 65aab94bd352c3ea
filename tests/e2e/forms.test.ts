import type { Browser, Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildAdresse, buildParzelle } from '../helpers/factories';
import { startTestApp, TEST_PASSWORD, type TestApp } from '../helpers/testApp';
import { launchBrowser, newPage, signIn } from './browser';

// Issue 11 in the Stammdaten forms (useZodForm): a dialog asks before typed text is dropped, a
// failed save points at the first field in error with a summary on top, a later successful save
// clears the form's error toast, and an implausible date is asked about before it is saved.

let app: TestApp;
let browser: Browser;
let page: Page;

beforeAll(async () => {
  app = await startTestApp();
  browser = await launchBrowser();
  page = await newPage(browser, app.url);
  // A laptop screen: the long Adresse form does not fit, so "in view" means something.
  await page.setViewportSize({ width: 1366, height: 700 });
  await signIn(page, 'admin@test.kgv', TEST_PASSWORD);
  await page.getByRole('navigation', { name: 'Hauptmenü' }).waitFor();
  // A plot in the list: an empty list offers its first action in the empty state instead.
  await buildParzelle(app.services);
});
afterAll(async () => {
  await browser?.close();
  await app?.stop();
});

const discardQuestion = () => page.getByRole('alertdialog', { name: 'Änderungen verwerfen?' });

const isFocused = (locator: Locator) => locator.evaluate((element) => element === document.activeElement);

const inView = (locator: Locator) =>
  locator.evaluate((element) => {
    const box = element.getBoundingClientRect();
    return box.top >= 0 && box.bottom <= window.innerHeight;
  });

describe('a dialog with unsaved changes asks before closing', () => {
  it('asks on Escape and on Abbrechen in the Parzelle dialog; "Weiter bearbeiten" keeps the text, "Verwerfen" closes', async () => {
    await page.goto('/stammdatenverwalten/parzellen');
    await page.getByRole('button', { name: 'Neue Parzelle' }).click();
    const dialog = page.getByRole('dialog');
    const nummer = dialog.getByRole('textbox', { name: /^Nummer/ });
    await nummer.fill('E-17');

    await page.keyboard.press('Escape');
    await discardQuestion().waitFor();
    await discardQuestion().getByRole('button', { name: 'Weiter bearbeiten', exact: true }).click();
    await discardQuestion().waitFor({ state: 'detached' });
    expect(await nummer.inputValue()).toBe('E-17');

    await dialog.getByRole('button', { name: 'Abbrechen', exact: true }).click();
    await discardQuestion().waitFor();
    await discardQuestion().getByRole('button', { name: 'Verwerfen', exact: true }).click();
    await page.getByRole('dialog').waitFor({ state: 'detached' });
    expect(await app.services.db('parzellen').where({ nummer: 'E-17' }).first('id')).toBeUndefined();
  });

  it('closes at once when nothing was typed', async () => {
    await page.goto('/stammdatenverwalten/parzellen');
    await page.getByRole('button', { name: 'Neue Parzelle' }).click();
    await page
      .getByRole('dialog')
      .getByRole('textbox', { name: /^Nummer/ })
      .waitFor();
    await page.keyboard.press('Escape');
    await page.getByRole('dialog').waitFor({ state: 'detached' });
    expect(await discardQuestion().count()).toBe(0);
  });
});

describe('a failed save points at the first field in error', () => {
  it('focuses the empty Nachname of the long Adresse form, scrolls it into view and sums up at the top', async () => {
    const adresse = await buildAdresse(app.services, { nachname: 'Fokus', vorname: 'Franz', ort: 'Wien' });
    await page.goto(`/stammdatenverwalten/nutzungsberechtigte?id=${adresse.id}`);
    const nachname = page.getByRole('textbox', { name: /^Nachname/ });
    await expect.poll(() => nachname.inputValue()).toBe('Fokus');
    await nachname.fill('');
    // Save from the bottom of the form, where the Nachname is out of sight.
    const save = page.getByRole('button', { name: 'Speichern', exact: true });
    await save.scrollIntoViewIfNeeded();
    expect(await inView(nachname)).toBe(false);
    await save.click();

    await expect.poll(() => isFocused(nachname)).toBe(true);
    expect(await inView(nachname)).toBe(true);
    expect(await nachname.getAttribute('aria-invalid')).toBe('true');
    await page.getByText('1 Feld ist nicht richtig ausgefüllt: Nachname').waitFor();
    const stored = await app.services.db('adressen').where({ id: adresse.id }).first('nachname');
    expect(stored?.nachname).toBe('Fokus');
  });
});

describe('a number field never changes a value silently', () => {
  it('keeps 500 Parkkarten as typed, refuses the save at the field and leaves the plot as stored', async () => {
    const parzelle = await buildParzelle(app.services, { nummer: 'N-1' });
    await page.goto('/stammdatenverwalten/parzellen');
    await page.getByRole('grid', { name: 'Parzellen' }).getByText('N-1', { exact: true }).click();
    const dialog = page.getByRole('dialog');
    const karten = dialog.getByRole('textbox', { name: /^Parkkarten für das Jahr/ });
    await karten.fill('500');
    await karten.blur();
    // Spectrum's NumberField would have clamped to its maxValue 100 here.
    expect(await karten.inputValue()).toBe('500');
    await dialog.getByRole('button', { name: 'Speichern', exact: true }).click();
    await expect.poll(() => karten.getAttribute('aria-invalid')).toBe('true');
    await dialog.getByText('Höchstens 100 Parkkarten.').first().waitFor();
    // Nothing was saved: the plot is at the version it was built with.
    const stored = await app.services.db('parzellen').where({ id: parzelle.id }).first('version');
    expect(typeof parzelle.version).toBe('number');
    expect(stored?.version).toBe(parzelle.version);
    await page.keyboard.press('Escape');
    await discardQuestion().getByRole('button', { name: 'Verwerfen', exact: true }).click();
  });
});

describe('a successful save clears the error toast of the form', () => {
  it('drops the red "gibt es bereits" toast when the corrected Parzelle is saved', async () => {
    const taken = await buildParzelle(app.services, { nummer: 'T-1' });
    await page.goto('/stammdatenverwalten/parzellen');
    await page.getByRole('button', { name: 'Neue Parzelle' }).click();
    const dialog = page.getByRole('dialog');
    const nummer = dialog.getByRole('textbox', { name: /^Nummer/ });
    await nummer.fill(taken.nummer);
    await dialog.getByRole('button', { name: 'Speichern', exact: true }).click();

    const toasts = page.getByRole('region', { name: /Benachrichtigung/ });
    const redToast = toasts.getByText(/gibt es bereits/);
    await expect.poll(() => redToast.count()).toBe(1);

    await nummer.fill('T-2');
    await dialog.getByRole('button', { name: 'Speichern', exact: true }).click();
    await toasts.getByText('Parzelle T-2 gespeichert.').waitFor();
    expect(await redToast.count()).toBe(0);
    expect(await app.services.db('parzellen').where({ nummer: 'T-2' }).first('id')).toBeDefined();
  });
});

describe('an implausible date is asked about before it is saved', () => {
  it('asks about Eintritt 01.01.2999; "Zurück" saves nothing, "Trotzdem speichern" saves it', async () => {
    const adresse = await buildAdresse(app.services, { nachname: 'Zukunft', vorname: 'Zora' });
    await page.goto(`/stammdatenverwalten/nutzungsberechtigte?id=${adresse.id}`);
    await expect.poll(() => page.getByRole('textbox', { name: /^Nachname/ }).inputValue()).toBe('Zukunft');
    const eintritt = page.getByRole('textbox', { name: /^Eintritt/ });
    await eintritt.fill('01.01.2999');
    await page.getByRole('button', { name: 'Speichern', exact: true }).click();

    const question = page.getByRole('alertdialog', { name: 'Datum prüfen' });
    await question.getByText('Eintritt: 01.01.2999 liegt mehr als 5 Jahre in der Zukunft.').waitFor();
    await question.getByRole('button', { name: 'Zurück', exact: true }).click();
    await question.waitFor({ state: 'detached' });
    const before = await app.services.db('adressen').where({ id: adresse.id }).first('eintrittsdatum');
    expect(before?.eintrittsdatum ?? null).toBeNull();
    expect(await eintritt.inputValue()).toBe('01.01.2999');

    await page.getByRole('button', { name: 'Speichern', exact: true }).click();
    await question.getByRole('button', { name: 'Trotzdem speichern', exact: true }).click();
    await expect
      .poll(async () => {
        const row = await app.services.db('adressen').where({ id: adresse.id }).first('eintrittsdatum');
        return row?.eintrittsdatum ? String(row.eintrittsdatum).slice(0, 10) : null;
      })
      .toBe('2999-01-01');
  });
});
