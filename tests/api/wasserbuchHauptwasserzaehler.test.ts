import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Bilanz } from '../../src/modules/wasserbuch/schema/zaehler';
import type { ApiClient } from '../helpers/apiClient';
import { buildHauptwasserzaehler, buildPachtabrechnung, buildParzelle } from '../helpers/factories';
import { startTestApp, TEST_PASSWORD, type TestApp } from '../helpers/testApp';

// Main meters in the water book: readings typed there are the Hauptwasserzähler's, the balance of a
// main meter against its plots over time (across meter changes, incomplete rounds, a leak), and
// deletes of plots and main meters that name their readings.

let app: TestApp;
let admin: ApiClient;
let wasserwart: ApiClient;

beforeAll(async () => {
  app = await startTestApp();
  admin = app.client();
  await admin.login('admin@test.kgv', TEST_PASSWORD);
  wasserwart = await app.signedIn(['Wasserwart']);
});
afterAll(() => app.stop());

type Problem = { title: string; code?: string; errors?: Record<string, string[]> };

async function lesen(body: Record<string, unknown>) {
  const res = await wasserwart.post<Problem>('Wasserbuch/UpdateWasserablesung', body);
  expect(res.status, res.text).toBe(200);
}

/** One round: the main meter's stand and the plots' (plot id → stand; absent: not read). */
async function runde(datum: string, hwz: number, hwzStand: string, plots: [number, string][]) {
  await lesen({ datum, hauptwasserzaehlerId: hwz, stand: hwzStand });
  for (const [parzelleId, stand] of plots) await lesen({ datum, parzelleId, stand });
}

describe('Hauptwasserzähler-Bilanz', () => {
  it('balances the main meter against its plots per reading date, across meter changes, with warnings', async () => {
    const hwz = await buildHauptwasserzaehler(app.services, { nummer: 'HWZ-B1' });
    const other = await buildHauptwasserzaehler(app.services, { nummer: 'HWZ-B2' });
    const p1 = await buildParzelle(app.services, { wasserzaehlerNummer: 'B-1', hauptwasserzaehlerId: hwz.id });
    const p2 = await buildParzelle(app.services, { wasserzaehlerNummer: 'B-2', hauptwasserzaehlerId: hwz.id });
    const p3 = await buildParzelle(app.services, { wasserzaehlerNummer: 'B-3', hauptwasserzaehlerId: hwz.id });
    // Not counted: a plot of another main meter, an inactive plot without a meter.
    const fremd = await buildParzelle(app.services, { wasserzaehlerNummer: 'B-9', hauptwasserzaehlerId: other.id });
    await buildParzelle(app.services, { aktiv: false, hauptwasserzaehlerId: hwz.id });

    await runde('2025-04-01', hwz.id, '1000', [
      [p1.id, '10'],
      [p2.id, '20'],
      [p3.id, '30'],
      [fremd.id, '0'],
    ]);
    await runde('2025-10-01', hwz.id, '1100', [
      [p1.id, '40'],
      [p2.id, '50'],
      [p3.id, '60'],
      [fremd.id, '500'],
    ]);
    // Plot 1 and the main meter change their meters between two rounds.
    const pw = await wasserwart.post('Stammdaten/UpdateZaehlerwechsel', {
      parzelleId: p1.id,
      datum: '2026-01-15',
      endstand: '50',
      neueNummer: 'B-1N',
      anfangsstand: '0',
    });
    expect(pw.status, pw.text).toBe(200);
    const hw = await wasserwart.post('Stammdaten/WechselHWZ', {
      id: hwz.id,
      datum: '2026-02-01',
      endstand: '1150',
      neueNummer: 'HWZ-B1N',
      anfangsstand: '0',
    });
    expect(hw.status, hw.text).toBe(200);
    await runde('2026-04-01', hwz.id, '100', [
      [p1.id, '20'],
      [p2.id, '60'],
      [p3.id, '65'],
    ]);
    // Plot 3 not read: incomplete, no warning even though the loss looks high.
    await runde('2026-10-01', hwz.id, '150', [
      [p1.id, '30'],
      [p2.id, '70'],
    ]);

    const res = await wasserwart.get<Bilanz>('Wasserbuch/GetHauptwasserzaehlerBilanz', { id: hwz.id });
    expect(res.status, res.text).toBe(200);
    expect(res.body).toMatchObject({ id: hwz.id, nummer: 'HWZ-B1N', warnProzent: '30' });
    expect(res.body.punkte).toEqual([
      {
        datum: '2025-04-01',
        stand: '1000.000',
        verbrauch: null,
        summeParzellen: null,
        anzahlParzellen: 3,
        anzahlGelesen: 3,
        schwund: null,
        schwundProzent: null,
        warnung: false,
        hinweis: 'Erste Ablesung – kein Vergleich',
      },
      {
        datum: '2025-10-01',
        stand: '1100.000',
        verbrauch: '100.000',
        summeParzellen: '90.000',
        anzahlParzellen: 3,
        anzahlGelesen: 3,
        schwund: '10.000',
        schwundProzent: '10.00',
        warnung: false,
        hinweis: null,
      },
      {
        // Main meter: 1100 → 1150 (old), 0 → 100 (new); plot 1: 40 → 50 (old), 0 → 20 (new).
        datum: '2026-04-01',
        stand: '100.000',
        verbrauch: '150.000',
        summeParzellen: '45.000',
        anzahlParzellen: 3,
        anzahlGelesen: 3,
        schwund: '105.000',
        schwundProzent: '70.00',
        warnung: true,
        hinweis: 'Schwund über 30 %: Leck?',
      },
      {
        datum: '2026-10-01',
        stand: '150.000',
        verbrauch: '50.000',
        summeParzellen: '20.000',
        anzahlParzellen: 3,
        anzahlGelesen: 2,
        schwund: '30.000',
        schwundProzent: '60.00',
        warnung: false,
        hinweis: '1 Parzelle ohne Ablesung',
      },
    ]);
    // The main meter's last reading in Stammdaten is the water book's.
    const stamm = await wasserwart.get<{ letzteAblesung: unknown }>('Stammdaten/GetHauptwasserZaehler', { id: hwz.id });
    expect(stamm.body.letzteAblesung).toEqual({ datum: '2026-10-01', stand: '150.000' });
  });

  it('warns when the plots use more than the main meter measures (a stuck meter)', async () => {
    const hwz = await buildHauptwasserzaehler(app.services, { nummer: 'HWZ-S1' });
    const p = await buildParzelle(app.services, { wasserzaehlerNummer: 'S-1', hauptwasserzaehlerId: hwz.id });
    await runde('2025-04-01', hwz.id, '500', [[p.id, '10']]);
    await runde('2025-10-01', hwz.id, '500', [[p.id, '25.5']]);
    const res = await wasserwart.get<Bilanz>('Wasserbuch/GetHauptwasserzaehlerBilanz', { id: hwz.id });
    expect(res.body.punkte[1]).toMatchObject({
      verbrauch: '0.000',
      summeParzellen: '15.500',
      schwund: '-15.500',
      schwundProzent: null,
      warnung: true,
      hinweis: 'Parzellen verbrauchen mehr als der Hauptwasserzähler misst: steht er?',
    });
  });

  it("warns above the year's Wassergrunddaten percentage, else above the settings'", async () => {
    const hwz = await buildHauptwasserzaehler(app.services, { nummer: 'HWZ-G1' });
    const p = await buildParzelle(app.services, { wasserzaehlerNummer: 'G-1', hauptwasserzaehlerId: hwz.id });
    await runde('2024-04-01', hwz.id, '0', [[p.id, '0']]);
    await runde('2024-10-01', hwz.id, '100', [[p.id, '60']]);
    const bilanz = async () =>
      (await wasserwart.get<Bilanz>('Wasserbuch/GetHauptwasserzaehlerBilanz', { id: hwz.id })).body;
    expect(await bilanz()).toMatchObject({
      warnProzent: '30',
      punkte: [{}, { schwundProzent: '40.00', warnung: true }],
    });

    const jahr = await buildPachtabrechnung(app.services, 2024);
    const gd = await admin.post('Abrechnung/UpdateWassergrunddaten', {
      pachtabrechnungId: jahr.id,
      preisProM3: '2.00',
      grundgebuehrCent: 0,
      schwundMethode: 'proportional',
      akontoMindestCent: 0,
      verbrauchsfaktorWarnung: '3',
      schwundWarnungProzent: '50',
    });
    expect(gd.status, gd.text).toBe(200);
    expect(await bilanz()).toMatchObject({
      warnProzent: '50',
      punkte: [{}, { schwundProzent: '40.00', warnung: false, hinweis: null }],
    });
  });

  it('answers 404 for an unknown meter and 422 for a bad id; needs a read right', async () => {
    expect((await wasserwart.get('Wasserbuch/GetHauptwasserzaehlerBilanz', { id: 999999 })).status).toBe(404);
    expect((await wasserwart.get('Wasserbuch/GetHauptwasserzaehlerBilanz', { id: '0x10' })).status).toBe(422);
    const nobody = await app.signedIn([]);
    expect((await nobody.get('Wasserbuch/GetHauptwasserzaehlerBilanz', { id: 1 })).status).toBe(403);
  });
});

describe('deletes that name readings', () => {
  it('refuses to delete a plot with readings (409 naming them), which stay; a plot without readings goes', async () => {
    const p = await buildParzelle(app.services, { nummer: 'D-12', wasserzaehlerNummer: 'D-12W' });
    for (const [datum, stand] of [
      ['2025-04-01', '1'],
      ['2025-10-01', '2'],
      ['2026-04-01', '3'],
    ])
      await lesen({ datum, parzelleId: p.id, stand });
    await lesen({ datum: '2026-10-01', parzelleId: p.id });
    const res = await admin.delete<Problem>('Stammdaten/DeleteParzelle', { id: p.id });
    expect(res.status).toBe(409);
    expect(res.body.code).toBe('still_referenced');
    expect(res.body.title).toBe(
      'Die Parzelle D-12 hat 4 Wasserablesungen (zuletzt am 01.10.2026); sie gehören zum Wasserbuch. Setzen Sie die Parzelle auf inaktiv, statt sie zu löschen.',
    );
    expect(await app.services.db('wasserablesungen').where({ parzelle_id: p.id })).toHaveLength(4);
    expect(await app.services.db('parzellen').where({ id: p.id })).toHaveLength(1);

    const one = await buildParzelle(app.services, { nummer: 'D-13', wasserzaehlerNummer: 'D-13W' });
    await lesen({ datum: '2026-04-01', parzelleId: one.id, stand: '1' });
    const single = await admin.delete<Problem>('Stammdaten/DeleteParzelle', { id: one.id });
    expect(single.body.title).toContain('Die Parzelle D-13 hat eine Wasserablesung (zuletzt am 01.04.2026)');

    const leer = await buildParzelle(app.services, { nummer: 'D-14', wasserzaehlerNummer: 'D-14W' });
    expect((await admin.delete('Stammdaten/DeleteParzelle', { id: leer.id })).status).toBe(204);
  });

  it('refuses to delete a plot that has a stored akonto but no reading, naming the akonto', async () => {
    const jahr = await buildPachtabrechnung(app.services, 2031);
    const grunddaten = await admin.post('Abrechnung/GetNewWassergrunddaten', undefined, {
      query: { pachtabrechnungID: jahr.id },
    });
    expect(grunddaten.status, grunddaten.text).toBe(200);
    const p = await buildParzelle(app.services, { nummer: 'D-15', wasserzaehlerNummer: 'D-15W' });
    const saved = await wasserwart.post('Wasserbuch/UpdateWasserakontoberechnung', {
      stichtag: '2031-01-15',
      zeilen: [{ parzelleId: p.id, akontoCent: 5000 }],
    });
    expect(saved.status, saved.text).toBe(200);
    const res = await admin.delete<Problem>('Stammdaten/DeleteParzelle', { id: p.id });
    expect(res.status).toBe(409);
    expect(res.body.title).toBe(
      'Die Parzelle D-15 hat ein Wasser-Akonto zum 15.01.2031; das gehört zum Wasserbuch. Setzen Sie die Parzelle auf inaktiv, statt sie zu löschen.',
    );
    expect(await app.services.db('parzellen').where({ id: p.id })).toHaveLength(1);
  });

  it('refuses to delete a main meter with readings typed in the water book', async () => {
    const hwz = await buildHauptwasserzaehler(app.services, { nummer: 'HWZ-D1' });
    await lesen({ datum: '2026-04-01', hauptwasserzaehlerId: hwz.id, stand: '10' });
    const res = await admin.delete<Problem>('Stammdaten/DeleteHauptwasserzaehler', { id: hwz.id });
    expect(res.status).toBe(409);
    expect(res.body.title).toContain('„HWZ-D1“ hat eine Ablesung (zuletzt am 01.04.2026); sie gehören zum Wasserbuch');
  });
});
