import { execFileSync } from 'node:child_process';
import { mkdtempSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ApiClient } from '../helpers/apiClient';
import {
  buildAbstellplatz,
  buildAbstellplatzKategorie,
  buildAbstellplatzZuordnung,
  buildAdresse,
  buildFunktion,
  buildFunktionaer,
  buildGruppe,
  buildPachtabrechnung,
  buildPachtverhaeltnis,
  buildParzelle,
  buildWeiterePerson,
} from '../helpers/factories';
import { startTestApp, type TestApp } from '../helpers/testApp';

let app: TestApp;
let client: ApiClient;
const ids: Record<string, number> = {};

const pdfText = (pdf: Buffer) => {
  const file = path.join(mkdtempSync(path.join(os.tmpdir(), 'kgv-pdf-')), 'x.pdf');
  writeFileSync(file, pdf);
  return execFileSync('pdftotext', ['-layout', file, '-'], { encoding: 'utf8' }).replaceAll('\u00a0', ' ');
};

beforeAll(async () => {
  app = await startTestApp();
  ids.pa = (await buildPachtabrechnung(app.services, 2026)).id;
  ids.gruppeA = (await buildGruppe(app.services, { name: 'Gruppe A' })).id;
  await buildGruppe(app.services, { name: 'Gruppe B' });
  const jahr = { pachtabrechnungId: ids.pa };
  ids.p1 = (
    await buildParzelle(app.services, {
      nummer: '1',
      flaeche: '400.00',
      gruppeId: ids.gruppeA,
      gemeinschaftsflaeche: '100.00',
      anzahlParkkarten: 1,
      ...jahr,
    })
  ).id;
  ids.p2 = (
    await buildParzelle(app.services, { nummer: '2', flaeche: '300.50', gemeinschaftsflaeche: '75.25', ...jahr })
  ).id;
  ids.p3 = (await buildParzelle(app.services, { nummer: '3', flaeche: '250.00' })).id;
  ids.huber = (
    await buildAdresse(app.services, {
      anrede: 'Frau',
      vorname: 'Maria',
      nachname: 'Huber',
      strasse: 'Favoritenstraße 12',
      plz: '1100',
      ort: 'Wien',
      geburtsdatum: '1976-03-15',
      eintrittsdatum: '2016-05-01',
      flags: 256,
      zeitungErlaubt: true,
      email: 'maria.huber@example.at',
      iban: 'AT611904300234573201',
    })
  ).id;
  ids.gruber = (
    await buildAdresse(app.services, {
      titel: 'Dr.',
      vorname: 'Franz',
      nachname: 'Gruber',
      geburtsdatum: '1950-12-01',
      eintrittsdatum: '2000-01-01',
      flags: 256,
    })
  ).id;
  ids.bauer = (
    await buildAdresse(app.services, {
      vorname: 'Karl',
      nachname: 'Bauer',
      geburtsdatum: '1926-07-07',
      eintrittsdatum: '2001-03-03',
      flags: 0,
    })
  ).id;
  await buildAdresse(app.services, {
    vorname: 'Otto',
    nachname: 'Ehemalig',
    geburtsdatum: '1976-01-01',
    eintrittsdatum: '2016-01-01',
    austrittsdatum: '2020-01-01',
    flags: 256,
  });
  await buildWeiterePerson(app.services, {
    adresseId: ids.huber,
    vorname: 'Josef',
    nachname: 'Huber',
    beziehung: 'Ehegatte',
    geburtsdatum: '1956-02-02',
  });
  await buildPachtverhaeltnis(app.services, { parzelleId: ids.p1, adresseId: ids.huber, von: '2016-05-01' });
  await buildPachtverhaeltnis(app.services, { parzelleId: ids.p2, adresseId: ids.gruber, von: '2000-01-01' });
  const kategorieId = (
    await buildAbstellplatzKategorie(app.services, { name: 'Test-Kategorie', jahresgebuehrCent: 5000 })
  ).id;
  const ap1 = (await buildAbstellplatz(app.services, { nummer: 'P1', kategorieId })).id;
  await buildAbstellplatz(app.services, { nummer: 'P2', kategorieId });
  await buildAbstellplatzZuordnung(app.services, { abstellplatzId: ap1, adresseId: ids.huber, datum: '2020-01-01' });
  const obmann = (await buildFunktion(app.services, { name: 'Obmann', sortierung: 1, pflicht: true })).id;
  await buildFunktionaer(app.services, { funktionId: obmann, adresseId: ids.huber, von: '2022-01-01' });
  client = await app.signedIn(['Kassier']);
}, 60_000);
afterAll(() => app.stop());

describe('Stammdaten lists', () => {
  it('Geburtstagsliste: ages in the year, by month and day, with further persons', async () => {
    const res = await client.get<{ name: string; geburtsdatum: string; alter: number; parzellen: string }[]>(
      'Stammdaten/Geburtstagsliste',
      { date: '2026-06-01' },
    );
    expect(res.status).toBe(200);
    expect(res.body.map((r) => [r.name, r.geburtsdatum, r.alter, r.parzellen])).toEqual([
      ['Huber Josef', '1956-02-02', 70, '1'],
      ['Huber Maria', '1976-03-15', 50, '1'],
      ['Bauer Karl', '1926-07-07', 100, ''],
      ['Dr. Gruber Franz', '1950-12-01', 76, '2'],
    ]);
    const round = await client.get<{ name: string }[]>('Stammdaten/Geburtstagsliste', {
      date: '2026-06-01',
      fifties: true,
      weiterePersonen: false,
    });
    expect(round.body.map((r) => r.name)).toEqual(['Huber Maria', 'Bauer Karl']);
    const zeitung = await client.get<{ name: string }[]>('Stammdaten/Geburtstagsliste', {
      date: '2026-06-01',
      zeitungsfilter: true,
    });
    expect(zeitung.body.map((r) => r.name)).toEqual(['Huber Maria']);
  });

  it('Jubilaeumsliste: membership years 10, 15, 20, 25, 30, 40, 50, 60', async () => {
    const res = await client.get<{ name: string; jahre: number }[]>('Stammdaten/Jubilaeumsliste', {
      date: '2026-01-10',
    });
    expect(res.body.map((r) => [r.name, r.jahre])).toEqual([
      ['Bauer Karl', 25],
      ['Huber Maria', 10],
    ]);
  });

  it('Unterschriftenliste: rows per current lease, filters, and a PDF with a signature column', async () => {
    const json = await client.get<{ parzelle: string; name: string }[]>('Stammdaten/Unterschriftenliste', {
      format: 'json',
    });
    expect(json.body.map((r) => [r.parzelle, r.name])).toEqual([
      ['1', 'Huber Maria'],
      ['2', 'Dr. Gruber Franz'],
    ]);
    const gruppe = await client.get<{ parzelle: string }[]>('Stammdaten/Unterschriftenliste', {
      format: 'json',
      gruppenFilter: ids.gruppeA!,
    });
    expect(gruppe.body.map((r) => r.parzelle)).toEqual(['1']);
    const pdf = await client.get('Stammdaten/Unterschriftenliste', { title: 'Generalversammlung 2026' });
    expect(pdf.status).toBe(200);
    expect(pdf.headers.get('content-type')).toContain('application/pdf');
    const text = pdfText(pdf.buffer);
    expect(text).toContain('Generalversammlung 2026');
    expect(text).toMatch(/Parzelle\s+Name\s+Unterschrift/);
    expect(text).toMatch(/1\s+Huber Maria/);
    expect(text).toContain('Dr. Gruber Franz');
  }, 60_000);

  it('Summenblatt: counts and sums of the year', async () => {
    const res = await client.get<{ rows: { key: string; wert: string | number }[] }>('Stammdaten/Summenblatt', {
      pachtabrechnungID: ids.pa!,
    });
    expect(res.status).toBe(200);
    const values = Object.fromEntries(res.body.rows.map((r) => [r.key, r.wert]));
    expect(values).toMatchObject({
      parzellen: 3,
      gesamtflaeche: '950.50',
      gemeinschaftsflaeche: '175.25',
      vergebeneParzellen: 2,
      freieParzellen: 1,
      mitglieder: 2,
      weiterePersonen: 1,
      abstellplaetze: 2,
      abstellplaetzeVergeben: 1,
      abstellplaetzeFrei: 1,
      gruppen: 2,
    });
    const xlsx = await client.get('Stammdaten/Summenblatt', { pachtabrechnungID: ids.pa!, format: 'xlsx' });
    expect(xlsx.status).toBe(200);
    const wb = new ExcelJS.Workbook();
    await wb.xlsx.load(xlsx.buffer as unknown as ExcelJS.Buffer);
    expect(wb.worksheets[0]!.getRow(1).getCell(1).value).toBe('Bezeichnung');
  });

  it('Stammdatenblatt: the person with plots, further persons, parking and functions; isleer a blank form', async () => {
    const pdf = await client.get('Stammdaten/Stammdatenblatt', { id: ids.huber! });
    expect(pdf.status).toBe(200);
    const text = pdfText(pdf.buffer);
    expect(text).toContain('Stammdatenblatt Huber Maria');
    expect(text).toContain('Favoritenstraße 12');
    expect(text).toContain('15.03.1976');
    expect(text).toContain('Huber Josef');
    expect(text).toContain('Obmann');
    expect(text).toContain('P1');
    expect(text).toMatch(/1\s+400,00/);
    const leer = pdfText((await client.get('Stammdaten/Stammdatenblatt', { isleer: true })).buffer);
    for (const label of ['Nachname', 'Geburtsdatum', 'Parzellen', 'Weitere Personen', 'Funktionen']) {
      expect(leer).toContain(label);
    }
    expect(leer).not.toContain('Huber');
    expect(leer).toContain('Ort, Datum');
    expect(leer).toMatch(/Unterschrift\s*$/m);
  }, 60_000);

  it('Stammdatenblatt: IBAN in groups of four, a signature line, page numbers only past one page', async () => {
    const huber = (await client.get('Stammdaten/Stammdatenblatt', { id: ids.huber! })).buffer;
    const text = pdfText(huber);
    expect(text).toMatch(/IBAN\s+AT61 1904 3002 3457 3201/);
    expect(text).toContain('Mit meiner Unterschrift bestätige ich, dass die Angaben richtig und vollständig sind.');
    // Place and date, then the member's own signature, side by side under the sheet.
    expect(text).toMatch(/Ort, Datum\s+Unterschrift Huber Maria/);
    // Huber's sheet (further person, parking space, function) runs over two pages.
    const [first, second] = text.split('\f');
    expect(first).toContain('Seite 1 von 2');
    expect(second).toContain('Seite 2 von 2');
    expect(second).toContain('Unterschrift Huber Maria');
    // Gruber's fits on one: no "Seite 1 von 1".
    const gruber = pdfText((await client.get('Stammdaten/Stammdatenblatt', { id: ids.gruber! })).buffer);
    expect(gruber).toContain('Unterschrift Dr. Gruber Franz');
    expect(gruber.split('\f').filter((page) => page.trim())).toHaveLength(1);
    expect(gruber).not.toContain('Seite');
    // The data itself stays compact.
    const json = await client.get<{ adresse: { iban: string } }>('Stammdaten/Stammdatenblatt', {
      id: ids.huber!,
      format: 'json',
    });
    expect(json.body.adresse.iban).toBe('AT611904300234573201');
  }, 60_000);

  it('Geburtstagsliste as PDF shows club name and German headers', async () => {
    const pdf = await client.get('Stammdaten/Geburtstagsliste', { date: '2026-06-01', format: 'pdf' });
    const text = pdfText(pdf.buffer);
    expect(text).toContain('Geburtstagsliste 2026');
    expect(text).toContain('01.06.2026');
    expect(text).toMatch(/Geburtstag\s+Name\s+Alter\s+Parzellen/);
  }, 60_000);

  it('ExportAll: one workbook, a sheet per kind, with ids', async () => {
    const res = await client.get('Stammdaten/ExportAll');
    expect(res.status).toBe(200);
    const wb = new ExcelJS.Workbook();
    await wb.xlsx.load(res.buffer as unknown as ExcelJS.Buffer);
    const names = wb.worksheets.map((w) => w.name);
    for (const n of [
      'Parzellen',
      'Adressen',
      'WeiterePersonen',
      'Pachtverhaeltnisse',
      'Gruppen',
      'Abstellplaetze',
      'Abstellplatzzuordnungen',
      'Funktionen',
      'Funktionaere',
      'Hauptwasserzaehler',
      'HWZAblesungen',
      'Parkkarten',
      'Pachtabrechnungen',
    ]) {
      expect(names).toContain(n);
    }
    const parzellen = wb.getWorksheet('Parzellen')!;
    expect(parzellen.getRow(1).values).toEqual(expect.arrayContaining(['id', 'nummer', 'flaeche']));
    expect(parzellen.getRow(2).getCell(1).value).toBe(ids.p1);
    expect(parzellen.getRow(2).getCell(2).value).toBe('1');
    expect(parzellen.getRow(2).getCell(3).value).toBe(400);
    // The backup is read back by kgv import: its IBANs stay as stored.
    const adressen = wb.getWorksheet('Adressen')!;
    const iban = (adressen.getRow(1).values as unknown[]).indexOf('iban');
    const ibans = adressen.getColumn(iban).values.filter((v) => typeof v === 'string' && v.startsWith('AT'));
    expect(ibans).toEqual(['AT611904300234573201']);
  });

  it('ExportAdressen and ExportWeitereMitgliedschaften', async () => {
    const all = await client.get('Stammdaten/ExportAdressen');
    const wb = new ExcelJS.Workbook();
    await wb.xlsx.load(all.buffer as unknown as ExcelJS.Buffer);
    expect(wb.worksheets[0]!.rowCount).toBe(5);
    const sheet = wb.worksheets[0]!;
    const header = (sheet.getRow(1).values as unknown[]).indexOf('IBAN');
    const huber = sheet.getRows(2, 4)!.find((row) => row.getCell(2).value === 'Huber Maria')!;
    // Printed IBANs read in groups of four; the backup workbook (ExportAll) keeps them compact.
    expect(huber.getCell(header).value).toBe('AT61 1904 3002 3457 3201');
    const weitere = await client.get('Stammdaten/ExportWeitereMitgliedschaften');
    const wb2 = new ExcelJS.Workbook();
    await wb2.xlsx.load(weitere.buffer as unknown as ExcelJS.Buffer);
    // Members without a current plot: none in the fixture (Bauer is not a member, Ehemalig left).
    expect(wb2.worksheets[0]!.rowCount).toBe(1);
  });

  it('refuses a user without Stammdaten rights', async () => {
    const none = await app.signedIn([]);
    expect((await none.get('Stammdaten/Geburtstagsliste')).status).toBe(403);
  });
});
