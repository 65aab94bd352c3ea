import { execFileSync } from 'node:child_process';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Zaehlerwechsel, ZaehlerwechselImportResult } from '../../src/modules/wasserbuch/schema/dokumente';
import type { ApiClient } from '../helpers/apiClient';
import { buildAdresse, buildPachtverhaeltnis, buildParzelle } from '../helpers/factories';
import { startTestApp, type TestApp } from '../helpers/testApp';

// Meter changes: the list, the XLSX export and its re-import (adds nothing), an import that writes
// changes in date order, a bad row that writes nothing, and the signed protocol PDF.

let app: TestApp;
let wasserwart: ApiClient;
const ids = { z1: 0, z2: 0, z3: 0 };
type Problem = { title: string; errors: Record<string, string[]> };

const change = async (parzelleId: number, datum: string, endstand: string, neueNummer: string, plombe?: string) => {
  const res = await wasserwart.post('Stammdaten/UpdateZaehlerwechsel', {
    parzelleId,
    datum,
    endstand,
    neueNummer,
    anfangsstand: '0',
    plombe,
  });
  expect(res.status, res.text).toBe(200);
};

beforeAll(async () => {
  app = await startTestApp();
  wasserwart = await app.signedIn(['Wasserwart']);
  ids.z1 = (await buildParzelle(app.services, { nummer: 'Z-1', wasserzaehlerNummer: 'WZ-Z1' })).id;
  ids.z2 = (await buildParzelle(app.services, { nummer: 'Z-2', wasserzaehlerNummer: 'WZ-Z2' })).id;
  ids.z3 = (await buildParzelle(app.services, { nummer: 'Z-3', wasserzaehlerNummer: 'WZ-Z3' })).id;
  const holder = await buildAdresse(app.services, { nachname: 'Weiß', vorname: 'Jürgen' });
  await buildPachtverhaeltnis(app.services, { parzelleId: ids.z1, adresseId: holder.id, von: '2020-01-01' });
  await wasserwart.post('Wasserbuch/UpdateWasserablesung', { datum: '2025-01-01', parzelleId: ids.z1, stand: '10' });
  await wasserwart.post('Wasserbuch/UpdateWasserablesung', { datum: '2025-01-01', parzelleId: ids.z3, stand: '50' });
  await change(ids.z1, '2025-06-01', '20.5', 'WZ-Z1b', 'PL-1');
  await change(ids.z2, '2025-06-01', '7', 'WZ-Z2b');
  await change(ids.z1, '2026-02-01', '5.25', 'WZ-Z1c');
});
afterAll(() => app.stop());

const list = async (query: Record<string, string | number> = {}) => {
  const res = await wasserwart.get<Zaehlerwechsel[]>('Wasserbuch/GetZaehlerwechsel', query);
  expect(res.status, res.text).toBe(200);
  return res.body;
};
const upload = (content: Buffer, name = 'wechsel.xlsx') => {
  const form = new FormData();
  form.append('file', new Blob([new Uint8Array(content)]), name);
  return wasserwart.request<ZaehlerwechselImportResult & Problem>('POST', 'Wasserbuch/ImportZaehlerwechselData', {
    rawBody: form,
  });
};
const counts = async () => ({
  readings: Number((await app.services.db('wasserablesungen').count({ n: '*' }).first())?.n),
  meters: (await app.services.db('parzellen').orderBy('id').select('wasserzaehler_nummer')).map(
    (p) => p.wasserzaehler_nummer,
  ),
});
async function xlsx(rows: unknown[][]): Promise<Buffer> {
  const wb = new ExcelJS.Workbook();
  const ws = wb.addWorksheet('Zählerwechsel');
  ws.addRow(['Parzelle', 'Datum', 'Alte Zählernummer', 'Endstand', 'Neue Zählernummer', 'Anfangsstand', 'Plombe']);
  for (const r of rows) ws.addRow(r);
  return Buffer.from(await wb.xlsx.writeBuffer());
}

describe('Zählerwechsel list, export, import and protocol', () => {
  it('lists the changes newest first with the holder, readings and seal', async () => {
    const all = await list();
    expect(
      all.map((w) => [w.datum, w.parzelleNummer, w.alteNummer, w.endstand, w.neueNummer, w.anfangsstand, w.plombe]),
    ).toEqual([
      ['2026-02-01', 'Z-1', 'WZ-Z1b', '5.250', 'WZ-Z1c', '0.000', ''],
      ['2025-06-01', 'Z-1', 'WZ-Z1', '20.500', 'WZ-Z1b', '0.000', 'PL-1'],
      ['2025-06-01', 'Z-2', 'WZ-Z2', '7.000', 'WZ-Z2b', '0.000', ''],
    ]);
    expect(all[1]).toMatchObject({ parzelleId: ids.z1, adresseName: 'Weiß Jürgen' });
    expect(all[1]?.anfangsablesungId).toEqual(expect.any(Number));
    expect(all[2]?.adresseName).toBeNull();
    expect((await list({ von: '2025-07-01' })).map((w) => w.neueNummer)).toEqual(['WZ-Z1c']);
    expect((await list({ bis: '2025-12-31', parzelleId: ids.z2 })).map((w) => w.neueNummer)).toEqual(['WZ-Z2b']);
  });

  it('exports the changes as XLSX, and importing the export again adds nothing', async () => {
    const res = await wasserwart.get('Wasserbuch/ExportZaehlerwechsel');
    expect(res.status, res.text).toBe(200);
    expect(res.headers.get('content-type')).toContain('spreadsheetml');
    const wb = new ExcelJS.Workbook();
    await wb.xlsx.load(res.buffer as unknown as ExcelJS.Buffer);
    const ws = wb.worksheets[0]!;
    expect(ws.name).toBe('Zählerwechsel');
    expect(ws.getRow(1).values).toEqual([
      undefined,
      'Parzelle',
      'Datum',
      'Alte Zählernummer',
      'Endstand',
      'Neue Zählernummer',
      'Anfangsstand',
      'Plombe',
    ]);
    expect(ws.getRow(3).getCell(4).value).toBe(20.5);
    expect(ws.getRow(3).getCell(7).value).toBe('PL-1');
    const before = await counts();
    const again = await upload(res.buffer);
    expect(again.status, again.text).toBe(200);
    expect(again.body.angelegt).toBe(0);
    expect(again.body.zeilen.map((z) => [z.zeile, z.status])).toEqual([
      [2, 'vorhanden'],
      [3, 'vorhanden'],
      [4, 'vorhanden'],
    ]);
    expect(await counts()).toEqual(before);
  });

  it('imports changes oldest first through the meter-change service', async () => {
    // Newest first, as the export writes them: the import still applies them in date order.
    const file = await xlsx([
      ['Z-3', new Date(Date.UTC(2026, 0, 15)), 'WZ-Z3b', 3, 'WZ-Z3c', 0.5, ''],
      ['Z-3', new Date(Date.UTC(2025, 8, 1)), 'WZ-Z3', '60,125', 'WZ-Z3b', 0, 'S-9'],
    ]);
    const res = await upload(file);
    expect(res.status, res.text).toBe(200);
    expect(res.body).toMatchObject({ angelegt: 2 });
    const z3 = await list({ parzelleId: ids.z3 });
    expect(z3.map((w) => [w.datum, w.alteNummer, w.endstand, w.neueNummer, w.anfangsstand, w.plombe])).toEqual([
      ['2026-01-15', 'WZ-Z3b', '3.000', 'WZ-Z3c', '0.500', ''],
      ['2025-09-01', 'WZ-Z3', '60.125', 'WZ-Z3b', '0.000', 'S-9'],
    ]);
    expect((await app.services.db('parzellen').where({ id: ids.z3 }).first())?.wasserzaehler_nummer).toBe('WZ-Z3c');
    // A CSV with German dates and decimal commas reads the same way.
    const csv = Buffer.from(
      'Parzelle;Datum;Alte Zählernummer;Endstand;Neue Zählernummer;Anfangsstand;Plombe\r\nZ-2;01.03.2026;WZ-Z2b;1,5;WZ-Z2c;0;K-1\r\n',
    );
    const fromCsv = await upload(csv, 'wechsel.csv');
    expect(fromCsv.status, fromCsv.text).toBe(200);
    expect((await list({ parzelleId: ids.z2 }))[0]).toMatchObject({
      datum: '2026-03-01',
      neueNummer: 'WZ-Z2c',
      plombe: 'K-1',
    });
  });

  it('refuses a file with a bad row and writes nothing, not even the good rows', async () => {
    const before = await counts();
    const file = await xlsx([
      ['Z-2', '2026-05-01', 'WZ-Z2c', 2, 'WZ-Z2d', 0, ''],
      ['Z-99', '2026-05-01', '', 1, 'X', 0, ''],
      ['Z-1', '2026-05-01', 'WZ-Z1c', '0', 'WZ-Z1c', 0, ''],
      ['Z-3', '2026-05-01', 'FALSCH', 9, 'WZ-Z3d', 0, ''],
      ['Z-3', 'gestern', 'WZ-Z3c', 'viel', 'WZ-Z3e', 0, ''],
    ]);
    const res = await upload(file);
    expect(res.status).toBe(422);
    expect(res.body.title).toBe('Die Datei enthält fehlerhafte Zeilen; es wurde nichts gespeichert.');
    expect(res.body.errors['zeile 3']).toEqual(['Die Parzelle „Z-99“ gibt es nicht.']);
    expect(res.body.errors['zeile 4']?.[0]).toMatch(/^Neue Zählernummer: /);
    expect(res.body.errors['zeile 5']).toEqual([
      'Alte Zählernummer: die Parzelle hat am 01.05.2026 den Zähler „WZ-Z3c“.',
    ]);
    expect(res.body.errors['zeile 6']).toEqual([
      'Das Datum fehlt oder ist kein Datum.',
      'Der Endstand ist keine Zahl mit höchstens 3 Nachkommastellen.',
    ]);
    expect(res.body.errors['zeile 2']).toBeUndefined();
    expect(await counts()).toEqual(before);
    const wrong = await upload(Buffer.from('Parzelle;Datum\nZ-1;2026-01-01\n'), 'x.csv');
    expect(wrong.status).toBe(422);
    expect(wrong.body.errors.file).toContain('Die Spalte „Endstand“ fehlt in der Datei.');
  });

  it('prints the protocol of a day with readings, seal and signature lines', async () => {
    const res = await wasserwart.get('Wasserbuch/Zaehlerwechsel', { date: '2025-06-01' });
    expect(res.status, res.text).toBe(200);
    expect(res.headers.get('content-type')).toBe('application/pdf');
    const file = path.join(mkdtempSync(path.join(tmpdir(), 'kgv-zw-')), 'p.pdf');
    writeFileSync(file, res.buffer);
    const text = execFileSync('pdftotext', ['-layout', file, '-'], { encoding: 'utf8' }).replaceAll('\u00a0', ' ');
    expect(text).toContain('Protokoll Wasserzählerwechsel');
    expect(text).toContain('Datum: 01.06.2025');
    expect(text).toContain('Parzelle Z-1 – Weiß Jürgen · Zählerwechsel am 01.06.2025');
    expect(text).toMatch(/Alter Zähler \(Endstand\)\s+WZ-Z1\s+20,500/);
    expect(text).toMatch(/Neuer Zähler \(Anfangsstand\)\s+WZ-Z1b\s+0,000\s+PL-1/);
    expect(text).toContain('Parzelle Z-2 · Zählerwechsel am 01.06.2025');
    expect(text).toContain('Datum, Unterschrift Wasserwart');
    expect(text).toContain('Unterschrift Pächter (Weiß Jürgen)');
    expect(text).not.toContain('WZ-Z1c');
    const none = await wasserwart.get<Problem>('Wasserbuch/Zaehlerwechsel', { date: '2024-01-01' });
    expect(none.status).toBe(404);
    expect(none.body.title).toBe('Im gewählten Zeitraum gibt es keine Zählerwechsel.');
  });
});
