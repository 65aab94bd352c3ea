import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type RechnungenBeispiel, seedRechnungenBeispiel } from '../helpers/rechnungenBeispiel';
import { startTestApp, TEST_PASSWORD, type TestApp } from '../helpers/testApp';
import { flatText, openSignedIn } from './wasserbuchSetup';

// Issue 15, the reminder run as the Kassier does it: DOMAIN.md's club with its booked
// Zahlungsvorschreibung (17 receivables due 31.03.2026, none paid), Huber's with a reminder stop.
// On 15.05.2026 the preview lists the sixteen others for a Zahlungserinnerung and Huber's as
// skipped („Mahnsperre“); one is unticked, the fifteen are reminded after the confirm, and their
// letters open as one PDF — in the browser through the real server.

let app: TestApp;
let browser: Browser;
let page: Page;
let rb: RechnungenBeispiel;

beforeAll(async () => {
  app = await startTestApp();
  rb = await seedRechnungenBeispiel(app.services);
  await app.services.db('rechnungen').where({ id: rb.huberRechnung.id }).update({ mahnsperre_bis: '2026-12-31' });
  ({ browser, page } = await openSignedIn(app, 'admin@test.kgv', TEST_PASSWORD));
}, 60_000);
afterAll(async () => {
  await browser?.close();
  await app?.stop();
});

const anzahl = async (table: string) =>
  Number(((await app.services.db(table).count({ n: '*' }).first()) as { n: number | string }).n);

describe('Mahnlauf in the browser', () => {
  it('previews, skips the reminder stop, reminds the ticked ones and prints their letters', async () => {
    await page.goto('/rechnungen/mahnlauf');
    await page.getByRole('heading', { name: 'Mahnlauf', level: 1 }).waitFor();
    await page.getByRole('textbox', { name: 'Stichtag' }).fill('15.05.2026');
    await expect.poll(() => new URL(page.url()).searchParams.get('datum')).toBe('2026-05-15');

    const tabelle = page.getByRole('table', { name: 'Zu mahnen', exact: true });
    await expect.poll(() => tabelle.locator('tbody tr').count()).toBe(16);
    const main = page.locator('main');
    expect(await flatText(main)).toContain('16 Rechnungen zu mahnen: überfällig € 24.855,04, Gebühren € 0,00');
    const erste = rb.lauf.rechnungen.find((r) => r.id !== rb.huberRechnung.id);
    if (!erste) throw new Error('no receivable besides Huber’s');
    expect(await flatText(tabelle.locator('tbody tr').filter({ hasText: erste.nummer }))).toContain(
      'Zahlungserinnerung',
    );
    const uebersprungen = page.getByRole('table', { name: 'Übersprungen', exact: true });
    expect(await flatText(uebersprungen.locator('tbody'))).toBe(`${rb.huberRechnung.nummer} Huber Maria Mahnsperre`);
    expect(await anzahl('mahnungen')).toBe(0);

    await page.getByRole('checkbox', { name: `Rechnung ${erste.nummer} mahnen`, exact: true }).uncheck();
    await page.getByRole('button', { name: '15 Mahnungen erstellen', exact: true }).click();
    const frage = page.getByRole('alertdialog', { name: '15 Mahnungen erstellen?' });
    expect(await flatText(frage)).toContain('15 Mahnungen zum 15.05.2026 über zusammen € 23.301,60');
    expect(await anzahl('mahnungen')).toBe(0);
    await frage.getByRole('button', { name: 'Mahnungen erstellen', exact: true }).click();
    await main.getByText('15 Mahnungen erstellt; zusammen sind € 23.301,60 offen.', { exact: false }).waitFor();
    expect(await anzahl('mahnungen')).toBe(15);
    const stufen = await app.services.db('rechnungen').select('id', 'mahnstufe');
    const gemahnt = stufen.filter((r) => Number(r.mahnstufe) === 1).map((r) => Number(r.id));
    expect(gemahnt).toHaveLength(15);
    expect(gemahnt).not.toContain(erste.id);
    expect(gemahnt).not.toContain(rb.huberRechnung.id);

    const tab = page.context().waitForEvent('page');
    await page.getByRole('button', { name: 'Mahnungen drucken (PDF)', exact: true }).click();
    const druck = await tab;
    await expect.poll(() => druck.url()).toMatch(/\/api\/Rechnungspruefung\/MahnungenDruck\?ids=\d+(%2C|,)/);
    const antwort = await page.request.get(druck.url());
    expect(antwort.headers()['content-type']).toContain('application/pdf');
    expect((await antwort.body()).subarray(0, 5).toString('latin1')).toBe('%PDF-');
    await druck.close();
    // Printing again changes nothing.
    expect(await anzahl('mahnungen')).toBe(15);
  });

  it('shows a member’s statement and opens it as a PDF', async () => {
    await page.goto('/rechnungen/kontoauszug');
    await page.getByRole('heading', { name: 'Mitglieder-Kontoauszug', level: 1 }).waitFor();
    await page.getByRole('combobox', { name: 'Mitglied' }).fill('Huber');
    await page.getByRole('option', { name: 'Huber Maria' }).click();
    await expect.poll(() => new URL(page.url()).searchParams.get('adresseId')).toBe(String(rb.huber));
    const auszug = page.getByRole('table', { name: 'Kontoauszug', exact: true });
    await auszug.locator('tbody tr').nth(2).waitFor();
    const zeilen = await auszug
      .locator('tbody tr')
      .evaluateAll((rows) => rows.map((row) => (row as HTMLElement).innerText.replace(/\s+/g, ' ').trim()));
    expect(zeilen.slice(1)).toEqual([
      `01.03.2026 Rechnung ${rb.huberRechnung.nummer} Zahlungsvorschreibung ${rb.huberRechnung.nummer} € 1.397,79 € 1.397,79`,
      expect.stringMatching(/^\d\d\.\d\d\.\d{4} Summen und Endsaldo € 1\.397,79 € 0,00 € 1\.397,79$/),
    ]);
    expect(await flatText(page.locator('main'))).toContain('Huber Maria: € 1.397,79 sind zu bezahlen.');

    const tab = page.context().waitForEvent('page');
    await page.getByRole('button', { name: 'Kontoauszug als PDF', exact: true }).click();
    const brief = await tab;
    await expect.poll(() => brief.url()).toContain('/api/Rechnungspruefung/Kontoauszug?');
    const antwort = await page.request.get(brief.url());
    expect((await antwort.body()).subarray(0, 5).toString('latin1')).toBe('%PDF-');
    await brief.close();
  });
});
