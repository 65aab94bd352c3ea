// The radio-meter import of a 2,000-row export into a club of 2,000 plots: time and peak memory of
// the whole service (parse, match, plausibility, write with history) against a floor measured in
// the same run: parsing the same file and one bulk insert of the same rows with knex.
// Run alone: `node --import tsx tests/bench/wasserImportBench.ts` (DATABASE_URL for MariaDB).
import { pathToFileURL } from 'node:url';
import { importFunk } from '../../src/modules/wasserbuch/services/funkImport';
import { parseFunkFile } from '../../src/modules/wasserbuch/services/funkImportParse';
import { STANDARD_MAPPING } from '../../src/modules/wasserbuch/services/funkMapping';
import { toLiter } from '../../src/modules/wasserbuch/services/readingRows';
import { systemActor } from '../../src/platform/auth/principal';
import { nowDb } from '../../src/platform/db/db';
import { generateClub } from '../helpers/generateClub';
import { createTestDb } from '../helpers/testDb';
import { type Measure, measure, pick } from './measure';

export type WasserImportBench = { rows: number; plots: number; service: Measure; floor: Measure; ratio: number };

const DATUM = '2026-04-01';

/** A radio export as readout software writes it: `;`, decimal comma, ISO timestamps, extra columns. */
function radioExport(serials: string[]): Buffer {
  const lines = ['Seriennummer;Zählerstand;Einheit;Zeitstempel;Status'];
  serials.forEach((s, i) => {
    lines.push(
      `${s};${100 + (i % 50)},${String(i % 1000).padStart(3, '0')};m³;${DATUM}T06:${String(i % 60).padStart(2, '0')}:00;OK`,
    );
  });
  return Buffer.from(`\ufeff${lines.join('\r\n')}\r\n`, 'utf8');
}

export async function benchWasserImport(opts: { plots?: number; rounds?: number } = {}): Promise<WasserImportBench> {
  const plots = opts.plots ?? 2000;
  const rounds = opts.rounds ?? 3;
  const t = await createTestDb();
  try {
    const db = t.db;
    await generateClub(db, plots, Math.round(plots * 1.25));
    const ids = (await db('parzellen').orderBy('id').pluck('id')) as number[];
    await db.transaction(async (trx) => {
      for (const id of ids)
        await trx('parzellen')
          .where({ id })
          .update({ wasserzaehler_nummer: `FW-${100000 + id}` });
    });
    // Last year's readings, so the plausibility check has a past to look at.
    const now = nowDb();
    const past = ids.map((id) => ({
      datum: '2025-04-01',
      parzelle_id: id,
      hauptwasserzaehler_id: null,
      zaehler_key: `P${id}`,
      zaehlernummer: `FW-${100000 + id}`,
      stand_liter: 90_000,
      is_zaehlerwechsel: false,
      quelle: 'manuell',
      notiz: null,
      created_at: now,
      updated_at: now,
    }));
    for (let i = 0; i < past.length; i += 200) await db('wasserablesungen').insert(past.slice(i, i + 200));
    const file = radioExport(ids.map((id) => `FW-${100000 + id}`));
    const clear = () => db('wasserablesungen').where({ datum: DATUM }).delete();
    const actor = systemActor('bench');

    const service: Measure[] = [];
    const floor: Measure[] = [];
    for (let r = 0; r < rounds; r++) {
      await clear();
      service.push(
        await measure(async () => {
          const res = await importFunk(db, actor, file, { overwrite: false });
          if (res.geschrieben !== ids.length) throw new Error(`import wrote ${res.geschrieben} rows`);
        }),
      );
      await clear();
      floor.push(
        await measure(async () => {
          const parsed = await parseFunkFile(file, STANDARD_MAPPING);
          const byMeter = new Map(ids.map((id) => [`FW-${100000 + id}`, id]));
          const stamp = nowDb();
          const rows = parsed.rows.map((p) => {
            const id = byMeter.get(p.seriennummer) ?? 0;
            return {
              datum: p.datum,
              parzelle_id: id,
              hauptwasserzaehler_id: null,
              zaehler_key: `P${id}`,
              zaehlernummer: p.seriennummer,
              stand_liter: toLiter(p.stand),
              is_zaehlerwechsel: false,
              quelle: 'funk',
              notiz: null,
              created_at: stamp,
              updated_at: stamp,
            };
          });
          await db.transaction(async (trx) => {
            await trx.batchInsert('wasserablesungen', rows, 200);
          });
        }),
      );
    }
    const s = pick(service);
    const f = pick(floor);
    return { rows: ids.length, plots, service: s, floor: f, ratio: s.ms / f.ms };
  } finally {
    await t.cleanup();
  }
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  const r = await benchWasserImport();
  const fmt = (n: number, d = 1) => n.toFixed(d).padStart(8);
  const line = (s: string) => process.stdout.write(`${s}\n`);
  line(
    `Radio-meter import: ${r.rows} rows into ${r.plots} plots (${process.env.DATABASE_URL ? 'MySQL' : 'SQLite'}), median of 3`,
  );
  line(
    `  import service       ${fmt(r.service.ms)} ms   peak heap +${fmt(r.service.peakHeapMb)} MB   rss +${fmt(r.service.peakRssMb)} MB`,
  );
  line(
    `  parse + bulk insert  ${fmt(r.floor.ms)} ms   peak heap +${fmt(r.floor.peakHeapMb)} MB   rss +${fmt(r.floor.peakRssMb)} MB   (floor)`,
  );
  line(`  ratio service / floor ${fmt(r.ratio, 2)}`);
  process.exit(0);
}
