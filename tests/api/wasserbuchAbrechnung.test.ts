import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type {
  AkontoBerechnung,
  AkontoStichtag,
  Wasserabrechnung,
} from '../../src/modules/wasserbuch/schema/abrechnung';
import type { Wassergrunddaten } from '../../src/modules/wasserbuch/schema/grunddaten';
import type { ApiClient } from '../helpers/apiClient';
import {
  buildAdresse,
  buildHauptwasserzaehler,
  buildPachtabrechnung,
  buildPachtverhaeltnis,
  buildParzelle,
} from '../helpers/factories';
import { startTestApp, type TestApp } from '../helpers/testApp';
import { type BeispielZaehler, recordDomainReadings } from '../helpers/wasserBeispiel';

// DOMAIN.md's water example end to end through the API: Wassergrunddaten (first year from the
// settings, the next copied), the readings at both ends, P2's meter change inside the period
// through Stammdaten/UpdateZaehlerwechsel, the akonto at the start, the settlement to the cent for
// both loss methods, the next akonto proposal, corrections with history, booked settlements and
// the readings a settlement pins.
//
// Main meter 12,340 → 12,820 = 480 m³; 2.00 €/m³; Grundgebühr 10.00 €; P1 100 → 250 (150 m³);
// P2 834.5 → 901.3 (old meter) then 0 → 83.2 (new) = 150 m³; P3 40 → 150 (110 m³); loss 70 m³.

let app: TestApp;
let wasserwart: ApiClient;
let kassier: ApiClient;
const VON = '2025-10-31';
const STICHTAG = '2026-10-31';
const ids: BeispielZaehler = { hwz: 0, p1: 0, p2: 0, p3: 0 };

type Problem = { title: string; errors?: Record<string, string[]> };

beforeAll(async () => {
  app = await startTestApp();
  wasserwart = await app.signedIn(['Wasserwart']);
  kassier = await app.signedIn(['Kassier']);
  const s = app.services;
  const hwz = await buildHauptwasserzaehler(s, { nummer: 'HWZ-1' });
  ids.hwz = hwz.id;
  for (const n of ['1', '2', '3'] as const) {
    const p = await buildParzelle(s, { nummer: n, wasserzaehlerNummer: `WZ-${n}`, hauptwasserzaehlerId: hwz.id });
    ids[`p${n}`] = p.id;
    const a = await buildAdresse(s, { nachname: `Mitglied${n}`, vorname: 'Eva' });
    await buildPachtverhaeltnis(s, { parzelleId: p.id, adresseId: a.id, von: '2020-01-01' });
  }
  await buildPachtabrechnung(s, 2025);
  await buildPachtabrechnung(s, 2026);
});
afterAll(() => app.stop());

const jahrId = async (jahr: number) =>
  Number((await app.services.db('pachtabrechnungen').where({ jahr }).first('id'))?.id);

describe('Wasserabrechnung: DOMAIN.md example', () => {
  it('starts the first year from the settings and copies it into the next', async () => {
    const first = await kassier.post<Wassergrunddaten>('Abrechnung/GetNewWassergrunddaten', undefined, {
      query: { pachtabrechnungID: await jahrId(2025) },
    });
    expect(first.status, first.text).toBe(200);
    expect(first.body).toMatchObject({ jahr: 2025, preisProM3: '0.00', grundgebuehrCent: 0, gruppen: [] });
    const saved = await kassier.post<Wassergrunddaten>('Abrechnung/UpdateWassergrunddaten', {
      ...first.body,
      preisProM3: '2.00',
      grundgebuehrCent: 1000,
      schwundMethode: 'proportional',
      akontoMindestCent: 30000,
    });
    expect(saved.status, saved.text).toBe(200);
    expect(saved.body).toMatchObject({ version: 2, preisProM3: '2.00', akontoMindestCent: 30000 });
    const again = await kassier.post<Problem>('Abrechnung/GetNewWassergrunddaten', undefined, {
      query: { pachtabrechnungID: await jahrId(2025) },
    });
    expect(again.status).toBe(409);
    // No id: the newest Pachtabrechnung (2026), a copy of 2025.
    const next = await wasserwart.post<Wassergrunddaten>('Abrechnung/GetNewWassergrunddaten');
    expect(next.status, next.text).toBe(200);
    expect(next.body).toMatchObject({
      jahr: 2026,
      preisProM3: '2.00',
      grundgebuehrCent: 1000,
      schwundMethode: 'proportional',
      akontoMindestCent: 30000,
    });
    const list = await kassier.get<Wassergrunddaten[]>('Abrechnung/GetWassergrunddaten');
    expect(list.body.map((w) => w.jahr)).toEqual([2026, 2025]);
  });

  it('proposes the minimum akonto when there was no settlement, and stores it', async () => {
    const proposal = await kassier.get<AkontoBerechnung>('Wasserbuch/GetWasserAkontoBerechnung', { stichtag: VON });
    expect(proposal.status, proposal.text).toBe(200);
    expect(proposal.body).toMatchObject({ stichtag: VON, gespeichert: false, abrechnungStichtag: null });
    expect(proposal.body.zeilen.map((z) => [z.parzelleNummer, z.verbrauch, z.vorschlagCent, z.akontoCent])).toEqual([
      ['1', null, 30000, 30000],
      ['2', null, 30000, 30000],
      ['3', null, 30000, 30000],
    ]);
    expect(proposal.body.zeilen[0]?.adresseName).toContain('Mitglied1');
    const saved = await kassier.post<AkontoBerechnung>('Wasserbuch/UpdateWasserakontoberechnung', {
      stichtag: VON,
      zeilen: proposal.body.zeilen.map((z) => ({ parzelleId: z.parzelleId, akontoCent: z.akontoCent })),
    });
    expect(saved.status, saved.text).toBe(200);
    expect(saved.body.gespeichert).toBe(true);
  });

  it('settles the period with the meter change inside it, proportional, to the cent', async () => {
    await recordDomainReadings(wasserwart, ids, {
      von: VON,
      wechsel: '2026-05-15',
      stichtag: STICHTAG,
      neueNummer: 'WZ-2b',
    });

    const res = await wasserwart.post<Wasserabrechnung>('Wasserbuch/ErstelleAbrechnung', undefined, {
      query: { stichtag: STICHTAG },
    });
    expect(res.status, res.text).toBe(200);
    const a = res.body;
    expect(a).toMatchObject({ stichtag: STICHTAG, von: VON, akontoStichtag: VON, schwundMethode: 'proportional' });
    expect(a.id).toBeGreaterThan(0);
    expect(
      a.zeilen.map((z) => [
        z.parzelleNummer,
        z.verbrauch,
        z.schwund,
        z.verbrauchCent + z.schwundCent,
        z.betragCent,
        z.differenzCent,
      ]),
    ).toEqual([
      ['1', '150.000', '25.610', 35122, 36122, 6122],
      ['2', '150.000', '25.610', 35122, 36122, 6122],
      ['3', '110.000', '18.780', 25756, 26756, -3244],
    ]);
    expect(a.zeilen[1]?.zaehler).toEqual([
      {
        zaehlernummer: 'WZ-2',
        anfang: { datum: VON, stand: '834.500' },
        ende: { datum: '2026-05-15', stand: '901.300' },
        verbrauch: '66.800',
      },
      {
        zaehlernummer: 'WZ-2b',
        anfang: { datum: '2026-05-15', stand: '0.000' },
        ende: { datum: STICHTAG, stand: '83.200' },
        verbrauch: '83.200',
      },
    ]);
    expect(a.zeilen[0]).toMatchObject({
      adresseName: expect.stringContaining('Mitglied1'),
      hauptwasserzaehlerId: ids.hwz,
    });
    expect(a.hauptwasserzaehler).toMatchObject([
      {
        id: ids.hwz,
        nummer: 'HWZ-1',
        verbrauch: '480.000',
        summeParzellen: '410.000',
        schwund: '70.000',
        schwundProzent: '14.58',
      },
    ]);
    expect(a.summen).toMatchObject({
      verbrauch: '410.000',
      schwund: '70.000',
      grundgebuehrCent: 3000,
      betragCent: 99000,
      akontoCent: 90000,
      differenzCent: 9000,
    });
    expect(a.summen.verbrauchCent + a.summen.schwundCent).toBe(96000);

    // Stored: the details and the list answer the same numbers.
    const details = await kassier.get<Wasserabrechnung>('Wasserbuch/GetWasserabrechnungDetails', {
      abrechnungStichtag: STICHTAG,
    });
    expect(details.body).toEqual(a);
    const byId = await kassier.get<Wasserabrechnung>('Abrechnung/GetWasserabrechnung', { id: a.id });
    expect(byId.body).toEqual(a);
    const list = await kassier.get('Wasserbuch/GetWasserabrechnungStichtage');
    expect(list.body).toEqual([
      { id: a.id, stichtag: STICHTAG, von: VON, betragCent: 99000, differenzCent: 9000, gebucht: false },
    ]);
    expect(
      (await wasserwart.post('Wasserbuch/ErstelleAbrechnung', undefined, { query: { stichtag: STICHTAG } })).status,
    ).toBe(409);
  });

  it('shows the same period with gleichverteilt as a preview without storing it', async () => {
    const w = (await kassier.get<Wassergrunddaten[]>('Abrechnung/GetWassergrunddaten')).body.find(
      (x) => x.jahr === 2026,
    )!;
    const upd = await kassier.post('Abrechnung/UpdateWassergrunddaten', { ...w, schwundMethode: 'gleichverteilt' });
    expect(upd.status, upd.text).toBe(200);
    const preview = await kassier.post<Wasserabrechnung>('Abrechnung/BerechneWasserabrechnung', {
      stichtag: STICHTAG,
      von: VON,
    });
    expect(preview.status, preview.text).toBe(200);
    expect(preview.body.id).toBe(0);
    expect(preview.body.zeilen.map((z) => [z.verbrauchCent, z.schwundCent, z.schwund, z.differenzCent])).toEqual([
      [30000, 4667, '23.334', 34667 + 1000 - 30000],
      [30000, 4667, '23.333', 34667 + 1000 - 30000],
      [22000, 4666, '23.333', 26666 + 1000 - 30000],
    ]);
    const dry = await wasserwart.post<Wasserabrechnung>('Wasserbuch/ErstelleAbrechnung', undefined, {
      query: { stichtag: STICHTAG, von: VON, dryRun: true },
    });
    expect(dry.body).toEqual(preview.body);
    // The stored settlement keeps its own method and numbers.
    const stored = await kassier.get<Wasserabrechnung>('Wasserbuch/GetWasserabrechnungDetails', {
      abrechnungStichtag: STICHTAG,
    });
    expect(stored.body.schwundMethode).toBe('proportional');
    expect(stored.body.summen.betragCent).toBe(99000);
  });

  it('proposes next year’s akonto from the charged volume, rounded up, not below the minimum', async () => {
    const res = await kassier.get<AkontoBerechnung>('Wasserbuch/GetWasserAkontoBerechnung', { stichtag: STICHTAG });
    expect(res.status, res.text).toBe(200);
    expect(res.body.abrechnungStichtag).toBe(STICHTAG);
    // 175.610 m³ × 2.00 = 351.22 € → 352 €; 128.780 m³ × 2.00 = 257.56 € → 258 €, below the minimum 300 €.
    expect(res.body.zeilen.map((z) => [z.verbrauch, z.vorschlagCent, z.akontoCent])).toEqual([
      ['175.610', 35200, 35200],
      ['175.610', 35200, 35200],
      ['128.780', 30000, 30000],
    ]);
    const save = await kassier.post<AkontoBerechnung>('Wasserbuch/UpdateWasserakontoberechnung', {
      stichtag: STICHTAG,
      zeilen: res.body.zeilen.map((z, i) => ({
        parzelleId: z.parzelleId,
        akontoCent: i === 0 ? 40000 : z.vorschlagCent,
      })),
    });
    expect(save.status, save.text).toBe(200);
    expect(save.body.zeilen.map((z) => [z.vorschlagCent, z.akontoCent])).toEqual([
      [35200, 40000],
      [35200, 35200],
      [30000, 30000],
    ]);
    const bad = await kassier.post<Problem>('Wasserbuch/UpdateWasserakontoberechnung', {
      stichtag: STICHTAG,
      zeilen: [{ parzelleId: ids.p1, akontoCent: -1 }],
    });
    expect(bad.status).toBe(422);
    expect(Object.keys(bad.body.errors ?? {})).toEqual(['zeilen.0.akontoCent']);
    const stichtage = await kassier.get<AkontoStichtag[]>('Wasserbuch/GetWasserakontoberechnungStichtage');
    expect(stichtage.body).toEqual([
      { stichtag: STICHTAG, anzahl: 3, summeCent: 105200 },
      { stichtag: VON, anzahl: 3, summeCent: 90000 },
    ]);
    const history = await kassier.get<{ action: string }[]>('Common/GetHistory', {
      entityID: `Wasserakonto:${STICHTAG}`,
    });
    expect(history.status, history.text).toBe(200);
    expect(history.body.map((h) => h.action)).toEqual(['create']);
    // The settlement's details with another akonto calculation: differences from it, nothing stored.
    const other = await kassier.get<Wasserabrechnung>('Wasserbuch/GetWasserabrechnungDetails', {
      abrechnungStichtag: STICHTAG,
      akontoStichtag: STICHTAG,
    });
    expect(other.body.zeilen.map((z) => z.differenzCent)).toEqual([36122 - 40000, 36122 - 35200, 26756 - 30000]);
    const stored = await kassier.get<Wasserabrechnung>('Wasserbuch/GetWasserabrechnungDetails', {
      abrechnungStichtag: STICHTAG,
    });
    expect(stored.body.summen.akontoCent).toBe(90000);
  });

  it('corrects a row only with a reason, and the history shows before and after', async () => {
    const current = (
      await kassier.get<Wasserabrechnung>('Wasserbuch/GetWasserabrechnungDetails', { abrechnungStichtag: STICHTAG })
    ).body;
    const noReason = await kassier.post<Problem>(
      'Wasserbuch/UpdateWasserabrechnung',
      { version: current.version, zeilen: [{ parzelleId: ids.p3, korrekturCent: -500, korrekturGrund: '' }] },
      { query: { stichtag: STICHTAG } },
    );
    expect(noReason.status).toBe(422);
    expect(noReason.body.errors?.['zeilen.0.korrekturGrund']?.[0]).toContain('Grund');
    const ok = await kassier.post<Wasserabrechnung>(
      'Wasserbuch/UpdateWasserabrechnung',
      {
        version: current.version,
        zeilen: [{ parzelleId: ids.p3, korrekturCent: -500, korrekturGrund: 'Rohrbruch vor dem Zähler' }],
      },
      { query: { stichtag: STICHTAG } },
    );
    expect(ok.status, ok.text).toBe(200);
    expect(ok.body.zeilen[2]).toMatchObject({
      korrekturCent: -500,
      korrekturGrund: 'Rohrbruch vor dem Zähler',
      betragCent: 26256,
      differenzCent: -3744,
    });
    expect(ok.body.summen).toMatchObject({ korrekturCent: -500, betragCent: 98500 });
    // The old version is stale now.
    const stale = await kassier.post(
      'Wasserbuch/UpdateWasserabrechnung',
      { version: current.version, zeilen: [] },
      { query: { stichtag: STICHTAG } },
    );
    expect(stale.status).toBe(409);
    const history = await kassier.get<{ action: string; before: Wasserabrechnung; after: Wasserabrechnung }[]>(
      'Common/GetHistory',
      { entityID: `Wasserabrechnung:${current.id}` },
    );
    expect(history.body.map((h) => h.action)).toEqual(['update', 'create']);
    expect(history.body[0]?.before.zeilen[2]).toMatchObject({ korrekturCent: 0, betragCent: 26756 });
    expect(history.body[0]?.after.zeilen[2]).toMatchObject({
      korrekturCent: -500,
      korrekturGrund: 'Rohrbruch vor dem Zähler',
    });
  });

  it('keeps the readings, the akonto and the basis data a settlement uses', async () => {
    const all = await wasserwart.delete<Problem>('Wasserbuch/DeleteAllWasserablesungen', { datum: STICHTAG });
    expect(all.status).toBe(409);
    expect(all.body.title).toBe('Die Wasserabrechnung zum 31.10.2026 verwendet die Ablesungen vom 31.10.2026.');
    expect((await wasserwart.delete('Wasserbuch/DeleteAllWasserablesungen', { datum: VON })).status).toBe(409);
    // One reading of that date neither: not deleted, its stand not changed; its note may change.
    const [one] = (
      await wasserwart.get<{ id: number; version: number; stand: string; notiz: string; zaehlernummer: string }[]>(
        'Wasserbuch/GetWasserablesungen',
        { datum: STICHTAG },
      )
    ).body;
    if (!one) throw new Error('no reading at the stichtag');
    const del = await wasserwart.delete<Problem>('Wasserbuch/DeleteWasserablesung', { id: one.id });
    expect(del.status).toBe(409);
    expect(del.body.title).toContain('Die Wasserabrechnung zum 31.10.2026 verwendet diese Ablesung vom 31.10.2026');
    const changed = await wasserwart.post<Problem>('Wasserbuch/UpdateWasserablesung', { ...one, stand: '999.000' });
    expect(changed.status).toBe(409);
    // Nor replaced by a radio-meter import with overwrite: the row is an error, nothing is written.
    const form = new FormData();
    const csv = `Seriennummer;Zählerstand;Zeitstempel\n${one.zaehlernummer};999,000;${STICHTAG} 07:00\n`;
    form.append('file', new Blob([csv]), 'funk.csv');
    const funk = await wasserwart.request<Problem & { fehler: { text: string }[] }>(
      'POST',
      'Wasserbuch/ImportFunkwasserablesungData',
      { rawBody: form, query: { overwrite: true } },
    );
    expect(funk.status, funk.text).toBe(422);
    expect(funk.body.fehler[0]?.text).toContain('Die Wasserabrechnung zum 31.10.2026 verwendet die Ablesung');
    const reread = await wasserwart.get<{ stand: string; version: number }>('Wasserbuch/GetWasserAblesung', {
      id: one.id,
    });
    expect(reread.body.stand).toBe(one.stand);
    const noted = await wasserwart.post<{ notiz: string }>('Wasserbuch/UpdateWasserablesung', {
      ...one,
      version: reread.body.version,
      notiz: 'Plombe geprüft',
    });
    expect(noted.status, noted.text).toBe(200);
    expect(noted.body.notiz).toBe('Plombe geprüft');
    expect((await wasserwart.delete('Wasserbuch/DeleteAllWasserablesungen', { datum: VON })).status).toBe(409);
    expect((await kassier.delete('Wasserbuch/DeleteWasserakontoberechnung', { stichtag: VON })).status).toBe(409);
    const w = (await kassier.get<Wassergrunddaten[]>('Abrechnung/GetWassergrunddaten')).body.find(
      (x) => x.jahr === 2026,
    )!;
    expect((await kassier.delete('Abrechnung/DeleteWassergrunddaten', { id: w.id })).status).toBe(409);
  });

  it('refuses to change or delete a booked settlement, deletes an open one', async () => {
    const db = app.services.db;
    await db('wasserabrechnungen').where({ stichtag: STICHTAG }).update({ gebucht_am: '2026-11-20 10:00:00' });
    const upd = await kassier.post<Problem>(
      'Wasserbuch/UpdateWasserabrechnung',
      { zeilen: [] },
      { query: { stichtag: STICHTAG } },
    );
    expect(upd.status).toBe(409);
    expect(upd.body.title).toContain('bereits gebucht');
    const del = await kassier.delete('Wasserbuch/DeleteAbrechnung', { wasserabrechnungsdatum: STICHTAG });
    expect(del.status).toBe(409);
    expect((await db('wasserabrechnungen').count({ n: '*' }).first())?.n).toEqual(1);
    const list = await kassier.get<{ gebucht: boolean }[]>('Wasserbuch/GetWasserabrechnungStichtage');
    expect(list.body[0]?.gebucht).toBe(true);

    await db('wasserabrechnungen').where({ stichtag: STICHTAG }).update({ gebucht_am: null });
    expect((await kassier.delete('Wasserbuch/DeleteAbrechnung', { wasserabrechnungsdatum: STICHTAG })).status).toBe(
      204,
    );
    expect((await kassier.delete('Wasserbuch/DeleteAbrechnung', { wasserabrechnungsdatum: STICHTAG })).status).toBe(
      404,
    );
    expect((await db('wasserabrechnung_zeilen').count({ n: '*' }).first())?.n).toEqual(0);
    // Now the readings of that date may go.
    expect((await wasserwart.delete('Wasserbuch/DeleteAllWasserablesungen', { datum: STICHTAG })).status).toBe(200);
  });

  it('is read with the Wasser or Abrechnung rights only', async () => {
    const nobody = await app.signedIn([]);
    expect((await nobody.get('Wasserbuch/GetWasserabrechnungStichtage')).status).toBe(403);
    expect((await nobody.get('Abrechnung/GetWassergrunddaten')).status).toBe(403);
  });
});
