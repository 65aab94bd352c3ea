// The bank import of a generated camt.053 with 10,000 entries into a cash book that already holds
// 10,000 imported ones on the same account: time, peak memory and entries/s of the whole service
// (parse, duplicate lookup, periods, Belegnummern, insert, history) against a floor measured in the
// same run: parsing the same file and one bulk insert of the same rows with knex, no checks.
// Run alone: `node --import tsx tests/bench/kassaImportBench.ts` (DATABASE_URL for MariaDB).
import { pathToFileURL } from 'node:url';
import { duplikatSchluesselListe } from '../../src/modules/kassa/services/bank/duplikatSchluessel';
import { parseBankFile } from '../../src/modules/kassa/services/bank/parseBankFile';
import { buchungsText, importBank } from '../../src/modules/kassa/services/bankImport';
import { systemActor } from '../../src/platform/auth/principal';
import { nowDb } from '../../src/platform/db/db';
import { generateCamt053 } from '../helpers/generateCamt053';
import { seedKassaBeispiel } from '../helpers/kassaBeispiel';
import { createTestDb } from '../helpers/testDb';
import { type Measure, measure, pick } from './measure';

export type KassaImportBench = {
  entries: number;
  existing: number;
  service: Measure;
  floor: Measure;
  serviceEntriesPerSecond: number;
  floorEntriesPerSecond: number;
  ratio: number;
};

export async function benchKassaImport(
  opts: { entries?: number; existing?: number; rounds?: number } = {},
): Promise<KassaImportBench> {
  const entries = opts.entries ?? 10_000;
  const existing = opts.existing ?? 10_000;
  const rounds = opts.rounds ?? 3;
  const t = await createTestDb();
  try {
    const db = t.db;
    const k = await seedKassaBeispiel(db, { jahre: [2025] });
    const actor = systemActor('bench');
    // The book already there: the same generator with other bank references (so none is a duplicate).
    const alt = Buffer.from(generateCamt053({ eintraege: existing, von: '2025-01-01' }).replaceAll('GEN-', 'ALT-'));
    await db.transaction((trx) => importBank(trx, actor, alt, { kontoId: k.bank }));
    const file = Buffer.from(generateCamt053({ eintraege: entries, von: '2025-01-01' }));

    const service: Measure[] = [];
    const floor: Measure[] = [];
    for (let r = 0; r < rounds; r++) {
      let importId = 0;
      service.push(
        await measure(async () => {
          const res = await db.transaction((trx) => importBank(trx, actor, file, { kontoId: k.bank }));
          if (res.importiert !== entries) throw new Error(`import booked ${res.importiert} entries`);
          importId = Number(
            (await db('kassabuch').where({ id: res.kassabuchIds[0] }).first('bank_import_id'))?.bank_import_id,
          );
        }),
      );
      await db('kassabuch').where({ bank_import_id: importId }).delete();
      await db('bank_importe').where({ id: importId }).delete();

      floor.push(
        await measure(async () => {
          const parsed = parseBankFile(file);
          const buchungen = parsed.auszuege.flatMap((a) => a.buchungen);
          const keys = duplikatSchluesselListe(buchungen);
          const stamp = nowDb();
          const rows = buchungen.map((b, i) => ({
            version: 1,
            kassaabrechnung_id: k.perioden[2025],
            belegnummer: 1_000_000 + i,
            datum: b.datum,
            betrag_cent: b.betragCent,
            konto_id: k.bank,
            buchungskonto_id: k.bk.klaerung,
            steuersatz: 0,
            steuer_cent: 0,
            netto_cent: b.betragCent,
            text: buchungsText(b),
            quelle: 'bank',
            geprueft: false,
            bank_schluessel: `floor:${keys[i]}`,
            bank_name: b.name || null,
            bank_iban: b.iban,
            bank_verwendungszweck: b.verwendungszweck || null,
            bank_referenz: b.referenz,
            created_at: stamp,
            updated_at: stamp,
          }));
          await db.transaction(async (trx) => {
            await trx.batchInsert('kassabuch', rows, 200);
          });
        }),
      );
      await db('kassabuch').where('belegnummer', '>=', 1_000_000).delete();
    }
    const s = pick(service);
    const f = pick(floor);
    return {
      entries,
      existing,
      service: s,
      floor: f,
      serviceEntriesPerSecond: (entries * 1000) / s.ms,
      floorEntriesPerSecond: (entries * 1000) / f.ms,
      ratio: s.ms / f.ms,
    };
  } finally {
    await t.cleanup();
  }
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  const r = await benchKassaImport();
  const fmt = (n: number, d = 1) => n.toFixed(d).padStart(8);
  const line = (s: string) => process.stdout.write(`${s}\n`);
  const mem = (m: Measure) => `${fmt(m.ms, 0)} ms   peak heap +${fmt(m.peakHeapMb)} MB   rss +${fmt(m.peakRssMb)} MB`;
  line(
    `Bank import: camt.053 with ${r.entries} entries into a book of ${r.existing} (${process.env.DATABASE_URL ? 'MySQL' : 'SQLite'}), median of 3`,
  );
  line(`  ImportBank service      ${mem(r.service)}   ${fmt(r.serviceEntriesPerSecond, 0)} entries/s`);
  line(`  parse + bulk insert     ${mem(r.floor)}   ${fmt(r.floorEntriesPerSecond, 0)} entries/s   (floor)`);
  line(`  ratio service / floor ${fmt(r.ratio, 2)}`);
  process.exit(0);
}
