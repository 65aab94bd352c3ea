import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { dateOf } from '../../src/platform/dates';
import {
  buildAbstellplatz,
  buildAbstellplatzKategorie,
  buildAbstellplatzZuordnung,
  buildAdresse,
} from '../helpers/factories';
import { startTestApp, TEST_PASSWORD, type TestApp } from '../helpers/testApp';
import { launchBrowser, newPage, signIn } from './browser';

// Past parking-space assignments in the browser: the list in the Abstellplatz dialog with its
// in-place date edit and removal, and the address's "Abstellplätze" tab.

let app: TestApp;
let browser: Browser;
let page: Page;
let huber: number;
let gruberZuordnung: number;

beforeAll(async () => {
  app = await startTestApp();
  const kategorieId = (
    await buildAbstellplatzKategorie(app.services, { name: 'PKW-Stellplatz', jahresgebuehrCent: 6000 })
  ).id;
  const abstellplatzId = (await buildAbstellplatz(app.services, { nummer: 'E-1', kategorieId })).id;
  huber = (await buildAdresse(app.services, { nachname: 'Huber', vorname: 'Maria', flags: 256 })).id;
  const gruber = (await buildAdresse(app.services, { nachname: 'Gruber', vorname: 'Anna', flags: 256 })).id;
  // Gruber's assignment ends the day before Huber's starts (2023-12-31).
  await buildAbstellplatzZuordnung(app.services, { abstellplatzId, adresseId: gruber, datum: '2020-01-01' });
  const platz = await buildAbstellplatzZuordnung(app.services, {
    abstellplatzId,
    adresseId: huber,
    datum: '2024-01-01',
  });
  gruberZuordnung = platz.zuordnungen.find((z) => z.adresseId === gruber)!.id;

  browser = await launchBrowser();
  page = await newPage(browser, app.url);
  await signIn(page, 'admin@test.kgv', TEST_PASSWORD);
  await page.getByRole('navigation', { name: 'Hauptmenü' }).waitFor();
});
afterAll(async () => {
  await browser?.close();
  await app?.stop();
});

const zuordnung = (id: number) => app.services.db('abstellplatz_zuordnungen').where({ id }).first('von', 'bis');

describe('Abstellplatz assignments in the browser', () => {
  it('corrects the older assignment’s end in the space’s dialog, shows the overlap, and removes it', async () => {
    await page.goto('/stammdatenverwalten/abstellplaetze');
    await page.getByRole('button', { name: 'Abstellplatz E-1 bearbeiten' }).click();
    const box = page.getByRole('dialog');
    const rows = box.getByRole('table', { name: 'Zuordnungen' }).locator('tbody tr');
    await expect.poll(() => rows.count()).toBe(2);
    expect(await rows.nth(0).innerText()).toMatch(/Huber Maria\s+01\.01\.2024\s+offen\s+aktuell/);
    expect(await rows.nth(1).innerText()).toMatch(/Gruber Anna\s+01\.01\.2020\s+31\.12\.2023\s+beendet/);

    // An end inside Huber's term: the server refuses and says why, at the field.
    await box.getByRole('button', { name: 'Bearbeiten: Gruber Anna ab 01.01.2020' }).click();
    const bis = box.getByRole('textbox', { name: /^bis/ });
    await bis.fill('31.01.2024');
    await box.getByRole('button', { name: 'Zeitraum speichern' }).click();
    const overlap = box.getByText(/überschneidet sich mit der Zuordnung an Huber Maria/);
    await expect.poll(() => overlap.count()).toBe(1);
    expect(await box.getByRole('textbox', { name: /^von/ }).getAttribute('aria-invalid')).toBe('true');
    expect(dateOf((await zuordnung(gruberZuordnung))?.bis)).toBe('2023-12-31');

    await bis.fill('30.06.2023');
    await box.getByRole('button', { name: 'Zeitraum speichern' }).click();
    await expect.poll(async () => dateOf((await zuordnung(gruberZuordnung))?.bis)).toBe('2023-06-30');
    expect(dateOf((await zuordnung(gruberZuordnung))?.von)).toBe('2020-01-01');
    await expect.poll(() => rows.nth(1).innerText()).toMatch(/30\.06\.2023/);

    // Removing asks first (a second dialog over the first) and then deletes the row.
    await box.getByRole('button', { name: 'Entfernen: Gruber Anna ab 01.01.2020' }).click();
    const question = page.getByRole('alertdialog');
    await expect.poll(() => question.getByText(/als hätte es sie nie gegeben/).count()).toBe(1);
    await question.getByRole('button', { name: 'Entfernen' }).click();
    await expect.poll(async () => (await zuordnung(gruberZuordnung)) ?? null).toBeNull();
    await expect.poll(() => rows.count()).toBe(1);
    // The space's dialog stays open over the list.
    expect(await box.getByRole('textbox', { name: /^Nummer/ }).inputValue()).toBe('E-1');
    await page.keyboard.press('Escape');
  });

  it('shows the address’s parking spaces in its own tab, kept in the URL', async () => {
    await page.goto(`/stammdatenverwalten/nutzungsberechtigte?id=${huber}`);
    await page.getByRole('tab', { name: 'Abstellplätze' }).click();
    await expect.poll(() => new URL(page.url()).searchParams.get('tab')).toBe('abstellplaetze');
    const rows = page.getByRole('table', { name: 'Abstellplätze der Adresse' }).locator('tbody tr');
    await expect.poll(() => rows.count()).toBe(1);
    const text = (await rows.nth(0).innerText()).replace(/[\u00a0\u202f]/g, ' ');
    expect(text).toMatch(/E-1\s+PKW-Stellplatz\s+€ 60,00\s+01\.01\.2024\s+offen\s+aktuell/);
    await page.reload();
    await expect.poll(() => rows.count()).toBe(1);
    expect(await page.getByRole('tab', { name: 'Abstellplätze' }).getAttribute('aria-selected')).toBe('true');
  });
});
