import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { GruppenabrechnungPosition } from '../../src/modules/abrechnung/schema/gruppenabrechnung';
import type { ApiClient } from '../helpers/apiClient';
import { buildGruppe } from '../helpers/factories';
import { startTestApp, TEST_PASSWORD, type TestApp } from '../helpers/testApp';
import {
  seedWasserrechnungBeispiel,
  type WasserrechnungBeispiel,
  WR_STICHTAG,
} from '../helpers/wasserrechnungBeispiel';
import { flatText, openSignedIn } from './wasserbuchSetup';

// Issue 14, the guided runs Gruppenrechnungen and Wasserrechnungen in the browser through the real
// server, on DOMAIN.md's water example (seedWasserrechnungBeispiel: plots 1–3 of Mitglied1–3 Eva,
// the club's bank account, the settlement to 31.10.2026: P1 +61,22 €, P2 +61,22 €, P3 −32,44 €).
//
// Gruppenrechnungen: group „Nord“ = plots 1 and 2 shares a Zaun of 100,03 € in equal parts →
// 10003 / 2 = 5001.5 → 50,02 € for plot 1 (the lower number gets the cent left over), 50,01 € for
// plot 2; two letters, 100,03 € in all.
// Wasserrechnungen: the settlement billed on its own → two receivables and one credit note
// („Gutschrift“ −32,44 €), +90,00 € in all, the settlement marked billed.

let app: TestApp;
let browser: Browser;
let page: Page;
let kassier: ApiClient;
let b: WasserrechnungBeispiel;

beforeAll(async () => {
  app = await startTestApp();
  kassier = await app.signedIn(['Kassier']);
  const wasserwart = await app.signedIn(['Wasserwart']);
  b = await seedWasserrechnungBeispiel(app, kassier, wasserwart);
  const nord = await buildGruppe(app.services, { name: 'Nord' });
  await app.services.db('parzellen').whereIn('id', [b.ids.p1, b.ids.p2]).update({ gruppe_id: nord.id });
  const jahr = await app.services.db('pachtabrechnungen').where({ jahr: 2026 }).first();
  const zaun = await kassier.post<GruppenabrechnungPosition>('Abrechnung/UpdateGruppenabrechnung', {
    id: 0,
    pachtabrechnungId: jahr?.id,
    gruppeId: nord.id,
    text: 'Zaun',
    betragCent: 10_003,
    verteilung: 'gleich',
  });
  expect(zaun.status, zaun.text).toBe(200);
  ({ browser, page } = await openSignedIn(app, 'admin@test.kgv', TEST_PASSWORD));
});
afterAll(async () => {
  await browser?.close();
  await app?.stop();
});

const menuLink = (name: string) =>
  page.getByRole('navigation', { name: 'Hauptmenü' }).getByRole('link', { name, exact: true });
const schritt = () => page.locator('[aria-current="step"]').innerText();
const button = (name: string) => page.getByRole('button', { name, exact: true });

/** Steps 1 → 4 of the guided run and the confirm dialog; the run then shows „Drucken“. */
async function pruefenUndBuchen(vorschau: (main: Page) => Promise<void>) {
  await button('Weiter zur Prüfung').click();
  await expect.poll(schritt).toContain('Prüfen');
  await page.getByText('Alles bereit', { exact: true }).waitFor();
  await button('Weiter zur Vorschau').click();
  await expect.poll(schritt).toContain('Vorschau');
  await vorschau(page);
  await button('Weiter zum Buchen').click();
  await expect.poll(schritt).toContain('Buchen');
  await button('Einbuchen …').click();
  await page.getByRole('alertdialog').getByRole('button', { name: 'Buchen', exact: true }).click();
  await expect.poll(schritt).toContain('Drucken');
}

describe('Guided runs in the browser', () => {
  it('books the Gruppenrechnungen of a small group and shows the booked state', async () => {
    await menuLink('Rechnungen je Gruppe').click();
    await page.getByRole('heading', { level: 1, name: 'Gruppenrechnungen 2026', exact: true }).waitFor();
    await pruefenUndBuchen(async () => {
      const aufteilung = page.getByRole('table', { name: 'Aufteilung je Parzelle' });
      await aufteilung.waitFor();
      const rows = aufteilung.locator('tbody tr');
      await expect.poll(() => rows.count()).toBe(2);
      expect(await flatText(rows.nth(0))).toBe('1 Mitglied1 Eva Zaun Nord 1/2 € 50,02');
      expect(await flatText(rows.nth(1))).toBe('2 Mitglied2 Eva Zaun Nord 1/2 € 50,01');
    });
    await expect
      .poll(async () => (await page.locator('main').innerText()).replace(/[\u00a0\u202f]/g, ' '))
      .toMatch(/gebucht am .* von Administrator: 2 Forderungen, Summe € 100,03/);
    const lauf = await app.services.db('abrechnungslaeufe').where({ art: 'Gruppenrechnung' }).first();
    expect(lauf).toBeDefined();
    const rechnungen = await app.services.db('rechnungen').where({ lauf_id: lauf?.id }).orderBy('betrag_cent', 'desc');
    expect(rechnungen.map((r) => Number(r.betrag_cent))).toEqual([5002, 5001]);
    // A reload opens the booked run at „Drucken“ again, without the booking steps.
    await page.goto('/jahresabrechnung/gruppenrechnungen');
    await expect.poll(schritt).toContain('Drucken');
    expect(await button('4 Buchen').isDisabled()).toBe(true);
  });

  it('bills the water settlement as Wasserrechnungen with one Gutschrift and shows the protocol', async () => {
    await menuLink('Wasserrechnungen').click();
    await page.getByRole('heading', { level: 1, name: /^Wasserrechnungen/ }).waitFor();
    const uebersicht = page.getByRole('table', { name: 'Wasserabrechnungen' });
    const zeile = uebersicht.locator('tbody tr').first();
    await zeile.waitFor();
    expect(await flatText(zeile)).toContain('Wählen');
    expect(await flatText(zeile)).toContain('2 € 122,44 1 € 32,44 offen');
    await button('Wasserabrechnung zum 31.10.2026 wählen').click();
    await expect.poll(() => new URL(page.url()).searchParams.get('stichtag')).toBe(WR_STICHTAG);

    await pruefenUndBuchen(async () => {
      const grid = page.getByRole('grid', { name: /^Vorschau/ });
      const gutschrift = grid.getByRole('row').filter({ hasText: 'Mitglied3' });
      await expect.poll(() => flatText(gutschrift)).toContain('Gutschrift');
      expect(await flatText(grid.getByRole('row').filter({ hasText: 'Mitglied1' }))).not.toContain('Gutschrift');
    });

    const protokoll = page.getByRole('table', { name: 'Protokoll der Wasserrechnungen zum 31.10.2026' });
    await protokoll.waitFor();
    const zeilen = protokoll.locator('tbody tr');
    await expect.poll(() => zeilen.count()).toBe(3);
    const texte = await zeilen.allInnerTexts();
    expect(texte.filter((t) => t.includes('Gutschrift'))).toHaveLength(1);
    expect(texte.find((t) => t.includes('Mitglied3'))).toContain('Gutschrift');
    const lauf = await app.services.db('abrechnungslaeufe').where({ art: 'Wasserrechnung' }).first();
    const rechnungen = await app.services.db('rechnungen').where({ lauf_id: lauf?.id });
    expect(rechnungen.map((r) => Number(r.betrag_cent)).sort((x, y) => x - y)).toEqual([-3244, 6122, 6122]);
    const abrechnung = await app.services.db('wasserabrechnungen').where({ id: b.abrechnung.id }).first();
    expect(abrechnung?.gebucht_am).toBeTruthy();
  });
});
