import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, TEST_PASSWORD, type TestApp } from '../helpers/testApp';
import { launchBrowser, newPage, signIn } from './browser';

// Lost updates (security review, issue 9): two board members edit one record; the one who saves
// second is told who changed it, reloads, keeps what they typed and saves on the fresh version.

let app: TestApp;
let browser: Browser;

beforeAll(async () => {
  app = await startTestApp();
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser.close();
  await app.stop();
});

type Gruppe = { id: number; name: string; beschreibung: string; version: number };

describe('two people saving one record', () => {
  it('tells the second who saved first, reloads and re-applies the typed change', async () => {
    const obmann = await app.signedIn(['Obmann'], 'obmann-konflikt@test.kgv');
    const created = await obmann.post<Gruppe>('Stammdaten/UpdateGruppe', { name: 'Nord', beschreibung: 'alt' });
    expect(created.status).toBe(200);

    const page = await newPage(browser, app.url);
    await signIn(page, 'admin@test.kgv', TEST_PASSWORD);
    await page.getByRole('navigation', { name: 'Hauptmenü' }).waitFor();
    await page.goto('/stammdatenverwalten/gruppen');
    await page
      .getByRole('rowheader', { name: 'Nord' })
      .or(page.getByRole('gridcell', { name: 'Nord' }))
      .first()
      .dblclick();
    const dialog = page.getByRole('dialog');
    await dialog.getByRole('textbox', { name: /^Beschreibung/ }).fill('vom Administrator');

    // Meanwhile the Obmann renames the group.
    const renamed = await obmann.post<Gruppe>('Stammdaten/UpdateGruppe', {
      id: created.body.id,
      version: created.body.version,
      name: 'Nord-Ost',
      beschreibung: 'alt',
    });
    expect(renamed.status).toBe(200);

    await dialog.getByRole('button', { name: 'Speichern' }).click();
    await expect.poll(() => dialog.innerText()).toContain('inzwischen von Test Obmann');
    // Nothing of the administrator's save was written.
    const stored = await app.services.db('gruppen').where({ id: created.body.id }).first();
    expect([stored?.name, stored?.beschreibung]).toEqual(['Nord-Ost', 'alt']);

    await dialog.getByRole('button', { name: 'Neu laden und meine Änderungen übernehmen' }).click();
    await expect.poll(() => dialog.getByRole('textbox', { name: /^Name/ }).inputValue()).toBe('Nord-Ost');
    expect(await dialog.getByRole('textbox', { name: /^Beschreibung/ }).inputValue()).toBe('vom Administrator');
    await dialog.getByRole('button', { name: 'Speichern' }).click();
    await dialog.waitFor({ state: 'detached' });

    const saved = await app.services.db('gruppen').where({ id: created.body.id }).first();
    expect([saved?.name, saved?.beschreibung]).toEqual(['Nord-Ost', 'vom Administrator']);
    await page.context().close();
  });
});
