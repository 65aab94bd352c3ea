import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { generateCamt053 } from '../helpers/generateCamt053';
import { type RechnungenBeispiel, seedRechnungenBeispiel } from '../helpers/rechnungenBeispiel';
import { startTestApp, TEST_PASSWORD, type TestApp } from '../helpers/testApp';
import { pdfText, rechnungStand } from './e2eHelfer';
import { openKassaScreen } from './kassaSetup';
import { flatText, openSignedIn } from './wasserbuchSetup';

// Issue 15's browser test, as the Kassier works after the payment request: the bank statement is
// imported in the Kassabuch and pays most receivables by itself through their RF references (one
// exactly, one in part, one with too much — the rest becomes the member's credit); the one credit
// without a reference waits on 'Zahlungen zuordnen' and is allocated there by hand with one click;
// then a reminder is printed for the receivable paid only in part.

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

const status = (id: number) => rechnungStand(app.services.db, id);

const guthabenCent = async (adresseId: number) =>
  Number(
    (
      (await app.services
        .db('zuordnungen')
        .where({ adresse_id: adresseId, art: 'guthaben' })
        .sum({ s: 'betrag_cent' })
        .first()) as { s: number | string | null } | undefined
    )?.s ?? 0,
  );

describe('Payments and a reminder in the browser', () => {
  it('imports a statement that pays by RF reference, allocates the unknown credit by hand, prints a reminder', async () => {
    const [genau, teil, zuViel] = rb.lauf.rechnungen;
    if (!genau || !teil || !zuViel) throw new Error('the example has 17 receivables');
    const huber = rb.huberRechnung;
    const auszug = generateCamt053({
      eintraege: 0,
      von: '2026-04-02',
      posten: [
        { betragCent: genau.betragCent, referenz: genau.zahlungsreferenz, name: 'Gärtner1', text: 'Pacht 2026' },
        { betragCent: 50_000, referenz: teil.zahlungsreferenz, name: 'Gärtner2', datum: '2026-04-03' },
        { betragCent: zuViel.betragCent + 10_000, referenz: zuViel.zahlungsreferenz, name: 'Gärtner3' },
        // No reference, no receivable number, an IBAN nobody knows: left for the Kassier.
        {
          betragCent: huber.betragCent,
          name: 'Franz Huber',
          text: 'Garten 17 Jahresvorschreibung',
          iban: 'AT483200000012345864',
        },
      ],
    });

    // Kassabuch → Kontoauszug importieren: preview, then import.
    await openKassaScreen(page, 'Kassabuch');
    await page.getByRole('button', { name: 'Kontoauszug importieren', exact: true }).click();
    const dialog = page.getByRole('dialog', { name: 'Kontoauszug importieren' });
    await dialog.waitFor();
    await dialog
      .locator('input[type="file"]')
      .setInputFiles({ name: 'auszug.xml', mimeType: 'application/xml', buffer: Buffer.from(auszug) });
    await dialog.getByRole('button', { name: 'Vorschau', exact: true }).click();
    await dialog.getByRole('table', { name: 'Vorschau der Bankbuchungen' }).waitFor();
    await dialog.getByRole('button', { name: '4 Buchungen importieren', exact: true }).click();
    await dialog.getByText('Import abgeschlossen', { exact: true }).waitFor();
    expect(await flatText(dialog)).toContain('3 Zahlungen automatisch zugeordnet, 1 zu klären');

    // The three payments with their RF reference are allocated by the import itself.
    expect(await status(genau.id)).toMatchObject({ status: 'bezahlt', offenCent: 0 });
    expect(await status(teil.id)).toMatchObject({ status: 'teilbezahlt', bezahltCent: 50_000 });
    expect(await status(zuViel.id)).toMatchObject({ status: 'bezahlt', offenCent: 0 });
    expect(await guthabenCent(zuViel.adresseId)).toBe(10_000);
    expect(await status(huber.id)).toMatchObject({ status: 'offen' });
    await dialog.getByRole('button', { name: 'Schließen', exact: true }).click();
    await dialog.waitFor({ state: 'hidden' });

    // The Rechnungsübersicht counts them: two paid, one in part, fourteen open.
    await page
      .getByRole('navigation', { name: 'Hauptmenü' })
      .getByRole('link', { name: 'Rechnungsübersicht', exact: true })
      .click();
    const chips = page.getByRole('group', { name: 'Status', exact: true });
    await expect.poll(() => flatText(chips)).toContain('teilbezahlt (1)');
    expect(await flatText(chips)).toMatch(/offen \(14\) teilbezahlt \(1\) bezahlt \(2\)/);

    // 'Zahlungen zuordnen' lists the one credit left, with Huber's receivable among its suggestions.
    await page
      .getByRole('navigation', { name: 'Hauptmenü' })
      .getByRole('link', { name: 'Zahlungen zuordnen', exact: true })
      .click();
    await page.getByRole('heading', { level: 1, name: 'Zahlungen zuordnen', exact: true }).waitFor();
    await page.getByText('1 Zahlung zu klären, zusammen € 1.397,79', { exact: true }).waitFor();
    const karte = page.locator('section.kgv-zk-karte');
    expect(await karte.count()).toBe(1);
    expect(await flatText(karte)).toContain('Franz Huber');
    expect(await flatText(karte)).toContain('Garten 17 Jahresvorschreibung');
    await karte.getByRole('button', { name: `€ 1.397,79 der Rechnung ${huber.nummer} zuordnen`, exact: true }).click();
    await page.getByText('Alles zugeordnet – keine offenen Zahlungen.', { exact: false }).waitFor();
    expect(await status(huber.id)).toMatchObject({ status: 'bezahlt', offenCent: 0 });

    // A reminder for the receivable paid in part: the Mahnlauf for its member alone.
    await page.goto(`/rechnungen/mahnlauf?adresse=${teil.adresseId}`);
    await page.getByRole('heading', { level: 1, name: 'Mahnlauf', exact: true }).waitFor();
    await page.getByRole('button', { name: '1 Mahnung erstellen', exact: true }).click();
    await page.getByRole('alertdialog').getByRole('button', { name: 'Mahnungen erstellen', exact: true }).click();
    await page.getByText('Mahnungen erstellt', { exact: true }).waitFor();
    expect(await status(teil.id)).toMatchObject({ mahnstufe: 1, offenCent: teil.betragCent - 50_000 });
    const tab = page.context().waitForEvent('page');
    await page.getByRole('button', { name: 'Mahnungen drucken (PDF)', exact: true }).click();
    const druck = await tab;
    await expect.poll(() => druck.url()).toContain('/api/Rechnungspruefung/MahnungenDruck');
    const res = await page.request.get(druck.url());
    expect(res.headers()['content-type']).toBe('application/pdf');
    const text = pdfText(Buffer.from(await res.body()));
    await druck.close();
    expect(text).toContain('Zahlungserinnerung');
    expect(text).toContain(teil.nummer);
    expect(text).toContain('1.053,44');
  });

  it('shows and changes an entry’s allocations in the Kassabuch’s entry dialog', async () => {
    const huber = rb.huberRechnung;
    const eintrag = await app.services
      .db('kassabuch')
      .where({ quelle: 'bank', betrag_cent: huber.betragCent })
      .first('id', 'belegnummer');
    if (!eintrag) throw new Error('no bank entry for Huber');
    await openKassaScreen(page, 'Kassabuch');
    await page.getByRole('button', { name: `Beleg ${eintrag.belegnummer} bearbeiten`, exact: true }).click();
    const dialog = page.getByRole('dialog');
    const abschnitt = dialog.getByRole('region', { name: 'Zuordnungen zu Rechnungen', exact: true });
    await abschnitt.waitFor();
    expect(await flatText(abschnitt)).toContain(huber.nummer);
    expect(await flatText(abschnitt)).toContain('Zugeordnet € 1.397,79 von € 1.397,79 · Rest € 0,00');

    // The search for another receivable answers Enter with its hits (it does not save the entry).
    await abschnitt.getByRole('button', { name: 'Rechnung zuordnen …', exact: true }).click();
    const suche = abschnitt.getByLabel(/^Offene Rechnung suchen/);
    await suche.fill('Gärtner4');
    await suche.press('Enter');
    const treffer = abschnitt.getByRole('table', { name: 'Gefundene Rechnungen', exact: true });
    await treffer.waitFor();
    expect(await flatText(treffer)).toContain('Gärtner4');
    expect(await dialog.isVisible()).toBe(true);

    // Only 1.000,00 € of it pays the receivable: it is teilbezahlt again, the rest stays on the entry.
    await abschnitt.getByLabel(`Betrag für ${huber.nummer}`, { exact: true }).fill('1.000,00');
    await dialog.getByRole('button', { name: 'Speichern', exact: true }).click();
    await dialog.waitFor({ state: 'hidden' });
    expect(await status(huber.id)).toMatchObject({ status: 'teilbezahlt', bezahltCent: 100_000 });
    // The credit's rest is to clear again.
    await page
      .getByRole('navigation', { name: 'Hauptmenü' })
      .getByRole('link', { name: 'Zahlungen zuordnen', exact: true })
      .click();
    await page.getByText('1 Zahlung zu klären, zusammen € 397,79', { exact: true }).waitFor();
  });
});
