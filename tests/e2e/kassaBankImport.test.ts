import { readFile } from 'node:fs/promises';
import path from 'node:path';
import type { Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TestApp } from '../helpers/testApp';
import { type KassaE2e, openKassaScreen, startKassaE2e, stopKassaE2e } from './kassaSetup';
import { flatText } from './wasserbuchSetup';

// Issue 13, the bank import as the Kassier does it: Kassabuch → "Kontoauszug importieren", the
// statement file, the preview (a statement that does not add up is a warning with its numbers),
// the import onto "offen/zu klären", and the same statement again: every entry a duplicate.

const FIXTURE = path.resolve(__dirname, '../fixtures/bank/camt053-v04-zwei-auszuege.xml');

let setup: KassaE2e;
let app: TestApp;
let page: Page;
let auszug: Buffer;

beforeAll(async () => {
  // The statement's entries are of January 2025; the account is Girokonto Erste (its IBAN).
  setup = await startKassaE2e({ jahre: [2025] });
  ({ app, page } = setup);
  auszug = await readFile(FIXTURE);
});
afterAll(async () => {
  await stopKassaE2e(setup);
});

/** The same statement with the second closing balance 5,00 € too high: it no longer adds up. */
const gekuerzt = () =>
  Buffer.from(
    auszug
      .toString('utf8')
      .replace(
        '<Cd>CLBD</Cd></CdOrPrtry></Tp><Amt Ccy="EUR">60.00</Amt>',
        '<Cd>CLBD</Cd></CdOrPrtry></Tp><Amt Ccy="EUR">65.00</Amt>',
      ),
  );

async function oeffneImport(): Promise<Locator> {
  await page.getByRole('button', { name: 'Kontoauszug importieren', exact: true }).click();
  const dialog = page.getByRole('dialog', { name: 'Kontoauszug importieren' });
  await dialog.waitFor();
  // The club's only bank account is chosen already.
  await expect
    .poll(async () => flatText(dialog.getByRole('button', { name: /Bankkonto/ })))
    .toContain('Girokonto Erste');
  return dialog;
}

async function vorschau(dialog: Locator, name: string, buffer: Buffer) {
  await dialog.locator('input[type="file"]').setInputFiles({ name, mimeType: 'application/xml', buffer });
  await dialog.getByRole('button', { name: 'Vorschau', exact: true }).click();
  await dialog.getByRole('table', { name: 'Vorschau der Bankbuchungen' }).waitFor();
}

const bankBuchungen = () =>
  app.services
    .db('kassabuch')
    .where({ quelle: 'bank' })
    .orderBy('belegnummer')
    .select('betrag_cent', 'buchungskonto_id');

describe('Bank import in the browser', () => {
  it('previews, warns when the statement does not add up, imports onto the clearing account; again: all duplicates', async () => {
    await openKassaScreen(page, 'Kassabuch');
    let dialog = await oeffneImport();
    await vorschau(dialog, 'auszug.xml', gekuerzt());
    const text = await flatText(dialog);
    expect(text).toContain('2 Buchungen in der Datei · 2 neu · 0 bereits importiert');
    expect(text).toContain('Der Kontoauszug geht nicht auf');
    // Once: the dialog's banner, not again as the server's line under "Bitte prüfen".
    expect(text.split('geht nicht auf').length - 1).toBe(1);
    expect(text).toContain(
      'Anfangssaldo -€ 50,00 + Summe € 110,00 = € 60,00, laut Auszug ist der Endsaldo aber € 65,00 (Differenz € 5,00)',
    );
    // The file holds two statements: the one that does not add up is named.
    expect(text).toContain(
      'Betroffen ist der Auszug von AT611904300234573201: Anfangssaldo € 70,00 + Buchungen -€ 10,00 = € 60,00, laut Bank € 65,00.',
    );
    const zeilen = dialog.getByRole('table', { name: 'Vorschau der Bankbuchungen' }).locator('tbody tr');
    expect(await zeilen.count()).toBe(2);
    expect(await flatText(zeilen.first())).toContain('Anna Berger');
    expect(await flatText(zeilen.first())).toContain('AT131490022010010999');
    // Nothing written by the preview.
    expect(await bankBuchungen()).toHaveLength(0);

    // The Kassier imports anyway (the missing statement comes later).
    await dialog.getByRole('button', { name: '2 Buchungen importieren', exact: true }).click();
    await dialog
      .getByText('2 importiert, 0 Duplikate übersprungen; die Buchungen stehen auf „offen/zu klären“.')
      .waitFor();
    const gebucht = await bankBuchungen();
    expect(gebucht.map((b) => Number(b.betrag_cent))).toEqual([12_000, -1_000]);
    expect(new Set(gebucht.map((b) => Number(b.buchungskonto_id)))).toEqual(new Set([setup.ids.bk.klaerung]));
    await dialog.getByRole('button', { name: 'Schließen', exact: true }).click();
    await dialog.waitFor({ state: 'hidden' });

    // The same statement (the bank's original) again: every entry is known, nothing to import.
    dialog = await oeffneImport();
    await vorschau(dialog, 'camt053-v04-zwei-auszuege.xml', auszug);
    const again = await flatText(dialog);
    expect(again).toContain('2 Buchungen in der Datei · 0 neu · 2 bereits importiert');
    expect(again).toContain('✓ Anfangssaldo -€ 50,00 + Summe € 110,00 = Endsaldo € 60,00');
    const rows = dialog.getByRole('table', { name: 'Vorschau der Bankbuchungen' }).locator('tbody tr');
    for (const row of await rows.all()) {
      expect(await row.getAttribute('class')).toContain('kgv-bankimport-duplikat');
      expect(await flatText(row)).toContain('bereits importiert');
    }
    expect(await dialog.getByRole('button', { name: '0 Buchungen importieren', exact: true }).isDisabled()).toBe(true);
    await dialog.getByRole('button', { name: 'Abbrechen', exact: true }).click();
    expect(await bankBuchungen()).toHaveLength(2);
  });
});
