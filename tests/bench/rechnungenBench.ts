// Bank matching: 2,000 booked receivables, a camt.053 of 2,000 credits each carrying its receivable's
// RF reference, imported through Kassa's ImportBank with Rechnungsprüfung's matcher (every credit
// allocated to its receivable and moved off the clearing account) against the floor — the same import
// with the matcher list empty (parse, checks, booking, history; nothing allocated). Entries/s, ratio,
// peak heap. Figures only, no assertions.
// Run alone: `node --expose-gc --import tsx tests/bench/rechnungenBench.ts` (DATABASE_URL for MariaDB).
import { pathToFileURL } from 'node:url';
import { BANK_IMPORT_ABGLEICHE } from '../../src/modules/kassa/services';
import { importBank } from '../../src/modules/kassa/services/bankImport';
// Loading the module registers its matcher into BANK_IMPORT_ABGLEICHE (as the app does at start).
import '../../src/modules/rechnungspruefung';
import { legeRechnungenAn, type NeueRechnung } from '../../src/modules/rechnungspruefung/services';
import { systemActor } from '../../src/platform/auth/principal';
import type { Db } from '../../src/platform/db/db';
import { generateCamt053 } from '../helpers/generateCamt053';
import { generateClub } from '../helpers/generateClub';
import { seedKassaBeispiel } from '../helpers/kassaBeispiel';
import { createTestDb } from '../helpers/testDb';
import { type Measure, measure, pick } from './measure';

export type RechnungenBench = {
  receivables: number;
  credits: number;
  /** Credits the matcher allocated in the last round (should be all). */
  allocated: number;
  matching: Measure;
  floor: Measure;
  matchingEntriesPerSecond: number;
  floorEntriesPerSecond: number;
  /** matching / floor by time. */
  ratio: number;
};

const DATUM = '2026-03-01';

/** Removes what one import booked (its entries; their allocations go with them, FK cascade). */
async function entferneImport(db: Db, kassabuchIds: readonly number[]): Promise<void> {
  const importIds = await db('kassabuch').whereIn('id', kassabuchIds.slice(0, 1)).pluck('bank_import_id');
  for (let i = 0; i < kassabuchIds.length; i += 500) {
    const ids = kassabuchIds.slice(i, i + 500);
    await db('zuordnungen').whereIn('kassabuch_id', ids).delete();
    await db('kassabuch').whereIn('id', ids).delete();
  }
  await db('bank_importe').whereIn('id', importIds).delete();
}

/** Entries of the import holding `erster` that carry an allocation. */
async function zugeordnet(db: Db, erster: number): Promise<number> {
  const row = (await db('zuordnungen as z')
    .join('kassabuch as k', 'k.id', 'z.kassabuch_id')
    .whereIn('k.bank_import_id', db('kassabuch').where({ id: erster }).select('bank_import_id'))
    .countDistinct({ c: 'z.kassabuch_id' })
    .first()) as { c: number | string } | undefined;
  return Number(row?.c ?? 0);
}

export async function benchRechnungen(opts: { receivables?: number; rounds?: number } = {}): Promise<RechnungenBench> {
  const n = opts.receivables ?? 2_000;
  const rounds = opts.rounds ?? 3;
  const t = await createTestDb();
  try {
    const db = t.db;
    const actor = systemActor('bench');
    const k = await seedKassaBeispiel(db, { jahre: [2026] });
    await generateClub(db, 10, n);
    const adressen = (await db('adressen').orderBy('id').limit(n).select('id', 'nachname', 'vorname')) as {
      id: number;
      nachname: string;
      vorname: string;
    }[];
    const neue: NeueRechnung[] = adressen.map((a, i) => ({
      art: 'Zahlungsvorschreibung',
      adresseId: Number(a.id),
      adresseName: `${a.nachname} ${a.vorname}`,
      datum: DATUM,
      faelligAm: '2026-03-31',
      positionen: [
        {
          parzelleId: null,
          parzelleNummer: '',
          art: 'verein',
          text: 'Mitgliedsbeitrag',
          betragCent: 10_000 + (i % 500) * 37,
          steuersatz: 0,
          buchungskontoId: k.bk.mitgliedsbeitrag,
        },
      ],
    }));
    const rechnungen = await db.transaction((trx) => legeRechnungenAn(trx, neue));
    const file = Buffer.from(
      generateCamt053({
        eintraege: n,
        von: '2026-03-02',
        posten: rechnungen.map((r, i) => ({
          betragCent: r.betragCent,
          datum: `2026-03-${String(2 + (i % 27)).padStart(2, '0')}`,
          referenz: r.zahlungsreferenz,
          name: neue[i]!.adresseName,
        })),
      }),
    );

    const importiere = () => db.transaction((trx) => importBank(trx, actor, file, { kontoId: k.bank }));
    const matcher = [...BANK_IMPORT_ABGLEICHE];
    if (!matcher.length) throw new Error('rechnungenBench: no bank matcher registered');
    const matching: Measure[] = [];
    const floor: Measure[] = [];
    let allocated = 0;
    for (let r = 0; r < rounds; r++) {
      let ids: number[] = [];
      matching.push(
        await measure(async () => {
          const res = await importiere();
          if (res.importiert !== n) throw new Error(`import booked ${res.importiert} entries`);
          ids = res.kassabuchIds;
        }),
      );
      allocated = await zugeordnet(db, ids[0]!);
      await entferneImport(db, ids);

      // The floor: the very same import, the matcher list emptied for it.
      BANK_IMPORT_ABGLEICHE.splice(0);
      try {
        floor.push(
          await measure(async () => {
            const res = await importiere();
            if (res.importiert !== n) throw new Error(`import booked ${res.importiert} entries`);
            ids = res.kassabuchIds;
          }),
        );
      } finally {
        BANK_IMPORT_ABGLEICHE.push(...matcher);
      }
      await entferneImport(db, ids);
    }
    const m = pick(matching);
    const f = pick(floor);
    return {
      receivables: n,
      credits: n,
      allocated,
      matching: m,
      floor: f,
      matchingEntriesPerSecond: (n * 1000) / m.ms,
      floorEntriesPerSecond: (n * 1000) / f.ms,
      ratio: m.ms / f.ms,
    };
  } finally {
    await t.cleanup();
  }
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  const r = await benchRechnungen();
  const fmt = (x: number, d = 1) => x.toFixed(d).padStart(8);
  const line = (s: string) => process.stdout.write(`${s}\n`);
  const mem = (m: Measure) => `${fmt(m.ms, 0)} ms   peak heap +${fmt(m.peakHeapMb)} MB   rss +${fmt(m.peakRssMb)} MB`;
  line(
    `Bank matching: camt.053 with ${r.credits} credits (RF references) against ${r.receivables} receivables (${process.env.DATABASE_URL ? 'MySQL' : 'SQLite'}), median of 3`,
  );
  line(
    `  import with matcher      ${mem(r.matching)}   ${fmt(r.matchingEntriesPerSecond, 0)} entries/s   ${r.allocated} allocated`,
  );
  line(`  import, matcher list empty ${mem(r.floor)}   ${fmt(r.floorEntriesPerSecond, 0)} entries/s   (floor)`);
  line(`  ratio matching / floor ${fmt(r.ratio, 2)}`);
  process.exit(0);
}
