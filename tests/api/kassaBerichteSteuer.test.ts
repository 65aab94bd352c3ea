import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Kostenaufstellung, Steuerbericht } from '../../src/modules/kassa/schema/berichte';
import type { ApiClient } from '../helpers/apiClient';
import type { KassaBeispiel } from '../helpers/kassaBeispiel';
import { startTestApp, type TestApp } from '../helpers/testApp';
import {
  ausgaben,
  type Berichtsbuchungen,
  einnahmen,
  gedruckt,
  kassaOptionen,
  pdfText,
  seedBerichtsbuchungen,
  summe as sum,
  xlsxSheets,
  zeile,
} from './kassaBerichteHelfer';

// The Steuerbericht for 0/10/20/100 % (and its 409 without the tax flag) and the Kostenaufstellung per
// cost centre: every total equals the booked entries' sums in the JSON, the PDF's text and the workbook.
// The book is seedBerichtsbuchungen's (the same as kassaBerichte.test.ts).

let app: TestApp;
let kassier: ApiClient;
let obmann: ApiClient;
let k: KassaBeispiel;
let p2025 = 0;
let buchungen: Berichtsbuchungen['buchungen'] = [];
type Problem = { title: string; code?: string };

beforeAll(async () => {
  app = await startTestApp();
  kassier = await app.signedIn(['Kassier']);
  obmann = await app.signedIn(['Obmann']);
  ({ k, p2025, buchungen } = await seedBerichtsbuchungen(app, kassier));
});
afterAll(() => app.stop());

describe('Steuerbericht', () => {
  it('is refused with 409 steuer_nicht_aktiv while the club is not liable to tax', async () => {
    const res = await kassier.get<Problem>('Kassa/Steuerbericht', { kassaabrechnungID: p2025, format: 'json' });
    expect(res.status).toBe(409);
    expect(res.body.code).toBe('steuer_nicht_aktiv');
    expect(res.body.title).toContain('nicht steuerpflichtig');
  });

  it('sums gross, net and tax per rate 0/10/20/100 % from the booked tax, alike in JSON, PDF and Excel', async () => {
    await kassaOptionen(obmann, { steuerpflichtig: true });
    const res = await kassier.get<Steuerbericht>('Kassa/Steuerbericht', { kassaabrechnungID: p2025, format: 'json' });
    expect(res.status, res.text).toBe(200);
    const b = res.body;
    const n = { bruttoCent: 0, nettoCent: 0, steuerCent: 0 };
    expect(b.saetze).toEqual([
      { steuersatz: 0, einnahmen: { bruttoCent: 12_000, nettoCent: 12_000, steuerCent: 0 }, ausgaben: n },
      { steuersatz: 10, einnahmen: { bruttoCent: 13_200, nettoCent: 12_000, steuerCent: 1_200 }, ausgaben: n },
      {
        steuersatz: 20,
        einnahmen: { bruttoCent: 1_001, nettoCent: 834, steuerCent: 167 },
        ausgaben: { bruttoCent: 12_000, nettoCent: 10_000, steuerCent: 2_000 },
      },
      { steuersatz: 100, einnahmen: n, ausgaben: { bruttoCent: 5_000, nettoCent: 0, steuerCent: 5_000 } },
    ]);
    expect(b.summe).toEqual({
      einnahmen: { bruttoCent: einnahmen(buchungen), nettoCent: 24_834, steuerCent: 1_367 },
      ausgaben: { bruttoCent: ausgaben(buchungen), nettoCent: 10_000, steuerCent: 7_000 },
      zahllastCent: 1_367 - 7_000,
    });
    // The sums are the entries' booked tax, as GetKassabuch shows it.
    const buch = await kassier.get<{ eintraege: { steuerCent: number }[] }>('Kassa/GetKassabuch', {
      kassaabrechnungID: p2025,
    });
    expect(b.summe.einnahmen.steuerCent - b.summe.ausgaben.steuerCent).toBe(
      sum(buch.body.eintraege.map((e) => e.steuerCent)),
    );

    const text = await pdfText((await kassier.get('Kassa/Steuerbericht', { kassaabrechnungID: p2025 })).buffer);
    const summe = zeile(text, 'Summe');
    for (const v of [
      b.summe.einnahmen.bruttoCent,
      b.summe.einnahmen.nettoCent,
      b.summe.einnahmen.steuerCent,
      b.summe.ausgaben.bruttoCent,
      b.summe.ausgaben.steuerCent,
    ]) {
      expect(summe).toContain(gedruckt(v));
    }
    expect(zeile(text, '20 %')).toContain(gedruckt(167));
    expect(text).toContain(`Überschuss (Vorsteuer): ${gedruckt(5_633)}`);

    const sheets = await xlsxSheets(
      (await kassier.get('Kassa/Steuerbericht', { kassaabrechnungID: p2025, format: 'xlsx' })).buffer,
    );
    expect(sheets.get('Steuerbericht')?.at(-1)).toEqual(['Summe', 262.01, 248.34, 13.67, 170, 100, 70]);
  });

  it('covers a date range instead of a period', async () => {
    const res = await kassier.get<Steuerbericht>('Kassa/Steuerbericht', {
      dateFrom: '2025-03-01',
      dateTo: '2025-05-02',
      format: 'json',
    });
    expect(res.body.kassaabrechnung).toBeNull();
    expect(res.body.summe.ausgaben).toEqual({ bruttoCent: 17_000, nettoCent: 10_000, steuerCent: 7_000 });
    expect(res.body.summe.einnahmen.bruttoCent).toBe(2_200);
    expect((await kassier.get('Kassa/Steuerbericht', { dateFrom: '2025-03-01', format: 'json' })).status).toBe(422);
  });
});

describe('Kostenaufstellung', () => {
  it('sums per cost centre with a row for entries without one, alike in JSON, PDF and Excel', async () => {
    const res = await kassier.get<Kostenaufstellung>('Kassa/Kostenaufstellung', {
      kassaabrechnungID: p2025,
      format: 'json',
    });
    expect(res.status, res.text).toBe(200);
    const b = res.body;
    expect(b.kostenstellen).toEqual([
      {
        kostenstelleId: k.ks.vereinshaus,
        nummer: '1',
        name: 'Vereinshaus',
        einnahmenCent: 12_000,
        ausgabenCent: 6_000,
        summeCent: 6_000,
      },
      {
        kostenstelleId: k.ks.wasser,
        nummer: '2',
        name: 'Wasserleitung',
        einnahmenCent: 2_200,
        ausgabenCent: 6_000,
        summeCent: -3_800,
      },
      {
        kostenstelleId: null,
        nummer: '',
        name: 'Ohne Kostenstelle',
        einnahmenCent: 12_001,
        ausgabenCent: 5_000,
        summeCent: 7_001,
      },
    ]);
    expect(b.summe).toEqual({
      einnahmenCent: einnahmen(buchungen),
      ausgabenCent: ausgaben(buchungen),
      summeCent: sum(buchungen.map((x) => x.betragCent)),
    });

    const text = await pdfText((await kassier.get('Kassa/Kostenaufstellung', { kassaabrechnungID: p2025 })).buffer);
    expect(text).toContain('Kostenaufstellung');
    expect(text.split('\n').find((l) => l.includes('Wasserleitung'))).toContain(gedruckt(-3_800));
    const summe = zeile(text, 'Summe');
    for (const v of Object.values(b.summe)) expect(summe).toContain(gedruckt(v));

    const sheets = await xlsxSheets(
      (await kassier.get('Kassa/Kostenaufstellung', { kassaabrechnungID: p2025, format: 'xlsx' })).buffer,
    );
    expect(sheets.get('Kostenaufstellung')?.at(-1)?.slice(1)).toEqual([
      'Summe',
      b.summe.einnahmenCent / 100,
      b.summe.ausgabenCent / 100,
      b.summe.summeCent / 100,
    ]);
  });

  it('may be read by the Rechnungsprüfer and not by a user without Kassa rights', async () => {
    const pruefer = await app.signedIn(['Rechnungsprüfer']);
    const wasserwart = await app.signedIn(['Wasserwart']);
    expect((await pruefer.get('Kassa/Kostenaufstellung', { kassaabrechnungID: p2025, format: 'json' })).status).toBe(
      200,
    );
    expect((await wasserwart.get('Kassa/Kassabericht', { kassaabrechnungID: p2025, format: 'json' })).status).toBe(403);
  });
});
