import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { BankImportErgebnis } from '../../src/modules/kassa/schema/bankimport';
import { type KassaBeispiel, seedKassaBeispiel } from '../helpers/kassaBeispiel';
import { repoRoot, runKgv } from '../helpers/kgvCli';
import { createTestDb, type TestDb } from '../helpers/testDb';

// `kgv import bank --konto NAME FILE`: the bank import from the command line, as the Kassier runs it.

const fixture = (name: string) => path.join(repoRoot, 'tests/fixtures/bank', name);
let t: TestDb;
let k: KassaBeispiel;
const kgv = (...args: string[]) => runKgv(t, ...args);
const anzahl = async () => Number((await t.db('kassabuch').count({ n: '*' }))[0]?.n);

beforeAll(async () => {
  t = await createTestDb();
  k = await seedKassaBeispiel(t.db, { jahre: [2025, 2014] });
});
afterAll(() => t.cleanup());

describe('kgv import bank', () => {
  it('previews with --dry-run, imports, and skips the duplicates the second time', async () => {
    const file = fixture('camt053-v08-stapel-storno.xml');
    const dry = await kgv('import', 'bank', '--konto', 'Girokonto Erste', file, '--dry-run');
    expect(dry.code, dry.stderr).toBe(0);
    expect(dry.stdout).toMatch(/^Datum\s+Betrag\s+Name\s+Verwendungszweck\s+Duplikat/);
    expect(dry.stdout).toContain('03.02.2025  € 150,00  Maria Gärtner');
    expect(dry.stdout).toContain('Storno: Wien Energie GmbH');
    expect(dry.stdout).toContain('Probelauf, nichts geschrieben – würde importieren: 4 Buchung(en), 0 Duplikat(e)');
    expect(dry.stdout).toContain('Anfangssaldo € 1.000,00 + Buchungen € 299,50 = Endsaldo € 1.299,50: stimmt.');
    expect(await anzahl()).toBe(0);

    const done = await kgv('import', 'bank', '--konto', String(k.bank), file);
    expect(done.code, done.stderr).toBe(0);
    expect(done.stdout).toContain('Importiert: 4 Buchung(en), 0 Duplikat(e) übersprungen (Format camt).');
    expect(await anzahl()).toBe(4);
    expect(await t.db('bank_importe').first('dateiname')).toEqual({ dateiname: 'camt053-v08-stapel-storno.xml' });

    const again = await kgv('import', 'bank', '--konto', 'girokonto erste', file, '--json');
    expect(again.code, again.stderr).toBe(0);
    const json = JSON.parse(again.stdout) as BankImportErgebnis;
    expect(json).toMatchObject({ importiert: 0, duplikate: 4, format: 'camt' });
    expect(json.eintraege.every((e) => e.duplikat)).toBe(true);
    expect(await anzahl()).toBe(4);
  }, 120_000);

  it('refuses with exit code 1 and a German message, writing nothing', async () => {
    const vorher = await anzahl();
    const broken = await kgv('import', 'bank', '--konto', 'Girokonto Erste', fixture('kaputt.xml'));
    expect(broken.code).toBe(1);
    expect(broken.stderr).toMatch(/Zeile \d+/);
    expect(broken.stderr).toContain('Es wurde nichts importiert.');
    const foreign = await kgv('import', 'bank', '--konto', 'Girokonto Erste', fixture('oca-test-camt053.xml'));
    expect(foreign.code).toBe(1);
    expect(foreign.stderr).toContain('Der Kontoauszug ist für das Konto NL77ABNA0574908765');
    const konto = await kgv('import', 'bank', '--konto', 'Sparbuch', fixture('george.csv'));
    expect(konto.code).not.toBe(0);
    expect(konto.stderr).toContain('Ein Konto „Sparbuch“ gibt es nicht.');
    expect(await anzahl()).toBe(vorher);
  }, 120_000);

  it('reports a statement that does not balance, with --ignore-iban; ELBA by --mapping', async () => {
    const res = await kgv(
      'import',
      'bank',
      '--konto',
      'Girokonto Erste',
      fixture('oca-test-camt053.xml'),
      '--ignore-iban',
    );
    expect(res.code, res.stderr).toBe(0);
    expect(res.stdout).toContain('stimmt NICHT');
    expect(res.stdout).toContain('Warnung: Der Kontoauszug geht nicht auf');
    const elba = await kgv('import', 'bank', '--konto', 'Handkassa', fixture('elba.csv'), '--mapping', 'ELBA');
    expect(elba.code, elba.stderr).toBe(0);
    expect(elba.stdout).toContain('Importiert: 3 Buchung(en), 0 Duplikat(e) übersprungen (Format elba).');
  }, 120_000);
});
