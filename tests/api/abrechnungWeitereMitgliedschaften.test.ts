import { execFileSync } from 'node:child_process';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Vereinsabrechnung } from '../../src/modules/abrechnung/schema/vereinsabrechnung';
import type { EinbuchenResponse, LaufVorschau, ZvEintrag } from '../../src/modules/abrechnung/schema/zvData';
import type { ApiClient } from '../helpers/apiClient';
import {
  buildAbstellplatz,
  buildAbstellplatzKategorie,
  buildAbstellplatzZuordnung,
  buildAdresse,
  buildPachtverhaeltnis,
  buildParzelle,
  buildWeiterePerson,
} from '../helpers/factories';
import { startTestApp, type TestApp } from '../helpers/testApp';
import { seedZvBeispiel, ZV_DATUM, type ZvBeispiel } from '../helpers/zvBeispiel';

// The Weitere Mitgliedschaften run (docs/api/abrechnung.md "Weitere Mitgliedschaften"): members
// without a plot get their club positions on a letter of their own. DOMAIN.md's club positions plus
// „Mitgliedsbeitrag weiteres Mitglied“ 35,00 € per further member and „Abstellplatzbeitrag“ 10,00 €
// per parking space. Berger Karl (member, no plot) has two further persons, one of them a member,
// and parking space 12 (PKW, 60,00 € a year):
//
//   Verbandsbeitrag 12,66 + Mitgliedsbeitrag 75,00 + weiteres Mitglied 1 × 35,00
//   + Abstellplatzbeitrag 1 × 10,00 + Abstellplatz 12 (PKW) 60,00 = 192,66 €
//
// Zeller Otto (member) holds only plot 99, which is no longer active: he has no plot to be billed
// for, so he gets Verbandsbeitrag 12,66 + Mitgliedsbeitrag 75,00 = 87,66 € here.
// Huber Maria (member, holds plot 17) is billed on the Zahlungsvorschreibung, not here; a
// non-member and a member who left in 2025 get nothing.

type Problem = { title: string; code?: string; errors?: Record<string, string[]> };

let app: TestApp;
let z: ZvBeispiel;
let kassier: ApiClient;
let pruefer: ApiClient;
let wasserwart: ApiClient;
let berger: number;
let zeller: number;

const MITGLIED = 256;

beforeAll(async () => {
  app = await startTestApp();
  z = await seedZvBeispiel(app.services);
  kassier = await app.signedIn(['Kassier']);
  pruefer = await app.signedIn(['Rechnungsprüfer']);
  wasserwart = await app.signedIn(['Wasserwart']);
  const v = (await kassier.get<Vereinsabrechnung>('Abrechnung/GetVereinsabrechnung', { id: z.vereinsabrechnungId }))
    .body;
  const gespeichert = await kassier.post('Abrechnung/UpdateVereinsabrechnung', {
    ...v,
    positionen: [
      ...v.positionen,
      { text: 'Mitgliedsbeitrag weiteres Mitglied', art: 'proWeiteresMitglied', betragCent: 3500 },
      { text: 'Abstellplatzbeitrag', art: 'proAbstellplatz', betragCent: 1000, buchungskontoId: z.bk.mitgliedsbeitrag },
    ],
  });
  expect(gespeichert.status).toBe(200);

  berger = (
    await buildAdresse(app.services, {
      anrede: 'Herr',
      vorname: 'Karl',
      nachname: 'Berger',
      strasse: 'Lindengasse 3',
      plz: '1070',
      ort: 'Wien',
      flags: MITGLIED,
    })
  ).id;
  await buildWeiterePerson(app.services, { adresseId: berger, vorname: 'Eva', nachname: 'Berger', flags: MITGLIED });
  await buildWeiterePerson(app.services, { adresseId: berger, vorname: 'Paul', nachname: 'Berger', flags: 0 });
  const pkw = await buildAbstellplatzKategorie(app.services, { name: 'PKW', jahresgebuehrCent: 6000 });
  const platz = await buildAbstellplatz(app.services, { nummer: '12', kategorieId: pkw.id });
  await buildAbstellplatzZuordnung(app.services, { abstellplatzId: platz.id, adresseId: berger, datum: '2026-01-01' });
  zeller = (
    await buildAdresse(app.services, {
      vorname: 'Otto',
      nachname: 'Zeller',
      strasse: 'Ulmenweg 9',
      plz: '1140',
      ort: 'Wien',
      flags: MITGLIED,
    })
  ).id;
  const stillgelegt = await buildParzelle(app.services, { nummer: '99', flaeche: '300.00', aktiv: false });
  await buildPachtverhaeltnis(app.services, { parzelleId: stillgelegt.id, adresseId: zeller, von: '2015-01-01' });
  // Not billed here: a non-member without a plot, and a member who left at the end of 2025.
  await buildAdresse(app.services, { nachname: 'Nichtmitglied', strasse: 'Weg 1', plz: '1140', ort: 'Wien' });
  await buildAdresse(app.services, {
    nachname: 'Ausgetreten',
    strasse: 'Weg 2',
    plz: '1140',
    ort: 'Wien',
    flags: MITGLIED,
    austrittsdatum: '2025-12-31',
  });
});
afterAll(() => app.stop());

const anzahl = async (table: string) => Number((await app.services.db(table).count({ n: '*' }).first())?.n);

function pdfText(buffer: Buffer): string {
  const file = path.join(mkdtempSync(path.join(tmpdir(), 'kgv-weitere-')), 'doc.pdf');
  writeFileSync(file, buffer);
  return execFileSync('pdftotext', ['-layout', file, '-'], { encoding: 'utf8' }).replaceAll('\u00a0', ' ');
}

describe('Weitere Mitgliedschaften', () => {
  it('bills a member without a plot: member, further member, parking space and its fee; no plot holder', async () => {
    const res = await pruefer.get<ZvEintrag[]>('Abrechnung/WeitereMitgliedschaften', {
      pachtabrechnungID: z.pachtabrechnungId,
      date: ZV_DATUM,
    });
    expect(res.status).toBe(200);
    expect(res.body.map((e) => [e.adresseId, e.summeCent])).toEqual([
      [berger, 19_266],
      [zeller, 8766],
    ]);
    const [brief] = res.body;
    expect(brief).toMatchObject({
      name: 'Berger Karl',
      anschrift: { anrede: 'Herr', strasse: 'Lindengasse 3', plz: '1070', ort: 'Wien' },
      summeCent: 19_266,
      faelligAm: '2026-03-31',
      rechnungId: null,
    });
    expect(brief!.parzellen).toHaveLength(1);
    expect(brief!.parzellen[0]).toMatchObject({ parzelleId: null, nummer: '' });
    expect(brief!.parzellen[0]!.positionen.map((p) => [p.art, p.text, p.menge, p.betragCent])).toEqual([
      ['verein', 'Verbandsbeitrag', '1', 1266],
      ['verein', 'Mitgliedsbeitrag', '1', 7500],
      ['verein', 'Mitgliedsbeitrag weiteres Mitglied', '1', 3500],
      ['verein', 'Abstellplatzbeitrag', '1', 1000],
      ['abstellplatz', 'Abstellplatz 12 (PKW)', '1', 6000],
    ]);
    expect(brief!.parzellen[0]!.positionen[0]!.buchungskontoId).toBe(z.bk.mitgliedsbeitrag);

    // One address only (`adress`), and Huber Maria (holds plot 17) is not among them.
    const einzeln = await pruefer.get<ZvEintrag[]>('Abrechnung/WeitereMitgliedschaften', {
      date: ZV_DATUM,
      adress: z.huber,
    });
    expect(einzeln.body).toEqual([]);
  });

  it('answers the same letters as a spreadsheet and as draft PDF letters', async () => {
    const xlsx = await pruefer.get('Abrechnung/WeitereMitgliedschaften', { date: ZV_DATUM, format: 'xlsx' });
    expect(xlsx.status).toBe(200);
    const book = new ExcelJS.Workbook();
    await book.xlsx.load(xlsx.buffer as unknown as ArrayBuffer);
    const sheet = book.worksheets[0]!;
    const zeilen = sheet.getSheetValues().slice(2) as unknown[][];
    expect(zeilen.map((r) => [r[2], r[4], r[6]])).toEqual([
      ['Berger Karl', 'Verbandsbeitrag', 12.66],
      ['Berger Karl', 'Mitgliedsbeitrag', 75],
      ['Berger Karl', 'Mitgliedsbeitrag weiteres Mitglied', 35],
      ['Berger Karl', 'Abstellplatzbeitrag', 10],
      ['Berger Karl', 'Abstellplatz 12 (PKW)', 60],
      ['Zeller Otto', 'Verbandsbeitrag', 12.66],
      ['Zeller Otto', 'Mitgliedsbeitrag', 75],
    ]);

    const pdf = await pruefer.get('Abrechnung/WeitereMitgliedschaften', { date: ZV_DATUM, format: 'pdf' });
    expect(pdf.headers.get('content-type')).toContain('application/pdf');
    const text = pdfText(pdf.buffer);
    expect(text).toContain('Mitgliedsbeitrag 2026');
    expect(text).toContain('ENTWURF');
    expect(text).toContain('Abstellplatz 12 (PKW)');
    expect(text).toContain('192,66');
  });

  it('stops with 422 when a recipient has no address line, nothing written', async () => {
    await app.services.db('adressen').where({ id: berger }).update({ plz: '' });
    try {
      const vorschau = await kassier.get<LaufVorschau>('Abrechnung/LaufVorschau', {
        art: 'WeitereMitgliedschaft',
        date: ZV_DATUM,
      });
      expect(vorschau.body.probleme.map((p) => [p.art, p.adresseId])).toEqual([['adresseOhneAnschrift', berger]]);
      const buchen = await kassier.post<Problem>('Abrechnung/ForderungenEinbuchenWeitereMitgliedschaften', {
        datum: ZV_DATUM,
      });
      expect(buchen.status).toBe(422);
      expect(buchen.body.errors?.probleme).toEqual([
        'Bei der Adresse „Berger Karl“ fehlt die Anschrift (Straße, PLZ oder Ort).',
      ]);
      expect(await anzahl('abrechnungslaeufe')).toBe(0);
      expect(await anzahl('rechnungen')).toBe(0);
    } finally {
      await app.services.db('adressen').where({ id: berger }).update({ plz: '1070' });
    }
  });

  it('books once (409 the second time), the receivable numbered with its RF reference', async () => {
    expect(
      (await pruefer.post('Abrechnung/ForderungenEinbuchenWeitereMitgliedschaften', { datum: ZV_DATUM })).status,
    ).toBe(403);
    const res = await kassier.post<EinbuchenResponse>('Abrechnung/ForderungenEinbuchenWeitereMitgliedschaften', {
      pachtabrechnungId: z.pachtabrechnungId,
      datum: ZV_DATUM,
    });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ anzahl: 2, summeCent: 28_032 });
    expect(res.body.rechnungen).toEqual([
      {
        id: expect.any(Number),
        nummer: '2026-00001',
        adresseId: berger,
        betragCent: 19_266,
        zahlungsreferenz: expect.stringMatching(/^RF\d\d202600001$/),
      },
      expect.objectContaining({ nummer: '2026-00002', adresseId: zeller, betragCent: 8766 }),
    ]);
    const row = await app.services.db('rechnungen').orderBy('laufnummer').first();
    expect(row).toMatchObject({ art: 'WeitereMitgliedschaft', parzelle_id: null, gruppe_id: null });

    const nochmal = await kassier.post<Problem>('Abrechnung/ForderungenEinbuchenWeitereMitgliedschaften', {
      datum: ZV_DATUM,
    });
    expect(nochmal.status).toBe(409);
    expect(nochmal.body.code).toBe('lauf_bereits_gebucht');
    expect(await anzahl('rechnungen')).toBe(2);

    const gebucht = await pruefer.get<ZvEintrag[]>('Abrechnung/WeitereMitgliedschaften', { date: '2026-05-01' });
    expect(gebucht.body.map((e) => [e.adresseId, e.rechnungsnummer, e.summeCent])).toEqual([
      [berger, '2026-00001', 19_266],
      [zeller, '2026-00002', 8766],
    ]);
  });

  it('is closed to the Wasserwart', async () => {
    expect((await wasserwart.get('Abrechnung/WeitereMitgliedschaften')).status).toBe(403);
  });
});
