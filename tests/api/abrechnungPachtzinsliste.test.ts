import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Pachtzinsliste } from '../../src/modules/abrechnung/schema/pachtzinsliste';
import type { ApiClient } from '../helpers/apiClient';
import { startTestApp, type TestApp } from '../helpers/testApp';
import { seedZvBeispiel, type ZvBeispiel } from '../helpers/zvBeispiel';
import { gedruckt, pdfText, xlsxSheets, zeile } from './kassaBerichteHelfer';

// The Pachtzinsliste for the Generalpächter (docs/api/abrechnung.md "Pachtzinsliste"): DOMAIN.md's
// 17 plots with the holder on the date; the JSON totals are the PDF's (pdftotext) and the Excel's
// (exceljs) numbers.

let app: TestApp;
let z: ZvBeispiel;
let pruefer: ApiClient;
let wasserwart: ApiClient;

beforeAll(async () => {
  app = await startTestApp();
  z = await seedZvBeispiel(app.services);
  pruefer = await app.signedIn(['Rechnungsprüfer']);
  wasserwart = await app.signedIn(['Wasserwart']);
});
afterAll(() => app.stop());

// Plot 17: 524.00 + 131.00 + 70.00 + 105.13. Each of the other sixteen (475 m², share 118.75 m²):
// 622.25 + 155.56 + 83.13 (593.75 m² × 0.14) + 124.84 (14.5 % of 860.94) = 985.78.
const P17 = {
  pachtzinsCent: 52_400,
  gemeinschaftsflaecheCent: 13_100,
  grundsteuerCent: 7_000,
  zuschlaegeCent: 10_513,
  summeCent: 83_013,
};
const ANDERE = {
  pachtzinsCent: 62_225,
  gemeinschaftsflaecheCent: 15_556,
  grundsteuerCent: 8_313,
  zuschlaegeCent: 12_484,
  summeCent: 98_578,
};

describe('Pachtzinsliste', () => {
  it('lists every active plot with its lease and the sums; PDF and Excel carry the same numbers', async () => {
    const q = { pachtabrechnungID: z.pachtabrechnungId, date: '2026-03-01' };
    const json = await pruefer.get<Pachtzinsliste>('Abrechnung/Pachtzinsliste', { ...q, format: 'json' });
    expect(json.status).toBe(200);
    const l = json.body;
    expect(l.jahr).toBe(2026);
    expect(l.datum).toBe('2026-03-01');
    expect(l.zeilen).toHaveLength(17);
    expect(l.zeilen.at(-1)).toEqual({
      parzelleId: z.parzelle17,
      nummer: '17',
      flaeche: '400.00',
      anteil: '100.00',
      nutzungsberechtigter: 'Huber Maria',
      ...P17,
    });
    expect(l.zeilen[0]).toMatchObject({ nummer: '1', flaeche: '475.00', anteil: '118.75', ...ANDERE });
    expect(l.summen).toEqual({
      flaeche: '8000.00',
      anteil: '2000.00',
      pachtzinsCent: 52_400 + 16 * 62_225,
      gemeinschaftsflaecheCent: 13_100 + 16 * 15_556,
      grundsteuerCent: 7_000 + 16 * 8_313,
      zuschlaegeCent: 10_513 + 16 * 12_484,
      summeCent: 83_013 + 16 * 98_578,
    });

    const pdf = await pruefer.get('Abrechnung/Pachtzinsliste', { ...q, format: 'pdf' });
    expect(pdf.status).toBe(200);
    expect(pdf.headers.get('content-type')).toContain('application/pdf');
    const text = await pdfText(pdf.buffer);
    expect(text).toContain('Pachtzinsliste 2026');
    expect(text).toContain('KGV Sonnenhang');
    expect(text).toContain('Nutzungsberechtigte zum 01.03.2026');
    const summe = zeile(text, 'Summe');
    for (const cents of Object.values(l.summen).filter((v): v is number => typeof v === 'number'))
      expect(summe).toContain(gedruckt(cents));
    expect(summe).toContain('8.000,00');
    expect(summe).toContain('2.000,00');
    const z17 = zeile(text, '17');
    expect(z17).toContain('Huber Maria');
    expect(z17).toContain(gedruckt(83_013));

    const xlsx = await pruefer.get('Abrechnung/Pachtzinsliste', { ...q, format: 'xlsx' });
    expect(xlsx.status).toBe(200);
    const rows = [...(await xlsxSheets(xlsx.buffer)).values()][0]!;
    expect(rows[0]).toEqual([
      'Parzelle',
      'Nutzungsberechtigte/r',
      'Fläche m²',
      'Anteil m²',
      'Pachtzins',
      'Gemeinschaftsfläche',
      'Grundsteuer',
      'Zuschläge',
      'Summe',
    ]);
    expect(rows).toHaveLength(1 + 17 + 1);
    expect(rows.at(-2)).toEqual(['17', 'Huber Maria', 400, 100, 524, 131, 70, 105.13, 830.13]);
    const s = l.summen;
    expect(rows.at(-1)).toEqual([
      'Summe',
      undefined,
      8000,
      2000,
      s.pachtzinsCent / 100,
      s.gemeinschaftsflaecheCent / 100,
      s.grundsteuerCent / 100,
      s.zuschlaegeCent / 100,
      s.summeCent / 100,
    ]);
  });

  it('shows the holder on the date, and only one address’s plots with `adress`', async () => {
    const frueher = await pruefer.get<Pachtzinsliste>('Abrechnung/Pachtzinsliste', { date: '2014-06-01' });
    expect(new Set(frueher.body.zeilen.map((r) => r.nutzungsberechtigter))).toEqual(new Set(['']));
    const huber = await pruefer.get<Pachtzinsliste>('Abrechnung/Pachtzinsliste', {
      date: '2026-03-01',
      adress: z.huber,
    });
    expect(huber.body.zeilen.map((r) => r.nummer)).toEqual(['17']);
    expect(huber.body.summen).toMatchObject({ flaeche: '400.00', anteil: '100.00', ...P17 });
  });

  it('is for Abrechnung readers only', async () => {
    expect((await wasserwart.get('Abrechnung/Pachtzinsliste')).status).toBe(403);
    expect((await pruefer.get('Abrechnung/Pachtzinsliste', { format: 'csv' })).status).toBe(422);
  });
});
