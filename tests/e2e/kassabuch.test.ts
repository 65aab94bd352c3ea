import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { formatEuro } from '../../src/platform/money';
import { generateCamt053 } from '../helpers/generateCamt053';
import type { TestApp } from '../helpers/testApp';
import { BELEG_PDF, erfassung, type KassaE2e, openKassaScreen, startKassaE2e, stopKassaE2e, zeile } from './kassaSetup';
import { flatText } from './wasserbuchSetup';

// Issue 13: the Kassier books three entries with the keyboard only (Enter books and opens the next
// row, Datum and Konto stay), attaches a receipt (file chooser and drag-and-drop), imports a bank
// statement and prints the Kassabericht; a checked entry is locked, a Storno books the counter entry.

let setup: KassaE2e;
let app: TestApp;
let page: Page;

beforeAll(async () => {
  setup = await startKassaE2e();
  ({ app, page } = setup);
});
afterAll(async () => {
  await stopKassaE2e(setup);
});

const eintraege = async () =>
  (
    await app.services.db('kassabuch').orderBy('belegnummer').select('belegnummer', 'betrag_cent', 'konto_id', 'text')
  ).map((r) => ({
    nr: Number(r.belegnummer),
    cent: Number(r.betrag_cent),
    konto: Number(r.konto_id),
    text: String(r.text),
  }));

describe('Kassabuch in the browser', () => {
  it('books three entries with the keyboard, attaches a receipt, imports a statement and prints the Kassabericht', async () => {
    await openKassaScreen(page, 'Kassabuch');
    await erfassung(page, 'Datum').focus();

    // From here the keyboard only. Girokonto Erste is the first account; the date is typed over.
    await page.keyboard.type('02.03.2026');
    await page.keyboard.press('Tab');
    await page.keyboard.type('150');
    await page.keyboard.press('Tab');
    await page.keyboard.press('Tab');
    await page.keyboard.type('4000');
    await page.keyboard.press('Tab');
    await page.keyboard.press('Tab');
    await page.keyboard.type('Mitgliedsbeitrag Huber');
    await page.keyboard.press('Enter');
    await expect.poll(() => zeile(page, 1).count()).toBe(1);
    // The next empty row: cursor in Datum, the date kept.
    await expect.poll(() => erfassung(page, 'Datum').evaluate((el) => el === document.activeElement)).toBe(true);
    expect(await erfassung(page, 'Datum').inputValue()).toBe('02.03.2026');
    expect(await erfassung(page, 'Betrag').inputValue()).toBe('');

    // An expense in the cash box: the minus, "H" picks Handkassa, the booking account by name.
    await page.keyboard.type('05.03.2026');
    await page.keyboard.press('Tab');
    await page.keyboard.type('-12,50');
    await page.keyboard.press('Tab');
    await page.keyboard.type('H');
    await page.keyboard.press('Tab');
    await page.keyboard.type('Material');
    await page.keyboard.press('Tab');
    await page.keyboard.type('1');
    await page.keyboard.press('Tab');
    await page.keyboard.type('Schrauben');
    await page.keyboard.press('Enter');
    await expect.poll(() => zeile(page, 2).count()).toBe(1);
    await expect.poll(() => erfassung(page, 'Datum').evaluate((el) => el === document.activeElement)).toBe(true);
    // Konto kept: Handkassa.
    expect(await erfassung(page, 'Konto').evaluate((el) => (el as HTMLSelectElement).selectedOptions[0]?.text)).toBe(
      'Handkassa',
    );

    // Electricity: 7100 is an expense account, so "20" without a sign is an expense.
    await page.keyboard.press('Tab');
    await page.keyboard.type('20');
    await page.keyboard.press('Tab');
    await page.keyboard.type('G');
    await page.keyboard.press('Tab');
    await page.keyboard.type('7100');
    await page.keyboard.press('Tab');
    await page.keyboard.press('Tab');
    await page.keyboard.type('Strom März');
    await page.keyboard.press('Enter');
    await expect.poll(() => zeile(page, 3).count()).toBe(1);

    const { bank, kassa } = setup.ids;
    expect(await eintraege()).toEqual([
      { nr: 1, cent: 15_000, konto: bank, text: 'Mitgliedsbeitrag Huber' },
      { nr: 2, cent: -1_250, konto: kassa, text: 'Schrauben' },
      { nr: 3, cent: -2_000, konto: bank, text: 'Strom März' },
    ]);
    // Each account's running balance beside its entries, the sums below.
    expect(await flatText(zeile(page, 1))).toMatch(/€ 150,00 € 10\.150,00/);
    expect(await flatText(zeile(page, 2))).toMatch(/-€ 12,50 € 487,50/);
    expect(await flatText(zeile(page, 3))).toMatch(/-€ 20,00 € 10\.130,00/);
    const summen = await flatText(page.locator('.kgv-kb-summen'));
    expect(summen).toContain('Einnahmen € 150,00');
    expect(summen).toContain('Ausgaben -€ 32,50');
    expect(summen).toContain('Saldo € 117,50');
    expect(summen).toContain('3 Buchungen');

    // A receipt through the paperclip (file chooser) …
    const chooser = page.waitForEvent('filechooser');
    await zeile(page, 2).getByRole('button', { name: 'Beleg an Beleg-Nr. 2 anhängen', exact: true }).click();
    await (await chooser).setFiles({ name: 'schrauben.pdf', mimeType: 'application/pdf', buffer: BELEG_PDF });
    await zeile(page, 2).getByRole('button', { name: 'Belege zu Beleg-Nr. 2 (1)', exact: true }).waitFor();
    // … and one dropped onto a row from the desktop.
    const dateien = await page.evaluateHandle((text) => {
      const dt = new DataTransfer();
      dt.items.add(new File([text], 'strom-maerz.pdf', { type: 'application/pdf' }));
      return dt;
    }, BELEG_PDF.toString('latin1'));
    await zeile(page, 3).dispatchEvent('dragover', { dataTransfer: dateien });
    await zeile(page, 3).dispatchEvent('drop', { dataTransfer: dateien });
    await zeile(page, 3).getByRole('button', { name: 'Belege zu Beleg-Nr. 3 (1)', exact: true }).waitFor();
    // The receipt opens in a new tab as the PDF it is.
    await zeile(page, 2).getByRole('button', { name: 'Belege zu Beleg-Nr. 2 (1)', exact: true }).click();
    const link = page.getByRole('dialog').getByRole('link', { name: 'schrauben.pdf', exact: true });
    expect(await link.getAttribute('target')).toBe('_blank');
    const datei = await page.request.get((await link.getAttribute('href')) ?? '');
    expect(datei.status()).toBe(200);
    expect(datei.headers()['content-type']).toContain('application/pdf');
    expect((await datei.body()).subarray(0, 5).toString()).toBe('%PDF-');
    await page.keyboard.press('Escape');

    // A bank statement of the Girokonto: preview first, then import; the entries land on "zu klären".
    await page.getByRole('button', { name: 'Kontoauszug importieren', exact: true }).click();
    const importDialog = page.getByRole('dialog');
    await importDialog.getByLabel('Datei (camt.053, MT940, CSV)', { exact: true }).setInputFiles({
      name: 'auszug-april.xml',
      mimeType: 'application/xml',
      buffer: Buffer.from(generateCamt053({ eintraege: 4, iban: 'AT611904300234573201', von: '2026-04-01' })),
    });
    await importDialog.getByRole('button', { name: 'Vorschau', exact: true }).click();
    await importDialog.getByRole('table', { name: 'Vorschau der Bankbuchungen' }).waitFor();
    await importDialog.getByRole('button', { name: '4 Buchungen importieren', exact: true }).click();
    await importDialog.getByText('Import abgeschlossen').waitFor();
    await importDialog.getByRole('button', { name: 'Schließen', exact: true }).click();
    await expect.poll(() => zeile(page, 7).count()).toBe(1);
    const importiert = await app.services.db('kassabuch').where({ quelle: 'bank' }).select('betrag_cent');
    expect(importiert).toHaveLength(4);
    expect(await flatText(zeile(page, 7))).toContain('9999');

    // The Kassabericht: the accounts' balances as booked, and its PDF.
    const girokonto = 1_000_000 + 15_000 - 2_000 + importiert.reduce((sum, r) => sum + Number(r.betrag_cent), 0);
    await openKassaScreen(page, 'Kassabericht');
    await page.getByRole('status', { name: 'Prüfung der Kassa' }).waitFor();
    const bericht = await flatText(page.locator('main'));
    expect(bericht).toContain(formatEuro(girokonto, { nbsp: false }));
    expect(bericht).toContain('€ 487,50');
    const pdfHref = await page.getByRole('button', { name: 'PDF', exact: true }).getAttribute('href');
    const pdf = await page.request.get(pdfHref ?? '');
    expect(pdf.status()).toBe(200);
    expect(pdf.headers()['content-type']).toContain('application/pdf');
  });

  it('locks a checked entry: no change, only a look; the Storno books the counter entry', async () => {
    // Continues with the book of the test above (one app per file).
    await openKassaScreen(page, 'Kassabuch');
    await expect.poll(() => zeile(page, 1).count()).toBe(1);
    // Check Beleg 1 only: the filter Beleg-Nr. 1 to 1, then "Geprüft markieren" for what is shown.
    await page.getByRole('button', { name: 'Weitere Filter', exact: true }).click();
    await page.getByRole('textbox', { name: 'Beleg-Nr. von', exact: true }).fill('1');
    await page.getByRole('textbox', { name: 'Beleg-Nr. bis', exact: true }).fill('1');
    await page.keyboard.press('Enter');
    await expect.poll(() => new URL(page.url()).searchParams.get('belegBis')).toBe('1');
    await expect.poll(() => page.getByRole('table', { name: 'Kassabuch' }).getByRole('row').count()).toBe(2);
    await page.getByRole('button', { name: 'Geprüft markieren', exact: true }).click();
    const frage = page.getByRole('alertdialog', { name: 'Buchungen als geprüft markieren?', exact: true });
    expect(await flatText(frage)).toContain('Die 1 Buchung der aktuellen Filter werden als geprüft markiert');
    await frage.getByRole('button', { name: 'Geprüft markieren', exact: true }).click();
    await zeile(page, 1).getByRole('button', { name: 'Beleg 1 ansehen', exact: true }).waitFor();
    expect(await zeile(page, 1).getAttribute('class')).toContain('kgv-kb-row--geprueft');
    await page.getByRole('button', { name: 'Filter zurücksetzen', exact: true }).click();
    await expect.poll(() => zeile(page, 3).count()).toBe(1);

    // The book as Excel with the filters shown (here: the checked ones only).
    await page.getByRole('button', { name: 'Prüfstatus', exact: false }).click();
    await page.getByRole('option', { name: 'nur geprüfte', exact: true }).click();
    await expect.poll(() => page.getByRole('table', { name: 'Kassabuch' }).getByRole('row').count()).toBe(2);
    const download = page.waitForEvent('download');
    await page.getByRole('button', { name: 'Export', exact: true }).click();
    await page.getByRole('menuitem', { name: 'Excel', exact: true }).click();
    expect((await download).suggestedFilename()).toBe('Kassabuch Kassa 2026.xlsx');
    await page.getByRole('button', { name: 'Filter zurücksetzen', exact: true }).click();
    await expect.poll(() => zeile(page, 3).count()).toBe(1);

    // Opened, it says why it cannot change and offers no Speichern.
    await zeile(page, 1).getByRole('button', { name: 'Beleg 1 ansehen', exact: true }).click();
    const dialog = page.getByRole('dialog');
    await dialog.getByText('Geprüft – nicht mehr änderbar').waitFor();
    expect(await dialog.getByRole('button', { name: 'Speichern', exact: true }).count()).toBe(0);
    await dialog.getByRole('button', { name: 'Schließen', exact: true }).click();
    const geprueft = await app.services.db('kassabuch').where({ belegnummer: 1 }).first('geprueft');
    expect(Boolean(geprueft?.geprueft)).toBe(true);

    // Storno of Beleg 2: the counter entry with the opposite amount, both marked.
    const letzte = await app.services.db('kassabuch').orderBy('belegnummer', 'desc').first('belegnummer');
    const naechste = Number(letzte?.belegnummer) + 1;
    await zeile(page, 2).getByRole('button', { name: 'Weitere Aktionen zu Beleg 2', exact: true }).click();
    await page.getByRole('menuitem', { name: 'Storno', exact: true }).click();
    await page
      .getByRole('alertdialog', { name: 'Beleg 2 stornieren?', exact: true })
      .getByRole('button', { name: 'Stornieren', exact: true })
      .click();
    await expect.poll(() => zeile(page, naechste).count()).toBe(1);
    expect(await flatText(zeile(page, naechste))).toContain('Storno zu Beleg 2');
    expect(await flatText(zeile(page, naechste))).toContain('€ 12,50');
    expect(await flatText(zeile(page, 2))).toContain(`storniert durch Beleg ${naechste}`);
    const storno = await app.services
      .db('kassabuch')
      .where({ belegnummer: naechste })
      .first('betrag_cent', 'storno_von_id');
    expect(Number(storno?.betrag_cent)).toBe(1_250);
    expect(storno?.storno_von_id).not.toBeNull();
  });
});
