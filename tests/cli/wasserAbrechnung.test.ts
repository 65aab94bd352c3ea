import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Wasserabrechnung } from '../../src/modules/wasserbuch/schema/abrechnung';
import { nowDb } from '../../src/platform/db/db';
import { runKgv } from '../helpers/kgvCli';
import { createTestDb, type TestDb } from '../helpers/testDb';

// `kgv wasser abrechnung` as the Kassier runs it: the per-plot table in German, --json with the
// API's object, --dry-run storing nothing, the stored settlement, and the refusals on stderr.
// DOMAIN.md's example (proportional): P1 351.22 €, P2 351.22 €, P3 257.56 € plus 10.00 € each.

let t: TestDb;

const kgv = (...args: string[]) => runKgv(t, ...args);

const ts = () => ({ created_at: nowDb(), updated_at: nowDb() });

beforeAll(async () => {
  t = await createTestDb();
  const db = t.db;
  const [hwz] = await db('hauptwasserzaehler').insert({ nummer: 'HWZ-1', ...ts() });
  const [jahr] = await db('pachtabrechnungen').insert({ jahr: 2026, bezeichnung: '2026', ...ts() });
  await db('wassergrunddaten').insert({
    pachtabrechnung_id: Number(jahr),
    preis_pro_m3: '2.00',
    grundgebuehr_cent: 1000,
    schwund_methode: 'proportional',
    akonto_mindest_cent: 0,
    verbrauchsfaktor_warnung: '3',
    schwund_warnung_prozent: '30',
    ...ts(),
  });
  const reading = (
    datum: string,
    owner: { parzelle_id?: number; hauptwasserzaehler_id?: number },
    zaehlernummer: string,
    liter: number,
  ) =>
    db('wasserablesungen').insert({
      datum,
      parzelle_id: owner.parzelle_id ?? null,
      hauptwasserzaehler_id: owner.hauptwasserzaehler_id ?? null,
      zaehler_key: owner.parzelle_id ? `P${owner.parzelle_id}` : `H${owner.hauptwasserzaehler_id}`,
      zaehlernummer,
      stand_liter: liter,
      is_zaehlerwechsel: false,
      quelle: 'manuell',
      ...ts(),
    });
  await reading('2025-10-31', { hauptwasserzaehler_id: Number(hwz) }, 'HWZ-1', 12_340_000);
  await reading('2026-10-31', { hauptwasserzaehler_id: Number(hwz) }, 'HWZ-1', 12_820_000);
  const volumes: [string, number, number][] = [
    ['1', 100_000, 250_000],
    ['2', 0, 150_000],
    ['3', 40_000, 150_000],
  ];
  for (const [nummer, von, bis] of volumes) {
    const [id] = await db('parzellen').insert({
      nummer,
      wasserzaehler_nummer: `WZ-${nummer}`,
      hauptwasserzaehler_id: Number(hwz),
      ...ts(),
    });
    await reading('2025-10-31', { parzelle_id: Number(id) }, `WZ-${nummer}`, von);
    await reading('2026-10-31', { parzelle_id: Number(id) }, `WZ-${nummer}`, bis);
  }
});
afterAll(() => t?.cleanup());

const stored = async () => Number((await t.db('wasserabrechnungen').count({ n: '*' }).first())?.n);

describe('kgv wasser abrechnung', () => {
  it('prints the per-plot table and the totals in German on a dry run, storing nothing', async () => {
    const res = await kgv('wasser', 'abrechnung', '--stichtag', '2026-10-31', '--dry-run');
    expect(res.code, res.stderr).toBe(0);
    expect(res.stdout).toContain('Probelauf – nichts gespeichert: Wasserabrechnung 31.10.2025 bis 31.10.2026');
    const row = (nummer: string) => res.stdout.split('\n').find((l) => l.startsWith(`${nummer} `))!;
    expect(row('1')).toMatch(/150,000\s+25,610\s+2,00\s+€ 300,00\s+€ 51,22\s+€ 10,00\s+€ 0,00\s+€ 361,22/);
    expect(row('3')).toMatch(/110,000\s+18,780\s+2,00\s+€ 220,00\s+€ 37,56\s+€ 10,00\s+€ 0,00\s+€ 267,56/);
    expect(row('Summe')).toMatch(
      /410,000\s+70,000\s+€ 820,00\s+€ 140,00\s+€ 30,00\s+€ 0,00\s+€ 990,00\s+€ 0,00\s+€ 990,00/,
    );
    expect(res.stdout).toContain(
      'Hauptwasserzähler HWZ-1: 480,000 m³, Parzellen 410,000 m³, Schwund 70,000 m³ (14,58 %)',
    );
    expect(res.stdout).toContain('Gesamt: Nachzahlung € 990,00');
    expect(await stored()).toBe(0);
  });

  it('stores the settlement with the akonto named by --akonto and prints it as the API’s JSON with --json; refuses a second one', async () => {
    // An akonto calculation after `von`, so only --akonto picks it (the default takes one on or before `von`).
    for (const p of await t.db('parzellen').select('id')) {
      await t.db('wasserakonto').insert({ stichtag: '2026-01-15', parzelle_id: p.id, akonto_cent: 30000, ...ts() });
    }
    const res = await kgv('wasser', 'abrechnung', '--stichtag', '2026-10-31', '--akonto', '2026-01-15', '--json');
    expect(res.code, res.stderr).toBe(0);
    const a = JSON.parse(res.stdout) as Wasserabrechnung;
    expect(a.id).toBeGreaterThan(0);
    expect(a.akontoStichtag).toBe('2026-01-15');
    expect(a.zeilen.map((z) => [z.parzelleNummer, z.betragCent, z.akontoCent, z.differenzCent])).toEqual([
      ['1', 36122, 30000, 6122],
      ['2', 36122, 30000, 6122],
      ['3', 26756, 30000, -3244],
    ]);
    expect(await stored()).toBe(1);
    const again = await kgv('wasser', 'abrechnung', '--stichtag', '2026-10-31');
    expect(again.code).not.toBe(0);
    expect(again.stderr).toContain('Zum 31.10.2026 gibt es bereits eine Wasserabrechnung.');
  });

  it('names the missing readings and a bad date on stderr', async () => {
    const res = await kgv('wasser', 'abrechnung', '--stichtag', '2026-12-31', '--dry-run');
    expect(res.code).not.toBe(0);
    expect(res.stderr).toContain('Parzelle 1: Für den Zähler „WZ-1“ fehlt die Ablesung am 31.12.2026.');
    expect(res.stderr).toContain('Hauptwasserzähler HWZ-1: Für den Zähler „HWZ-1“ fehlt die Ablesung am 31.12.2026.');
    const bad = await kgv('wasser', 'abrechnung', '--stichtag', '31.12.2026');
    expect(bad.code).toBe(2);
    expect(bad.stderr).toContain('kein Datum');
  });
});
