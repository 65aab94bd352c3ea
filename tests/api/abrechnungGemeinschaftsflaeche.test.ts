import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Pachtberechnung } from '../../src/modules/abrechnung/schema/pachtberechnung';
import type { ParzellenForZv } from '../../src/modules/abrechnung/schema/parzellenZv';
import { bucheLauf } from '../../src/modules/abrechnung/services';
import { systemActor } from '../../src/platform/auth/principal';
import { inTransaction } from '../../src/platform/db/db';
import type { ApiClient } from '../helpers/apiClient';
import { buildParzelle } from '../helpers/factories';
import { startTestApp, type TestApp } from '../helpers/testApp';
import { seedZvBeispiel, ZV_DATUM, type ZvBeispiel } from '../helpers/zvBeispiel';

// The common-area shares and the lease per plot (docs/api/abrechnung.md "Gemeinschaftsfläche und
// Vorschau"): DOMAIN.md's plot 17 line by line, the default shares adding up exactly by largest
// remainder, an edited share, a sum that does not fit refused (422, nothing stored), „Standard“,
// the rights and the year frozen once its Zahlungsvorschreibung is booked.

type Problem = { title: string; code?: string; errors?: Record<string, string[]> };

let app: TestApp;
let z: ZvBeispiel;
let kassier: ApiClient;
let pruefer: ApiClient;
let wasserwart: ApiClient;

beforeAll(async () => {
  app = await startTestApp();
  z = await seedZvBeispiel(app.services);
  kassier = await app.signedIn(['Kassier']);
  pruefer = await app.signedIn(['Rechnungsprüfer']);
  wasserwart = await app.signedIn(['Wasserwart']);
});
afterAll(() => app.stop());

const laden = async () =>
  (await pruefer.get<ParzellenForZv>('Abrechnung/GetParzellenForZV', { pachtabrechnungID: z.pachtabrechnungId })).body;
const plot = (l: ParzellenForZv, nummer: string) => l.parzellen.find((p) => p.nummer === nummer)!;

describe('GetParzellenForZV', () => {
  it('gives DOMAIN.md’s plot 17 its lease lines: 524,00 / 131,00 / 70,00 / 105,13', async () => {
    const l = await laden();
    expect(l).toMatchObject({
      pachtabrechnungId: z.pachtabrechnungId,
      jahr: 2026,
      gemeinschaftsflaeche: '2000.00',
      summeFlaeche: '8000.00',
      summeAnteile: '2000.00',
    });
    // Natural number order: "2" before "10", "17" last.
    expect(l.parzellen.map((p) => p.nummer)).toEqual(Array.from({ length: 17 }, (_, i) => String(i + 1)));
    const p17 = plot(l, '17');
    expect(p17).toMatchObject({
      parzelleId: z.parzelle17,
      flaeche: '400.00',
      anteil: '100.00',
      anteilGespeichert: null,
      anteilStandard: '100.00',
      nutzungsberechtigter: { adresseId: z.huber, name: 'Huber Maria' },
      summeCent: 83_013,
    });
    expect(p17.positionen).toEqual([
      {
        art: 'pachtzins',
        text: 'Pachtzins 400,00 m² × 1,31 €',
        menge: '400.00',
        satz: '1.31',
        betragCent: 52_400,
        steuersatz: 0,
        buchungskontoId: z.bk.pacht,
      },
      {
        art: 'gemeinschaftsflaeche',
        text: 'Gemeinschaftsflächenanteil 100,00 m² × 1,31 €',
        menge: '100.00',
        satz: '1.31',
        betragCent: 13_100,
        steuersatz: 0,
        buchungskontoId: z.bk.pacht,
      },
      {
        art: 'grundsteuer',
        text: 'Grundsteuer 500,00 m² × 0,14 €',
        menge: '500.00',
        satz: '0.14',
        betragCent: 7_000,
        steuersatz: 0,
        buchungskontoId: z.bk.pacht,
      },
      {
        art: 'pachtzuschlag',
        text: 'Verwaltungs- und Haftungszuschlag 14,5 % von 725,00 €',
        menge: '725.00',
        satz: '14.5',
        betragCent: 10_513,
        steuersatz: 0,
        buchungskontoId: z.bk.pacht,
      },
    ]);
    // Each of the other sixteen: 475 m² and 118.75 m² share.
    expect(plot(l, '3')).toMatchObject({ anteil: '118.75', summeCent: 62_225 + 15_556 + 8_313 + 12_484 });
  });
});

describe('UpdateGemeinschaftsflaeche', () => {
  it('stores an edited share when the shares still add up, and the lease follows', async () => {
    const res = await kassier.post<ParzellenForZv>('Abrechnung/UpdateGemeinschaftsflaeche', {
      pachtabrechnungId: z.pachtabrechnungId,
      anteile: [
        { parzelleId: z.parzelle17, anteil: '90.00' },
        { parzelleId: z.parzellen[1], anteil: '128.75' },
      ],
    });
    expect(res.status).toBe(200);
    expect(res.body.summeAnteile).toBe('2000.00');
    const p17 = plot(res.body, '17');
    expect(p17).toMatchObject({ anteil: '90.00', anteilGespeichert: '90.00', anteilStandard: '100.00' });
    expect(p17.positionen[1]).toMatchObject({
      text: 'Gemeinschaftsflächenanteil 90,00 m² × 1,31 €',
      betragCent: 11_790,
    });
    // Grundsteuer of 490 m²; 14.5 % of 524.00 + 117.90 + 68.60 = 710.50 → 103.02.
    expect(p17.summeCent).toBe(52_400 + 11_790 + 6_860 + 10_302);
    expect((await laden()).parzellen.find((p) => p.parzelleId === z.parzellen[1])?.anteilGespeichert).toBe('128.75');
  });

  it('refuses shares that do not add up to the common area (422 with both sums) and stores nothing', async () => {
    const res = await kassier.post<Problem>('Abrechnung/UpdateGemeinschaftsflaeche', {
      pachtabrechnungId: z.pachtabrechnungId,
      anteile: [{ parzelleId: z.parzelle17, anteil: '80.00' }],
    });
    expect(res.status).toBe(422);
    expect(res.body.title).toBe('Die Anteile ergeben nicht die Gemeinschaftsfläche.');
    expect(res.body.errors?.anteile).toEqual([
      'Die Anteile ergeben zusammen 1.990,00 m², die Gemeinschaftsfläche ist 2.000,00 m².',
    ]);
    expect(plot(await laden(), '17').anteilGespeichert).toBe('90.00');
    const bad = await kassier.post<Problem>('Abrechnung/UpdateGemeinschaftsflaeche', {
      pachtabrechnungId: z.pachtabrechnungId,
      anteile: [{ parzelleId: z.parzelle17, anteil: '-1' }],
    });
    expect(bad.status).toBe(422);
    expect(bad.body.errors?.['anteile.0.anteil']).toEqual(['Der Wert darf nicht negativ sein.']);
  });

  it('„Standard“ stores the default share of every plot; null returns a plot to the default', async () => {
    const res = await kassier.post<ParzellenForZv>('Abrechnung/UpdateGemeinschaftsflaeche', {
      pachtabrechnungId: z.pachtabrechnungId,
      standard: true,
    });
    expect(res.status).toBe(200);
    expect(res.body.parzellen.every((p) => p.anteilGespeichert === p.anteilStandard)).toBe(true);
    expect(plot(res.body, '17').anteilGespeichert).toBe('100.00');
    const back = await kassier.post<ParzellenForZv>('Abrechnung/UpdateGemeinschaftsflaeche', {
      pachtabrechnungId: z.pachtabrechnungId,
      anteile: [{ parzelleId: z.parzelle17, anteil: null }],
    });
    expect(plot(back.body, '17')).toMatchObject({ anteilGespeichert: null, anteil: '100.00' });
  });

  it('lets Abrechnung.View read but not write, and a Wasserwart neither', async () => {
    const body = { pachtabrechnungId: z.pachtabrechnungId, standard: true };
    expect((await pruefer.post('Abrechnung/UpdateGemeinschaftsflaeche', body)).status).toBe(403);
    expect((await wasserwart.post('Abrechnung/UpdateGemeinschaftsflaeche', body)).status).toBe(403);
    expect((await wasserwart.get('Abrechnung/GetParzellenForZV')).status).toBe(403);
  });

  it('refuses a change once the year’s Zahlungsvorschreibung is booked', async () => {
    await inTransaction(app.services.db, (trx) =>
      bucheLauf(trx, systemActor('Test'), {
        art: 'Zahlungsvorschreibung',
        pachtabrechnungId: z.pachtabrechnungId,
        datum: ZV_DATUM,
        faelligAm: '2026-03-31',
        eintraege: [],
      }),
    );
    const res = await kassier.post<Problem>('Abrechnung/UpdateGemeinschaftsflaeche', {
      pachtabrechnungId: z.pachtabrechnungId,
      standard: true,
    });
    expect(res.status).toBe(409);
    expect(res.body.code).toBe('zahlungsvorschreibung_gebucht');
  });
});

describe('default shares of a small club', () => {
  let klein: TestApp;
  beforeAll(async () => {
    klein = await startTestApp();
  });
  afterAll(() => klein.stop());

  it('three equal plots share an odd common area exactly by largest remainder (a hundredth to the first)', async () => {
    for (const nummer of ['1', '2', '10']) await buildParzelle(klein.services, { nummer, flaeche: '300.00' });
    const kassierKlein = await klein.signedIn(['Kassier']);
    const pb = (await kassierKlein.get<Pachtberechnung[]>('Abrechnung/GetPachtberechnungen')).body[0]!;
    const saved = await kassierKlein.post<Pachtberechnung>('Abrechnung/UpdatePachtberechnung', {
      ...pb,
      pachtzinsProM2: '1',
      gemeinschaftsflaeche: '100.00',
    });
    expect(saved.status).toBe(200);
    const l = (await kassierKlein.get<ParzellenForZv>('Abrechnung/GetParzellenForZV')).body;
    expect(l.parzellen.map((p) => [p.nummer, p.anteil])).toEqual([
      ['1', '33.34'],
      ['2', '33.33'],
      ['10', '33.33'],
    ]);
    expect(l.summeAnteile).toBe('100.00');
    // „Standard“ stores exactly these.
    const std = await kassierKlein.post<ParzellenForZv>('Abrechnung/UpdateGemeinschaftsflaeche', { standard: true });
    expect(std.body.parzellen.map((p) => p.anteilGespeichert)).toEqual(['33.34', '33.33', '33.33']);
  });
});
