// The water settlement of 2,000 plots under 10 main meters (readings at both ends, every 50th plot
// with a meter change inside the period): time and peak memory of the service — the preview
// (berechneAbrechnung) and ErstelleAbrechnung (compute, store rows, history) — against a floor
// measured in the same run: the same readings read with one bare SELECT (plus the plots and main
// meters) and the pure functions only (consumptionsOf + settleWater).
// Run alone: `node --expose-gc --import tsx tests/bench/wasserAbrechnungBench.ts` (DATABASE_URL for MariaDB).
import { pathToFileURL } from 'node:url';
import { erstelleAbrechnung } from '../../src/modules/wasserbuch/services/abrechnungStore';
import {
  consumptionsOf,
  readingsUpTo,
  readMasterData,
  settlementInputOf,
} from '../../src/modules/wasserbuch/services/settlementInputs';
import { settleWater } from '../../src/modules/wasserbuch/services/settlementMath';
import { berechneAbrechnung } from '../../src/modules/wasserbuch/services/wasserabrechnung';
import { systemActor } from '../../src/platform/auth/principal';
import { nowDb } from '../../src/platform/db/db';
import { generateClub } from '../helpers/generateClub';
import { createTestDb } from '../helpers/testDb';
import { type Measure, measure, pick } from './measure';

export type WasserAbrechnungBench = {
  plots: number;
  mainMeters: number;
  readings: number;
  meterChanges: number;
  preview: Measure;
  create: Measure;
  floor: Measure;
  /** preview / floor and create / floor, by median time. */
  previewRatio: number;
  createRatio: number;
};

const VON = '2025-10-31';
const BIS = '2026-10-31';
const WECHSEL = '2026-05-15';

export async function benchWasserAbrechnung(
  opts: { plots?: number; mainMeters?: number; rounds?: number } = {},
): Promise<WasserAbrechnungBench> {
  const plots = opts.plots ?? 2000;
  const mainMeters = opts.mainMeters ?? 10;
  const rounds = opts.rounds ?? 3;
  const t = await createTestDb();
  try {
    const db = t.db;
    const now = nowDb();
    const stamps = { created_at: now, updated_at: now };
    await generateClub(db, plots, Math.round(plots * 1.25));
    const [jahr] = await db('pachtabrechnungen').insert({ jahr: 2026, bezeichnung: '2026', ...stamps });
    await db('wassergrunddaten').insert({
      pachtabrechnung_id: Number(jahr),
      preis_pro_m3: '2.15',
      grundgebuehr_cent: 1200,
      schwund_methode: 'proportional',
      akonto_mindest_cent: 5000,
      verbrauchsfaktor_warnung: '3',
      schwund_warnung_prozent: '30',
      ...stamps,
    });
    for (let m = 1; m <= mainMeters; m++) await db('hauptwasserzaehler').insert({ nummer: `HWZ-${m}`, ...stamps });
    const hwzIds = (await db('hauptwasserzaehler').orderBy('id').pluck('id')) as number[];
    const ids = (await db('parzellen').orderBy('id').pluck('id')) as number[];

    const rows: Record<string, unknown>[] = [];
    const reading = (
      datum: string,
      owner: 'P' | 'H',
      id: number,
      zaehlernummer: string,
      liter: number,
      wechsel = false,
    ) =>
      rows.push({
        datum,
        parzelle_id: owner === 'P' ? id : null,
        hauptwasserzaehler_id: owner === 'H' ? id : null,
        zaehler_key: `${owner}${id}`,
        zaehlernummer,
        stand_liter: liter,
        is_zaehlerwechsel: wechsel,
        quelle: 'manuell',
        notiz: null,
        ...stamps,
      });
    const mainLitres = new Map<number, number>(hwzIds.map((h) => [h, 0]));
    let meterChanges = 0;
    await db.transaction(async (trx) => {
      for (const [i, id] of ids.entries()) {
        const hwz = hwzIds[i % hwzIds.length]!;
        const changed = i % 50 === 7;
        await trx('parzellen')
          .where({ id })
          .update({ hauptwasserzaehler_id: hwz, wasserzaehler_nummer: changed ? `N-${id}` : `WZ-${id}` });
        const start = 100_000 + ((i * 7919) % 900_000);
        const used = 20_000 + ((i * 104_729) % 180_000);
        reading(VON, 'P', id, `WZ-${id}`, start);
        if (changed) {
          meterChanges++;
          const half = Math.floor(used / 2);
          reading(WECHSEL, 'P', id, `WZ-${id}`, start + half, true);
          reading(WECHSEL, 'P', id, `N-${id}`, 0);
          reading(BIS, 'P', id, `N-${id}`, used - half);
        } else {
          reading(BIS, 'P', id, `WZ-${id}`, start + used);
        }
        mainLitres.set(hwz, mainLitres.get(hwz)! + used);
      }
    });
    for (const h of hwzIds) {
      // About 6 % loss per main meter.
      reading(VON, 'H', h, `HWZ-${hwzIds.indexOf(h) + 1}`, 5_000_000);
      reading(BIS, 'H', h, `HWZ-${hwzIds.indexOf(h) + 1}`, 5_000_000 + Math.round(mainLitres.get(h)! * 1.06));
    }
    for (let i = 0; i < rows.length; i += 200) await db('wasserablesungen').insert(rows.slice(i, i + 200));

    const actor = systemActor('bench');
    const preview: Measure[] = [];
    const create: Measure[] = [];
    const floor: Measure[] = [];
    const check = (n: number, what: string) => {
      if (n !== plots) throw new Error(`${what}: ${n} rows instead of ${plots}`);
    };
    for (let r = 0; r < rounds; r++) {
      preview.push(
        await measure(async () => check((await berechneAbrechnung(db, { stichtag: BIS })).zeilen.length, 'preview')),
      );
      create.push(
        await measure(async () =>
          check((await erstelleAbrechnung(db, actor, { stichtag: BIS })).zeilen.length, 'create'),
        ),
      );
      await db('wasserabrechnungen').delete();
      floor.push(
        await measure(async () => {
          const inputs = consumptionsOf(await readingsUpTo(db, BIS), await readMasterData(db), { von: VON, bis: BIS });
          const result = settleWater(
            settlementInputOf(inputs, {
              schwundMethode: 'proportional',
              grundgebuehrCent: 1200,
              priceOf: () => '2.15',
              akontoOf: () => 0,
            }),
          );
          check(result.zeilen.length, 'floor');
        }),
      );
    }
    const f = pick(floor);
    const p = pick(preview);
    const c = pick(create);
    return {
      plots,
      mainMeters,
      readings: rows.length,
      meterChanges,
      preview: p,
      create: c,
      floor: f,
      previewRatio: p.ms / f.ms,
      createRatio: c.ms / f.ms,
    };
  } finally {
    await t.cleanup();
  }
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  const r = await benchWasserAbrechnung();
  const fmt = (n: number, d = 1) => n.toFixed(d).padStart(8);
  const line = (s: string) => process.stdout.write(`${s}\n`);
  const show = (label: string, m: Measure, note = '') =>
    line(`  ${label} ${fmt(m.ms)} ms   peak heap +${fmt(m.peakHeapMb)} MB   rss +${fmt(m.peakRssMb)} MB${note}`);
  line(
    `Water settlement: ${r.plots} plots under ${r.mainMeters} main meters, ${r.readings} readings, ${r.meterChanges} meter changes (${process.env.DATABASE_URL ? 'MySQL' : 'SQLite'}), median of 3`,
  );
  show('preview (berechneAbrechnung)  ', r.preview);
  show('ErstelleAbrechnung (stores)   ', r.create);
  show('bare SELECT + pure functions  ', r.floor, '   (floor)');
  line(`  ratio preview / floor ${fmt(r.previewRatio, 2)}   create / floor ${fmt(r.createRatio, 2)}`);
  process.exit(0);
}
