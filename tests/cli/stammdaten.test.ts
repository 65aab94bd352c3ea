import { execFile } from 'node:child_process';
import { mkdtempSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import ExcelJS from 'exceljs';
import { afterAll, describe, expect, it } from 'vitest';
import { seedDemoStammdaten } from '../../src/modules/stammdaten/seedDemo';
import { EXPORT_TABLES, tableRows } from '../../src/modules/stammdaten/services/exportAll';
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
    await source.db('hauptwasserzaehler_ablesungen').insert({
      hauptwasserzaehler_id: 1,
      datum: '2025-12-31',
      stand: '12340.125',
      art: 'ablesung',
      zaehlernummer: 'HWZ-1',
      created_at: now,
    });

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
    const adresse = await target.db('adressen').first();
    expect(adresse.created_at).toBeTruthy();
    expect(adresse.updated_at).toBeTruthy();

    // A second import into the now filled database is refused and changes nothing.
    const again = await kgv(target, 'import', 'stammdaten', file, '--yes');
    expect(again.code).toBe(1);
    expect(again.stderr).toContain('enthält bereits Stammdaten');
    expect(await count(target, 'parzellen')).toBe(120);
  }, 180_000);

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
    const lease = await t.db('pachtverhaeltnisse').where({ adresse_id: huber.id }).first();
    expect(lease.von).toBe('2016-05-01');
    const gruber = await t.db('adressen').where({ nachname: 'Gruber' }).first();
    expect(gruber).toMatchObject({ titel: 'Dr.', geburtsdatum: '1950-12-02' });
    const bauer = await t.db('adressen').where({ nachname: 'Bauer' }).first();
    expect(await t.db('pachtverhaeltnisse').where({ adresse_id: bauer.id }).first()).toBeUndefined();
  }, 120_000);
});
