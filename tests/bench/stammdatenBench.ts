import type { AddressInfo } from 'node:net';
import Koa from 'koa';
import { nowDb } from '../../src/platform/db/db';
import { ApiClient } from '../helpers/apiClient';
import { startTestApp, TEST_PASSWORD } from '../helpers/testApp';
import { load } from './apiBench';

export type ListBench = {
  path: string;
  rows: number;
  bytes: number;
  app: Awaited<ReturnType<typeof load>>;
  bare: Awaited<ReturnType<typeof load>>;
};

/** A generated club: `plots` plots, `addresses` addresses, a lease for most plots. */
async function generateClub(
  db: Awaited<ReturnType<typeof startTestApp>>['services']['db'],
  plots: number,
  addresses: number,
) {
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

/** GetParzellen and ActiveAdressen on a large club through the whole app, against a bare Koa route with the same JSON. */
export async function benchStammdaten(opts: {
  plots: number;
  addresses: number;
  concurrency: number;
  seconds: number;
}): Promise<ListBench[]> {
  const app = await startTestApp();
  try {
    await generateClub(app.services.db, opts.plots, opts.addresses);
    const client = new ApiClient(app.url);
    if ((await client.login('admin@test.kgv', TEST_PASSWORD)) !== 0) throw new Error('bench login failed');
    const headers = { Accept: 'application/json', Cookie: [...client.cookies].map(([k, v]) => `${k}=${v}`).join('; ') };
    const results: ListBench[] = [];
    for (const path of ['/api/Stammdaten/Parzellen?filter=alle', '/api/Stammdaten/ActiveAdressen?filter=alle']) {
      const first = await fetch(`${app.url}${path}`, { headers });
      const payload = await first.text();
      if (!first.ok) throw new Error(`${path} answered ${first.status}`);
      const bare = new Koa();
      bare.use((ctx) => {
        ctx.type = 'application/json';
        ctx.body = payload;
      });
      const server = bare.listen(0, '127.0.0.1');
      await new Promise((r) => server.once('listening', r));
      const bareUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}${path}`;
      await load(`${app.url}${path}`, headers, { concurrency: 4, seconds: 1 });
      const a = await load(`${app.url}${path}`, headers, opts);
      const b = await load(bareUrl, headers, opts);
      server.close();
      results.push({ path, rows: (JSON.parse(payload) as unknown[]).length, bytes: payload.length, app: a, bare: b });
    }
    return results;
  } finally {
    await app.stop();
  }
}
