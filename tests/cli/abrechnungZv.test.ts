import { existsSync, mkdtempSync, readdirSync, readFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ZvEintrag } from '../../src/modules/abrechnung/schema/zvData';
import { runKgv } from '../helpers/kgvCli';
import { startTestApp, type TestApp } from '../helpers/testApp';
import { seedZvBeispiel, ZV_DATUM, type ZvBeispiel } from '../helpers/zvBeispiel';

// `kgv abrechnung zv`: the Zahlungsvorschreibung from the command line — the check, the totals per
// kind, --json (= ZvData), --dry-run writing nothing, --einbuchen booking once, --out writing letters.

let app: TestApp;
let z: ZvBeispiel;
const kgv = (...args: string[]) =>
  runKgv(app.testDb, 'abrechnung', 'zv', '--jahr', '2026', '--datum', ZV_DATUM, ...args);
const anzahl = async (table: string) =>
  Number(((await app.services.db(table).count({ n: '*' }).first()) as { n: number | string }).n);

beforeAll(async () => {
  app = await startTestApp();
  z = await seedZvBeispiel(app.services);
});
afterAll(() => app.stop());

describe('kgv abrechnung zv', () => {
  // DOMAIN.md's club: plot 17 (1.397,79 €) and sixteen plots of 475 m² (1.553,44 € each) = 26.252,83 €.
  it('prints the totals per kind and count/sum; --dry-run writes nothing', async () => {
    const res = await kgv('--dry-run');
    expect(res.code, res.stderr).toBe(0);
    expect(res.stdout).toContain('Zahlungsvorschreibung 2026 zum 01.03.2026, fällig am 31.03.2026');
    expect(res.stdout).toMatch(/Pachtzins\s+€ 10\.480,00/);
    expect(res.stdout).toMatch(/Wasser-Akonto\s+€ 5\.100,00/);
    expect(res.stdout).toMatch(/Summe\s+€ 26\.252,83/);
    expect(res.stdout).toContain('17 Brief(e), Summe € 26.252,83.');
    expect(res.stdout).toContain('Probelauf, nichts gebucht.');
    expect(await anzahl('rechnungen')).toBe(0);
  });

  it('prints ZvData with --json', async () => {
    const res = await kgv('--json');
    expect(res.code, res.stderr).toBe(0);
    const eintraege = JSON.parse(res.stdout) as ZvEintrag[];
    expect(eintraege).toHaveLength(17);
    expect(eintraege.find((e) => e.adresseId === z.huber)?.summeCent).toBe(139_779);
  });

  it('names the problems and exits 1 without booking', async () => {
    const iban = { section: 'Bank', key: 'iban' };
    const bank = await app.services.db('settings').where(iban).first();
    await app.services.db('settings').where(iban).delete();
    try {
      const res = await kgv('--einbuchen');
      expect(res.code).toBe(1);
      expect(res.stderr).toContain('Zahlungsvorschreibung 2026 kann noch nicht gebucht werden:');
      expect(res.stderr).toContain(
        '- In den Vereinseinstellungen fehlt die Bankverbindung (IBAN) für die Zahlscheine.',
      );
      expect(await anzahl('rechnungen')).toBe(0);
    } finally {
      if (bank) await app.services.db('settings').insert(bank);
    }
  });

  it('books with --einbuchen once and writes the booked letters with --out', async () => {
    const dir = mkdtempSync(path.join(os.tmpdir(), 'kgv-zv-'));
    const res = await kgv('--einbuchen', '--out', path.join(dir, 'zv.pdf'));
    expect(res.code, res.stderr).toBe(0);
    expect(res.stdout).toContain('Gebucht: 17 Forderung(en), Summe € 26.252,83 (2026-00001 bis 2026-00017).');
    expect(res.stdout).toContain(`17 Brief(e) in ${path.join(dir, 'zv.pdf')} geschrieben.`);
    expect(readFileSync(path.join(dir, 'zv.pdf')).subarray(0, 5).toString()).toBe('%PDF-');
    expect(await anzahl('rechnungen')).toBe(17);

    const again = await kgv('--einbuchen');
    expect(again.code).toBe(1);
    expect(again.stderr).toContain('Die Zahlungsvorschreibung ist bereits gebucht');
    expect(await anzahl('rechnungen')).toBe(17);

    const einzeln = path.join(dir, 'briefe');
    const out = await kgv('--out', einzeln);
    expect(out.code, out.stderr).toBe(0);
    expect(out.stdout).toContain('gebucht am');
    expect(existsSync(einzeln)).toBe(true);
    const dateien = readdirSync(einzeln);
    expect(dateien).toHaveLength(17);
    expect(dateien).toContain('2026-00017_Huber_Maria.pdf');
    // Printed twice after booking (one file, then one per address): a 'gedruckt' line per receivable each time.
    const gedruckt = await app.services.db('versandprotokoll').where({ aktion: 'gedruckt' }).count({ n: '*' }).first();
    expect(Number(gedruckt?.n)).toBe(34);
  }, 240_000);
});
