import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildParzelle } from '../helpers/factories';
import { startTestApp, TEST_PASSWORD, type TestApp } from '../helpers/testApp';
import { openKassaScreen } from './kassaSetup';
import { flatText, openSignedIn } from './wasserbuchSetup';

// Issue 13, the Kassa's basis data through the real server, as a Kassier starts a new club's
// books: the period, an account with its opening balance, booking accounts, a cost centre, closing
// and reopening the period, plots for a plot-specific account, and an asset with its depreciation
// plan. The tests run in order on one app: the second needs the first one's period.

let app: TestApp;
let browser: Browser;
let page: Page;

beforeAll(async () => {
  app = await startTestApp();
  ({ browser, page } = await openSignedIn(app, 'admin@test.kgv', TEST_PASSWORD));
});
afterAll(async () => {
  await browser?.close();
  await app?.stop();
});

const JAHR = new Date().getFullYear();
const grid = (name: string) => page.getByRole('grid', { name });
const periodeRow = () =>
  grid('Kassaabrechnung')
    .getByRole('row')
    .filter({ hasText: `Kassa ${JAHR}` });

describe('Kassa basis data in the browser', () => {
  it('creates the period, an account, booking accounts and a cost centre; closes and reopens the period', async () => {
    await openKassaScreen(page, 'Kassaabrechnung');
    // The empty list offers the button twice (toolbar and empty state).
    await page.getByRole('button', { name: 'Neues Kassajahr anlegen', exact: true }).first().click();
    const frage = page.getByRole('alertdialog');
    await expect.poll(() => flatText(frage)).toContain('erste Kassajahr');
    await frage.getByRole('button', { name: `Kassajahr ${JAHR} anlegen`, exact: true }).click();
    await expect.poll(() => flatText(periodeRow())).toContain(`01.01.${JAHR} – 31.12.${JAHR}`);
    expect(await flatText(periodeRow())).toContain('offen');

    // An account with an invalid IBAN: the server's check shows at the field, nothing is saved.
    await openKassaScreen(page, 'Bankkonten');
    await page.getByRole('button', { name: 'Neues Konto' }).click();
    const konto = page.getByRole('dialog');
    await konto.getByRole('textbox', { name: /^Name/ }).fill('Girokonto Erste');
    await konto.getByRole('textbox', { name: /^IBAN/ }).fill('AT61 1904 3002 3457 3202');
    await konto.getByRole('textbox', { name: new RegExp(`^Anfangsbestand ${JAHR}`) }).fill('1.234,56');
    await konto.getByRole('button', { name: 'Speichern' }).click();
    await expect.poll(() => konto.getByRole('textbox', { name: /^IBAN/ }).getAttribute('aria-invalid')).toBe('true');
    expect(await app.services.db('konten').count({ n: '*' }).first()).toMatchObject({ n: 0 });
    await konto.getByRole('textbox', { name: /^IBAN/ }).fill('at61 1904 3002 3457 3201');
    await konto.getByRole('button', { name: 'Speichern' }).click();
    const kontoRow = grid('Bankkonten').getByRole('row').filter({ hasText: 'Girokonto Erste' });
    await expect.poll(() => flatText(kontoRow)).toContain('AT61 1904 3002 3457 3201');
    expect(await flatText(kontoRow)).toContain('€ 1.234,56');

    await openKassaScreen(page, 'Buchungskonten');
    for (const [nummer, name, art] of [
      ['4000', 'Mitgliedsbeiträge', 'Einnahme'],
      ['7000', 'Strom', 'Ausgabe'],
    ] as const) {
      await page.getByRole('button', { name: 'Neues Buchungskonto' }).click();
      const dialog = page.getByRole('dialog');
      await dialog.getByRole('textbox', { name: /^Nummer/ }).fill(nummer);
      await dialog.getByRole('textbox', { name: /^Name/ }).fill(name);
      await dialog.getByRole('button', { name: /Art/ }).click();
      await page.getByRole('option', { name: art, exact: true }).click();
      await dialog.getByRole('button', { name: 'Speichern' }).click();
      await expect
        .poll(() => flatText(grid('Buchungskonten').getByRole('row').filter({ hasText: name })))
        .toContain(art);
    }

    await openKassaScreen(page, 'Kostenstellen');
    await page.getByRole('button', { name: 'Neue Kostenstelle' }).click();
    const ks = page.getByRole('dialog');
    await ks.getByRole('textbox', { name: /^Nummer/ }).fill('1');
    await ks.getByRole('textbox', { name: /^Name/ }).fill('Vereinshaus');
    await ks.getByRole('button', { name: 'Speichern' }).click();
    await expect.poll(() => grid('Kostenstellen').getByText('Vereinshaus').count()).toBe(1);

    // Closing: the question says what it means; afterwards the year's basis data are view-only.
    await openKassaScreen(page, 'Kassaabrechnung');
    await page.getByRole('button', { name: `Kassa ${JAHR} abschließen`, exact: true }).click();
    await expect.poll(() => flatText(page.getByRole('alertdialog'))).toContain('keine Buchungen mehr erfasst');
    await page.getByRole('alertdialog').getByRole('button', { name: 'Abschließen', exact: true }).click();
    await expect.poll(() => flatText(periodeRow())).toContain('abgeschlossen am');
    await openKassaScreen(page, 'Buchungskonten');
    await page.getByText(`Kassaabrechnung ${JAHR} ist abgeschlossen – nur Ansicht`).waitFor();
    expect(await page.getByRole('button', { name: 'Neues Buchungskonto' }).count()).toBe(0);

    await openKassaScreen(page, 'Kassaabrechnung');
    await page.getByRole('button', { name: `Kassa ${JAHR} wieder öffnen`, exact: true }).click();
    await page.getByRole('alertdialog').getByRole('button', { name: 'Wieder öffnen', exact: true }).click();
    await expect.poll(() => flatText(periodeRow())).toMatch(/\boffen\b/);
    const periode = await app.services.db('kassaabrechnungen').first('geschlossen');
    expect(Boolean(periode?.geschlossen)).toBe(false);
  });

  it('assigns plots to a plot-specific booking account', async () => {
    for (const nummer of ['1', '2', '3']) await buildParzelle(app.services, { nummer });
    await openKassaScreen(page, 'Buchungskonten');
    await page.getByRole('button', { name: 'Neues Buchungskonto' }).click();
    const dialog = page.getByRole('dialog');
    await dialog.getByRole('textbox', { name: /^Nummer/ }).fill('4100');
    await dialog.getByRole('textbox', { name: /^Name/ }).fill('Kanalgebühr');
    await dialog.getByRole('checkbox', { name: /^Parzellenspezifisch/ }).check();
    await dialog.getByRole('textbox', { name: /^Jahresbetrag je Parzelle/ }).fill('85,00');
    await dialog.getByRole('button', { name: 'Speichern' }).click();
    await expect
      .poll(() => flatText(grid('Buchungskonten').getByRole('row').filter({ hasText: 'Kanalgebühr' })))
      .toContain('€ 85,00');

    await openKassaScreen(page, 'Zuordnung je Parzelle');
    await page.getByText('0 von 3 Parzellen zugeordnet').waitFor();
    await page.getByRole('button', { name: 'Alle', exact: true }).click();
    await page.getByRole('checkbox', { name: 'Parzelle 2', exact: true }).uncheck();
    await expect
      .poll(() => flatText(page.getByText(/von 3 Parzellen zugeordnet/)))
      .toContain('2 von 3 Parzellen zugeordnet · € 170,00 im Jahr');
    await page.getByRole('button', { name: 'Speichern', exact: true }).click();
    const zugeordnet = () =>
      app.services
        .db('buchungskonto_parzellen')
        .join('parzellen', 'parzellen.id', 'buchungskonto_parzellen.parzelle_id')
        .orderBy('parzellen.nummer')
        .pluck('parzellen.nummer');
    await expect.poll(zugeordnet).toEqual(['1', '3']);
  });

  it('adds an asset and shows its depreciation plan', async () => {
    await openKassaScreen(page, 'Anlageverzeichnis');
    await page.getByRole('button', { name: 'Neue Anlage' }).click();
    const dialog = page.getByRole('dialog');
    await dialog.getByRole('textbox', { name: /^Bezeichnung/ }).fill('Rasenmäher');
    await dialog.getByRole('combobox', { name: /^Kategorie/ }).fill('Maschinen');
    await dialog.getByRole('textbox', { name: /^Anschaffungsdatum/ }).fill('15.03.2024');
    await dialog.getByRole('textbox', { name: /^Anschaffungskosten/ }).fill('1.200,00');
    await dialog.getByRole('textbox', { name: /^Nutzungsdauer/ }).fill('4');
    await dialog.getByRole('button', { name: 'Speichern' }).click();
    const row = grid('Anlageverzeichnis').getByRole('row').filter({ hasText: 'Rasenmäher' });
    await expect.poll(() => flatText(row)).toContain('15.03.2024');
    expect(await flatText(row)).toContain('€ 1.200,00');

    await row.getByText('Rasenmäher').click();
    const plan = page.getByRole('dialog').getByRole('table', { name: 'Abschreibungsplan' });
    await plan.waitFor();
    const zeilen = await plan.locator('tbody tr').allInnerTexts();
    const flach = zeilen.map((z) => z.replace(/\s+/g, ' ').trim());
    // Bought in the first half of 2024: four full years of € 300,00, from € 1.200,00 down to zero.
    expect(flach[0]).toMatch(/^2024 € 0,00 € 1\.200,00 € 300,00 € 0,00 € 900,00$/);
    expect(flach.at(-1)).toMatch(/€ 0,00$/);
    expect(flach).toHaveLength(4);
  });
});
