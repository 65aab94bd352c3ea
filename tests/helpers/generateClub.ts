import { type Db, nowDb } from '../../src/platform/db/db';

/** A generated club: `plots` plots, `addresses` addresses, a lease for most plots. */
export async function generateClub(db: Db, plots: number, addresses: number) {
  const now = nowDb();
  const chunk = async (table: string, rows: Record<string, unknown>[]) => {
    for (let i = 0; i < rows.length; i += 200) await db(table).insert(rows.slice(i, i + 200));
  };
  const names = ['Huber', 'Gruber', 'Wagner', 'Bauer', 'Müller', 'Steiner', 'Moser', 'Mayer', 'Hofer', 'Berger'];
  const first = ['Maria', 'Franz', 'Anna', 'Josef', 'Elisabeth', 'Johann', 'Theresia', 'Karl'];
  await chunk(
    'adressen',
    Array.from({ length: addresses }, (_, i) => ({
      nachname: `${names[i % names.length]}${i}`,
      vorname: first[i % first.length],
      strasse: `Gartenweg ${i + 1}`,
      plz: '1140',
      ort: 'Wien',
      email: `m${i}@verein.at`,
      flags: 256,
      eintrittsdatum: '2010-03-01',
      created_at: now,
      updated_at: now,
    })),
  );
  const adresseIds = (await db('adressen').orderBy('id').pluck('id')) as number[];
  await chunk(
    'parzellen',
    Array.from({ length: plots }, (_, i) => ({
      nummer: String(i + 1),
      flaeche: (250 + (i % 200)).toFixed(2),
      created_at: now,
      updated_at: now,
    })),
  );
  const parzelleIds = (await db('parzellen').orderBy('id').pluck('id')) as number[];
  await chunk(
    'pachtverhaeltnisse',
    parzelleIds.slice(0, Math.floor(plots * 0.95)).map((id, i) => ({
      parzelle_id: id,
      adresse_id: adresseIds[i % adresseIds.length],
      von: '2015-01-01',
      created_at: now,
    })),
  );
}
