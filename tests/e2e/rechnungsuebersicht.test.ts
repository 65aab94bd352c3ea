import { readFileSync } from 'node:fs';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { todayIso } from '../../src/platform/dates';
import { type RechnungenBeispiel, seedRechnungenBeispiel } from '../helpers/rechnungenBeispiel';
import { startTestApp, TEST_PASSWORD, type TestApp } from '../helpers/testApp';
import { pdfText, rechnungStand } from './e2eHelfer';
import { flatText, openSignedIn } from './wasserbuchSetup';

// Issue 15: the Kassier's "who has paid, who has not" in the browser, on the booked payment request
// of DOMAIN.md's club (17 receivables, due 31.03.2026): the list with its sums, a search, Huber's
// receivable opened, € 500,00 of it paid at the counter (teilbezahlt, the sums follow), a reminder
// printed from the detail as PDF, a new manual receivable, and two receivables paid in cash at the
// club house booked at once („Als bezahlt buchen“).

let app: TestApp;
let browser: Browser;
let page: Page;
let rb: RechnungenBeispiel;

beforeAll(async () => {
  app = await startTestApp();
  rb = await seedRechnungenBeispiel(app.services);
  ({ browser, page } = await openSignedIn(app, 'admin@test.kgv', TEST_PASSWORD));
}, 60_000);
afterAll(async () => {
  await browser?.close();
  await app?.stop();
});

const stand = (id: number) => rechnungStand(app.services.db, id);

describe('Rechnungsübersicht in the browser', () => {
  it('filters, sums, opens a receivable, books part of it at the counter, prints a reminder, adds a manual one, books two paid in cash', async () => {
    const huber = rb.huberRechnung;
    await page
      .getByRole('navigation', { name: 'Hauptmenü' })
      .getByRole('link', { name: 'Rechnungsübersicht', exact: true })
      .click();
    await page.getByRole('heading', { level: 1, name: 'Rechnungsübersicht', exact: true }).waitFor();
    const tabelle = page.getByRole('table', { name: 'Rechnungen', exact: true });
    const summen = page.getByLabel('Summen der gezeigten Rechnungen');
    const chips = page.getByRole('group', { name: 'Status', exact: true });

    // All 17 open: 16 × € 1.553,44 + Huber's € 1.397,79.
    await expect.poll(() => tabelle.locator('tbody tr').count()).toBe(17);
    expect(await flatText(summen)).toBe(
      'Anzahl 17 Rechnungen Betrag € 26.252,83 Bezahlt € 0,00 Offen € 26.252,83 davon überfällig € 26.252,83',
    );
    expect(await flatText(chips)).toBe('offen (17) teilbezahlt (0) bezahlt (0)');

    // The search narrows to Huber; it is kept in the URL.
    await page.getByRole('textbox', { name: 'Suche', exact: true }).fill('Huber');
    await page.keyboard.press('Enter');
    await expect.poll(() => tabelle.locator('tbody tr').count()).toBe(1);
    expect(new URL(page.url()).searchParams.get('suche')).toBe('Huber');
    expect((await flatText(tabelle.locator('tbody tr'))).trim()).toMatch(
      new RegExp(
        `^${huber.nummer} 01\\.03\\.2026 Huber Maria 17 Zahlungsvorschreibung € 1\\.397,79 € 0,00 € 1\\.397,79 31\\.03\\.2026 überfällig offen$`,
      ),
    );

    // The detail: positions, no payment yet.
    await page.getByRole('button', { name: `Rechnung ${huber.nummer} öffnen`, exact: true }).click();
    const detail = page.getByRole('dialog').filter({ hasText: `Rechnung ${huber.nummer} – Huber Maria` });
    await detail.waitFor();
    expect(await flatText(detail.getByRole('region', { name: 'Zahlungen' }))).toContain('Noch keine Zahlung.');

    // € 500,00 paid in cash at the club house.
    await detail.getByRole('button', { name: 'Zahlung erfassen', exact: true }).click();
    const zahlung = page.getByRole('dialog', { name: `Zahlung zu Rechnung ${huber.nummer} erfassen` });
    await zahlung.waitFor();
    await zahlung.getByRole('textbox', { name: 'Betrag', exact: true }).fill('500');
    await zahlung.getByRole('button', { name: 'Zahlung buchen', exact: true }).click();
    await zahlung.waitFor({ state: 'hidden' });
    await expect.poll(async () => (await stand(huber.id)).status).toBe('teilbezahlt');
    expect(await stand(huber.id)).toMatchObject({ bezahltCent: 50_000, offenCent: 89_779 });
    const zahlungen = detail.getByRole('region', { name: 'Zahlungen' });
    await expect.poll(() => flatText(zahlungen)).toContain('€ 500,00');
    expect(await flatText(zahlungen)).toMatch(/Beleg \d+/);
    expect(await flatText(detail.getByLabel('Rechnung', { exact: true }))).toContain('Offen € 897,79');

    // A reminder from the detail: level 1, saved as PDF.
    await detail.getByRole('button', { name: 'Mahnung drucken', exact: true }).click();
    const mahnung = page.getByRole('dialog', { name: `Mahnung zu Rechnung ${huber.nummer}` });
    await mahnung.waitFor();
    expect(await flatText(mahnung)).toContain('Nächste Stufe: 1 – Zahlungserinnerung, ohne Gebühr.');
    const download = page.waitForEvent('download');
    await mahnung.getByRole('button', { name: 'Mahnung drucken', exact: true }).click();
    const datei = await download;
    expect(datei.suggestedFilename()).toBe(`Zahlungserinnerung ${huber.nummer}.pdf`);
    const text = pdfText(readFileSync((await datei.path()) ?? ''));
    expect(text).toContain('Zahlungserinnerung');
    expect(text).toContain(huber.nummer);
    await mahnung.waitFor({ state: 'hidden' });
    expect((await stand(huber.id)).mahnstufe).toBe(1);
    await expect
      .poll(() => flatText(detail.getByRole('region', { name: 'Mahnungen' })))
      .toContain('1 – Zahlungserinnerung');

    // Back in the list: teilbezahlt, gemahnt 1, and the sums follow.
    await detail.getByRole('button', { name: 'Schließen', exact: true }).click();
    await detail.waitFor({ state: 'hidden' });
    await expect
      .poll(() => flatText(tabelle.locator('tbody tr')))
      .toMatch(/€ 500,00 € 897,79 .*gemahnt 1 teilbezahlt$/);
    expect(await flatText(summen)).toBe(
      'Anzahl 1 Rechnung Betrag € 1.397,79 Bezahlt € 500,00 Offen € 897,79 davon überfällig € 897,79',
    );
    expect(await flatText(chips)).toBe('offen (0) teilbezahlt (1) bezahlt (0)');

    // The list as Excel, and the chosen receivable's invoice with what is still open.
    await page.getByRole('button', { name: 'Export', exact: true }).click();
    const excel = page.waitForEvent('download');
    await page.getByRole('menuitem', { name: 'Excel', exact: true }).click();
    const liste = await excel;
    expect(liste.suggestedFilename()).toBe(`Rechnungsübersicht ${todayIso()}.xlsx`);
    expect(
      readFileSync((await liste.path()) ?? '')
        .subarray(0, 2)
        .toString('latin1'),
    ).toBe('PK');
    await tabelle.getByRole('checkbox', { name: `Rechnung ${huber.nummer} auswählen`, exact: true }).check();
    const brief = page.waitForEvent('download');
    await page.getByRole('button', { name: 'Rechnungen drucken (1)', exact: true }).click();
    const rechnungPdf = await brief;
    expect(rechnungPdf.suggestedFilename()).toBe(`Rechnung ${huber.nummer}.pdf`);
    const briefText = pdfText(readFileSync((await rechnungPdf.path()) ?? ''));
    expect(briefText).toContain(huber.nummer);
    expect(briefText).toContain('897,79');

    // Only the paid: none yet.
    await chips.getByRole('button', { name: 'offen (0)', exact: true }).click();
    await chips.getByRole('button', { name: 'bezahlt (0)', exact: true }).click();
    await chips.getByRole('button', { name: 'teilbezahlt (1)', exact: true }).click();
    await expect.poll(() => new URL(page.url()).searchParams.get('status')).toBe('bezahlt');
    await page.getByText('Keine Rechnung passt zu diesen Filtern.', { exact: false }).waitFor();

    // A new manual receivable for Huber: the key to the garden gate.
    await page.getByRole('button', { name: 'Filter zurücksetzen', exact: true }).click();
    await expect.poll(() => tabelle.locator('tbody tr').count()).toBe(17);
    await page.getByRole('button', { name: 'Neue Rechnung', exact: true }).click();
    const neu = page.getByRole('dialog', { name: 'Neue Rechnung' });
    await neu.waitFor();
    await neu.getByRole('combobox', { name: 'Adresse' }).fill('Huber');
    await page.getByRole('option', { name: 'Huber Maria', exact: true }).click();
    await neu.getByLabel(/^Text 1\b/u).fill('Schlüssel Gartentor');
    await neu.getByLabel(/^Betrag 1\b/u).fill('25');
    await neu.getByRole('button', { name: 'Rechnung anlegen', exact: true }).click();
    await neu.waitFor({ state: 'hidden' });
    const manuell = await app.services.db('rechnungen').where({ art: 'manuell' }).first();
    expect(manuell).toMatchObject({ adresse_id: huber.adresseId });
    expect(Number(manuell?.betrag_cent)).toBe(2_500);
    // Its detail opens; the list now holds 18 open receivables.
    const neuDetail = page.getByRole('dialog').filter({ hasText: `Rechnung ${manuell?.nummer} – Huber Maria` });
    await neuDetail.waitFor();
    expect(await flatText(neuDetail.getByRole('region', { name: 'Positionen' }))).toContain('Schlüssel Gartentor');
    // The success toast covers the dialog's buttons for a while: Escape closes it as well.
    await neuDetail.getByRole('heading').first().click();
    await page.keyboard.press('Escape');
    await neuDetail.waitFor({ state: 'hidden' });
    await expect.poll(() => tabelle.locator('tbody tr').count()).toBe(18);

    // Two members paid in cash at the club house: both chosen, booked at once into the Handkassa.
    const bar = rb.lauf.rechnungen.filter((r) => r.id !== huber.id).slice(0, 2);
    await tabelle.getByRole('checkbox', { name: `Rechnung ${huber.nummer} auswählen`, exact: true }).uncheck();
    for (const r of bar)
      await tabelle.getByRole('checkbox', { name: `Rechnung ${r.nummer} auswählen`, exact: true }).check();
    await page.getByRole('button', { name: 'Als bezahlt buchen (2)', exact: true }).click();
    const alle = page.getByRole('dialog', { name: 'Als bezahlt buchen' });
    await alle.waitFor();
    expect(await flatText(alle)).toContain('2 Rechnungen mit zusammen € 3.106,88 offen');
    expect(await flatText(alle.getByRole('button', { name: /Konto/ }))).toContain('Handkassa');
    await alle.getByRole('button', { name: '2 Zahlungen buchen', exact: true }).click();
    await alle.waitFor({ state: 'hidden' });
    await page.getByText('2 Zahlungen gebucht', { exact: true }).waitFor();
    for (const r of bar) expect(await stand(r.id)).toMatchObject({ status: 'bezahlt', offenCent: 0 });
    const belege = await app.services
      .db('kassabuch')
      .where({ konto_id: rb.kassaKontoId })
      .whereLike('text', 'Barzahlung%');
    expect(belege).toHaveLength(2);
    // They leave the list of what is still to be paid; the sums and counts follow; nothing stays chosen.
    await expect.poll(() => tabelle.locator('tbody tr').count()).toBe(16);
    expect(await flatText(summen)).toMatch(/^Anzahl 16 Rechnungen .* Offen € 22\.670,95 /);
    expect(await flatText(chips)).toBe('offen (15) teilbezahlt (1) bezahlt (2)');
    await expect(page.getByRole('button', { name: 'Als bezahlt buchen', exact: true }).isDisabled()).resolves.toBe(
      true,
    );
    // Only the paid: the two, bezahlt.
    await chips.getByRole('button', { name: 'offen (15)', exact: true }).click();
    await chips.getByRole('button', { name: 'bezahlt (2)', exact: true }).click();
    await chips.getByRole('button', { name: 'teilbezahlt (1)', exact: true }).click();
    await expect.poll(() => tabelle.locator('tbody tr').count()).toBe(2);
    for (const r of bar)
      expect(await flatText(tabelle.locator('tbody tr').filter({ hasText: r.nummer }))).toMatch(/€ 0,00 .*bezahlt$/);
    expect(await flatText(summen)).toBe(
      'Anzahl 2 Rechnungen Betrag € 3.106,88 Bezahlt € 3.106,88 Offen € 0,00 davon überfällig € 0,00',
    );
  });
});
