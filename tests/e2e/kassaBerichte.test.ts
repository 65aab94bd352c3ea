import type { Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AnlageberichtAntwort } from '../../src/modules/kassa/schema/anlagen';
import type {
  Kassabericht,
  Kontobericht,
  Kostenaufstellung,
  Steuerbericht,
} from '../../src/modules/kassa/schema/berichte';
import { bucheEintraege } from '../../src/modules/kassa/services/buchen';
import { saveSection } from '../../src/modules/vereinseinstellungen/services';
import { systemActor } from '../../src/platform/auth/principal';
import { inTransaction, nowDb } from '../../src/platform/db/db';
import { formatEuro } from '../../src/platform/money';
import type { TestApp } from '../helpers/testApp';
import { type KassaE2e, openKassaScreen, startKassaE2e, stopKassaE2e } from './kassaSetup';

// Issue 13, the five report screens: what the screen shows (every sum row) is what the report's
// JSON answers, and the screen's "PDF" and "Excel" open the same report as files.

let setup: KassaE2e;
let app: TestApp;
let page: Page;

const actor = systemActor('Test');
const euro = (cent: number) => formatEuro(cent, { nbsp: false });

beforeAll(async () => {
  setup = await startKassaE2e();
  ({ app, page } = setup);
  const { ids } = setup;
  const db = app.services.db;
  await inTransaction(db, (trx) =>
    bucheEintraege(trx, actor, [
      {
        datum: '2026-03-02',
        betragCent: 15_000,
        kontoId: ids.bank,
        buchungskontoId: ids.bk.mitgliedsbeitrag,
        kostenstelleId: ids.ks.vereinshaus,
        text: 'Mitgliedsbeitrag Huber',
      },
      {
        datum: '2026-03-05',
        betragCent: -1_250,
        kontoId: ids.kassa,
        buchungskontoId: ids.bk.material,
        kostenstelleId: ids.ks.vereinshaus,
        text: 'Schrauben',
      },
      {
        datum: '2026-03-10',
        betragCent: -12_000,
        kontoId: ids.bank,
        buchungskontoId: ids.bk.strom,
        kostenstelleId: ids.ks.wasser,
        text: 'Strom März',
      },
      {
        datum: '2026-04-01',
        betragCent: 32_000,
        kontoId: ids.bank,
        buchungskontoId: ids.bk.pacht,
        text: 'Pacht Parzelle 17',
      },
    ]),
  );
  const now = nowDb();
  await db('anlagen').insert([
    {
      bezeichnung: 'Rasentraktor',
      kategorie: 'Geräte',
      anschaffungsdatum: '2024-03-01',
      anschaffungskosten_cent: 480_000,
      nutzungsdauer_jahre: 8,
      version: 1,
      created_at: now,
      updated_at: now,
    },
    {
      bezeichnung: 'Vereinshaus Dach',
      kategorie: 'Gebäude',
      anschaffungsdatum: '2026-08-15',
      anschaffungskosten_cent: 2_400_000,
      nutzungsdauer_jahre: 20,
      version: 1,
      created_at: now,
      updated_at: now,
    },
  ]);
});
afterAll(async () => {
  await stopKassaE2e(setup);
});

/** The cells of a report table's sum row, amounts with plain spaces. */
async function summenZeile(table: Locator): Promise<string[]> {
  return table
    .locator('tfoot td')
    .evaluateAll((cells) => cells.map((c) => (c.textContent ?? '').replace(/[\u00a0\u202f]/g, ' ')));
}

const tabelle = (name: string) =>
  page.locator('main table').filter({ has: page.locator('caption', { hasText: new RegExp(`^${name}$`) }) });

async function href(name: string): Promise<string> {
  const link = page.getByRole('button', { name, exact: true });
  return (await link.getAttribute('href')) ?? '';
}

/** The report's JSON: the screen's PDF URL with format=json. */
async function json<T>(pdfUrl: string): Promise<T> {
  const answer = await page.request.get(pdfUrl.replace('format=pdf', 'format=json'));
  expect(answer.status()).toBe(200);
  return (await answer.json()) as T;
}

async function expectFile(url: string, type: string, magic: string) {
  const answer = await page.request.get(url);
  expect(answer.status(), url).toBe(200);
  expect(answer.headers()['content-type']).toContain(type);
  expect((await answer.body()).subarray(0, magic.length).toString('latin1')).toBe(magic);
}

describe('Kassa reports in the browser', () => {
  it('Kassabericht: the accounts and booking accounts with the JSON’s sums, the green check line, PDF, Excel and the audit package', async () => {
    await openKassaScreen(page, 'Kassabericht');
    await tabelle('Konten').waitFor();
    const pdf = await href('PDF');
    expect(pdf).toContain('format=pdf');
    const bericht = await json<Kassabericht>(pdf);
    const s = bericht.summe;
    expect(await summenZeile(tabelle('Konten'))).toEqual([
      'Summe',
      euro(s.anfangCent),
      euro(s.einnahmenCent),
      euro(-s.ausgabenCent),
      euro(s.endeCent),
    ]);
    // Girokonto: 10.000,00 + 150,00 + 320,00 − 120,00.
    expect(s.endeCent).toBe(1_000_000 + 50_000 + 15_000 + 32_000 - 12_000 - 1_250);
    for (const k of bericht.konten) {
      const row = tabelle('Konten').getByRole('row').filter({ hasText: k.name });
      expect((await row.innerText()).replace(/\s+/g, ' ')).toContain(euro(k.endeCent));
    }
    const bk = bericht.buchungskonten;
    expect(await summenZeile(tabelle('Buchungskonten'))).toEqual([
      'Summe',
      '',
      euro(bk.reduce((a, b) => a + b.einnahmenCent, 0)),
      euro(-bk.reduce((a, b) => a + b.ausgabenCent, 0)),
      euro(bk.reduce((a, b) => a + b.summeCent, 0)),
    ]);
    const pruefung = page.getByRole('status', { name: 'Prüfung der Kassa' });
    expect(await pruefung.getAttribute('class')).toBe('kgv-bericht-ok');
    expect(await pruefung.innerText()).toContain(bericht.pruefung.zeile);

    await expectFile(pdf, 'application/pdf', '%PDF-');
    await expectFile(await href('Excel'), 'spreadsheetml', 'PK');
    await expectFile(await href('Prüfpaket (ZIP)'), 'zip', 'PK');
  });

  it('Kontobericht: each group’s sum and the total as the JSON answers; another grouping asks again', async () => {
    await openKassaScreen(page, 'Kontobericht');
    await tabelle('Gesamt').waitFor();
    const bericht = await json<Kontobericht>(await href('PDF'));
    expect(bericht.von).toBe('2026-01-01');
    expect(bericht.gruppen.length).toBeGreaterThan(1);
    for (const g of bericht.gruppen) {
      const zeile = await summenZeile(tabelle(g.titel));
      expect(zeile.at(-1), g.titel).toBe(euro(g.summeCent));
    }
    const gesamt = (await tabelle('Gesamt').innerText()).replace(/\s+/g, ' ');
    expect(gesamt).toContain(euro(bericht.summe.summeCent));
    expect(bericht.summe.summeCent).toBe(15_000 - 1_250 - 12_000 + 32_000);

    await page.getByRole('button', { name: /Gruppierung/ }).click();
    await page.getByRole('option', { name: 'nach Kostenstelle', exact: true }).click();
    await expect.poll(() => new URL(page.url()).searchParams.get('gruppierung')).toBe('kostenstelle');
    await tabelle('1 Vereinshaus').waitFor();
    const nachKs = await json<Kontobericht>(await href('PDF'));
    expect(nachKs.gruppierung).toBe('kostenstelle');
    const vh = nachKs.gruppen.find((g) => g.titel === '1 Vereinshaus');
    expect(vh?.summeCent).toBe(15_000 - 1_250);
    expect((await summenZeile(tabelle('1 Vereinshaus'))).at(-1)).toBe(euro(15_000 - 1_250));
    await expectFile(await href('PDF'), 'application/pdf', '%PDF-');
  });

  it('Kostenaufstellung: the cost centres’ sums as the JSON answers', async () => {
    await openKassaScreen(page, 'Kostenaufstellung');
    await tabelle('Kostenstellen').waitFor();
    const pdf = await href('PDF');
    const bericht = await json<Kostenaufstellung>(pdf);
    expect(await summenZeile(tabelle('Kostenstellen'))).toEqual([
      'Summe',
      '',
      euro(bericht.summe.einnahmenCent),
      euro(-bericht.summe.ausgabenCent),
      euro(bericht.summe.summeCent),
    ]);
    await expectFile(pdf, 'application/pdf', '%PDF-');
    await expectFile(await href('Excel'), 'spreadsheetml', 'PK');
  });

  it('Anlagebericht: the year’s book values and depreciation as the JSON answers; Excel through excel=true', async () => {
    await page.goto('/kassa/anlagebericht?jahr=2026');
    await tabelle('Anlagen 2026').waitFor();
    const pdf = await href('PDF');
    const bericht = await json<AnlageberichtAntwort>(pdf);
    expect(bericht.anlagen).toHaveLength(2);
    const zeile = await summenZeile(tabelle('Anlagen 2026'));
    expect(zeile.slice(4, 9)).toEqual([
      euro(bericht.summe.buchwertAnfangCent),
      euro(bericht.summe.zugangCent),
      euro(bericht.summe.afaCent),
      euro(bericht.summe.abgangCent),
      euro(bericht.summe.buchwertEndeCent),
    ]);
    expect(bericht.prognose.length).toBe(5);
    await expectFile(pdf, 'application/pdf', '%PDF-');
    const excel = await href('Excel');
    expect(excel).toContain('excel=true');
    await expectFile(excel, 'spreadsheetml', 'PK');
  });

  it('Steuerbericht: only with the tax flag in the menu; per rate the JSON’s sums', async () => {
    const menu = page.getByRole('navigation', { name: 'Hauptmenü' });
    expect(await menu.getByRole('link', { name: 'Steuerbericht', exact: true }).count()).toBe(0);
    await inTransaction(app.services.db, (trx) =>
      saveSection(app.services, trx, actor, 'optionenKassa', {
        steuerpflichtig: true,
        sofortabschreibungGrenzeCent: 100_000,
      }),
    );
    await page.goto('/');
    await openKassaScreen(page, 'Steuerbericht');
    await tabelle('Steuersätze').waitFor();
    const pdf = await href('PDF');
    const bericht = await json<Steuerbericht>(pdf);
    const { einnahmen, ausgaben } = bericht.summe;
    expect(await summenZeile(tabelle('Steuersätze'))).toEqual([
      'Summe',
      euro(einnahmen.bruttoCent),
      euro(einnahmen.nettoCent),
      euro(einnahmen.steuerCent),
      euro(ausgaben.bruttoCent),
      euro(ausgaben.nettoCent),
      euro(ausgaben.steuerCent),
    ]);
    expect(einnahmen.bruttoCent).toBe(15_000 + 32_000);
    await expectFile(pdf, 'application/pdf', '%PDF-');
  });
});
