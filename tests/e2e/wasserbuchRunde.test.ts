import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ApiClient } from '../helpers/apiClient';
import { buildUser } from '../helpers/factories';
import { startTestApp, TEST_PASSWORD, type TestApp } from '../helpers/testApp';
import { buildDomainBeispiel, type DomainBeispiel, openSignedIn, flatText as text } from './wasserbuchSetup';

// Issue 12's test "a browser test that types a reading round with the keyboard and creates a
// settlement": the Wasserwart types DOMAIN.md's two reading rounds on /wasserbuch/wasserablesung
// with the keyboard only (Enter between the rows, walking order), stores the akonto of the period's
// start on the Akonto tab, and creates the settlement on the Jahresabrechnung screen:
// 2,00 €/m³, Grundgebühr 10,00 €, akonto 300,00 € each, proportional →
// P1 361,22 (Nachzahlung 61,22), P2 361,22 (Nachzahlung 61,22), P3 267,56 (Guthaben 32,44).

let app: TestApp;
let browser: Browser;
let page: Page;
let wasserwart: ApiClient;
let ids: DomainBeispiel;

beforeAll(async () => {
  app = await startTestApp();
  const s = app.services;
  ids = await buildDomainBeispiel(s);
  const user = await buildUser(s, { roles: ['Wasserwart'] });
  wasserwart = app.client();
  expect(await wasserwart.login(user.email, TEST_PASSWORD)).toBe(0);
  // The year's basis data (the Wassergrunddaten screen has its own browser test).
  const neu = await wasserwart.post<{ id: number; version: number }>('Abrechnung/GetNewWassergrunddaten', undefined, {
    query: { pachtabrechnungID: ids.jahr },
  });
  expect(neu.status, neu.text).toBe(200);
  const saved = await wasserwart.post('Abrechnung/UpdateWassergrunddaten', {
    id: neu.body.id,
    version: neu.body.version,
    pachtabrechnungId: ids.jahr,
    preisProM3: '2.00',
    grundgebuehrCent: 1000,
    schwundMethode: 'proportional',
    akontoMindestCent: 30000,
    verbrauchsfaktorWarnung: '3',
    schwundWarnungProzent: '30',
  });
  expect(saved.status, saved.text).toBe(200);

  ({ browser, page } = await openSignedIn(app, user.email, TEST_PASSWORD));
});
afterAll(async () => {
  await browser?.close();
  await app?.stop();
});

const input = (name: string) => page.getByRole('textbox', { name: `Stand ${name} (m³)`, exact: true });

/** A new round on `datum` (TT.MM.JJJJ), then the stands typed in walking order with Enter between. */
async function typeRound(datum: string, stands: readonly string[]) {
  await page.goto('/wasserbuch/wasserablesung');
  await page.getByRole('button', { name: 'Neue Ablesungsrunde', exact: true }).click();
  const dialog = page.getByRole('dialog');
  await dialog.getByRole('textbox', { name: /^Datum der Ablesung/ }).fill(datum);
  await dialog.getByRole('button', { name: 'Runde anlegen', exact: true }).click();
  await expect.poll(() => page.getByText('0 von 4 abgelesen', { exact: true }).count()).toBe(1);
  await input('Hauptwasserzähler HWZ-1').focus();
  for (const stand of stands) {
    await page.keyboard.type(stand);
    await page.keyboard.press('Enter');
  }
  await expect.poll(() => page.getByText('4 von 4 abgelesen', { exact: true }).count()).toBe(1);
}

describe('Wasserbuch round trip in the browser', () => {
  it('types two reading rounds with the keyboard and creates the settlement with the expected amounts', async () => {
    // Spring: main meter, then plots 1, 2, 3 in walking order.
    await typeRound('01.04.2026', ['12340', '100', '834,5', '40']);
    // P2's meter changes in summer.
    const wechsel = await wasserwart.post('Stammdaten/UpdateZaehlerwechsel', {
      parzelleId: ids.p2,
      datum: '2026-07-15',
      endstand: '901.3',
      neueNummer: 'WZ-2b',
      anfangsstand: '0',
    });
    expect(wechsel.status, wechsel.text).toBe(200);
    // Autumn: P2 now on its new meter.
    await typeRound('31.10.2026', ['12820', '250', '83,2', '150']);
    const stored = await app.services.db('wasserablesungen').whereNotNull('stand_liter').count({ n: '*' }).first();
    expect(Number(stored?.n)).toBe(10);

    // The akonto of the period's start: the proposal is the minimum (no settlement before).
    await page.goto('/wasserbuch/wasserabrechnung/jahresabrechnung?teil=akonto');
    await page.getByRole('textbox', { name: /^Neue Berechnung zum/ }).fill('01.04.2026');
    await page.getByRole('button', { name: 'Vorschlag berechnen', exact: true }).click();
    const akonto = page.getByRole('table', { name: 'Akonto zum 01.04.2026', exact: true });
    await expect.poll(() => akonto.getByRole('row').count()).toBe(5);
    expect(await text(akonto.getByRole('row').last())).toMatch(/Summe 3 Parzellen € 900,00 € 900,00/);
    await page.getByRole('button', { name: 'Akonto speichern', exact: true }).click();
    await expect.poll(() => page.getByText('Akonto zum 01.04.2026 gespeichert.').count()).toBeGreaterThan(0);

    // The settlement: the proposed Stichtag is the autumn round, from the spring round.
    await page.getByRole('tab', { name: 'Abrechnung', exact: true }).click();
    await expect.poll(() => page.getByRole('button', { name: /31\.10\.2026/ }).count()).toBeGreaterThan(0);
    await page.getByRole('button', { name: 'Vorschau berechnen', exact: true }).click();
    const vorschau = page.getByRole('grid', { name: 'Vorschau zum 31.10.2026', exact: true });
    await expect.poll(() => vorschau.getByRole('row').count()).toBe(5);
    await page.getByRole('button', { name: 'Abrechnung erstellen', exact: true }).click();
    await page.getByRole('alertdialog').getByRole('button', { name: 'Abrechnung erstellen', exact: true }).click();
    await expect.poll(() => page.getByText('gespeichert, noch nicht vorgeschrieben').count()).toBe(1);

    const table = page.getByRole('grid', { name: 'Abrechnung zum 31.10.2026', exact: true });
    const row = (plot: string) =>
      text(table.getByRole('row').filter({ has: page.getByRole('rowheader', { name: plot, exact: true }) }));
    expect(await row('1')).toMatch(/€ 361,22 € 300,00 Nachzahlung € 61,22/);
    expect(await row('2')).toMatch(/€ 361,22 € 300,00 Nachzahlung € 61,22/);
    expect(await row('3')).toMatch(/€ 267,56 € 300,00 Guthaben € 32,44/);
    expect(await row('Summe')).toMatch(/€ 990,00 € 900,00 Nachzahlung € 90,00/);
  });
});
