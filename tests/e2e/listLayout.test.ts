import type { Browser, Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  buildAbstellplatzZuordnung,
  buildAdresse,
  buildFunktionaer,
  buildGruppe,
  buildHauptwasserzaehler,
  buildPachtverhaeltnis,
  buildParzelle,
} from '../helpers/factories';
import { startTestApp, TEST_PASSWORD, type TestApp } from '../helpers/testApp';
import { launchBrowser, signIn } from './browser';

// Issue 11: lists fit a 1366 × 768 laptop screen with the sidebar: every column is visible or
// reachable by a visible sideways scrollbar, the first column stays while scrolling, and the
// row actions are on screen without scrolling.

const WIDTH = 1366;
const HEIGHT = 768;

let app: TestApp;
let browser: Browser;
let page: Page;

beforeAll(async () => {
  app = await startTestApp();
  const s = app.services;
  const gruppe = await buildGruppe(s, { name: 'Gruppe Nord' });
  const hwz = await buildHauptwasserzaehler(s, {
    nummer: 'HWZ-Layout',
    bezeichnung: 'Hauptzähler Nord',
    standort: 'Schacht beim Tor',
  });
  const adresse = await buildAdresse(s, {
    nachname: 'Breitenfeld-Oberhauser',
    vorname: 'Maximiliane',
    strasse: 'Langer Gartenweg 117',
    plz: '1100',
    ort: 'Wien',
    telefon: '+43 664 1234567',
    email: 'maximiliane.breitenfeld@example.at',
    eintrittsdatum: '2001-04-01',
    flags: 256,
  });
  const parzelle = await buildParzelle(s, {
    nummer: 'L-17',
    flaeche: '400.00',
    gemeinschaftsflaeche: '12.50',
    gruppeId: gruppe.id,
    hauptwasserzaehlerId: hwz.id,
  });
  await buildPachtverhaeltnis(s, { parzelleId: parzelle.id, adresseId: adresse.id, von: '2019-04-01' });
  await buildFunktionaer(s, { adresseId: adresse.id, notiz: 'gewählt in der Jahreshauptversammlung' });
  await buildAbstellplatzZuordnung(s, { adresseId: adresse.id });

  browser = await launchBrowser();
  const context = await browser.newContext({
    baseURL: app.url,
    locale: 'de-AT',
    timezoneId: 'Europe/Vienna',
    viewport: { width: WIDTH, height: HEIGHT },
  });
  page = await context.newPage();
  page.setDefaultTimeout(15_000);
  await signIn(page, 'admin@test.kgv', TEST_PASSWORD);
  await page.getByRole('navigation', { name: 'Hauptmenü' }).waitFor();
}, 60_000);
afterAll(async () => {
  await browser?.close();
  await app?.stop();
});

type Box = { x: number; y: number; width: number; height: number };
const inViewport = (box: Box | null) =>
  box !== null && box.x >= 0 && box.y >= 0 && box.x + box.width <= WIDTH && box.y + box.height <= HEIGHT;

/** The table's scrolling body (Spectrum: the second row group) and what its scrollbar shows. */
async function bodyMetrics(grid: Locator) {
  return grid
    .locator('[role="rowgroup"]')
    .last()
    .evaluate((el) => {
      const rect = el.getBoundingClientRect();
      return {
        scrollWidth: el.scrollWidth,
        clientWidth: el.clientWidth,
        // The horizontal scrollbar's thickness: the box's height minus the content area's.
        scrollbar: (el as HTMLElement).offsetHeight - el.clientHeight,
        bottom: rect.bottom,
        left: rect.left,
      };
    });
}

/** Whether the element is what the user sees at its middle (nothing scrolled over it). */
function onTop(locator: Locator): Promise<boolean> {
  return locator.evaluate((el) => {
    const r = el.getBoundingClientRect();
    const hit = document.elementFromPoint(r.left + Math.min(r.width / 2, 30), r.top + r.height / 2);
    return hit !== null && (hit === el || el.contains(hit));
  });
}

async function scrollBodyTo(grid: Locator, left: number) {
  await grid
    .locator('[role="rowgroup"]')
    .last()
    .evaluate((el, x) => {
      el.scrollLeft = x;
      el.dispatchEvent(new Event('scroll'));
    }, left);
}

/**
 * Opens a list and checks: the headers in view or, when the table is wider, a visible sideways
 * scrollbar that brings the last column into view while the first column stays at the left edge.
 */
async function checkList(path: string, name: string, firstCell: string | null) {
  await page.goto(path);
  const grid = page.getByRole('grid', { name, exact: true });
  const rowHeader = firstCell
    ? grid.getByRole('rowheader', { name: firstCell, exact: true })
    : grid.getByRole('rowheader').first();
  await rowHeader.waitFor();
  // The table renders only the columns in view: the grid's column count says how many there are.
  const columnCount = Number(await grid.getAttribute('aria-colcount'));
  expect(columnCount).toBeGreaterThan(1);
  const header = (index: number) => grid.locator(`[role="columnheader"][aria-colindex="${index}"]`);
  const metrics = await bodyMetrics(grid);
  // The table's own box never spills out of the window: the page itself does not scroll sideways.
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(WIDTH);
  const startX = (await rowHeader.boundingBox())!.x;
  const hidden: string[] = [];
  for (let i = 1; i <= columnCount; i++) {
    const cell = header(i);
    const box = (await cell.count()) > 0 ? await cell.boundingBox() : null;
    if (!inViewport(box)) hidden.push((box && (await cell.textContent())) || `Spalte ${i}`);
  }
  if (hidden.length > 0) {
    expect(metrics.scrollWidth, `${name}: ${hidden.join(', ')} hidden without a scrollbar`).toBeGreaterThan(
      metrics.clientWidth,
    );
    expect(metrics.scrollbar, `${name}: the sideways scrollbar is visible`).toBeGreaterThan(0);
    expect(metrics.bottom, `${name}: the scrollbar is on screen`).toBeLessThanOrEqual(HEIGHT);
    await scrollBodyTo(grid, metrics.scrollWidth);
    await expect
      .poll(async () => (await header(columnCount).count()) > 0 && inViewport(await header(columnCount).boundingBox()))
      .toBe(true);
    // The first column stayed where it was, its header on top of the scrolled ones.
    await expect.poll(async () => Math.round((await rowHeader.boundingBox())!.x)).toBe(Math.round(startX));
    expect(await onTop(header(1)), `${name}: first header on top`).toBe(true);
    await scrollBodyTo(grid, 0);
  }
  return { grid, hidden };
}

describe('Lists at 1366 × 768', () => {
  it('Nutzungsberechtigte show Name, Parzellen, Mitglied and Eintritt without scrolling', async () => {
    const { grid } = await checkList(
      '/stammdatenverwalten/nutzungsberechtigte',
      'Nutzungsberechtigte',
      'Breitenfeld-Oberhauser Maximiliane',
    );
    for (const column of ['Name', 'Parzellen', 'Mitglied', 'Eintritt']) {
      expect(inViewport(await grid.getByRole('columnheader', { name: column, exact: true }).boundingBox())).toBe(true);
    }
    expect(inViewport(await page.getByRole('button', { name: 'Export', exact: true }).boundingBox())).toBe(true);
    expect(inViewport(await page.getByRole('button', { name: 'Neue Adresse', exact: true }).boundingBox())).toBe(true);
  });

  it('Hauptwasserzähler show their row actions without scrolling', async () => {
    await page.goto('/stammdatenverwalten/hauptwasserzaehler');
    const actions = [
      'Hauptwasserzähler HWZ-Layout bearbeiten',
      'Zählerwechsel HWZ-Layout',
      'Hauptwasserzähler HWZ-Layout löschen',
    ];
    for (const action of actions) {
      const button = page.getByRole('button', { name: action, exact: true });
      await button.waitFor();
      expect(inViewport(await button.boundingBox()), `${action} visible`).toBe(true);
    }
    // Usable where they are: the first action opens the meter.
    await page.getByRole('button', { name: actions[0], exact: true }).click();
    await page.getByRole('dialog').waitFor();
    await page.keyboard.press('Escape');
    await checkList('/stammdatenverwalten/hauptwasserzaehler', 'Hauptwasserzähler', 'HWZ-Layout');
  });

  it.each([
    ['/stammdatenverwalten/parzellen', 'Parzellen', 'L-17'],
    ['/stammdatenverwalten/gruppen', 'Gruppen', 'Gruppe Nord'],
    ['/stammdatenverwalten/funktionaer?filter=alle', 'Funktionäre', 'Breitenfeld-Oberhauser Maximiliane'],
    ['/stammdatenverwalten/abstellplaetze', 'Abstellplätze', null],
    ['/stammdatenverwalten/funktionen', 'Funktionen', null],
    ['/grundeinstellungen/abstellplatzKategorien', 'Abstellplatz-Kategorien', null],
    ['/grundeinstellungen/benutzer', 'Benutzer', null],
    ['/grundeinstellungen/benutzer?tab=rollen', 'Rollen', null],
  ] as const)('%s: every column visible or reachable, the toolbar on screen', async (path, name, first) => {
    await checkList(path, name, first);
    expect(inViewport(await page.getByRole('button', { name: 'Export', exact: true }).boundingBox())).toBe(true);
    expect(inViewport(await page.getByRole('searchbox', { name: 'Suchen' }).boundingBox())).toBe(true);
  });
});
