import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { RB_FAELLIG_AM, type RechnungenBeispiel, seedRechnungenBeispiel } from '../helpers/rechnungenBeispiel';
import { startTestApp, type TestApp } from '../helpers/testApp';
import { ZV_SUMME_PARZELLE_17_CENT } from '../helpers/zvBeispiel';

// The seed every issue-15 test starts from: the booked payment request of DOMAIN.md's club.
describe('seedRechnungenBeispiel', () => {
  let app: TestApp;
  let rb: RechnungenBeispiel;
  beforeAll(async () => {
    app = await startTestApp();
    rb = await seedRechnungenBeispiel(app.services);
  });
  afterAll(() => app?.close());

  it('books 17 receivables with gapless numbers, plot 17 with 1.397,79 €, due 30 days after the letters', async () => {
    expect(rb.lauf.anzahl).toBe(17);
    expect(rb.lauf.rechnungen.map((r) => r.nummer).sort()).toEqual(
      Array.from({ length: 17 }, (_, i) => `2026-${String(i + 1).padStart(5, '0')}`),
    );
    expect(rb.huberRechnung).toMatchObject({ adresseId: rb.huber, betragCent: ZV_SUMME_PARZELLE_17_CENT });
    expect(rb.lauf.rechnungen.filter((r) => r.betragCent === 155_344)).toHaveLength(16);
    const row = await app.services.db('rechnungen').where({ id: rb.huberRechnung.id }).first('faellig_am');
    expect(String(row?.faellig_am).slice(0, 10)).toBe(RB_FAELLIG_AM);
    expect(rb.kontoId).toBeGreaterThan(0);
    expect(rb.kassaKontoId).toBeGreaterThan(0);
  });
});
