import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildHauptwasserzaehler, buildParzelle, buildUser } from '../helpers/factories';
import { startTestApp, TEST_PASSWORD, type TestApp } from '../helpers/testApp';
import { launchBrowser, newPage, signIn } from './browser';

// Issue 12, "Beyond the spec": the Hauptwasserzähler screen shows a main meter's balance per reading
// date — its volume against its plots' sum — and warns where the loss passes the threshold; the
// deep link ?id= (from the Fehlersuche) opens that meter. The calibration list names due meters.

let app: TestApp;
let browser: Browser;
let page: Page;
let hwzId = 0;

beforeAll(async () => {
  app = await startTestApp();
  const s = app.services;
  // A second meter first, so the deep link (not the default choice) picks the one with the balance.
  await buildHauptwasserzaehler(s, { nummer: 'HWZ-A' });
  const hwz = await buildHauptwasserzaehler(s, { nummer: 'HWZ-B', bezeichnung: 'Nord' });
  hwzId = hwz.id;
  const p1 = await buildParzelle(s, { nummer: 'B1', wasserzaehlerNummer: 'WZ-B1', hauptwasserzaehlerId: hwz.id });
  const p2 = await buildParzelle(s, { nummer: 'B2', wasserzaehlerNummer: 'WZ-B2', hauptwasserzaehlerId: hwz.id });
  const user = await buildUser(s, { roles: ['Wasserwart'] });
  const wasserwart = app.client();
  expect(await wasserwart.login(user.email, TEST_PASSWORD)).toBe(0);
  // Period 1: main 100 m³, plots 50 + 40 → 10 % loss. Period 2: main 150 m³, plots 40 + 20 → 60 %.
  // The plot meters were installed in 2021: their calibration (5 years) is overdue.
  const readings: [string, { hauptwasserzaehlerId?: number; parzelleId?: number }, string][] = [
    ['2021-10-01', { hauptwasserzaehlerId: hwz.id }, '1000'],
    ['2021-10-01', { parzelleId: p1.id }, '100'],
    ['2021-10-01', { parzelleId: p2.id }, '200'],
    ['2022-10-01', { hauptwasserzaehlerId: hwz.id }, '1100'],
    ['2022-10-01', { parzelleId: p1.id }, '150'],
    ['2022-10-01', { parzelleId: p2.id }, '240'],
    ['2023-10-01', { hauptwasserzaehlerId: hwz.id }, '1250'],
    ['2023-10-01', { parzelleId: p1.id }, '190'],
    ['2023-10-01', { parzelleId: p2.id }, '260'],
  ];
  for (const [datum, owner, stand] of readings) {
    const res = await wasserwart.post('Wasserbuch/UpdateWasserablesung', { datum, ...owner, stand });
    expect(res.status, res.text).toBe(200);
  }

  browser = await launchBrowser();
  page = await newPage(browser, app.url);
  await page.setViewportSize({ width: 1366, height: 900 });
  await signIn(page, user.email, TEST_PASSWORD);
  await page.getByRole('navigation', { name: 'Hauptmenü' }).waitFor();
});
afterAll(async () => {
  await browser?.close();
  await app?.stop();
});

const text = (s: string) => s.replace(/\s+/g, ' ').trim();

describe('Hauptwasserzähler balance in the browser', () => {
  it('opens the meter of the deep link and shows its balance with the warning, the chart and the due meters', async () => {
    await page.goto(`/stammdatenverwalten/hauptwasserzaehler?id=${hwzId}`);
    const bilanz = page.getByRole('grid', { name: 'Bilanz HWZ-B', exact: true });
    await expect.poll(() => bilanz.getByRole('row').count()).toBe(4);
    const rows = (await bilanz.getByRole('row').allInnerTexts()).map(text);
    expect(rows[2]).toContain('01.10.2022');
    expect(rows[2]).toContain('100,000 m³');
    expect(rows[2]).toContain('90,000 m³');
    expect(rows[2]).toContain('10 %');
    expect(rows[2]).not.toContain('über der Warnschwelle');
    expect(rows[3]).toContain('01.10.2023');
    expect(rows[3]).toContain('150,000 m³');
    expect(rows[3]).toContain('60,000 m³');
    expect(rows[3]).toContain('90,000 m³');
    expect(rows[3]).toContain('60 %');
    expect(rows[3]).toContain('über der Warnschwelle');

    const chart = page.getByRole('img', { name: /^Bilanz Hauptwasserzähler HWZ-B/ });
    expect(await chart.getAttribute('aria-label')).toContain('Über der Warnschwelle: 01.10.2023 (60,0');
    expect(await chart.locator('[data-warnung="ja"] text').textContent()).toMatch(/^60,0\s%\s–\szu hoch$/);

    await chart.scrollIntoViewIfNeeded();
    await page.screenshot({ path: '/tmp/u2-bilanz.png' });
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(1366);

    // The readings of the meter in their tab, newest first.
    await page.getByRole('tab', { name: 'Ablesungen', exact: true }).click();
    const ablesungen = page.getByRole('grid', { name: 'Ablesungen HWZ-B', exact: true });
    await expect.poll(() => ablesungen.getByRole('row').count()).toBe(4);
    expect(text(await ablesungen.getByRole('row').nth(1).innerText())).toContain('1.250,000 m³');

    const eichung = page.getByRole('grid', { name: 'Eichung fällig', exact: true });
    await expect.poll(() => eichung.getByText('WZ-B1', { exact: true }).count()).toBe(1);
    expect(text(await eichung.getByRole('row').nth(1).innerText())).toContain('überfällig');
  });
});
