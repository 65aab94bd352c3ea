import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { unzipSync } from 'fflate';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bucheEintraege } from '../../src/modules/kassa/services/buchen';
import { closeKassaabrechnung } from '../../src/modules/kassa/services/kassaabrechnungen';
import { newKassaabrechnung } from '../../src/modules/kassa/services/kassaabrechnungNeu';
import { filterVon } from '../../src/modules/kassa/services/kassabuchFilter';
import { schliesseGefilterte } from '../../src/modules/kassa/services/pruefen';
import type { VerifyErgebnis } from '../../src/modules/kassa/services/verify';
import { systemActor } from '../../src/platform/auth/principal';
import { inTransaction } from '../../src/platform/db/db';
import { createFileStore } from '../../src/platform/files/fileStore';
import { type KassaBeispiel, seedKassaBeispiel } from '../helpers/kassaBeispiel';
import { runKgv } from '../helpers/kgvCli';
import { createTestDb, type TestDb } from '../helpers/testDb';

// `kgv kassa verify` and `kgv kassa pruefpaket` as the Kassier or the Rechnungsprüfer run them: exit 0
// and a German summary on an intact book; exit 1 naming the entry after a checked row was changed in
// the database, and after a carry-over was broken; the audit package written as a ZIP file.

let t: TestDb;
let k: KassaBeispiel;
let dir = '';
const actor = systemActor('Test');
const kgv = (...args: string[]) => runKgv(t, ...args);

beforeAll(async () => {
  t = await createTestDb();
  dir = await mkdtemp(path.join(tmpdir(), 'kgv-kassa-cli-'));
  k = await seedKassaBeispiel(t.db, { jahre: [2025] });
  const p2025 = k.perioden[2025]!;
  await inTransaction(t.db, async (trx) => {
    const [pacht] = await bucheEintraege(trx, actor, [
      { datum: '2025-02-01', betragCent: 11_000, kontoId: k.bank, buchungskontoId: k.bk.pacht, text: 'Pacht' },
      { datum: '2025-03-05', betragCent: -6_000, kontoId: k.kassa, buchungskontoId: k.bk.material, text: 'Farbe' },
      { datum: '2025-04-10', betragCent: 2_200, kontoId: k.bank, buchungskontoId: k.bk.wasser, text: 'Wassergeld' },
    ]);
    await createFileStore({ dataDir: t.config.dataDir }).save(trx, {
      name: 'quittung.pdf',
      content: Buffer.from('%PDF-1.4\n%%EOF\n'),
      ownerType: 'Kassabuch',
      ownerId: Number(pacht?.id),
    });
    // CloseFilteredEntries: the entries join the hash chain.
    await schliesseGefilterte(trx, actor, filterVon({ kassaabrechnungID: p2025 }));
    await closeKassaabrechnung(trx, actor, p2025);
  });
  await inTransaction(t.db, (trx) => newKassaabrechnung(trx, actor, 2026));
});
afterAll(async () => {
  await t.cleanup();
  await rm(dir, { recursive: true, force: true });
});

// Each call starts a process that boots the app (several seconds on a busy machine, more on MariaDB).
const CLI = { timeout: 180_000 };

describe('kgv kassa verify', CLI, () => {
  it('exits 0 on an intact book with a German summary, and answers the same as JSON', async () => {
    const r = await kgv('kassa', 'verify');
    expect(r.code, r.stderr).toBe(0);
    expect(r.stdout).toContain('Hash-Kette intakt: 3 geprüfte Buchungen');
    expect(r.stdout).toContain('Kassa 2025: 3 Buchungen, Salden und Übertrag stimmen.');
    expect(r.stdout).toContain('Kassa 2026: 0 Buchungen, Salden und Übertrag stimmen.');
    expect(r.stdout).toContain('Ergebnis: Kassa intakt.');

    const json = await kgv('kassa', 'verify', '--json');
    expect(json.code).toBe(0);
    const e = JSON.parse(json.stdout) as VerifyErgebnis;
    expect(e).toMatchObject({ intakt: true, kette: { intakt: true, anzahl: 3 } });
    expect(e.perioden.map((p) => [p.jahr, p.stimmt])).toEqual([
      [2025, true],
      [2026, true],
    ]);
  });

  it('exits 1 and names the entry after a checked row was changed in the database', async () => {
    const row = await t.db('kassabuch').where({ kassaabrechnung_id: k.perioden[2025], belegnummer: 2 }).first();
    await t.db('kassabuch').where({ id: row!.id }).update({ text: 'Farbe und Pinsel' });
    try {
      const r = await kgv('kassa', 'verify');
      expect(r.code).toBe(1);
      expect(r.stdout).toContain('FEHLER Hash-Kette: Beleg 2: Die Buchung wurde nach der Prüfung verändert.');
      expect(r.stdout).toContain('Ergebnis: Die Kassa ist NICHT intakt');
      const json = JSON.parse((await kgv('kassa', 'verify', '--json')).stdout) as VerifyErgebnis;
      expect(json.kette).toMatchObject({ intakt: false });
    } finally {
      await t.db('kassabuch').where({ id: row!.id }).update({ text: row!.text });
    }
    expect((await kgv('kassa', 'verify')).code).toBe(0);
  });

  it('exits 1 when a checked entry at the end of a closed period was removed', async () => {
    const last = await t.db('kassabuch').orderBy('ketten_position', 'desc').first();
    await t
      .db('kassabuch')
      .where({ id: last!.id })
      .update({ ketten_position: null, vorheriger_hash: null, hash: null });
    try {
      const r = await kgv('kassa', 'verify');
      expect(r.code).toBe(1);
      expect(r.stdout).toContain('FEHLER Hash-Kette: Die zuletzt geprüften Buchungen nach Beleg 2 fehlen.');
    } finally {
      await t.db('kassabuch').where({ id: last!.id }).update({
        ketten_position: last!.ketten_position,
        vorheriger_hash: last!.vorheriger_hash,
        hash: last!.hash,
      });
    }
  });

  it('exits 1 when an opening balance is not the previous period’s closing balance', async () => {
    const p2026 = Number((await t.db('kassaabrechnungen').where({ jahr: 2026 }).first('id'))?.id);
    const where = { kassaabrechnung_id: p2026, konto_id: k.kassa };
    const vorher = await t.db('konto_anfangsbestaende').where(where).first();
    expect(Number(vorher?.anfangsbestand_cent)).toBe(50_000 - 6_000);
    await t.db('konto_anfangsbestaende').where(where).update({ anfangsbestand_cent: 50_000 });
    try {
      const r = await kgv('kassa', 'verify');
      expect(r.code).toBe(1);
      expect(r.stdout).toContain(
        'FEHLER Kassa 2026: Handkassa: Anfangsbestand € 500,00 ist nicht der Endbestand von Kassa 2025 (€ 440,00)',
      );
    } finally {
      await t.db('konto_anfangsbestaende').where(where).update({ anfangsbestand_cent: vorher!.anfangsbestand_cent });
    }
  });
});

describe('kgv kassa pruefpaket', CLI, () => {
  it('writes the year’s audit package as a ZIP file', async () => {
    const out = path.join(dir, 'paket-2025.zip');
    const r = await kgv('kassa', 'pruefpaket', '--jahr', '2025', out);
    expect(r.code, r.stderr).toBe(0);
    expect(r.stdout).toContain(`Prüfpaket geschrieben: ${out}`);
    const zip = unzipSync(new Uint8Array(await readFile(out)));
    expect(Object.keys(zip)).toEqual([
      'Kassabericht.pdf',
      'Kassabuch.pdf',
      'Kassabuch.xlsx',
      'Anlagebericht.pdf',
      'Belege/1_quittung.pdf',
    ]);
    expect(Buffer.from(zip['Belege/1_quittung.pdf']!).toString()).toBe('%PDF-1.4\n%%EOF\n');
  });

  it('refuses a year without a period and a malformed year', async () => {
    const keins = await kgv('kassa', 'pruefpaket', '--jahr', '2019', path.join(dir, 'x.zip'));
    expect(keins.code).toBe(1);
    expect(keins.stderr).toContain('Für 2019 gibt es keine Kassaabrechnung.');
    const falsch = await kgv('kassa', 'pruefpaket', '--jahr', 'zwanzig', path.join(dir, 'y.zip'));
    expect(falsch.code).toBe(2);
    expect(falsch.stderr).toContain('keine Jahreszahl');
  });
});
