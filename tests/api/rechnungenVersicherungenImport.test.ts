import ExcelJS from 'exceljs';
import iconv from 'iconv-lite';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ZvEintrag } from '../../src/modules/abrechnung/schema/zvData';
import type {
  Versicherung,
  VersicherungenImportErgebnis,
} from '../../src/modules/rechnungspruefung/schema/versicherungen';
import type { ApiClient } from '../helpers/apiClient';
import { startTestApp, type TestApp } from '../helpers/testApp';
import { seedZvBeispiel, ZV_DATUM, ZV_JAHR, type ZvBeispiel } from '../helpers/zvBeispiel';

// The insurer's list imported for a year: CSV with ; or , (UTF-8 or Windows-1252, de-AT amounts) or
// XLSX; add or replace; a dry run writes nothing; one bad row and nothing is written, every bad row
// named in German; an imported premium is on that year's Zahlungsvorschreibung (ZvData).

let app: TestApp;
let kassier: ApiClient;
let z: ZvBeispiel;

type Problem = { title: string; errors?: Record<string, string[]> };

beforeAll(async () => {
  app = await startTestApp();
  kassier = await app.signedIn(['Kassier']);
  // DOMAIN.md's club, its Zahlungsvorschreibung 2026 not booked yet; plots "1" … "17".
  z = await seedZvBeispiel(app.services);
});
afterAll(() => app.stop());

function importiere(
  art: 'ImportAddVersicherungen' | 'ImportVersicherungenDeleteExisting',
  datei: Buffer | string,
  felder: Record<string, string> = {},
  name = 'versicherungen.csv',
) {
  const form = new FormData();
  for (const [k, v] of Object.entries({ jahr: String(ZV_JAHR), ...felder })) form.set(k, v);
  form.set('file', new Blob([typeof datei === 'string' ? Buffer.from(datei) : new Uint8Array(datei)]), name);
  return kassier.request<VersicherungenImportErgebnis & Problem>('POST', `Rechnungspruefung/${art}`, { rawBody: form });
}

const liste = async (jahr = ZV_JAHR) =>
  (await kassier.get<Versicherung[]>('Rechnungspruefung/GetVersicherungen', { jahr })).body;

describe('Versicherungen import', () => {
  it('reads a CSV with ; in UTF-8, previews it in a dry run and imports it', async () => {
    const csv =
      'Parzelle;Text;Prämie;Versicherer;Polizze\n17;Haushaltsversicherung;1.234,56;Wiener Städtische;HH-1\n3;Sturm;12,50;;\n;;;;\n';
    const probe = await importiere('ImportAddVersicherungen', csv, { dryRun: 'true' });
    expect(probe.status, probe.text).toBe(200);
    expect(probe.body).toMatchObject({ jahr: ZV_JAHR, angelegt: 2, geloescht: 0, dryRun: true });
    expect(probe.body.zeilen.map((r) => [r.zeile, r.parzelleNummer, r.text, r.praemieCent, r.versicherer])).toEqual([
      [2, '17', 'Haushaltsversicherung', 123_456, 'Wiener Städtische'],
      [3, '3', 'Sturm', 1_250, ''],
    ]);
    expect(await liste()).toEqual([]);

    const echt = await importiere('ImportAddVersicherungen', csv);
    expect(echt.status, echt.text).toBe(200);
    expect(echt.body).toMatchObject({ angelegt: 2, dryRun: false });
    expect((await liste()).map((v) => [v.parzelleNummer, v.praemieCent, v.polizze])).toEqual([
      ['3', 1_250, ''],
      ['17', 123_456, 'HH-1'],
    ]);
  });

  it('puts an imported premium on that year’s Zahlungsvorschreibung (ZvData)', async () => {
    const res = await kassier.get<ZvEintrag[]>('Abrechnung/ZvData', {
      pachtabrechnungID: z.pachtabrechnungId,
      date: ZV_DATUM,
      adress: z.huber,
    });
    expect(res.status, res.text).toBe(200);
    const positionen = res.body[0]!.parzellen[0]!.positionen;
    expect(positionen.filter((p) => p.art === 'versicherung').map((p) => [p.text, p.betragCent])).toEqual([
      ['Haushaltsversicherung', 123_456],
    ]);
    // DOMAIN.md's 1.397,79 € plus the premium.
    expect(res.body[0]!.summeCent).toBe(139_779 + 123_456);
  });

  it('reads a CSV with , in Windows-1252 (as Excel saves it) and replaces the year’s insurances', async () => {
    const csv =
      'Parzelle,Versicherer,Polizze,Text,Prämie\r\n5,Grazer Wechselseitige,W-5,"Haushalt „Gold“","1.000,00"\r\n';
    const bytes = iconv.encode(csv, 'win1252');
    // Not UTF-8: „ and “ are single bytes in Windows-1252.
    expect(bytes.includes(0x84)).toBe(true);
    const res = await importiere('ImportVersicherungenDeleteExisting', bytes);
    expect(res.status, res.text).toBe(200);
    expect(res.body).toMatchObject({ angelegt: 1, geloescht: 2 });
    expect((await liste()).map((v) => [v.parzelleNummer, v.versicherer, v.text, v.praemieCent])).toEqual([
      ['5', 'Grazer Wechselseitige', 'Haushalt „Gold“', 100_000],
    ]);
  });

  it('reads an XLSX with number cells and adds to the year', async () => {
    const wb = new ExcelJS.Workbook();
    const ws = wb.addWorksheet('Versicherungen');
    ws.addRow(['Parzelle', 'Text', 'Prämie (€)']);
    ws.addRow([8, 'Glasbruch', 19.9]);
    ws.addRow(['9', 'Unfall', '25,00 €']);
    const buf = Buffer.from(await wb.xlsx.writeBuffer());
    const res = await importiere('ImportAddVersicherungen', buf, {}, 'liste.xlsx');
    expect(res.status, res.text).toBe(200);
    expect(res.body.zeilen.map((r) => [r.parzelleNummer, r.praemieCent])).toEqual([
      ['8', 1_990],
      ['9', 2_500],
    ]);
    expect((await liste()).map((v) => v.parzelleNummer)).toEqual(['5', '8', '9']);
  });

  it('writes nothing when one row is bad and names every bad row in German', async () => {
    const vorher = await liste();
    const csv = [
      'Parzelle;Text;Prämie',
      '1;Haushalt;10,00',
      '99;Haushalt;10,00',
      '2;Haushalt;0',
      ';Haushalt;zehn',
      '4;Haushalt;12,345',
    ].join('\n');
    const res = await importiere('ImportVersicherungenDeleteExisting', csv);
    expect(res.status).toBe(422);
    expect(res.body.title).toBe('4 Zeilen sind nicht gültig: nichts wurde importiert.');
    expect(res.body.errors).toEqual({
      'Zeile 3': ['Parzelle „99“ gibt es nicht.'],
      'Zeile 4': ['Die Prämie muss größer als 0 sein.'],
      'Zeile 5': ['Die Parzelle fehlt.', '„zehn“ ist kein Betrag (z. B. 12,50).'],
      'Zeile 6': ['„12,345“ ist kein Betrag (z. B. 12,50).'],
    });
    // Replace did not remove anything either.
    expect(await liste()).toEqual(vorher);
  });

  it('refuses a file without the required columns, a file of headers only and a missing year', async () => {
    const ohneSpalte = await importiere('ImportAddVersicherungen', 'Parzelle;Text\n1;Haushalt\n');
    expect(ohneSpalte.status).toBe(422);
    expect(ohneSpalte.body.errors?.file?.[0]).toMatch(/Die Spalte „Prämie“ fehlt/);
    const nurKopf = await importiere('ImportAddVersicherungen', 'Parzelle;Text;Prämie\n');
    expect(nurKopf.status).toBe(422);
    expect(nurKopf.body.errors?.file?.[0]).toMatch(/enthält keine Versicherungen/);
    const form = new FormData();
    form.set('file', new Blob(['Parzelle;Text;Prämie\n1;x;1,00\n']), 'a.csv');
    const ohneJahr = await kassier.request<Problem>('POST', 'Rechnungspruefung/ImportAddVersicherungen', {
      rawBody: form,
    });
    expect(ohneJahr.status).toBe(422);
    expect(ohneJahr.body.errors).toEqual({ jahr: ['Bitte wählen Sie das Jahr der Versicherungen.'] });
  });

  it('lets only those with the edit right import', async () => {
    const pruefer = await app.signedIn(['Rechnungsprüfer']);
    const form = new FormData();
    form.set('jahr', String(ZV_JAHR));
    form.set('file', new Blob(['Parzelle;Text;Prämie\n1;x;1,00\n']), 'a.csv');
    const res = await pruefer.request('POST', 'Rechnungspruefung/ImportAddVersicherungen', { rawBody: form });
    expect(res.status).toBe(403);
  });
});
