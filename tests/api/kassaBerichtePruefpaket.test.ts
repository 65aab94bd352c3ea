import { unzipSync } from 'fflate';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ApiClient } from '../helpers/apiClient';
import { type KassaBeispiel, seedKassaBeispiel } from '../helpers/kassaBeispiel';
import { startTestApp, type TestApp } from '../helpers/testApp';
import { buche, kassaOptionen, pdfText, xlsxSheets } from './kassaBerichteHelfer';

// The audit package (GET Kassa/Pruefpaket): one ZIP with the Kassabericht, the Kassabuch as PDF and
// workbook, the Steuerbericht only when the club is liable to tax, the Anlagebericht and every
// receipt named by its Belegnummer, byte for byte as uploaded.

let app: TestApp;
let kassier: ApiClient;
let obmann: ApiClient;
let k: KassaBeispiel;
let periode = 0;
const quittung = Buffer.from('%PDF-1.4\n1 0 obj<<>>endobj\ntrailer<<>>\n%%EOF\n');
const foto = Buffer.concat([Buffer.from([0xff, 0xd8, 0xff, 0xe0]), Buffer.alloc(64, 7), Buffer.from([0xff, 0xd9])]);

async function hochladen(kassabuchID: number, dateien: [string, Buffer][]) {
  const form = new FormData();
  for (const [name, inhalt] of dateien) form.append('files', new Blob([new Uint8Array(inhalt)]), name);
  const res = await kassier.request('POST', 'Kassa/UpdateKassabuchBeleg', { query: { kassabuchID }, rawBody: form });
  expect(res.status, res.text).toBe(200);
}

async function paket(): Promise<Record<string, Uint8Array>> {
  const res = await kassier.get('Kassa/Pruefpaket', { kassaabrechnungID: periode });
  expect(res.status, res.text.slice(0, 300)).toBe(200);
  expect(res.headers.get('content-type')).toBe('application/zip');
  expect(res.headers.get('content-disposition')).toContain('Pruefpaket-Kassa-2026.zip');
  return unzipSync(new Uint8Array(res.buffer));
}

beforeAll(async () => {
  app = await startTestApp();
  k = await seedKassaBeispiel(app.services.db, { jahre: [2026] });
  periode = k.perioden[2026]!;
  kassier = await app.signedIn(['Kassier']);
  obmann = await app.signedIn(['Obmann']);
  const pacht = await buche(kassier, {
    datum: '2026-02-01',
    betragCent: 11_000,
    kontoId: k.bank,
    buchungskontoId: k.bk.pacht,
    text: 'Pacht',
  });
  const farbe = await buche(kassier, {
    datum: '2026-03-05',
    betragCent: -6_000,
    kontoId: k.kassa,
    buchungskontoId: k.bk.material,
    text: 'Farbe',
  });
  expect([pacht.belegnummer, farbe.belegnummer]).toEqual([1, 2]);
  // One request each: files of one request are stored in the order their upload finished, and the
  // package lists an entry's receipts in stored order.
  await hochladen(farbe.id, [['rechnung.pdf', quittung]]);
  await hochladen(farbe.id, [['kassenbon.jpg', foto]]);
  await hochladen(pacht.id, [['rechnung.pdf', quittung]]);
});
afterAll(() => app.stop());

describe('Prüfpaket', () => {
  it('holds the reports, the Kassabuch and every receipt named by Belegnummer; no Steuerbericht without the tax flag', async () => {
    const zip = await paket();
    expect(Object.keys(zip)).toEqual([
      'Kassabericht.pdf',
      'Kassabuch.pdf',
      'Kassabuch.xlsx',
      'Anlagebericht.pdf',
      'Belege/1_rechnung.pdf',
      'Belege/2_rechnung.pdf',
      'Belege/2_kassenbon.jpg',
    ]);
    expect(Buffer.from(zip['Belege/2_kassenbon.jpg']!)).toEqual(foto);
    expect(Buffer.from(zip['Belege/1_rechnung.pdf']!)).toEqual(quittung);

    const bericht = await pdfText(Buffer.from(zip['Kassabericht.pdf']!));
    expect(bericht).toContain('Kassa 2026');
    expect(bericht).toContain('€ 10.110,00'); // bank: 10,000.00 + 110.00
    const buch = await xlsxSheets(Buffer.from(zip['Kassabuch.xlsx']!));
    expect(buch.get('Kassabuch')?.slice(1, -1)).toHaveLength(2);
    expect(await pdfText(Buffer.from(zip['Anlagebericht.pdf']!))).toContain('Anlagebericht 2026');
  });

  it('adds the Steuerbericht once the club is liable to tax', async () => {
    await kassaOptionen(obmann, { steuerpflichtig: true });
    const zip = await paket();
    expect(Object.keys(zip)).toContain('Steuerbericht.pdf');
    expect(await pdfText(Buffer.from(zip['Steuerbericht.pdf']!))).toContain('Steuerbericht');
  });

  it('answers 404 for an unknown period and is not for users without Kassa rights', async () => {
    expect((await kassier.get('Kassa/Pruefpaket', { kassaabrechnungID: 999_999 })).status).toBe(404);
    expect((await kassier.get('Kassa/Pruefpaket')).status).toBe(422);
    const wasserwart = await app.signedIn(['Wasserwart']);
    expect((await wasserwart.get('Kassa/Pruefpaket', { kassaabrechnungID: periode })).status).toBe(403);
  });
});
