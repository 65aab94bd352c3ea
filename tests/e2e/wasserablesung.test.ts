import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ApiClient } from '../helpers/apiClient';
import {
  buildAdresse,
  buildHauptwasserzaehler,
  buildPachtverhaeltnis,
  buildParzelle,
  buildUser,
} from '../helpers/factories';
import { startTestApp, TEST_PASSWORD, type TestApp } from '../helpers/testApp';
import { launchBrowser, newPage, signIn } from './browser';

// Issue 12: the Wasserwart types a reading round with the keyboard only — Enter between the rows in
// walking order — and finds every value saved after a reload; a value below the last reading is
// flagged before it is saved.

let app: TestApp;
let browser: Browser;
let page: Page;
let wasserwart: ApiClient;

const RUNDE = '2026-10-01';
const input = (name: string) => page.getByRole('textbox', { name: `Stand ${name} (m³)`, exact: true });

beforeAll(async () => {
  app = await startTestApp();
  const s = app.services;
  const hwz = await buildHauptwasserzaehler(s, { nummer: 'HWZ-E2E' });
  const plots = [];
  for (const n of ['E1', 'E2', 'E3']) {
    plots.push(await buildParzelle(s, { nummer: n, wasserzaehlerNummer: `WZ-${n}`, hauptwasserzaehlerId: hwz.id }));
  }
  const huber = await buildAdresse(s, { nachname: 'Huber', vorname: 'Maria' });
  await buildPachtverhaeltnis(s, { parzelleId: plots[0]!.id, adresseId: huber.id, von: '2020-01-01' });
  const user = await buildUser(s, { roles: ['Wasserwart'] });
  wasserwart = app.client();
  expect(await wasserwart.login(user.email, TEST_PASSWORD)).toBe(0);
  // Two earlier rounds: the last reading and the last consumption beside each input.
  const earlier: [string, number | null, number | null, string][] = [
    ['2025-10-01', hwz.id, null, '900'],
    ['2026-04-01', hwz.id, null, '1000'],
  ];
  for (const [i, p] of plots.entries()) {
    earlier.push(['2025-10-01', null, p.id, String(90 + 100 * i)]);
    earlier.push(['2026-04-01', null, p.id, String(100 + 100 * i)]);
  }
  for (const [datum, hauptwasserzaehlerId, parzelleId, stand] of earlier) {
    const res = await wasserwart.post('Wasserbuch/UpdateWasserablesung', {
      datum,
      hauptwasserzaehlerId,
      parzelleId,
      stand,
    });
    expect(res.status, res.text).toBe(200);
  }

  browser = await launchBrowser();
  page = await newPage(browser, app.url);
  await signIn(page, user.email, TEST_PASSWORD);
  await page.getByRole('navigation', { name: 'Hauptmenü' }).waitFor();
});
afterAll(async () => {
  await browser?.close();
  await app?.stop();
});

describe('Wasserablesung in the browser', () => {
  it('starts a round, types three readings with Enter between, keeps them over a reload, flags a low one', async () => {
    await page.goto('/wasserbuch/wasserablesung');
    await page.getByRole('button', { name: 'Neue Ablesungsrunde', exact: true }).click();
    const dialog = page.getByRole('dialog');
    const datum = dialog.getByRole('textbox', { name: /^Datum der Ablesung/ });
    await datum.fill('01.10.2026');
    await dialog.getByRole('button', { name: 'Runde anlegen', exact: true }).click();
    await expect.poll(() => page.getByText('0 von 4 abgelesen', { exact: true }).count()).toBe(1);
    expect(new URL(page.url()).searchParams.get('datum')).toBe(RUNDE);

    // Walking order: the main meter, then its plots by number; the last reading beside each.
    const rows = page.getByRole('table', { name: 'Ablesungsrunde' }).getByRole('row');
    const firstCells = await rows.getByRole('rowheader').allInnerTexts();
    expect(firstCells.map((t) => t.replace(/\s+/g, ' ').trim())).toEqual([
      'Hauptwasserzähler HWZ-E2E',
      'E1 · HWZ-E2E',
      'E2 · HWZ-E2E',
      'E3 · HWZ-E2E',
    ]);
    const e1 = (await rows.nth(2).innerText()).replace(/\s+/g, ' ');
    expect(e1).toContain('Huber Maria');
    expect(e1).toMatch(/100,000 m³ am 01\.04\.2026/);

    // From here the keyboard only.
    await input('Hauptwasserzähler HWZ-E2E').focus();
    await page.keyboard.type('1050');
    await page.keyboard.press('Enter');
    await page.keyboard.type('110,5');
    await page.keyboard.press('Enter');
    await page.keyboard.type('215.25');
    await page.keyboard.press('Enter');
    await expect.poll(() => input('Parzelle E3').evaluate((el) => el === document.activeElement)).toBe(true);
    // Too low: flagged while typing, and the first Enter does not save it.
    await page.keyboard.type('250');
    const e3 = rows.nth(4);
    await expect.poll(() => e3.getByText(/kleiner als die letzte Ablesung/).count()).toBe(1);
    await page.keyboard.press('Enter');
    await expect.poll(() => e3.getByText(/Noch einmal Enter/).count()).toBe(1);
    await expect.poll(() => page.getByText('3 von 4 abgelesen', { exact: true }).count()).toBe(1);

    const stored = async () =>
      (await app.services.db('wasserablesungen').where({ datum: RUNDE }).whereNotNull('stand_liter'))
        .map((r) => Number(r.stand_liter))
        .sort((a, b) => a - b);
    expect(await stored()).toEqual([110_500, 215_250, 1_050_000]);

    await page.reload();
    await expect.poll(() => page.getByText('3 von 4 abgelesen', { exact: true }).count()).toBe(1);
    expect(await input('Hauptwasserzähler HWZ-E2E').inputValue()).toBe('1050');
    expect(await input('Parzelle E1').inputValue()).toBe('110,5');
    expect(await input('Parzelle E2').inputValue()).toBe('215,25');
    expect(await input('Parzelle E3').inputValue()).toBe('');
    // The live consumption beside a saved reading.
    expect((await rows.nth(3).innerText()).replace(/\s+/g, ' ')).toMatch(/15,250 m³/);
  });

  it('opens a deep link with the named plot focused', async () => {
    const e2 = await app.services.db('parzellen').where({ nummer: 'E2' }).first('id');
    await page.goto(`/wasserbuch/wasserablesung?datum=${RUNDE}&parzelle=${e2?.id}`);
    await expect.poll(() => input('Parzelle E2').evaluate((el) => el === document.activeElement)).toBe(true);
  });

  it('reads radio meters: a file with errors cannot be imported, a good one after the check opens its round', async () => {
    const s = app.services;
    const hwz = await buildHauptwasserzaehler(s, { nummer: 'HWZ-F1' });
    for (const n of [1, 2, 3]) {
      await buildParzelle(s, { nummer: `F${n}`, wasserzaehlerNummer: `FW-100${n}`, hauptwasserzaehlerId: hwz.id });
    }
    await page.goto(`/wasserbuch/wasserablesung?datum=${RUNDE}`);
    await page.getByRole('button', { name: 'Funkzähler einlesen', exact: true }).click();
    const dialog = page.getByRole('dialog');
    const file = dialog.getByLabel('Datei (CSV oder Excel)');
    const einlesen = dialog.getByRole('button', { name: 'Einlesen', exact: true });

    await file.setInputFiles('tests/fixtures/wasser/funk-fehler.csv');
    await dialog.getByRole('button', { name: 'Prüfen', exact: true }).click();
    await expect.poll(() => dialog.getByText(/Zeile 4: .*FW-9999/).count()).toBe(1);
    expect(await einlesen.isDisabled()).toBe(true);

    await file.setInputFiles('tests/fixtures/wasser/funk-standard.csv');
    await dialog.getByRole('button', { name: 'Prüfen', exact: true }).click();
    await expect.poll(() => dialog.getByText(/4 neu/).count()).toBe(1);
    // The check wrote nothing.
    const funk = () =>
      s
        .db('wasserablesungen')
        .where({ quelle: 'funk' })
        .count({ n: '*' })
        .first()
        .then((r) => Number(r?.n));
    expect(await funk()).toBe(0);
    await einlesen.click();
    await expect.poll(() => new URL(page.url()).searchParams.get('datum')).toBe('2026-04-01');
    expect(await funk()).toBe(4);
    await expect.poll(() => input('Parzelle F1').inputValue()).toBe('123,456');
    expect(await input('Hauptwasserzähler HWZ-F1').inputValue()).toBe('5000');
  });

  it('links the reading sheet (PDF) of the round and deletes a round after naming it', async () => {
    await page.goto(`/wasserbuch/wasserablesung?datum=${RUNDE}`);
    const link = page.getByRole('link', { name: 'Ablesebogen drucken (PDF)', exact: true });
    const href = await link.getAttribute('href');
    expect(href).toBe(`/api/Wasserbuch/Wasserablesungen?date=${RUNDE}`);
    const pdf = await page.request.get(href!);
    expect(pdf.status()).toBe(200);
    expect(pdf.headers()['content-type']).toBe('application/pdf');

    await page.getByRole('button', { name: 'Runde löschen', exact: true }).click();
    const question = page.getByRole('alertdialog');
    await expect.poll(() => question.getByText('Ablesungsrunde vom 01.10.2026 löschen?').count()).toBe(1);
    expect(await question.innerText()).toMatch(
      /Alle 4 Ablesungen dieses Tages werden gelöscht, darunter 3 eingetragene/,
    );
    await question.getByRole('button', { name: 'Löschen', exact: true }).click();
    await expect
      .poll(() =>
        app.services
          .db('wasserablesungen')
          .where({ datum: RUNDE })
          .count({ n: '*' })
          .first()
          .then((r) => Number(r?.n)),
      )
      .toBe(0);
    await expect.poll(() => new URL(page.url()).searchParams.get('datum')).toBe(null);
  });
});
