import { execFileSync } from 'node:child_process';
import { mkdtempSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Eintrag, KassabuchAntwort } from '../../src/modules/kassa/schema/kassabuch';
import type { ApiClient } from '../helpers/apiClient';
import { buildAdresse, buildParzelle } from '../helpers/factories';
import { type KassaBeispiel, seedKassaBeispiel } from '../helpers/kassaBeispiel';
import { startTestApp, type TestApp } from '../helpers/testApp';

// The printed Kassabuch (A4 landscape), its Excel export and the Eigenbeleg: the totals printed
// and written are the entries' sums GetKassabuch answers.

let app: TestApp;
let k: KassaBeispiel;
let kassier: ApiClient;
const eintraege: Eintrag[] = [];

const tmpFile = (content: Buffer, name: string) => {
  const file = path.join(mkdtempSync(path.join(os.tmpdir(), 'kgv-kassabuch-')), name);
  writeFileSync(file, content);
  return file;
};
const pdfText = (pdf: Buffer) =>
  execFileSync('pdftotext', ['-layout', tmpFile(pdf, 'x.pdf'), '-'], { encoding: 'utf8' }).replaceAll('\u00a0', ' ');
const pageSize = (pdf: Buffer) =>
  /Page size:\s+([\d.]+) x ([\d.]+)/.exec(execFileSync('pdfinfo', [tmpFile(pdf, 'x.pdf')], { encoding: 'utf8' }));

beforeAll(async () => {
  app = await startTestApp();
  k = await seedKassaBeispiel(app.services.db);
  kassier = await app.signedIn(['Kassier']);
  const parzelle = await buildParzelle(app.services, { nummer: 'D-12' });
  const adresse = await buildAdresse(app.services, {
    nachname: 'Belegmann',
    vorname: 'Otto',
    strasse: 'Gartenweg 3',
    plz: '1140',
    ort: 'Wien',
  });
  for (const e of [
    {
      datum: '2026-02-01',
      betragCent: 123_456,
      kontoId: k.bank,
      buchungskontoId: k.bk.pacht,
      text: 'Pacht 2026',
      parzelleId: parzelle.id,
      adresseId: adresse.id,
    },
    {
      datum: '2026-02-03',
      betragCent: -4_800,
      kontoId: k.kassa,
      buchungskontoId: k.bk.material,
      kostenstelleId: k.ks.vereinshaus,
      text: 'Schrauben ohne Rechnung',
    },
    { datum: '2026-02-05', betragCent: -20_000, kontoId: k.bank, buchungskontoId: k.bk.strom, text: 'Strom Jänner' },
    {
      datum: '2026-02-07',
      betragCent: 7_500,
      kontoId: k.kassa,
      buchungskontoId: k.bk.mitgliedsbeitrag,
      text: 'Beitrag bar',
    },
  ]) {
    const res = await kassier.post<Eintrag>('Kassa/UpdateKassabuch', e);
    if (res.status !== 200) throw new Error(res.text);
    eintraege.push(res.body);
  }
});
afterAll(() => app.stop());

describe('Kassabuch PDF and Excel', () => {
  it('prints the filtered entries in landscape with the sums GetKassabuch answers', async () => {
    const { summe } = (await kassier.get<KassabuchAntwort>('Kassa/GetKassabuch')).body;
    expect(summe).toEqual({ anzahl: 4, einnahmenCent: 130_956, ausgabenCent: 24_800, saldoCent: 106_156 });
    const res = await kassier.get('Kassa/Kassabuch', { kassaabrechnungID: k.perioden[2026] as number });
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('application/pdf');
    const size = pageSize(res.buffer);
    expect(Number(size?.[1])).toBeGreaterThan(Number(size?.[2]));
    const text = pdfText(res.buffer);
    expect(text).toContain('Kassabuch');
    expect(text).toContain('Kassa 2026');
    expect(text).toMatch(/Summe \(4 Buchungen\)\s+1\.309,56\s+248,00\s+Saldo 1\.061,56/);
    // Running balance: bank 10,000.00 + 1,234.56 − 200.00.
    expect(text).toContain('11.034,56');
    expect(text).toContain('Schrauben ohne Rechnung');
  });

  it('prints the filter in words and only its entries', async () => {
    const res = await kassier.get('Kassa/Kassabuch', { SelectedKonto: k.kassa, Bezeichnung: 'bar' });
    const text = pdfText(res.buffer);
    expect(text).toContain('Konto Handkassa');
    expect(text).toContain('Text enthält „bar“');
    expect(text).toMatch(/Summe \(1 Buchung\)\s+75,00\s+0,00\s+Saldo 75,00/);
    expect(text).not.toContain('Strom Jänner');
  });

  it('exports the same entries and sums as numbers to Excel', async () => {
    const res = await kassier.get('Kassa/KassabuchExcelExport', { kassaabrechnungID: k.perioden[2026] as number });
    expect(res.status).toBe(200);
    expect(res.headers.get('content-disposition')).toMatch(/attachment; filename="Kassabuch-.*\.xlsx"/);
    const wb = new ExcelJS.Workbook();
    await wb.xlsx.load(res.buffer as unknown as ArrayBuffer);
    const sheet = wb.getWorksheet('Kassabuch');
    if (!sheet) throw new Error('sheet missing');
    const header = (sheet.getRow(1).values as unknown[]).slice(1);
    const col = (name: string) => header.indexOf(name) + 1;
    expect(sheet.rowCount).toBe(6);
    const werte = (name: string) => [2, 3, 4, 5].map((r) => sheet.getRow(r).getCell(col(name)).value);
    expect(werte('Beleg')).toEqual([1, 2, 3, 4]);
    expect(werte('Betrag')).toEqual([1234.56, -48, -200, 75]);
    expect(werte('Kontosaldo')).toEqual([11234.56, 452, 11034.56, 527]);
    expect(werte('Parzelle')).toEqual(['D-12', null, null, null]);
    const summe = sheet.getRow(6);
    expect(summe.getCell(col('Text')).value).toBe('Summe (4 Buchungen)');
    expect(summe.getCell(col('Einnahme')).value).toBe(1309.56);
    expect(summe.getCell(col('Ausgabe')).value).toBe(248);
    expect(summe.getCell(col('Betrag')).value).toBe(1061.56);
    const einnahmen = [2, 3, 4, 5].reduce((s, r) => s + Number(sheet.getRow(r).getCell(col('Einnahme')).value ?? 0), 0);
    expect(Math.round(einnahmen * 100)).toBe(130_956);
  });
});

describe('Belegdruck', () => {
  it('prints an Eigenbeleg with number, date, amount, accounts, tax and the two signatures', async () => {
    const e = eintraege[1] as Eintrag;
    const res = await kassier.get('Kassa/Belegdruck', { kassabuchID: e.id });
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('application/pdf');
    const text = pdfText(res.buffer);
    expect(text).toContain('Eigenbeleg');
    expect(text).toMatch(/Belegnummer\s+2/);
    expect(text).toContain('03.02.2026');
    expect(text).toMatch(/Ausgabe\s+€ 48,00/);
    expect(text).toContain('Schrauben ohne Rechnung');
    expect(text).toContain('7000 Material');
    expect(text).toContain('Vereinshaus');
    expect(text).toContain('20 % – Steuer € 8,00, netto € 40,00');
    expect(text).toContain('Unterschrift Kassier');
    expect(text).toContain('Unterschrift Obmann/Obfrau');
  });

  it('names plot and address of the entry', async () => {
    const text = pdfText((await kassier.get('Kassa/Belegdruck', { kassabuchID: (eintraege[0] as Eintrag).id })).buffer);
    expect(text).toMatch(/Einnahme\s+€ 1\.234,56/);
    expect(text).toMatch(/Parzelle\s+D-12/);
    expect(text).toContain('Belegmann Otto, Gartenweg 3, 1140 Wien');
    expect((await kassier.get('Kassa/Belegdruck', { kassabuchID: 999_999 })).status).toBe(404);
  });
});
