import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Wasserabrechnung } from '../../src/modules/wasserbuch/schema/abrechnung';
import type {
  Wassergrunddaten,
  WassergrunddatenId,
  Wassergruppe,
} from '../../src/modules/wasserbuch/schema/grunddaten';
import type { ApiClient } from '../helpers/apiClient';
import { buildGruppe, buildHauptwasserzaehler, buildPachtabrechnung, buildParzelle } from '../helpers/factories';
import { startTestApp, TEST_PASSWORD, type TestApp } from '../helpers/testApp';

// The water settlement beyond DOMAIN.md's example: a loss that splits unevenly, a water group with
// its own price, a plot without a main meter, Wassergrunddaten and group prices as calls, and the
// refusals (missing reading, negative loss, no basis data). Each case has its own database: a
// settlement takes every plot with readings in its period.

type Problem = { title: string; errors?: Record<string, string[]> };

async function setup(app: TestApp, jahr: number, body: Record<string, unknown> = {}) {
  const client = await app.signedIn(['Wasserwart']);
  const year = await buildPachtabrechnung(app.services, jahr);
  const neu = await client.post<Wassergrunddaten>('Abrechnung/GetNewWassergrunddaten', undefined, {
    query: { pachtabrechnungID: year.id },
  });
  expect(neu.status, neu.text).toBe(200);
  const saved = await client.post<Wassergrunddaten>('Abrechnung/UpdateWassergrunddaten', {
    ...neu.body,
    preisProM3: '1.50',
    grundgebuehrCent: 0,
    schwundMethode: 'proportional',
    ...body,
  });
  expect(saved.status, saved.text).toBe(200);
  return { client, grunddaten: saved.body };
}

async function read(client: ApiClient, datum: string, owner: Record<string, number>, stand: string) {
  const res = await client.post('Wasserbuch/UpdateWasserablesung', { datum, ...owner, stand });
  expect(res.status, res.text).toBe(200);
}

describe('a loss that splits unevenly, a water group and a plot without main meter', () => {
  let app: TestApp;
  let client: ApiClient;
  let grunddaten: Wassergrunddaten;
  let gruppeId: number;
  let gruppenpreis: Wassergruppe;
  beforeAll(async () => {
    app = await startTestApp();
    ({ client, grunddaten } = await setup(app, 2026));
    const s = app.services;
    const hwz = await buildHauptwasserzaehler(s, { nummer: 'H-1' });
    gruppeId = (await buildGruppe(s, { name: 'Siedlung Nord' })).id;
    const plots = [
      ['A', '0', '33.333'],
      ['B', '10', '43.333'],
      ['C', '5', '25'],
    ] as const;
    for (const [nummer, von, bis] of plots) {
      const p = await buildParzelle(s, { nummer, wasserzaehlerNummer: `Z-${nummer}`, hauptwasserzaehlerId: hwz.id });
      await read(client, '2026-01-01', { parzelleId: p.id }, von);
      await read(client, '2026-12-31', { parzelleId: p.id }, bis);
    }
    await read(client, '2026-01-01', { hauptwasserzaehlerId: hwz.id }, '1000');
    await read(client, '2026-12-31', { hauptwasserzaehlerId: hwz.id }, '1100');
    // D hangs on no main meter and belongs to the water group: its own volume at the group's price.
    const d = await buildParzelle(s, { nummer: 'D', wasserzaehlerNummer: 'Z-D', gruppeId });
    await read(client, '2026-01-01', { parzelleId: d.id }, '7');
    await read(client, '2026-12-31', { parzelleId: d.id }, '19.5');
    const gruppe = await client.post<Wassergruppe>('Abrechnung/UpdateWasserabrechnungGruppe', {
      wasserberechnungID: grunddaten.id,
      gruppeId,
      preisProM3: '3',
    });
    expect(gruppe.status, gruppe.text).toBe(200);
    gruppenpreis = gruppe.body;
  });
  afterAll(() => app.stop());

  const preview = async () => {
    const res = await client.post<Wasserabrechnung>('Abrechnung/BerechneWasserabrechnung', { stichtag: '2026-12-31' });
    expect(res.status, res.text).toBe(200);
    return res.body;
  };
  const rows = (a: Wasserabrechnung) =>
    a.zeilen.map((z) => [z.parzelleNummer, z.verbrauch, z.schwund, z.verbrauchCent, z.schwundCent, z.betragCent]);

  it('proportional: the main total rounded once, split by largest remainder', async () => {
    // Main meter 100 m³ at 1.50 € = 150.00 €; A 33.333, B 33.333, C 20.000 m³ (86.666), loss 13.334 m³.
    // Money: 15000 ct × 33333/86666 = 5769.25 (A, B), × 20000/86666 = 3461.50 (C) → floors 5769/5769/3461,
    // the cent left goes to the largest remainder (C .4958 > .2520) → 5769 / 5769 / 3462.
    // Own volumes rounded per plot: 33.333 × 1.50 = 49.9995 → 50.00 €; 20 × 1.50 = 30.00 €; the rest is loss.
    // Loss volume 13334 l split 33333:33333:20000 → 5128.41/5128.41/3077.18 → 5129/5128/3077 (ties: lower number).
    const a = await preview();
    expect(rows(a)).toEqual([
      ['A', '33.333', '5.129', 5000, 769, 5769],
      ['B', '33.333', '5.128', 5000, 769, 5769],
      ['C', '20.000', '3.077', 3000, 462, 3462],
      // D: 12.5 m³ × 3.00 € (group price), no main meter, no loss.
      ['D', '12.500', '0.000', 3750, 0, 3750],
    ]);
    expect(a.zeilen.find((z) => z.parzelleNummer === 'D')).toMatchObject({
      hauptwasserzaehlerId: null,
      preisProM3: '3.00',
    });
    expect(a.hauptwasserzaehler).toMatchObject([
      { nummer: 'H-1', verbrauch: '100.000', summeParzellen: '86.666', schwund: '13.334', schwundProzent: '13.33' },
    ]);
    expect(a.summen).toMatchObject({ schwund: '13.334', betragCent: 15000 + 3750 });
  });

  it('gleichverteilt: the loss money 20.001 € → 20.00 € split equally, the extra cent to the lowest number', async () => {
    // The group price saved in beforeAll counted the version up: read it again.
    const current = (await client.get<Wassergrunddaten>('Abrechnung/GetWassergrunddata', { id: grunddaten.id })).body;
    const upd = await client.post('Abrechnung/UpdateWassergrunddaten', {
      ...current,
      schwundMethode: 'gleichverteilt',
    });
    expect(upd.status, upd.text).toBe(200);
    const a = await preview();
    expect(rows(a).slice(0, 3)).toEqual([
      ['A', '33.333', '4.445', 5000, 667, 5667],
      ['B', '33.333', '4.445', 5000, 667, 5667],
      ['C', '20.000', '4.444', 3000, 666, 3666],
    ]);
  });

  it('keeps group prices per year: one per group, and the group preview shows only its plots', async () => {
    const res = { body: gruppenpreis };
    expect(res.body).toMatchObject({ gruppeId, gruppeName: 'Siedlung Nord', preisProM3: '3.00', anzahlParzellen: 1 });
    const twice = await client.post<Problem>('Abrechnung/UpdateWasserabrechnungGruppe', {
      wasserberechnungID: grunddaten.id,
      gruppeId,
      preisProM3: '4',
    });
    expect(twice.status).toBe(422);
    expect(twice.body.errors?.gruppeId?.[0]).toContain('Siedlung Nord');
    const list = await client.get<Wassergruppe[]>('Abrechnung/GetWasserabrechnungenGruppen', {
      wasserberechnungID: grunddaten.id,
    });
    expect(list.body).toEqual([res.body]);
    const gruppe = await client.post<Wasserabrechnung>('Abrechnung/BerechneWasserabrechnungGruppe', {
      wasserberechnungID: grunddaten.id,
      gruppeId,
      stichtag: '2026-12-31',
    });
    expect(gruppe.status, gruppe.text).toBe(200);
    expect(gruppe.body.zeilen.map((z) => [z.parzelleNummer, z.verbrauchCent])).toEqual([['D', 3750]]);
    expect(gruppe.body.hauptwasserzaehler).toEqual([]);
    expect(gruppe.body.summen.betragCent).toBe(3750);
    // Without the group price D pays the year's price.
    expect((await client.delete('Abrechnung/DeleteWasserberechnungGruppe', { id: res.body.id })).status).toBe(204);
    const a = await preview();
    expect(a.zeilen.find((z) => z.parzelleNummer === 'D')).toMatchObject({ preisProM3: '1.50', verbrauchCent: 1875 });
    // Put it back for the other cases.
    await client.post('Abrechnung/UpdateWasserabrechnungGruppe', {
      wasserberechnungID: grunddaten.id,
      gruppeId,
      preisProM3: '3',
    });
  });

  it('keeps a group that has its own water price, naming the year', async () => {
    const leer = await buildGruppe(app.services, { name: 'Siedlung Süd' });
    const preis = await client.post<Wassergruppe>('Abrechnung/UpdateWasserabrechnungGruppe', {
      wasserberechnungID: grunddaten.id,
      gruppeId: leer.id,
      preisProM3: '2.5',
    });
    expect(preis.status, preis.text).toBe(200);
    const del = await app.client();
    await del.login('admin@test.kgv', TEST_PASSWORD);
    const refused = await del.delete<Problem>('Stammdaten/DeleteGruppe', { id: leer.id });
    expect(refused.status).toBe(409);
    expect(refused.body.title).toBe(
      'Die Gruppe „Siedlung Süd“ hat einen eigenen Wasserpreis in den Wassergrunddaten 2026; entfernen Sie ihn dort zuerst.',
    );
    expect(
      (
        await client.delete('Abrechnung/DeleteWasserberechnungGruppe', {
          id: preis.body.id,
          wasserberechnungID: grunddaten.id,
        })
      ).status,
    ).toBe(204);
    expect((await del.delete('Stammdaten/DeleteGruppe', { id: leer.id })).status).toBe(204);
  });

  it('reads, lists and refuses Wassergrunddaten in German', async () => {
    const one = await client.get<Wassergrunddaten>('Abrechnung/GetWassergrunddata', { id: grunddaten.id });
    expect(one.status, one.text).toBe(200);
    expect(one.body.gruppen.map((g) => g.preisProM3)).toEqual(['3.00']);
    expect((await client.get<Problem>('Abrechnung/GetWassergrunddata', { id: 999 })).status).toBe(404);
    const ids = await client.get<WassergrunddatenId[]>('Abrechnung/GetAllWassergrunddatenIDs');
    expect(ids.body).toEqual([{ id: grunddaten.id, pachtabrechnungId: grunddaten.pachtabrechnungId, jahr: 2026 }]);
    const bad = await client.post<Problem>('Abrechnung/UpdateWassergrunddaten', {
      ...one.body,
      preisProM3: '1,5',
      grundgebuehrCent: -1,
      schwundMethode: 'irgendwie',
      verbrauchsfaktorWarnung: '1',
      schwundWarnungProzent: '101',
    });
    expect(bad.status).toBe(422);
    expect(Object.keys(bad.body.errors ?? {}).sort()).toEqual([
      'grundgebuehrCent',
      'preisProM3',
      'schwundMethode',
      'schwundWarnungProzent',
      'verbrauchsfaktorWarnung',
    ]);
    const second = await client.post<Problem>('Abrechnung/UpdateWassergrunddaten', {
      ...one.body,
      id: 0,
      version: null,
    });
    expect(second.status).toBe(422);
    expect(second.body.errors?.pachtabrechnungId?.[0]).toBe('Für 2026 sind bereits Wassergrunddaten angelegt.');
    const stale = await client.post('Abrechnung/UpdateWassergrunddaten', { ...one.body, version: 1 });
    expect(stale.status).toBe(409);
  });

  it('refuses a settlement for a year without basis data, and deletes unused basis data', async () => {
    await read(
      client,
      '2027-03-01',
      { parzelleId: (await app.services.db('parzellen').where({ nummer: 'D' }).first('id'))!.id },
      '20',
    );
    const res = await client.post<Problem>('Wasserbuch/ErstelleAbrechnung', undefined, {
      query: { stichtag: '2027-03-01', von: '2026-12-31' },
    });
    expect(res.status).toBe(422);
    expect(res.body.errors?.stichtag).toEqual(['Für 2027 sind keine Wassergrunddaten angelegt.']);
    const year = await buildPachtabrechnung(app.services, 2027);
    const neu = await client.post<Wassergrunddaten>('Abrechnung/GetNewWassergrunddaten', undefined, {
      query: { pachtabrechnungID: year.id },
    });
    expect(neu.body.gruppen.map((g) => g.preisProM3)).toEqual(['3.00']);
    expect((await client.delete('Abrechnung/DeleteWassergrunddaten', { id: neu.body.id })).status).toBe(204);
    expect((await client.get('Abrechnung/GetWassergrunddata', { id: neu.body.id })).status).toBe(404);
  });
});

describe('refusals', () => {
  let app: TestApp;
  let client: ApiClient;
  let hwzId: number;
  let p1: number;
  let p2: number;
  beforeAll(async () => {
    app = await startTestApp();
    ({ client } = await setup(app, 2026));
    hwzId = (await buildHauptwasserzaehler(app.services, { nummer: 'HWZ-9' })).id;
    p1 = (await buildParzelle(app.services, { nummer: '1', wasserzaehlerNummer: 'W1', hauptwasserzaehlerId: hwzId }))
      .id;
    p2 = (await buildParzelle(app.services, { nummer: '2', wasserzaehlerNummer: 'W2', hauptwasserzaehlerId: hwzId }))
      .id;
    await read(client, '2026-01-01', { hauptwasserzaehlerId: hwzId }, '0');
    await read(client, '2026-01-01', { parzelleId: p1 }, '0');
    await read(client, '2026-01-01', { parzelleId: p2 }, '0');
  });
  afterAll(() => app.stop());

  const erstelle = () =>
    client.post<Problem>('Wasserbuch/ErstelleAbrechnung', undefined, { query: { stichtag: '2026-12-31' } });
  const stored = async () => Number((await app.services.db('wasserabrechnungen').count({ n: '*' }).first())?.n);

  it('names every meter without a reading at the stichtag', async () => {
    await read(client, '2026-12-31', { parzelleId: p1 }, '200');
    const res = await erstelle();
    expect(res.status).toBe(422);
    expect(res.body.errors?.stichtag).toEqual([
      'Parzelle 2: Für den Zähler „W2“ fehlt die Ablesung am 31.12.2026.',
      'Hauptwasserzähler HWZ-9: Für den Zähler „HWZ-9“ fehlt die Ablesung am 31.12.2026.',
    ]);
    // The same reasons with what they name, so the screen links each to the reading to type.
    expect((res.body as Problem & { befunde: unknown[] }).befunde).toEqual([
      {
        text: 'Parzelle 2: Für den Zähler „W2“ fehlt die Ablesung am 31.12.2026.',
        parzelleId: p2,
        parzelleNummer: '2',
        hauptwasserzaehlerId: null,
        zaehlernummer: 'W2',
        datum: '2026-12-31',
      },
      {
        text: 'Hauptwasserzähler HWZ-9: Für den Zähler „HWZ-9“ fehlt die Ablesung am 31.12.2026.',
        parzelleId: null,
        parzelleNummer: null,
        hauptwasserzaehlerId: hwzId,
        zaehlernummer: 'HWZ-9',
        datum: '2026-12-31',
      },
    ]);
    expect(await stored()).toBe(0);
  });

  it('refuses a negative loss and a reading that sank', async () => {
    await read(client, '2026-12-31', { parzelleId: p2 }, '210');
    await read(client, '2026-12-31', { hauptwasserzaehlerId: hwzId }, '400');
    const res = await erstelle();
    expect(res.status).toBe(422);
    expect(res.body.title).toContain('Negativer Schwund');
    expect(res.body.errors?.stichtag).toEqual([
      'Hauptwasserzähler HWZ-9: Verbrauch 400.000 m³ ist kleiner als die Summe der Parzellen 410.000 m³.',
    ]);
    expect((res.body as Problem & { befunde: unknown[] }).befunde).toMatchObject([
      { hauptwasserzaehlerId: hwzId, parzelleId: null, datum: '2026-12-31' },
    ]);
    await read(client, '2026-06-30', { parzelleId: p2 }, '300');
    const sank = await erstelle();
    expect(sank.status).toBe(422);
    expect(sank.body.errors?.stichtag?.[0]).toBe(
      'Parzelle 2: Der Stand des Zählers „W2“ ist von 300.000 m³ (30.06.2026) auf 210.000 m³ (31.12.2026) gesunken, ohne Zählerwechsel.',
    );
    expect((sank.body as Problem & { befunde: unknown[] }).befunde).toMatchObject([
      { parzelleId: p2, zaehlernummer: 'W2', datum: '2026-12-31' },
    ]);
    expect(await stored()).toBe(0);
  });

  it('refuses a period that does not end after it starts', async () => {
    const res = await client.post<Problem>('Wasserbuch/ErstelleAbrechnung', undefined, {
      query: { stichtag: '2026-12-31', von: '2026-12-31' },
    });
    expect(res.status).toBe(422);
    expect(Object.keys(res.body.errors ?? {})).toEqual(['von']);
  });
});
