import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Ablesedatum, Ablesung } from '../../src/modules/wasserbuch/schema/ablesungen';
import type { ApiClient } from '../helpers/apiClient';
import { buildHauptwasserzaehler, buildParzelle } from '../helpers/factories';
import { startTestApp, TEST_PASSWORD, type TestApp } from '../helpers/testApp';

// Wasserbuch readings: save and update with version, one reading per meter and date, the default
// meter number, filters, reading rounds, delete a date, a plot's last readings, the plot meter
// change (atomic) and the rights.

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

type Problem = { title: string; errors?: Record<string, string[]> };
const save = (body: Record<string, unknown>, client = wasserwart) =>
  client.post<Ablesung & Problem>('Wasserbuch/UpdateWasserablesung', body);
const list = async (query: Record<string, string | number | boolean>) => {
  const res = await wasserwart.get<Ablesung[]>('Wasserbuch/GetWasserablesungen', query);
  expect(res.status, res.text).toBe(200);
  return res.body;
};
const count = async () => Number((await app.services.db('wasserablesungen').count({ n: '*' }).first())?.n);
let meters = 0;
/** A plot with its own meter number. */
const plot = () => buildParzelle(app.services, { wasserzaehlerNummer: `WZ-${++meters}` });

describe('Wasserablesungen', () => {
  it('creates a reading with the plot meter as default, answers it, updates it with its version', async () => {
    const p = await plot();
    const res = await save({ id: 0, datum: '2026-03-01', parzelleId: p.id, stand: '150.25' });
    expect(res.status, res.text).toBe(200);
    expect(res.body).toMatchObject({
      datum: '2026-03-01',
      parzelleId: p.id,
      parzelleNummer: p.nummer,
      hauptwasserzaehlerId: null,
      zaehlernummer: p.wasserzaehlerNummer,
      stand: '150.250',
      isZaehlerwechsel: false,
      quelle: 'manuell',
      notiz: '',
      version: 1,
    });
    const upd = await save({ ...res.body, stand: '151.001', notiz: 'korrigiert' });
    expect(upd.status, upd.text).toBe(200);
    expect(upd.body).toMatchObject({ id: res.body.id, stand: '151.001', notiz: 'korrigiert', version: 2 });
    // The old version is stale now.
    expect((await save({ ...res.body, stand: '152' })).status).toBe(409);
    const got = await wasserwart.get<Ablesung>('Wasserbuch/GetWasserAblesung', { id: res.body.id });
    expect(got.body.stand).toBe('151.001');
    const history = await wasserwart.get<{ action: string }[]>('Common/GetHistory', {
      entityID: `Wasserablesung:${res.body.id}`,
    });
    expect(history.status, history.text).toBe(200);
    expect(history.body.map((h) => h.action).sort()).toEqual(['create', 'update']);
    // A big reading stays exact (stored in litres).
    const big = await save({ datum: '2026-03-02', parzelleId: p.id, stand: '999999999.999' });
    expect(big.body.stand).toBe('999999999.999');
  });

  it('refuses a second reading of the same meter and date, and bad input, in German', async () => {
    const p = await plot();
    expect((await save({ datum: '2026-04-01', parzelleId: p.id, stand: '1' })).status).toBe(200);
    const before = await count();
    const dup = await save({ datum: '2026-04-01', parzelleId: p.id, stand: '2' });
    expect(dup.status).toBe(422);
    expect(dup.body.errors?.datum?.[0]).toContain('bereits eine Ablesung');
    const bad = await save({ datum: '2026-02-30', parzelleId: p.id, stand: '1,5', quelle: 'raten' });
    expect(bad.status).toBe(422);
    expect(Object.keys(bad.body.errors ?? {}).sort()).toEqual(['datum', 'quelle', 'stand']);
    expect(bad.body.errors?.stand?.[0]).toContain('Zählerstand');
    expect((await save({ parzelleId: p.id })).body.errors?.datum).toEqual(['Dieses Feld ist erforderlich.']);
    const neither = await save({ datum: '2026-04-02', stand: '1' });
    expect(neither.status).toBe(422);
    expect(neither.body.errors?.parzelleId?.[0]).toContain('Parzelle');
    const noMeter = await buildParzelle(app.services);
    const unknown = await save({ datum: '2026-04-02', parzelleId: noMeter.id, stand: '1' });
    expect(unknown.status).toBe(422);
    expect(unknown.body.errors?.zaehlernummer?.[0]).toContain('Zählernummer');
    expect(await count()).toBe(before);
  });

  it('takes the main meter number and filters by date, plot, main meter and missing rows', async () => {
    const hwz = await buildHauptwasserzaehler(app.services);
    const p = await plot();
    const h = await save({ datum: '2026-05-01', hauptwasserzaehlerId: hwz.id, stand: '1000' });
    expect(h.body).toMatchObject({ zaehlernummer: hwz.nummer, hauptwasserzaehlerNummer: hwz.nummer });
    // '' and null mean "not read yet", as an absent stand does.
    expect((await save({ datum: '2026-05-01', parzelleId: p.id, stand: '' })).body.stand).toBeNull();
    expect((await save({ datum: '2026-04-30', parzelleId: p.id, stand: null })).body.stand).toBeNull();
    await save({ datum: '2026-05-02', parzelleId: p.id, stand: '3' });
    expect((await list({ hauptwasserzaehlerId: hwz.id })).map((r) => r.id)).toEqual([h.body.id]);
    const ofPlot = await list({ parzelleId: p.id });
    expect(ofPlot.map((r) => r.datum)).toEqual(['2026-05-02', '2026-05-01', '2026-04-30']);
    const missing = await list({ parzelleId: p.id, nurFehlende: true });
    expect(missing.map((r) => [r.datum, r.stand])).toEqual([
      ['2026-05-01', null],
      ['2026-04-30', null],
    ]);
    const ofDate = await list({ datum: '2026-05-01' });
    expect(ofDate[0]?.hauptwasserzaehlerId).toBe(hwz.id);
    expect(ofDate).toHaveLength(2);
    const lookup = (await wasserwart.get<Ablesedatum[]>('Wasserbuch/GetWasserablesungLookup')).body;
    expect(lookup.find((d) => d.datum === '2026-05-01')).toEqual({ datum: '2026-05-01', anzahl: 2, fehlend: 1 });
  });

  it('inserts a reading round once per active meter and deletes all readings of a date', async () => {
    const a = await plot();
    const b = await plot();
    const inactive = await buildParzelle(app.services, { wasserzaehlerNummer: `WZ-${++meters}`, aktiv: false });
    const hwz = await buildHauptwasserzaehler(app.services);
    await save({ datum: '2026-06-30', parzelleId: a.id, stand: '7' });
    const res = await wasserwart.post<Ablesung[]>('Wasserbuch/InsertNeueWasserAblesungen?selectedDatum=2026-06-30');
    expect(res.status, res.text).toBe(200);
    const ofA = res.body.filter((r) => r.parzelleId === a.id);
    expect(ofA).toHaveLength(1);
    expect(ofA[0]?.stand).toBe('7.000');
    expect(res.body.filter((r) => r.parzelleId === b.id)).toMatchObject([
      { stand: null, zaehlernummer: b.wasserzaehlerNummer },
    ]);
    expect(res.body.some((r) => r.parzelleId === inactive.id)).toBe(false);
    expect(res.body.filter((r) => r.hauptwasserzaehlerId === hwz.id)).toHaveLength(1);
    const again = await wasserwart.post<Ablesung[]>('Wasserbuch/InsertNeueWasserAblesungen?selectedDatum=2026-06-30');
    expect(again.body).toHaveLength(res.body.length);
    const bad = await wasserwart.post<Problem>('Wasserbuch/InsertNeueWasserAblesungen?selectedDatum=30.06.2026');
    expect(bad.status).toBe(422);

    await save({ datum: '2026-07-01', parzelleId: a.id, stand: '8' });
    const del = await wasserwart.delete<{ geloescht: number }>('Wasserbuch/DeleteAllWasserablesungen', {
      datum: '2026-06-30',
    });
    expect(del.status, del.text).toBe(200);
    expect(del.body.geloescht).toBe(res.body.length);
    expect(await list({ datum: '2026-06-30' })).toEqual([]);
    // Each deleted reading's history ends with its deletion, showing what it was.
    const gone = await wasserwart.get<{ action: string; before: { datum: string } }[]>('Common/GetHistory', {
      entityID: `Wasserablesung:${res.body[0]?.id}`,
    });
    expect(gone.body.at(-1)).toMatchObject({ action: 'delete', before: { datum: '2026-06-30' } });
    expect(await list({ datum: '2026-07-01' })).toHaveLength(1);
    expect((await wasserwart.delete('Wasserbuch/DeleteAllWasserablesungen', { datum: '2026-06-30' })).status).toBe(404);
    const one = (await list({ datum: '2026-07-01' }))[0];
    expect((await wasserwart.delete('Wasserbuch/DeleteWasserablesung', { id: one?.id ?? 0 })).status).toBe(204);
    expect((await wasserwart.get('Wasserbuch/GetWasserAblesung', { id: one?.id ?? 0 })).status).toBe(404);
  });
});

describe('Zählerwechsel of a plot and its last readings', () => {
  type Wechsel = { wasserzaehlerNummer: string; version: number; endablesung: Ablesung; anfangsablesung: Ablesung };
  const wechsel = (body: Record<string, unknown>, client = wasserwart) =>
    client.post<Wechsel & Problem>('Stammdaten/UpdateZaehlerwechsel', body);
  const meterOf = async (id: number) =>
    (await app.services.db('parzellen').where({ id }).first('wasserzaehler_nummer'))?.wasserzaehler_nummer;

  it('stores both readings, switches the plot meter, and defaults earlier dates to the old meter', async () => {
    const p = await plot();
    const alt = p.wasserzaehlerNummer;
    await save({ datum: '2026-01-10', parzelleId: p.id, stand: '100' });
    const res = await wechsel({
      parzelleId: p.id,
      datum: '2026-08-01',
      endstand: '180.5',
      neueNummer: `NEU-${p.id}`,
      anfangsstand: '0',
      plombe: 'P-77',
    });
    expect(res.status, res.text).toBe(200);
    expect(res.body.endablesung).toMatchObject({ zaehlernummer: alt, stand: '180.500', isZaehlerwechsel: true });
    expect(res.body.anfangsablesung).toMatchObject({
      zaehlernummer: `NEU-${p.id}`,
      stand: '0.000',
      isZaehlerwechsel: false,
      notiz: 'Plombe P-77',
    });
    expect(await meterOf(p.id)).toBe(`NEU-${p.id}`);
    expect(res.body.version).toBeGreaterThan(p.version);
    // A reading typed in later for a date before the change belongs to the old meter …
    const early = await save({ datum: '2026-05-05', parzelleId: p.id, stand: '140' });
    expect(early.body.zaehlernummer).toBe(alt);
    // … one after it to the new meter.
    const later = await save({ datum: '2026-09-01', parzelleId: p.id, stand: '5' });
    expect(later.body.zaehlernummer).toBe(`NEU-${p.id}`);
    const last = await wasserwart.get<Ablesung[]>('Stammdaten/GetLastAblesungenParzelle', { parzelleId: p.id });
    expect(last.status, last.text).toBe(200);
    expect(last.body.map((r) => [r.zaehlernummer, r.datum, r.stand])).toEqual([
      [`NEU-${p.id}`, '2026-09-01', '5.000'],
      [alt, '2026-08-01', '180.500'],
    ]);
    expect((await wasserwart.get('Stammdaten/GetLastAblesungenParzelle', { parzelleId: 999999 })).status).toBe(404);
  });

  it('fills the old meter’s empty round row instead of doubling it', async () => {
    const p = await plot();
    await wasserwart.post('Wasserbuch/InsertNeueWasserAblesungen?selectedDatum=2026-10-01');
    const res = await wechsel({
      parzelleId: p.id,
      datum: '2026-10-01',
      endstand: '9',
      neueNummer: `N2-${p.id}`,
      anfangsstand: '1',
    });
    expect(res.status, res.text).toBe(200);
    expect((await list({ parzelleId: p.id })).map((r) => [r.zaehlernummer, r.stand, r.isZaehlerwechsel])).toEqual([
      [p.wasserzaehlerNummer, '9.000', true],
      [`N2-${p.id}`, '1.000', false],
    ]);
  });

  it('writes nothing when the input is wrong', async () => {
    const p = await plot();
    await save({ datum: '2026-03-01', parzelleId: p.id, stand: '200' });
    const before = await count();
    const res = await wechsel({
      parzelleId: p.id,
      datum: '2026-02-01',
      endstand: '150',
      neueNummer: p.wasserzaehlerNummer,
      anfangsstand: '0',
    });
    expect(res.status).toBe(422);
    expect(Object.keys(res.body.errors ?? {}).sort()).toEqual(['datum', 'endstand', 'neueNummer']);
    expect(res.body.errors?.endstand?.[0]).toContain('200.000');
    expect((await wechsel({ parzelleId: p.id, datum: '2026-04-01', endstand: 'viel' })).status).toBe(422);
    expect(await count()).toBe(before);
    expect(await meterOf(p.id)).toBe(p.wasserzaehlerNummer);
  });
});

describe('rights', () => {
  it('lets the Rechnungsprüfer read and refuses writes; no rights: 403 everywhere', async () => {
    const p = await plot();
    const pruefer = await app.signedIn(['Rechnungsprüfer']);
    expect((await pruefer.get('Wasserbuch/GetWasserablesungen')).status).toBe(200);
    expect((await pruefer.get('Stammdaten/GetLastAblesungenParzelle', { parzelleId: p.id })).status).toBe(200);
    const before = await count();
    expect((await save({ datum: '2026-11-01', parzelleId: p.id, stand: '1' }, pruefer)).status).toBe(403);
    expect((await pruefer.post('Wasserbuch/InsertNeueWasserAblesungen?selectedDatum=2026-11-01')).status).toBe(403);
    expect(
      (
        await pruefer.post('Stammdaten/UpdateZaehlerwechsel', {
          parzelleId: p.id,
          datum: '2026-11-01',
          endstand: '1',
          neueNummer: 'X',
          anfangsstand: '0',
        })
      ).status,
    ).toBe(403);
    expect((await pruefer.delete('Wasserbuch/DeleteAllWasserablesungen', { datum: '2026-11-01' })).status).toBe(403);
    expect(await count()).toBe(before);
    const nobody = await app.signedIn([]);
    expect((await nobody.get('Wasserbuch/GetWasserablesungen')).status).toBe(403);
    expect((await nobody.get('Wasserbuch/GetWasserablesungLookup')).status).toBe(403);
  });

  it("gives the Kassier the reading dates to choose a settlement's Stichtag, and no readings", async () => {
    const kassier = await app.signedIn(['Kassier']);
    const lookup = await kassier.get<Ablesedatum[]>('Wasserbuch/GetWasserablesungLookup');
    expect(lookup.status, lookup.text).toBe(200);
    expect(Array.isArray(lookup.body)).toBe(true);
    expect((await kassier.get('Wasserbuch/GetWasserablesungen')).status).toBe(403);
  });
});
