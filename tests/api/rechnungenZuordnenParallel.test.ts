import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Eintrag } from '../../src/modules/kassa/schema/kassabuch';
import type { ApiClient } from '../helpers/apiClient';
import { type RechnungenBeispiel, seedRechnungenBeispiel } from '../helpers/rechnungenBeispiel';
import { startTestApp, type TestApp } from '../helpers/testApp';

// Allocations never exceed either side, however many Kassiers allocate at the same moment: ten
// allocations at once (one request each) to the same receivable, and ten of the same entry. Every
// request either succeeds or is refused with 422; the sums stay within the amounts. On MariaDB this
// is what the locks (entry, then receivables in id order) and the locking reads of the sums are for.

let app: TestApp;
let kassier: ApiClient;
let rb: RechnungenBeispiel;

beforeAll(async () => {
  app = await startTestApp();
  rb = await seedRechnungenBeispiel(app.services);
  kassier = await app.signedIn(['Kassier']);
});
afterAll(() => app?.stop());

async function eintrag(betragCent: number): Promise<number> {
  const res = await kassier.post<Eintrag>('Kassa/UpdateKassabuch', {
    datum: '2026-04-10',
    betragCent,
    kontoId: rb.kontoId,
    buchungskontoId: rb.bk.pacht,
    text: 'Einzahlung',
  });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return res.body.id;
}
const summe = async (where: Record<string, number | string>) =>
  Number((await app.services.db('zuordnungen').where(where).sum({ s: 'betrag_cent' }))[0]?.s ?? 0);

describe('concurrent allocations', () => {
  it('ten entries at once to one receivable (1.397,79 €, 200,00 € each): six fit, four are refused', async () => {
    const huber = rb.huberRechnung;
    const eintraege: number[] = [];
    for (let i = 0; i < 10; i++) eintraege.push(await eintrag(20_000));
    const antworten = await Promise.all(
      eintraege.map((kassabuchId) =>
        kassier.post('Rechnungspruefung/Zuordnen', {
          kassabuchId,
          zuordnungen: [{ rechnungId: huber.id, betragCent: 20_000 }],
        }),
      ),
    );
    const status = antworten.map((a) => a.status).sort();
    expect(status).toEqual([200, 200, 200, 200, 200, 200, 422, 422, 422, 422]);
    expect(await summe({ rechnung_id: huber.id, art: 'zahlung' })).toBe(120_000);
  });

  it('one entry (500,00 €) at once to ten receivables (100,00 € each, two per receivable): five fit', async () => {
    const kassabuchId = await eintrag(50_000);
    const ziele = rb.lauf.rechnungen.filter((r) => r.id !== rb.huberRechnung.id).slice(0, 5);
    const antworten = await Promise.all(
      [...ziele, ...ziele].map((r) =>
        kassier.post('Rechnungspruefung/Zuordnen', {
          kassabuchId,
          zuordnungen: [{ rechnungId: r.id, betragCent: 10_000 }],
        }),
      ),
    );
    expect(antworten.filter((a) => a.status === 200)).toHaveLength(5);
    expect(antworten.filter((a) => a.status === 422)).toHaveLength(5);
    expect(await summe({ kassabuch_id: kassabuchId })).toBe(50_000);
  });
});
