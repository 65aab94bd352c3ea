import { writeFileSync } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AppServices } from '../../src/platform/services';
import { buildHauptwasserzaehler, buildParzelle } from '../helpers/factories';
import { repoRoot, runKgv } from '../helpers/kgvCli';
import { createTestDb, type TestDb } from '../helpers/testDb';

// `kgv import wasser FILE`: the radio-meter import from the command line, as a Wasserwart runs it.

const fixture = (name: string) => path.join(repoRoot, 'tests/fixtures/wasser', name);
let t: TestDb;

const kgv = (...args: string[]) => runKgv(t, ...args);
const readings = async () =>
  (await t.db('wasserablesungen').orderBy('id').select('datum', 'zaehlernummer', 'stand_liter', 'quelle')).map((r) => [
    String(r.datum).slice(0, 10),
    r.zaehlernummer,
    Number(r.stand_liter),
    r.quelle,
  ]);

beforeAll(async () => {
  t = await createTestDb();
  // The factories only use the database of the services.
  const services = { db: t.db } as AppServices;
  const hwz = await buildHauptwasserzaehler(services, { nummer: 'HWZ-F1' });
  for (const wz of ['FW-1001', 'FW-1002', 'FW-1003']) {
    await buildParzelle(services, { wasserzaehlerNummer: wz, hauptwasserzaehlerId: hwz.id });
  }
});
afterAll(() => t.cleanup());

describe('kgv import wasser', () => {
  it('refuses a file with bad rows with exit code 1, naming each row, and writes nothing', async () => {
    const res = await kgv('import', 'wasser', fixture('funk-fehler.csv'));
    expect(res.code).toBe(1);
    expect(res.stderr).toContain('Fehler Zeile 3: Der Zählerstand „abc“ ist keine Zahl');
    expect(res.stderr).toContain('Fehler Zeile 4: Zähler „FW-9999“ gehört zu keiner Parzelle');
    expect(res.stderr).toContain('2 Fehler – es wurde nichts eingelesen.');
    expect(await readings()).toEqual([]);
    const wrong = await kgv('import', 'wasser', fixture('funk-komma-punkt.csv'));
    expect(wrong.code).not.toBe(0);
    expect(wrong.stderr).toContain('Die Spalte „Seriennummer“ fehlt in der Datei.');
    const badDate = await kgv('import', 'wasser', fixture('funk-standard.csv'), '--datum', '05.04.2026');
    expect(badDate.code).not.toBe(0);
    expect(badDate.stderr).toContain('kein Datum im Format JJJJ-MM-TT');
  }, 120_000);

  it('previews with --dry-run, imports, and replaces only with --overwrite', async () => {
    const dry = await kgv('import', 'wasser', fixture('funk-standard.csv'), '--dry-run');
    expect(dry.code, dry.stderr).toBe(0);
    expect(dry.stdout).toContain('Probelauf (Schema „Standard“): 4 Zeilen, 4 neu');
    expect(await readings()).toEqual([]);

    const done = await kgv('import', 'wasser', fixture('funk-standard.csv'), '--datum', '2026-04-05');
    expect(done.code, done.stderr).toBe(0);
    expect(done.stdout).toContain('geschrieben: 4.');
    expect(await readings()).toEqual([
      ['2026-04-05', 'FW-1001', 123456, 'funk'],
      ['2026-04-05', 'FW-1002', 88500, 'funk'],
      ['2026-04-05', 'FW-1003', 125, 'funk'],
      ['2026-04-05', 'HWZ-F1', 5000000, 'funk'],
    ]);
    // Another stand for that day: skipped without --overwrite, replaced with it.
    const csv = path.join(t.config.dataDir, 'neu.csv');
    writeFileSync(csv, 'Seriennummer;Zählerstand;Zeitstempel\nFW-1001;124,5;2026-04-05\n');
    const without = await kgv('import', 'wasser', csv);
    expect(without.stdout).toContain('1 übersprungen');
    const over = await kgv('import', 'wasser', csv, '--overwrite');
    expect(over.code, over.stderr).toBe(0);
    expect(over.stdout).toContain('1 ersetzt');
    expect((await readings())[0]).toEqual(['2026-04-05', 'FW-1001', 124500, 'funk']);
  }, 120_000);
});
