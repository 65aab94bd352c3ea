import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ApiClient } from '../helpers/apiClient';
import { buildGruppe } from '../helpers/factories';
import { startTestApp, TEST_PASSWORD, type TestApp } from '../helpers/testApp';
import { recordDomainReadings } from '../helpers/wasserBeispiel';
import { buildDomainBeispiel, type DomainBeispiel, openSignedIn, flatText as text } from './wasserbuchSetup';

// Issue 12: the Kassier enters the year's water basis data in the browser, the Wasserwart previews
// and creates the settlement of DOMAIN.md's water example (readings set up through the API, P2's
// meter change inside the period), and every plot's amount is on screen to the cent:
// 960,00 € split 150:150:110 → 351,22 / 351,22 / 257,56 (no Grundgebühr here, so Betrag shows it).

let app: TestApp;
let browser: Browser;
let page: Page;
let wasserwart: ApiClient;
let ids: DomainBeispiel;
const VON = '2026-04-01';
const STICHTAG = '2026-10-31';

beforeAll(async () => {
  app = await startTestApp();
  const s = app.services;
  wasserwart = await app.signedIn(['Wasserwart']);
  ids = await buildDomainBeispiel(s);
  // A water group without plots: its price changes no figure of the example.
  await buildGruppe(s, { name: 'Vereinshaus' });

  await recordDomainReadings(wasserwart, ids, {
    von: VON,
    wechsel: '2026-07-15',
    stichtag: STICHTAG,
    neueNummer: 'WZ-2b',
  });

  ({ browser, page } = await openSignedIn(app, 'admin@test.kgv', TEST_PASSWORD));
});
afterAll(async () => {
  await browser?.close();
  await app?.stop();
});

const grid = (name: string) => page.getByRole('grid', { name, exact: true });
const rowOf = (name: string, plot: string) =>
  grid(name)
    .getByRole('row')
    .filter({ has: page.getByRole('rowheader', { name: plot, exact: true }) });

describe('Wasserabrechnung in the browser', () => {
  it('enters the basis data of the year', async () => {
    await page.goto('/basisdatenabrechnung/wasserabrechnung/abrechnung');
    await page.getByRole('button', { name: 'Jahr anlegen', exact: true }).click();
    const preis = page.getByRole('textbox', { name: /^Preis pro m³/ });
    await preis.waitFor();
    await preis.fill('2,00');
    await page.getByRole('textbox', { name: /^Grundgebühr pro Parzelle/ }).fill('0');
    await page.getByRole('radio', { name: /^Proportional/ }).check();
    await page.getByRole('button', { name: 'Speichern', exact: true }).click();
    await expect.poll(() => page.getByText('Wassergrunddaten 2026 gespeichert.').count()).toBeGreaterThan(0);
    // A group price: added, shown, removed again.
    await page.getByRole('button', { name: 'Gruppenpreis hinzufügen', exact: true }).click();
    const dialog = page.getByRole('dialog');
    await dialog
      .getByRole('button', { name: /Gruppe/ })
      .first()
      .click();
    await page.getByRole('option', { name: 'Vereinshaus', exact: true }).click();
    await dialog.getByRole('textbox', { name: /^Preis pro m³/ }).fill('2,5');
    await dialog.getByRole('button', { name: 'Speichern', exact: true }).click();
    const gruppen = page.getByRole('grid', { name: 'Gruppenpreise 2026', exact: true });
    await expect.poll(async () => (await gruppen.count()) > 0 && text(gruppen)).toMatch(/Vereinshaus € 2,50 0/);
    expect(Number((await app.services.db('wassergrunddaten_gruppen').first())?.preis_pro_m3)).toBe(2.5);
    await page.getByRole('button', { name: 'Gruppenpreis Vereinshaus löschen', exact: true }).click();
    await page.getByRole('alertdialog').getByRole('button', { name: 'Löschen', exact: true }).click();
    await expect.poll(() => page.getByText('Keine Gruppe hat einen eigenen Preis.').count()).toBe(1);

    const row = await app.services.db('wassergrunddaten').first();
    expect(row).toMatchObject({ grundgebuehr_cent: 0, schwund_methode: 'proportional' });
    expect(Number(row?.preis_pro_m3)).toBe(2);
  });

  it('previews and creates the settlement of DOMAIN.md’s example with the amounts to the cent', async () => {
    await page.goto('/wasserbuch/wasserabrechnung/jahresabrechnung');
    // The proposal: the newest reading date after the last settlement.
    await expect.poll(() => page.getByRole('button', { name: /31\.10\.2026/ }).count()).toBeGreaterThan(0);
    // From the meter-change day only P2's meters were read: the real server's refusal, each reason linked.
    // A picker's button is named by its value, then its label.
    await page.getByRole('button', { name: /^automatisch \(01\.04\.2026\) Von$/ }).click();
    await page.getByRole('option', { name: /^15\.07\.2026/ }).click();
    await page.getByRole('button', { name: 'Vorschau berechnen', exact: true }).click();
    const fehlt = page.getByRole('list', { name: 'Was fehlt' });
    const p1 = fehlt.getByRole('listitem').filter({ hasText: /^Parzelle 1:/ });
    await expect.poll(() => p1.count()).toBe(1);
    expect(await p1.innerText()).toMatch(/fehlt die Ablesung am 15\.07\.2026/);
    expect(await p1.getByRole('link', { name: 'Zur Ablesung' }).getAttribute('href')).toBe(
      `/wasserbuch/wasserablesung?datum=2026-07-15&parzelle=${ids.p1}`,
    );
    await page.getByRole('button', { name: /^15\.07\.2026 .* Von$/ }).click();
    await page.getByRole('option', { name: /^automatisch/ }).click();

    await page.getByRole('button', { name: 'Vorschau berechnen', exact: true }).click();
    const vorschau = 'Vorschau zum 31.10.2026';
    await expect.poll(() => grid(vorschau).getByRole('row').count()).toBe(5);
    expect(await text(rowOf(vorschau, '1'))).toMatch(/150,000 m³ 25,610 m³ € 300,00 € 51,22 € 0,00 € 351,22/);
    expect(await text(rowOf(vorschau, '2'))).toMatch(/150,000 m³ 25,610 m³ € 300,00 € 51,22 € 0,00 € 351,22/);
    expect(await text(rowOf(vorschau, '3'))).toMatch(/110,000 m³ 18,780 m³ € 220,00 € 37,56 € 0,00 € 257,56/);
    expect(await text(rowOf(vorschau, 'Summe'))).toMatch(/410,000 m³ 70,000 m³ € 820,00 € 140,00 € 0,00 € 960,00/);
    const haupt = await text(page.getByRole('grid', { name: 'Hauptwasserzähler und Schwund' }));
    expect(haupt).toMatch(/HWZ-1 480,000 m³ 410,000 m³ 70,000 m³ 14,58 %/);
    // Nothing is stored before the confirm.
    expect(await app.services.db('wasserabrechnungen').count({ n: '*' }).first()).toMatchObject({ n: 0 });

    await page.getByRole('button', { name: 'Abrechnung erstellen', exact: true }).click();
    const frage = page.getByRole('alertdialog');
    await expect.poll(() => frage.getByText('Abrechnung zum 31.10.2026 erstellen?').count()).toBe(1);
    await frage.getByRole('button', { name: 'Abrechnung erstellen', exact: true }).click();
    await expect.poll(() => page.getByText('gespeichert, noch nicht vorgeschrieben').count()).toBe(1);
    expect(new URL(page.url()).searchParams.get('stichtag')).toBe(STICHTAG);
    const gespeichert = 'Abrechnung zum 31.10.2026';
    expect(await text(rowOf(gespeichert, '1'))).toContain('€ 351,22');
    expect(await text(rowOf(gespeichert, '2'))).toContain('€ 351,22');
    expect(await text(rowOf(gespeichert, '3'))).toContain('€ 257,56');

    // The drill-down of P2: both meters with their readings, the loss share, the bill.
    // Right after the save a first press on Details is sometimes lost (about one run in eight, never
    // with the page instrumented; the button is neither moved nor replaced once the stored settlement
    // shows — see the review of issue 12). Press again until the dialog is there.
    const details = page.getByRole('button', { name: 'Details Parzelle 2', exact: true });
    await page.waitForLoadState('networkidle');
    for (let attempt = 0; attempt < 5 && (await page.getByRole('dialog').count()) === 0; attempt++) {
      await details.click();
      await page
        .getByRole('dialog')
        .waitFor({ timeout: 1000 })
        .catch(() => undefined);
    }
    const detail = page.getByRole('dialog');
    const zaehler = await text(detail.getByRole('table', { name: 'Zähler der Parzelle 2' }));
    expect(zaehler).toMatch(/WZ-2 834,500 m³ am 01\.04\.2026 901,300 m³ am 15\.07\.2026 66,800 m³/);
    expect(zaehler).toMatch(/WZ-2b 0,000 m³ am 15\.07\.2026 83,200 m³ am 31\.10\.2026 83,200 m³/);
    expect(await detail.innerText()).toMatch(/trägt so viel vom Schwund: 25,610\sm³/);
    await detail.getByRole('button', { name: 'Schließen', exact: true }).click();
  });

  it('corrects a plot with a reason, links the consumption details PDF and fits a 1366 px screen', async () => {
    await page.goto(`/wasserbuch/wasserabrechnung/jahresabrechnung?stichtag=${STICHTAG}`);
    const gespeichert = 'Abrechnung zum 31.10.2026';
    await rowOf(gespeichert, '3').waitFor();
    // The page never scrolls sideways; the table does, with the plot column and the actions in view.
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(1366);
    const details = await page.getByRole('button', { name: 'Details Parzelle 3', exact: true }).boundingBox();
    expect(details && details.x + details.width).toBeLessThanOrEqual(1366);

    await page.getByRole('button', { name: 'Korrektur Parzelle 3', exact: true }).click();
    const dialog = page.getByRole('dialog');
    await dialog.getByRole('textbox', { name: /^Korrektur/ }).fill('-5');
    await dialog.getByRole('button', { name: 'Korrektur speichern', exact: true }).click();
    // No reason: refused at the field, nothing saved.
    await expect.poll(() => dialog.getByText(/Bitte geben Sie den Grund der Korrektur an/).count()).toBe(1);
    await dialog.getByRole('textbox', { name: /^Grund/ }).fill('Zähler klemmte im Juli');
    await dialog.getByRole('button', { name: 'Korrektur speichern', exact: true }).click();
    await expect.poll(() => text(rowOf(gespeichert, '3'))).toMatch(/-€ 5,00 € 252,56/);
    const zeile = await app.services.db('wasserabrechnung_zeilen').where({ parzelle_id: ids.p3 }).first();
    expect(zeile).toMatchObject({ korrektur_cent: -500, korrektur_grund: 'Zähler klemmte im Juli' });

    const link = page.getByRole('link', { name: 'Verbrauchsdetails (PDF)', exact: true });
    const href = await link.getAttribute('href');
    expect(href).toBe(`/api/Wasserbuch/GetVerbrauchDetailsPDF?stichtag=${STICHTAG}`);
    const pdf = await page.request.get(href!);
    expect(pdf.status()).toBe(200);
    expect(pdf.headers()['content-type']).toBe('application/pdf');
  });

  it('refuses to delete a booked settlement and says why', async () => {
    // Booking belongs to the payment requests (not built yet): set it as they will.
    await app.services
      .db('wasserabrechnungen')
      .where({ stichtag: STICHTAG })
      .update({ gebucht_am: '2026-11-15 10:00:00' });
    await page.goto(`/wasserbuch/wasserabrechnung/jahresabrechnung?stichtag=${STICHTAG}`);
    await expect.poll(() => page.getByText('vorgeschrieben am 15.11.2026').count()).toBe(1);
    // Booked: no corrections any more.
    expect(await page.getByRole('button', { name: 'Korrektur Parzelle 3', exact: true }).count()).toBe(0);
    await page.getByRole('button', { name: 'Löschen', exact: true }).click();
    const frage = page.getByRole('alertdialog');
    await expect.poll(() => frage.getByText('Abrechnung zum 31.10.2026 löschen?').count()).toBe(1);
    await frage.getByRole('button', { name: 'Löschen', exact: true }).click();
    await expect
      .poll(() => page.getByText(/ist bereits gebucht und kann nicht mehr gelöscht werden/).count())
      .toBeGreaterThan(0);
    expect(await app.services.db('wasserabrechnungen').where({ stichtag: STICHTAG }).first('id')).toBeDefined();
  });

  it("refuses to delete the year's basis data while a settlement uses them", async () => {
    await page.goto('/basisdatenabrechnung/wasserabrechnung/abrechnung');
    await page.getByRole('button', { name: 'Wassergrunddaten 2026 löschen', exact: true }).click();
    const frage = page.getByRole('alertdialog');
    await expect.poll(() => frage.getByText('Wassergrunddaten 2026 löschen?').count()).toBe(1);
    await frage.getByRole('button', { name: 'Löschen', exact: true }).click();
    await expect
      .poll(() =>
        page.getByText('Die Wassergrunddaten 2026 werden von der Wasserabrechnung zum 31.10.2026 verwendet.').count(),
      )
      .toBeGreaterThan(0);
    expect(await app.services.db('wassergrunddaten').count({ n: '*' }).first()).toMatchObject({ n: 1 });
  });
});
