import type { Browser, Locator, Page } from 'playwright-core';
import { type KassaBeispiel, seedKassaBeispiel } from '../helpers/kassaBeispiel';
import { startTestApp, TEST_PASSWORD, type TestApp } from '../helpers/testApp';
import { openSignedIn } from './wasserbuchSetup';

// What the Kassa browser tests share: an app with the small cash book of kassaBeispiel (the period
// 2026 with Girokonto Erste € 10.000,00 and Handkassa € 500,00 opening balances, booking accounts
// 4000 Mitgliedsbeiträge … 7900 Finanzamt, cost centres 1 Vereinshaus and 2 Wasserleitung), and
// the administrator signed in at the club's laptop size.

export interface KassaE2e {
  app: TestApp;
  browser: Browser;
  page: Page;
  ids: KassaBeispiel;
}

export async function startKassaE2e({ jahre = [2026] }: { jahre?: number[] } = {}): Promise<KassaE2e> {
  const app = await startTestApp();
  const ids = await seedKassaBeispiel(app.services.db, { jahre });
  const { browser, page } = await openSignedIn(app, 'admin@test.kgv', TEST_PASSWORD);
  return { app, browser, page, ids };
}

export async function stopKassaE2e(setup: Partial<KassaE2e> | undefined): Promise<void> {
  await setup?.browser?.close();
  await setup?.app?.stop();
}

/** Opens a Kassa screen from the sidebar (as the Kassier does), e.g. 'Kassabuch'. */
export async function openKassaScreen(page: Page, name: string): Promise<void> {
  await page.getByRole('navigation', { name: 'Hauptmenü' }).getByRole('link', { name, exact: true }).click();
  await page.getByRole('heading', { level: 1, name, exact: true }).waitFor();
}

/** The fast entry row's input labelled `label` (Datum, Betrag, Konto, Buchungskonto, Kostenstelle, Text). */
export function erfassung(page: Page, label: string): Locator {
  return page.getByRole('form', { name: 'Neue Buchung' }).getByLabel(label, { exact: true });
}

/** The Kassabuch table's row of Beleg-Nr. `nr` (a checked one's header also says "geprüft"). */
export function zeile(page: Page, nr: number): Locator {
  return page
    .getByRole('table', { name: 'Kassabuch' })
    .getByRole('row')
    .filter({ has: page.getByRole('rowheader', { name: new RegExp(`(^|\\s)${nr}$`) }) });
}

/** A small valid PDF, as the receipt store checks the content. */
export const BELEG_PDF = Buffer.from(
  '%PDF-1.4\n1 0 obj << /Type /Catalog >> endobj\ntrailer << /Root 1 0 R >>\n%%EOF\n',
);
