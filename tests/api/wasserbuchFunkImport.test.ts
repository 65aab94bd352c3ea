import { readFileSync } from 'node:fs';
import path from 'node:path';
import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Ablesung } from '../../src/modules/wasserbuch/schema/ablesungen';
import type { FunkImportResult, FunkMapping } from '../../src/modules/wasserbuch/schema/dokumente';
import type { ApiClient } from '../helpers/apiClient';
import { buildHauptwasserzaehler, buildParzelle } from '../helpers/factories';
import { startTestApp, type TestApp } from '../helpers/testApp';

// Radio-meter import: the Standard mapping with decimal commas, Windows-1252 with a stored mapping,
// comma-separated with letters, XLSX, overwrite on and off, a dry run, bad rows that write nothing.

const FIXTURES = path.join(import.meta.dirname, '../fixtures/wasser');
const fixture = (name: string) => readFileSync(path.join(FIXTURES, name));

let app: TestApp;
let wasserwart: ApiClient;
const ids: Record<string, number> = {};

type Problem = { title: string; errors: Record<string, string[]>; fehler?: { zeile: number; text: string }[] };

beforeAll(async () => {
  app = await startTestApp();
  wasserwart = await app.signedIn(['Wasserwart']);
  const hwz = await buildHauptwasserzaehler(app.services, { nummer: 'HWZ-F1' });
  ids.hwz = hwz.id;
  for (const [n, wz] of [
    ['1', 'FW-1001'],
    ['2', 'FW-1002'],
    ['3', 'FW-1003'],
  ] as const) {
    ids[wz] = (
      await buildParzelle(app.services, { nummer: n, wasserzaehlerNummer: wz, hauptwasserzaehlerId: hwz.id })
    ).id;
  }
  const save = async (body: Record<string, unknown>) =>
    expect((await wasserwart.post('Wasserbuch/UpdateWasserablesung', body)).status).toBe(200);
  await save({ datum: '2026-03-01', parzelleId: ids['FW-1001'], stand: '100' });
  await save({ datum: '2026-03-01', parzelleId: ids['FW-1002'], stand: '90' });
  await save({ datum: '2026-01-01', parzelleId: ids['FW-1003'], stand: '0' });
  await save({ datum: '2026-03-01', parzelleId: ids['FW-1003'], stand: '0.01' });
});
afterAll(() => app.stop());

function upload(
  content: Buffer,
  query: Record<string, string | boolean> = {},
  name = 'export.csv',
  client = wasserwart,
) {
  const form = new FormData();
  form.append('file', new Blob([new Uint8Array(content)]), name);
  return client.request<FunkImportResult & Problem>('POST', 'Wasserbuch/ImportFunkwasserablesungData', {
    rawBody: form,
    query,
  });
}
const readings = async () =>
  (
    await app.services
      .db('wasserablesungen')
      .orderBy('id')
      .select('id', 'datum', 'zaehlernummer', 'stand_liter', 'quelle')
  ).map((r) => ({ ...r, datum: String(r.datum).slice(0, 10), stand_liter: Number(r.stand_liter) }));
const standOn = async (wz: string, datum: string) =>
  (await readings()).find((r) => r.zaehlernummer === wz && r.datum === datum)?.stand_liter;

describe('ImportFunkwasserablesungData', () => {
  it('previews the Standard export (UTF-8 BOM, decimal comma) without writing, then imports it', async () => {
    const before = await readings();
    const dry = await upload(fixture('funk-standard.csv'), { dryRun: true });
    expect(dry.status, dry.text).toBe(200);
    expect(dry.body).toMatchObject({ dryRun: true, mapping: 'Standard', fehler: [], geschrieben: 0 });
    expect(dry.body.zeilen).toEqual([
      expect.objectContaining({
        zeile: 2,
        seriennummer: 'FW-1001',
        stand: '123.456',
        datum: '2026-04-01',
        parzelleId: ids['FW-1001'],
        parzelleNummer: '1',
        status: 'neu',
        vorherStand: null,
      }),
      expect.objectContaining({ zeile: 3, seriennummer: 'FW-1002', stand: '88.500', status: 'neu' }),
      expect.objectContaining({ zeile: 4, seriennummer: 'FW-1003', stand: '0.125' }),
      expect.objectContaining({
        zeile: 5,
        seriennummer: 'HWZ-F1',
        stand: '5000.000',
        parzelleId: null,
        hauptwasserzaehlerId: ids.hwz,
      }),
    ]);
    // Lower than the last reading, and 0.115 m³ after 0.010 m³ (more than 3 times).
    expect(dry.body.warnungen).toEqual([
      { zeile: 3, text: 'Der Stand 88,500 liegt unter der letzten Ablesung (90,000 am 01.03.2026).' },
      { zeile: 4, text: expect.stringContaining('mehr als das 3-fache') },
    ]);
    expect(await readings()).toEqual(before);

    const res = await upload(fixture('funk-standard.csv'));
    expect(res.status, res.text).toBe(200);
    expect(res.body.geschrieben).toBe(4);
    const funk = (await readings()).filter((r) => r.datum === '2026-04-01');
    expect(funk.map((r) => [r.zaehlernummer, r.stand_liter, r.quelle])).toEqual([
      ['FW-1001', 123456, 'funk'],
      ['FW-1002', 88500, 'funk'],
      ['FW-1003', 125, 'funk'],
      ['HWZ-F1', 5000000, 'funk'],
    ]);
    const history = await wasserwart.get<{ action: string }[]>('Common/GetHistory', {
      entityID: `Wasserablesung:${funk[0]?.id}`,
    });
    expect(history.body.map((h) => h.action)).toEqual(['create']);
    // The same file again changes nothing.
    const again = await upload(fixture('funk-standard.csv'));
    expect(again.body.zeilen.map((z) => z.status)).toEqual([
      'unveraendert',
      'unveraendert',
      'unveraendert',
      'unveraendert',
    ]);
    expect(again.body.geschrieben).toBe(0);
  });

  it('skips an existing reading without overwrite and replaces it with overwrite', async () => {
    const csv = Buffer.from('Seriennummer;Zählerstand;Zeitstempel\nFW-1001;123,999;2026-04-01 07:00\n');
    const kept = await upload(csv);
    expect(kept.status, kept.text).toBe(200);
    expect(kept.body.zeilen[0]).toMatchObject({ status: 'uebersprungen', vorherStand: '123.456' });
    expect(kept.body.geschrieben).toBe(0);
    expect(await standOn('FW-1001', '2026-04-01')).toBe(123456);
    const replaced = await upload(csv, { overwrite: true });
    expect(replaced.body.zeilen[0]).toMatchObject({ status: 'ersetzt', vorherStand: '123.456', stand: '123.999' });
    expect(replaced.body.geschrieben).toBe(1);
    expect(await standOn('FW-1001', '2026-04-01')).toBe(123999);
  });

  it('fills the empty rows of a reading round and takes the date from the query', async () => {
    const round = await wasserwart.post<Ablesung[]>('Wasserbuch/InsertNeueWasserAblesungen?selectedDatum=2026-04-10');
    expect(round.status, round.text).toBe(200);
    const count = (await readings()).length;
    const res = await upload(fixture('funk-standard.csv'), { datum: '2026-04-10' });
    expect(res.status, res.text).toBe(200);
    expect(res.body.zeilen.map((z) => [z.datum, z.status])).toEqual(Array(4).fill(['2026-04-10', 'neu']));
    expect((await readings()).length).toBe(count);
    expect(await standOn('FW-1002', '2026-04-10')).toBe(88500);
  });

  it('reads Windows-1252 with umlauts in the header through a stored mapping', async () => {
    const mapping: FunkMapping = {
      name: 'Kamstrup Büro',
      spalteSeriennummer: 'Zählernummer',
      spalteStand: 'Ablesewert (m³)',
      spalteZeitstempel: 'Ablesedatum',
      trennzeichen: 'auto',
      dezimalzeichen: ',',
      zeichensatz: 'auto',
    };
    const saved = await wasserwart.post<FunkMapping>('Wasserbuch/UpdateFunkImportMapping', mapping);
    expect(saved.status, saved.text).toBe(200);
    const list = await wasserwart.get<FunkMapping[]>('Wasserbuch/GetFunkImportMappings');
    expect(list.body.map((m) => m.name)).toEqual(['Kamstrup Büro', 'Standard']);
    const res = await upload(fixture('funk-windows1252.csv'), { mapping: 'kamstrup büro' });
    expect(res.status, res.text).toBe(200);
    expect(res.body.zeilen.map((z) => [z.seriennummer, z.stand, z.datum])).toEqual([
      ['FW-1001', '124.000', '2026-04-02'],
      ['FW-1002', '89.750', '2026-04-02'],
      ['FW-1003', '1.500', '2026-04-02'],
    ]);
    expect(await standOn('FW-1002', '2026-04-02')).toBe(89750);
    // Without the mapping the columns are not found: a file error, nothing written.
    const wrong = await upload(fixture('funk-windows1252.csv'));
    expect(wrong.status).toBe(422);
    expect(wrong.body.errors.file).toContain('Die Spalte „Seriennummer“ fehlt in der Datei.');
    const unknown = await upload(fixture('funk-windows1252.csv'), { mapping: 'Gibtsnicht' });
    expect(unknown.body.errors.mapping?.[0]).toContain('Gibtsnicht');
    const bad = await wasserwart.post<Problem>('Wasserbuch/UpdateFunkImportMapping', {
      ...mapping,
      name: '',
      trennzeichen: '|',
    });
    expect(bad.status).toBe(422);
    expect(Object.keys(bad.body.errors).sort()).toEqual(['name', 'trennzeichen']);
    expect((await wasserwart.delete('Wasserbuch/DeleteFunkImportMapping', { name: 'Kamstrup Büro' })).status).toBe(204);
    expect((await wasserwart.delete('Wasserbuch/DeleteFunkImportMapping', { name: 'Kamstrup Büro' })).status).toBe(404);
    // The Wasserwart can read who changed the mapping (not only an administrator).
    const history = await wasserwart.get<{ action: string }[]>('Common/GetHistory', {
      entityID: 'FunkImportMapping:Kamstrup Büro',
    });
    expect(history.status, history.text).toBe(200);
    expect(history.body.map((h) => h.action).sort()).toEqual(['create', 'delete']);
  });

  it('reads a comma-separated file with decimal dots by column letters', async () => {
    const saved = await wasserwart.post<FunkMapping>('Wasserbuch/UpdateFunkImportMapping', {
      name: 'Buchstaben',
      spalteSeriennummer: 'A',
      spalteStand: 'B',
      spalteZeitstempel: 'C',
    });
    expect(saved.body).toMatchObject({ trennzeichen: 'auto', dezimalzeichen: 'auto', zeichensatz: 'auto' });
    const res = await upload(fixture('funk-komma-punkt.csv'), { mapping: 'Buchstaben' });
    expect(res.status, res.text).toBe(200);
    expect(res.body.zeilen.map((z) => [z.seriennummer, z.stand, z.datum])).toEqual([
      ['FW-1001', '125.500', '2026-04-03'],
      ['FW-1002', '90.000', '2026-04-03'],
    ]);
  });

  it('imports an XLSX export with number and date cells', async () => {
    const wb = new ExcelJS.Workbook();
    const ws = wb.addWorksheet('Export');
    ws.addRow(['Seriennummer', 'Zählerstand', 'Zeitstempel']);
    ws.addRow(['FW-1003', 2.25, new Date(Date.UTC(2026, 3, 20))]);
    ws.addRow(['fw-1001 ', '130,5', '20.04.2026']);
    const buf = Buffer.from(await wb.xlsx.writeBuffer());
    const res = await upload(buf, {}, 'export.xlsx');
    expect(res.status, res.text).toBe(200);
    expect(res.body.zeilen.map((z) => [z.zeile, z.parzelleId, z.stand, z.datum])).toEqual([
      [2, ids['FW-1003'], '2.250', '2026-04-20'],
      [3, ids['FW-1001'], '130.500', '2026-04-20'],
    ]);
    expect(await standOn('FW-1003', '2026-04-20')).toBe(2250);
  });

  it('lists bad rows and unknown serials and writes nothing, not even the good rows', async () => {
    const before = await readings();
    const res = await upload(fixture('funk-fehler.csv'));
    expect(res.status).toBe(422);
    expect(res.body.title).toBe('Die Datei enthält fehlerhafte Zeilen; es wurde nichts gespeichert.');
    expect(res.body.errors).toEqual({
      'zeile 3': ['Der Zählerstand „abc“ ist keine Zahl mit höchstens 3 Nachkommastellen.'],
      'zeile 4': ['Zähler „FW-9999“ gehört zu keiner Parzelle und keinem Hauptwasserzähler.'],
    });
    expect(await readings()).toEqual(before);
    // The preview shows them beside the good rows.
    const dry = await upload(fixture('funk-fehler.csv'), { dryRun: true });
    expect(dry.status, dry.text).toBe(200);
    expect(dry.body.zeilen.map((z) => z.zeile)).toEqual([2, 5]);
    expect(dry.body.fehler.map((f) => f.zeile)).toEqual([3, 4]);
    // The same meter twice for a day, an empty file, no file, no right.
    const twice = await upload(
      Buffer.from('Seriennummer;Zählerstand;Zeitstempel\nFW-1001;1;2026-05-01\nFW-1001;2;2026-05-01\n'),
    );
    expect(twice.body.errors['zeile 3']?.[0]).toContain('schon in Zeile 2');
    const empty = await upload(Buffer.from('\ufeff\r\n'));
    expect(empty.body.errors.file).toEqual(['Die Datei ist leer.']);
    const none = await wasserwart.request<Problem>('POST', 'Wasserbuch/ImportFunkwasserablesungData', {
      rawBody: new FormData(),
    });
    expect(none.status).toBe(422);
    const nobody = await upload(fixture('funk-standard.csv'), {}, 'x.csv', await app.signedIn([]));
    expect(nobody.status).toBe(403);
    expect(await readings()).toEqual(before);
  });
});
