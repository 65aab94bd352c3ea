import { execFile } from 'node:child_process';
import { mkdtempSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import ExcelJS from 'exceljs';
import { afterAll, describe, expect, it } from 'vitest';
// The water book registers itself with Stammdaten (it keeps the sheet HWZAblesungen's rows).
import '../../src/modules/wasserbuch';
import { seedDemoStammdaten } from '../../src/modules/stammdaten/seedDemo';
import { tableRows } from '../../src/modules/stammdaten/services/exportAll';
import { EXPORT_TABLES } from '../../src/modules/stammdaten/services/exportTables';
import { nowDb } from '../../src/platform/db/db';
import type { AppServices } from '../../src/platform/services';
import { createTestDb, type TestDb } from '../helpers/testDb';

const run = promisify(execFile);
const root = path.resolve(import.meta.dirname, '../..');
const bin = path.join(root, 'bin/kgv.mjs');
const dir = mkdtempSync(path.join(os.tmpdir(), 'kgv-stammdaten-cli-'));
const dbs: TestDb[] = [];

const envOf = (t: TestDb): NodeJS.ProcessEnv => ({
  PATH: process.env.PATH,
  HOME: process.env.HOME,
  DATA_DIR: t.config.dataDir,
  SESSION_SECRET: t.config.sessionSecret,
  ...(t.config.databaseUrl ? { DATABASE_URL: t.config.databaseUrl } : {}),
});

/** Runs `kgv` as a user would, without a terminal attached (stdin closed). */
async function kgv(t: TestDb, ...args: string[]): Promise<{ code: number; stdout: string; stderr: string }> {
  try {
    const { stdout, stderr } = await run(process.execPath, [bin, ...args], { env: envOf(t), timeout: 120_000 });
    return { code: 0, stdout, stderr };
  } catch (err) {
    const e = err as { code: number; stdout: string; stderr: string };
    return { code: e.code, stdout: e.stdout, stderr: e.stderr };
  }
}

async function freshDb() {
  const t = await createTestDb();
  dbs.push(t);
  return t;
}

async function clubSheet(file: string, rows: unknown[][]) {
  const wb = new ExcelJS.Workbook();
  const ws = wb.addWorksheet('Mitglieder');
  ws.addRow([
    'Parzelle',
    'Fläche',
    'Anrede',
    'Titel',
    'Vorname',
    'Nachname',
    'Strasse',
    'PLZ',
    'Ort',
    'E-Mail',
    'Telefon',
    'Geburtsdatum',
    'Eintritt',
  ]);
  for (const r of rows) ws.addRow(r);
  await wb.xlsx.writeFile(file);
  return file;
}

const count = async (t: TestDb, table: string) => Number((await t.db(table).count({ n: '*' }).first())?.n ?? 0);

const goodRows = [
  [
    '7',
    '400,5',
    'Frau',
    '',
    'Maria',
    'Huber',
    'Favoritenstraße 1',
    1100,
    'Wien',
    'maria@example.at',
    '0664 1234567',
    new Date(Date.UTC(1976, 2, 15)),
    '01.05.2016',
  ],
  ['8', 312.25, 'Herr', 'Dr.', 'Franz', 'Gruber', 'Gürtel 3', '1150', 'Wien', '', '', '02.12.1950', ''],
  ['', '', 'Herr', '', 'Karl', 'Bauer', 'Ring 9', '1010', 'Wien', '', '', '', '2001-03-03'],
];

afterAll(async () => {
  for (const t of dbs) await t.cleanup();
});

describe('kgv export / import stammdaten', () => {
  it('round-trips the demo club: export, then import into an empty database gives the same data', async () => {
    const source = await freshDb();
    const now = nowDb();
    await source.db('abstellplatz_kategorien').insert([
      { name: 'Fahrrad', jahresgebuehr_cent: 1000, aktiv: true, created_at: now, updated_at: now },
      { name: 'Auto', jahresgebuehr_cent: 6000, aktiv: true, created_at: now, updated_at: now },
    ]);
    await seedDemoStammdaten({} as AppServices, source.db);
    await seedDemoStammdaten({} as AppServices, source.db);
    expect(await count(source, 'parzellen')).toBe(120);
    expect(await count(source, 'abstellplaetze')).toBe(30);
    expect(await count(source, 'pachtverhaeltnisse')).toBe(115);
    // Main-meter readings are the water book's (sheet HWZAblesungen): a change and an ordinary reading.
    const hwz = { parzelle_id: null, hauptwasserzaehler_id: 1, zaehler_key: 'H1', created_at: now, updated_at: now };
    await source.db('wasserablesungen').insert([
      { ...hwz, datum: '2025-12-31', zaehlernummer: 'HWZ-0', stand_liter: 12340125, is_zaehlerwechsel: true },
      { ...hwz, datum: '2025-12-31', zaehlernummer: 'HWZ-1', stand_liter: 5, is_zaehlerwechsel: false },
      { ...hwz, datum: '2026-04-01', zaehlernummer: 'HWZ-1', stand_liter: 800000, is_zaehlerwechsel: false },
    ]);

    const file = path.join(dir, 'export.xlsx');
    const exported = await kgv(source, 'export', 'stammdaten', file);
    expect(exported.stderr).toBe('');
    expect(exported.code).toBe(0);

    const target = await freshDb();
    const imported = await kgv(target, 'import', 'stammdaten', file, '--yes');
    expect(imported.stderr).toBe('');
    expect(imported.code).toBe(0);
    expect(imported.stdout).toContain('Eingelesen (Gesamtsicherung)');
    for (const spec of EXPORT_TABLES) {
      expect(await tableRows(target.db, spec), spec.table).toEqual(await tableRows(source.db, spec));
    }
    expect(
      (await target.db('wasserablesungen').orderBy('id').select('zaehlernummer', 'is_zaehlerwechsel')).map((r) => [
        r.zaehlernummer,
        Boolean(r.is_zaehlerwechsel),
      ]),
    ).toEqual([
      ['HWZ-0', true],
      ['HWZ-1', false],
      ['HWZ-1', false],
    ]);
    const adresse = await target.db('adressen').first();
    expect(adresse?.created_at).toBeTruthy();
    expect(adresse?.updated_at).toBeTruthy();

    // A second import into the now filled database is refused and changes nothing.
    const again = await kgv(target, 'import', 'stammdaten', file, '--yes');
    expect(again.code).toBe(1);
    expect(again.stderr).toContain('enthält bereits Stammdaten');
    expect(await count(target, 'parzellen')).toBe(120);
  }, 180_000);

  it('maps years the target already has and keeps the Parkkarten info of every year', async () => {
    const source = await freshDb();
    const now = nowDb();
    const stamps = { created_at: now, updated_at: now };
    // The source began in 2024: ids 1 = 2024, 2 = 2025.
    await source.db('pachtabrechnungen').insert([
      { id: 1, jahr: 2024, bezeichnung: 'Pachtabrechnung 2024', ...stamps },
      { id: 2, jahr: 2025, bezeichnung: 'Pachtabrechnung 2025', ...stamps },
    ]);
    await source.db('parzellen').insert({ id: 5, nummer: '5', flaeche: '300.00', ...stamps });
    await source.db('parzelle_jahr').insert([
      { parzelle_id: 5, pachtabrechnung_id: 1, gemeinschaftsflaeche: '10.00', anzahl_parkkarten: 1 },
      { parzelle_id: 5, pachtabrechnung_id: 2, gemeinschaftsflaeche: '12.50', anzahl_parkkarten: 2 },
    ]);
    await source.db('parkkarten_info').insert([
      { pachtabrechnung_id: 1, gebuehr_cent: 500, gueltig_bis: '2024-12-31', hinweis: 'alt', updated_at: now },
      { pachtabrechnung_id: 2, gebuehr_cent: 700, gueltig_bis: '2025-12-31', hinweis: 'Tor 2', updated_at: now },
    ]);
    await source.db('adressen').insert({ id: 3, nachname: 'Huber', vorname: 'Maria', ...stamps });
    const file = path.join(dir, 'years.xlsx');
    expect((await kgv(source, 'export', 'stammdaten', file)).code).toBe(0);

    // The target's first start created 2025 as id 1: the workbook's id 1 (2024) is taken.
    const target = await freshDb();
    await target.db('pachtabrechnungen').insert({ id: 1, jahr: 2025, bezeichnung: 'Pachtabrechnung 2025', ...stamps });
    const imported = await kgv(target, 'import', 'stammdaten', file, '--yes');
    expect(imported.stderr).toBe('');
    expect(imported.code).toBe(0);
    const byYear = async (t: TestDb) =>
      (
        await t
          .db('parzelle_jahr as pj')
          .join('pachtabrechnungen as pa', 'pa.id', 'pj.pachtabrechnung_id')
          .select('pa.jahr', 'pj.gemeinschaftsflaeche', 'pj.anzahl_parkkarten')
          .orderBy('pa.jahr')
      ).map((r) => [Number(r.jahr), Number(r.gemeinschaftsflaeche).toFixed(2), Number(r.anzahl_parkkarten)]);
    expect(await byYear(target)).toEqual([
      [2024, '10.00', 1],
      [2025, '12.50', 2],
    ]);
    const karten = async (t: TestDb) =>
      (
        await t
          .db('parkkarten_info as pk')
          .join('pachtabrechnungen as pa', 'pa.id', 'pk.pachtabrechnung_id')
          .select('pa.jahr', 'pk.gebuehr_cent', 'pk.hinweis')
          .orderBy('pa.jahr')
      ).map((r) => [Number(r.jahr), Number(r.gebuehr_cent), r.hinweis]);
    expect(await karten(target)).toEqual([
      [2024, 500, 'alt'],
      [2025, 700, 'Tor 2'],
    ]);
    // Each imported record starts its Verlauf with "importiert".
    const hist = await target.db('history').where({ entity_type: 'Parzelle', entity_id: '5' });
    expect(hist).toMatchObject([{ action: 'import', user_name: 'kgv import stammdaten' }]);
    expect(JSON.parse(hist[0].after)).toMatchObject({ id: 5, nummer: '5', flaeche: '300.00', gruppeId: null });
    expect(await target.db('history').where({ entity_type: 'Adresse', entity_id: '3', action: 'import' })).toHaveLength(
      1,
    );
  }, 120_000);

  it('checks references, duplicates, lengths and periods of a backup before writing anything', async () => {
    const source = await freshDb();
    const now = nowDb();
    const stamps = { created_at: now, updated_at: now };
    await source.db('parzellen').insert([
      { id: 1, nummer: '1', flaeche: '300.00', ...stamps },
      { id: 2, nummer: '2', flaeche: '300.00', ...stamps },
    ]);
    await source.db('adressen').insert([
      { id: 1, nachname: 'Huber', vorname: 'Maria', ...stamps },
      { id: 2, nachname: 'Maier', vorname: 'Josef', ...stamps },
    ]);
    await source.db('pachtverhaeltnisse').insert([
      { id: 1, parzelle_id: 1, adresse_id: 1, von: '2020-01-01', bis: null, created_at: now },
      { id: 2, parzelle_id: 2, adresse_id: 2, von: '2021-01-01', bis: null, created_at: now },
    ]);
    const good = path.join(dir, 'backup.xlsx');
    expect((await kgv(source, 'export', 'stammdaten', good)).code).toBe(0);

    // Someone edits the backup in Excel and breaks it in five ways.
    const wb = new ExcelJS.Workbook();
    await wb.xlsx.readFile(good);
    const cellOf = (sheet: string, row: number, header: string) => {
      const ws = wb.getWorksheet(sheet)!;
      const col = (ws.getRow(1).values as unknown[]).indexOf(header);
      return ws.getRow(row).getCell(col);
    };
    cellOf('Parzellen', 3, 'nummer').value = '1';
    cellOf('Adressen', 2, 'nachname').value = '';
    cellOf('Adressen', 3, 'vorname').value = 'J'.repeat(101);
    cellOf('Pachtverhaeltnisse', 3, 'adresse_id').value = 99;
    cellOf('Pachtverhaeltnisse', 3, 'parzelle_id').value = 1;
    const bad = path.join(dir, 'backup-bad.xlsx');
    await wb.xlsx.writeFile(bad);

    const target = await freshDb();
    const r = await kgv(target, 'import', 'stammdaten', bad, '--yes');
    expect(r.code).toBe(1);
    expect(r.stderr).toContain('Tabelle Parzellen, Zeile 3, Spalte nummer: „1“ steht schon in Zeile 2.');
    expect(r.stderr).toContain('Tabelle Adressen, Zeile 2, Spalte nachname: Das Feld darf nicht leer sein.');
    expect(r.stderr).toContain('Tabelle Adressen, Zeile 3, Spalte vorname: Der Text ist länger als 100 Zeichen.');
    expect(r.stderr).toContain(
      'Tabelle Pachtverhaeltnisse, Zeile 3, Spalte adresse_id: Die Tabelle Adressen hat keine Zeile mit der id 99.',
    );
    expect(r.stderr).toContain(
      'Tabelle Pachtverhaeltnisse, Zeile 3, Spalte von: Der Zeitraum überschneidet sich mit Zeile 2',
    );
    expect(r.stderr).toContain('5 Fehler – es wurde nichts eingelesen.');
    for (const table of ['parzellen', 'adressen', 'pachtverhaeltnisse', 'history'])
      expect(await count(target, table), table).toBe(0);
  }, 120_000);

  it('checks every row of a club sheet first and imports nothing when one is wrong', async () => {
    const t = await freshDb();
    const file = await clubSheet(path.join(dir, 'bad.xlsx'), [
      goodRows[0]!,
      ['9', '300', 'Herr', '', 'Otto', 'Moser', 'Gasse 2', 'A-1100', 'Wien', '', '', '', ''],
      ['10', '300', 'Frau', '', 'Eva', '', 'Gasse 3', '1100', 'Wien', '', '', '31.02.1980', ''],
    ]);
    const r = await kgv(t, 'import', 'stammdaten', file, '--yes');
    expect(r.code).toBe(1);
    expect(r.stderr).toContain('Zeile 3, Spalte PLZ: „A-1100“ ist keine gültige Postleitzahl');
    expect(r.stderr).toContain('Zeile 4, Spalte Nachname: Der Nachname fehlt.');
    expect(r.stderr).toContain('Zeile 4, Spalte Geburtsdatum:');
    expect(r.stderr).toContain('es wurde nichts eingelesen');
    expect(await count(t, 'adressen')).toBe(0);
    expect(await count(t, 'parzellen')).toBe(0);
  }, 120_000);

  it('a dry run checks and counts, refuses without --yes and a terminal, then imports with --yes', async () => {
    const t = await freshDb();
    const file = await clubSheet(path.join(dir, 'good.xlsx'), goodRows);

    const dry = await kgv(t, 'import', 'stammdaten', file, '--dry-run');
    expect(dry.code).toBe(0);
    expect(dry.stdout).toContain('Probelauf (Vereinsliste)');
    expect(dry.stdout).toContain('2 Parzellen, 3 Adressen, 2 Pachtverhaeltnisse');
    expect(await count(t, 'adressen')).toBe(0);

    const refused = await kgv(t, 'import', 'stammdaten', file);
    expect(refused.code).toBe(2);
    expect(refused.stderr).toContain('Bitte mit --yes bestätigen');
    expect(await count(t, 'adressen')).toBe(0);

    const ok = await kgv(t, 'import', 'stammdaten', file, '--yes');
    expect(ok.stderr).toBe('');
    expect(ok.code).toBe(0);
    const plots = await t.db('parzellen').orderBy('nummer').select('nummer', 'flaeche');
    expect(plots.map((p) => [p.nummer, Number(p.flaeche).toFixed(2)])).toEqual([
      ['7', '400.50'],
      ['8', '312.25'],
    ]);
    const huber = await t.db('adressen').where({ nachname: 'Huber' }).first();
    expect(huber).toMatchObject({ plz: '1100', geburtsdatum: '1976-03-15', eintrittsdatum: '2016-05-01', flags: 256 });
    const lease = await t.db('pachtverhaeltnisse').where({ adresse_id: huber?.id }).first();
    expect(lease?.von).toBe('2016-05-01');
    const gruber = await t.db('adressen').where({ nachname: 'Gruber' }).first();
    expect(gruber).toMatchObject({ titel: 'Dr.', geburtsdatum: '1950-12-02' });
    const bauer = await t.db('adressen').where({ nachname: 'Bauer' }).first();
    expect(await t.db('pachtverhaeltnisse').where({ adresse_id: bauer?.id }).first()).toBeUndefined();
  }, 120_000);
});
