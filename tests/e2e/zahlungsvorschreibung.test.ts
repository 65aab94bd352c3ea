import { readFileSync } from 'node:fs';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, TEST_PASSWORD, type TestApp } from '../helpers/testApp';
import { seedZvBeispiel, ZV_DATUM, type ZvBeispiel } from '../helpers/zvBeispiel';
import { openSignedIn, flatText as text } from './wasserbuchSetup';

// Issue 14: the whole guided run of the Zahlungsvorschreibung for a small club in the browser,
// through the real server: DOMAIN.md's example (17 plots, seedZvBeispiel) is checked („Alles
// bereit“), previewed with plot 17's letter at 1.397,79 €, booked after the confirm, and printed as
// one PDF; the screen then shows the booked state, also after a reload.

let app: TestApp;
let browser: Browser;
let page: Page;
let z: ZvBeispiel;

beforeAll(async () => {
  app = await startTestApp();
  z = await seedZvBeispiel(app.services);
  ({ browser, page } = await openSignedIn(app, 'admin@test.kgv', TEST_PASSWORD));
}, 60_000);
afterAll(async () => {
  await browser?.close();
  await app?.stop();
});

const anzahl = async (table: string) =>
  Number(((await app.services.db(table).count({ n: '*' }).first()) as { n: number | string }).n);

describe('Zahlungsvorschreibung in the browser', () => {
  it('checks, previews, books and prints the run of a small club', async () => {
    await page.goto('/jahresabrechnung/zahlungsvorschreibung');
    await page.getByRole('heading', { name: 'Zahlungsvorschreibung 2026', level: 1 }).waitFor();
    await page.getByLabel('Datum der Briefe').fill(ZV_DATUM);
    await expect.poll(() => new URL(page.url()).searchParams.get('datum')).toBe(ZV_DATUM);

    await page.getByRole('button', { name: 'Weiter zur Prüfung', exact: true }).click();
    await expect.poll(() => page.getByText('Alles bereit', { exact: true }).count()).toBe(1);
    expect(new URL(page.url()).searchParams.get('schritt')).toBe('2');
    expect(await text(page.locator('main'))).toMatch(/17 Briefe über € [\d.]+,\d\d, nichts fehlt\./);

    await page.getByRole('button', { name: 'Weiter zur Vorschau', exact: true }).click();
    const grid = page.getByRole('grid', { name: 'Vorschau: Zahlungsvorschreibung 2026', exact: true });
    await grid.getByRole('rowheader').first().waitFor();
    // The table shows only the rows in view: plot 17 comes first in descending plot order.
    await grid.getByRole('columnheader', { name: 'Parzellen', exact: true }).click();
    const huber = grid.getByRole('row').filter({ has: page.getByRole('rowheader', { name: 'Huber Maria' }) });
    await expect.poll(() => huber.count()).toBe(1);
    expect(await text(huber)).toMatch(/Huber Maria 17 € 1\.397,79 31\.03\.2026/);
    const summen = await text(page.getByRole('table', { name: 'Summen je Art' }));
    expect(summen).toContain('Pachtzins');
    expect(summen).toContain('Summe (17 Briefe)');
    // A letter's draft opens in a new tab as a PDF.
    const tab = page.context().waitForEvent('page');
    await page.getByRole('button', { name: 'Brief an Huber Maria als PDF', exact: true }).click();
    const entwurf = await tab;
    await expect.poll(() => entwurf.url()).toMatch(/^blob:/);
    await entwurf.close();
    // Nothing is booked before the confirm.
    expect(await anzahl('rechnungen')).toBe(0);

    await page.getByRole('button', { name: 'Weiter zum Buchen', exact: true }).click();
    await page.getByRole('button', { name: 'Einbuchen …', exact: true }).click();
    const frage = page.getByRole('alertdialog');
    expect(await text(frage)).toMatch(
      /17 Forderungen über € [\d.]+,\d\d buchen\? Danach sind die Sätze des Jahres gesperrt\./,
    );
    await frage.getByRole('button', { name: 'Buchen', exact: true }).click();

    await expect.poll(() => page.getByText('Zahlungsvorschreibung 2026 ist gebucht').count()).toBe(1);
    expect(await text(page.locator('main'))).toMatch(
      /gebucht am \d\d\.\d\d\.\d{4}, \d\d:\d\d von .+: 17 Forderungen, Summe €/,
    );
    expect(await anzahl('rechnungen')).toBe(17);
    const rechnung = await app.services.db('rechnungen').where({ adresse_id: z.huber }).first();
    expect(Number(rechnung?.betrag_cent)).toBe(139_779);

    const waiting = page.waitForEvent('download');
    await page.getByRole('button', { name: 'Alle Briefe als PDF', exact: true }).click();
    const file = await waiting;
    expect(file.suggestedFilename()).toBe('Zahlungsvorschreibung 2026.pdf');
    const pdf = readFileSync((await file.path()) ?? '');
    expect(pdf.subarray(0, 5).toString('latin1')).toBe('%PDF-');

    // A booked run opens at „Drucken“ with its state.
    await page.goto('/jahresabrechnung/zahlungsvorschreibung');
    await expect.poll(() => page.getByText('Zahlungsvorschreibung 2026 ist gebucht').count()).toBe(1);
    expect(await page.locator('[aria-current="step"]').innerText()).toMatch(/5\s+Drucken/);
    await page.getByRole('button', { name: 'Weiter zum E-Mail-Versand', exact: true }).click();
    expect(
      await page.getByRole('link', { name: 'An den E-Mail-Versand übergeben', exact: true }).getAttribute('href'),
    ).toBe('/emails/zahlungsvorschreibung');
  });

  it('shows the Pachtzinsliste with plot 17’s lease and saves it as Excel', async () => {
    await page.goto(`/jahresabrechnung/pachtzinsliste?datum=${ZV_DATUM}`);
    const grid = page.getByRole('grid', { name: 'Pachtzinsliste 2026', exact: true });
    await grid.getByRole('rowheader').first().waitFor();
    // Plot 17 last in plot order; the table shows only the rows in view.
    await grid.getByRole('columnheader', { name: 'Parzelle', exact: true }).click();
    const p17 = grid.getByRole('row').filter({ has: page.getByRole('rowheader', { name: '17', exact: true }) });
    await expect.poll(() => p17.count()).toBe(1);
    expect(await text(p17)).toMatch(/17 Huber Maria 400,00 m² 100,00 m² € 524,00 € 131,00 € 70,00 € 105,13 € 830,13/);
    expect(await text(page.getByRole('table', { name: 'Summen der Pachtzinsliste' }))).toMatch(/^Parzellen .* 17 /);

    await page.getByRole('button', { name: 'Export', exact: true }).click();
    const waiting = page.waitForEvent('download');
    await page.getByRole('menuitem', { name: 'Excel', exact: true }).click();
    const file = await waiting;
    expect(file.suggestedFilename()).toBe(`Pachtzinsliste 2026 ${ZV_DATUM}.xlsx`);
    // An xlsx is a ZIP.
    expect(
      readFileSync((await file.path()) ?? '')
        .subarray(0, 2)
        .toString('latin1'),
    ).toBe('PK');
  });
});
