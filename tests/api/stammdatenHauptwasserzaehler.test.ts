import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { todayIso } from '../../src/platform/dates';
import type { ApiClient } from '../helpers/apiClient';
import { buildParzelle } from '../helpers/factories';
import { startTestApp, TEST_PASSWORD, type TestApp } from '../helpers/testApp';

// Hauptwasserzähler: CRUD with history, calibration warning, meter change readings, 409, rights.

let app: TestApp;
let admin: ApiClient;
const today = todayIso();
const addDays = (iso: string, n: number) => {
  const d = new Date(`${iso}T00:00:00Z`);
  d.setUTCDate(d.getUTCDate() + n);
  return d.toISOString().slice(0, 10);
};
const minusYears = (iso: string, n: number) =>
  `${Number(iso.slice(0, 4)) - n}${iso.slice(4)}`.replace(/-02-29$/, '-02-28');

let tags = 0;
/** A mark unique to one test: the numbers it builds carry it, so the tests pass in any order. */
const tag = () => `t${++tags}z`;

beforeAll(async () => {
  app = await startTestApp();
  admin = app.client();
  await admin.login('admin@test.kgv', TEST_PASSWORD);
});
afterAll(() => app.stop());

type Hwz = {
  id: number;
  nummer: string;
  bezeichnung: string;
  standort: string;
  eichdatum: string | null;
  aktiv: boolean;
  notiz: string;
  eichungFaelligAm: string | null;
  eichungWarnung: boolean;
  letzteAblesung: { datum: string; stand: string } | null;
  anzahlParzellen: number;
};
type Problem = { title: string; errors?: Record<string, string[]> };
const save = (body: unknown, client = admin) => client.post<Hwz & Problem>('Stammdaten/UpdateHWZ', body);
const count = async (table: string) => Number((await app.services.db(table).count({ n: '*' }).first())?.n);

describe('Hauptwasserzähler', () => {
  /** A meter saved through the API with the test's own number. */
  const create = async (nummer: string, more: Record<string, unknown> = {}) => {
    const res = await save({ id: 0, nummer, ...more });
    expect(res.status, res.text).toBe(200);
    return res.body;
  };
  /** A meter with a reading 30 days ago, typed in the Wasserbuch (the one home of main-meter readings). */
  const withReading = async (nummer: string) => {
    const hwz = await create(nummer);
    const res = await admin.post('Wasserbuch/UpdateWasserablesung', {
      hauptwasserzaehlerId: hwz.id,
      datum: addDays(today, -30),
      stand: '12340',
    });
    expect(res.status, res.text).toBe(200);
    return hwz;
  };
  const readingsOf = (id: number) =>
    app.services
      .db('wasserablesungen')
      .where({ hauptwasserzaehler_id: id })
      .orderBy('id')
      .select('datum', 'stand_liter', 'is_zaehlerwechsel', 'zaehlernummer');

  it('creates, reads, lists and updates meters with history and the lookup', async () => {
    const t = tag();
    const eich = minusYears(addDays(today, 200), 5);
    const res = await save({
      nummer: `HWZ-1 ${t}`,
      bezeichnung: 'Hauptzähler Nord',
      standort: 'Schacht 1',
      eichdatum: eich,
    });
    expect(res.status, res.text).toBe(200);
    const hwz = res.body;
    expect(hwz).toEqual({
      id: expect.any(Number),
      version: 1,
      nummer: `HWZ-1 ${t}`,
      bezeichnung: 'Hauptzähler Nord',
      standort: 'Schacht 1',
      eichdatum: eich,
      aktiv: true,
      notiz: '',
      eichungFaelligAm: addDays(today, 200),
      eichungWarnung: false,
      letzteAblesung: null,
      anzahlParzellen: 0,
    });
    const b = await save({ id: 0, nummer: `HWZ-2 ${t}` });
    expect(b.body).toMatchObject({ eichdatum: null, eichungFaelligAm: null, eichungWarnung: false });
    const ours = (list: { nummer?: string; name?: string }[]) =>
      list.filter((h) => (h.nummer ?? h.name ?? '').endsWith(` ${t}`));
    expect(ours((await admin.get<Hwz[]>('Stammdaten/HauptWasserzaehler')).body).map((h) => h.nummer)).toEqual([
      `HWZ-1 ${t}`,
      `HWZ-2 ${t}`,
    ]);
    expect((await admin.get('Stammdaten/GetHauptwasserZaehler', { id: hwz.id })).body).toEqual(hwz);
    expect(ours((await admin.get<{ id: number; name: string }[]>('Common/HWZ')).body)).toEqual([
      { id: hwz.id, name: `HWZ-1 ${t}` },
      { id: b.body.id, name: `HWZ-2 ${t}` },
    ]);
    const upd = await save({ ...hwz, notiz: 'geprüft' });
    expect(upd.body.notiz).toBe('geprüft');
    const hist = await admin.get<{ action: string }[]>('Common/GetHistory', {
      entityID: `Hauptwasserzaehler:${hwz.id}`,
    });
    expect(hist.body.map((h) => h.action)).toEqual(['update', 'create']);
    expect((await admin.get('Stammdaten/GetHauptwasserZaehler', { id: 999_999 })).status).toBe(404);
  });

  it('warns when calibration is due within 90 days or past', async () => {
    const due = await save({ id: 0, nummer: `HWZ-3 ${tag()}`, eichdatum: minusYears(addDays(today, 89), 5) });
    expect(due.body).toMatchObject({ eichungFaelligAm: addDays(today, 89), eichungWarnung: true });
    const past = await save({ ...due.body, eichdatum: minusYears(addDays(today, -3), 5) });
    expect(past.body).toMatchObject({ eichungFaelligAm: addDays(today, -3), eichungWarnung: true });
    const edge = await save({ ...past.body, eichdatum: minusYears(addDays(today, 91), 5) });
    expect(edge.body.eichungWarnung).toBe(false);
    expect((await admin.delete('Stammdaten/DeleteHauptwasserzaehler', { id: due.body.id })).status).toBe(204);
  });

  it('refuses duplicates and bad input with 422 without changes', async () => {
    const t = tag();
    await create(`HWZ-1 ${t}`);
    const before = await count('hauptwasserzaehler');
    const dup = await save({ nummer: `hwz-1 ${t}` });
    expect(dup.status).toBe(422);
    expect(dup.body.errors?.nummer).toBeDefined();
    expect((await save({ nummer: '' })).status).toBe(422);
    expect((await save({ nummer: `HWZ-9 ${t}`, eichdatum: '2024-13-01' })).status).toBe(422);
    expect(await count('hauptwasserzaehler')).toBe(before);
  });

  it('changes the meter: end and start readings, new number and calibration, one transaction', async () => {
    const t = tag();
    const hwz = await withReading(`HWZ-1 ${t}`);
    await create(`HWZ-2 ${t}`);
    expect((await admin.get<Hwz>('Stammdaten/GetHauptwasserZaehler', { id: hwz.id })).body.letzteAblesung).toEqual({
      datum: addDays(today, -30),
      stand: '12340.000',
    });
    const readings = await count('wasserablesungen');
    const low = await admin.post<Problem>('Stammdaten/WechselHWZ', {
      id: hwz.id,
      datum: today,
      endstand: '12339.999',
      neueNummer: `HWZ-1N ${t}`,
      anfangsstand: '0',
    });
    expect(low.status).toBe(422);
    expect(low.body.errors?.endstand?.[0]).toContain('12340.000');
    const taken = await admin.post<Problem>('Stammdaten/WechselHWZ', {
      id: hwz.id,
      datum: today,
      endstand: '12820.5',
      neueNummer: `HWZ-2 ${t}`,
      anfangsstand: '0',
    });
    expect(taken.status).toBe(422);
    expect(taken.body.errors?.neueNummer).toBeDefined();
    const badNumber = await admin.post('Stammdaten/WechselHWZ', {
      id: hwz.id,
      datum: today,
      endstand: '12,5',
      neueNummer: `HWZ-1N ${t}`,
      anfangsstand: '0',
    });
    expect(badNumber.status).toBe(422);
    expect(await count('wasserablesungen')).toBe(readings);
    expect((await admin.get<Hwz>('Stammdaten/GetHauptwasserZaehler', { id: hwz.id })).body.nummer).toBe(`HWZ-1 ${t}`);

    const ok = await admin.post<Hwz>('Stammdaten/WechselHWZ', {
      id: hwz.id,
      datum: today,
      endstand: '12820.5',
      neueNummer: `HWZ-1N ${t}`,
      anfangsstand: 0.25,
      eichdatum: today,
    });
    expect(ok.status, ok.text).toBe(200);
    expect(ok.body).toMatchObject({
      id: hwz.id,
      nummer: `HWZ-1N ${t}`,
      eichdatum: today,
      eichungWarnung: false,
      letzteAblesung: { datum: today, stand: '0.250' },
    });
    // The water book's rows: the old meter's final reading marked as the change, the new one's first.
    const rows = await readingsOf(hwz.id);
    expect(
      rows.map((r) => [
        String(r.datum).slice(0, 10),
        Number(r.stand_liter),
        Boolean(r.is_zaehlerwechsel),
        r.zaehlernummer,
      ]),
    ).toEqual([
      [addDays(today, -30), 12340000, false, `HWZ-1 ${t}`],
      [today, 12820500, true, `HWZ-1 ${t}`],
      [today, 250, false, `HWZ-1N ${t}`],
    ]);
    const listed = await admin.get<{ zaehlernummer: string; stand: string }[]>('Wasserbuch/GetWasserablesungen', {
      hauptwasserzaehlerId: hwz.id,
      datum: today,
    });
    expect(listed.body.map((r) => [r.zaehlernummer, r.stand])).toEqual([
      [`HWZ-1 ${t}`, '12820.500'],
      [`HWZ-1N ${t}`, '0.250'],
    ]);
    const same = await admin.post<Problem>('Stammdaten/WechselHWZ', {
      id: hwz.id,
      datum: today,
      endstand: '1',
      neueNummer: `hwz-1n ${t}`,
      anfangsstand: '0',
    });
    expect(same.status).toBe(422);
    expect(same.body.errors?.neueNummer?.[0]).toContain('andere Nummer');
    const hist = await admin.get<{ action: string }[]>('Common/GetHistory', {
      entityID: `Hauptwasserzaehler:${hwz.id}`,
    });
    expect(hist.body[0]?.action).toBe('wechsel');
  });

  it('refuses to delete a meter that plots hang on (409 naming them)', async () => {
    const t = tag();
    const hwz = await create(`HWZ-1 ${t}`);
    await buildParzelle(app.services, { nummer: `17-${t}`, hauptwasserzaehlerId: hwz.id });
    await buildParzelle(app.services, { nummer: `3-${t}`, hauptwasserzaehlerId: hwz.id });
    expect((await admin.get<Hwz>('Stammdaten/GetHauptwasserZaehler', { id: hwz.id })).body.anzahlParzellen).toBe(2);
    const before = await count('hauptwasserzaehler');
    const res = await admin.delete<Problem>('Stammdaten/DeleteHauptwasserzaehler', { id: hwz.id });
    expect(res.status).toBe(409);
    expect(res.body.title).toContain(`3-${t}, 17-${t}`);
    expect(await count('hauptwasserzaehler')).toBe(before);
  });

  it('refuses to delete a meter with readings (409), which stay; a meter without readings goes', async () => {
    const t = tag();
    const neu = await create(`HWZ-8 ${t}`);
    const wechsel = await admin.post('Stammdaten/WechselHWZ', {
      id: neu.id,
      datum: today,
      endstand: '10',
      neueNummer: `HWZ-9 ${t}`,
      anfangsstand: '0',
    });
    expect(wechsel.status, wechsel.text).toBe(200);
    const res = await admin.delete<Problem>('Stammdaten/DeleteHauptwasserzaehler', { id: neu.id });
    expect(res.status).toBe(409);
    expect(res.body.title).toContain(`„HWZ-9 ${t}“ hat 2 Ablesungen`);
    expect(res.body.title).toContain('inaktiv');
    expect(await readingsOf(neu.id)).toHaveLength(2);
    const leer = await create(`HWZ-10 ${t}`);
    expect((await admin.delete('Stammdaten/DeleteHauptwasserzaehler', { id: leer.id })).status).toBe(204);
  });

  it('treats numbers differing only in case or accents as the same meter (as MySQL does)', async () => {
    const t = tag();
    await create(`HWZ-9 Süd ${t}`);
    const res = await save({ id: 0, nummer: `hwz-9 sud ${t}` });
    expect(res.status).toBe(422);
    expect(res.body.errors?.nummer?.[0]).toContain(`HWZ-9 Süd ${t}`);
  });

  it('lets the Wasserwart edit meters; the Rechnungsprüfer only reads', async () => {
    const t = tag();
    const hwz = await create(`HWZ-1 ${t}`);
    const wasserwart = await app.signedIn(['Wasserwart']);
    const current = (await wasserwart.get<Hwz>('Stammdaten/GetHauptwasserZaehler', { id: hwz.id })).body;
    const res = await save({ ...current, nummer: `HWZ-1N ${t}`, standort: 'Schacht 2' }, wasserwart);
    expect(res.status, res.text).toBe(200);
    expect(res.body.standort).toBe('Schacht 2');
    expect((await wasserwart.get('Common/HWZ')).status).toBe(200);
    const pruefer = await app.signedIn(['Rechnungsprüfer']);
    expect((await pruefer.get('Stammdaten/HauptWasserzaehler')).status).toBe(200);
    const before = [await count('hauptwasserzaehler'), await count('wasserablesungen')];
    expect((await save({ nummer: `HWZ-X ${t}` }, pruefer)).status).toBe(403);
    expect(
      (
        await pruefer.post('Stammdaten/WechselHWZ', {
          id: hwz.id,
          datum: today,
          endstand: '1',
          neueNummer: `Y ${t}`,
          anfangsstand: '0',
        })
      ).status,
    ).toBe(403);
    expect((await pruefer.delete('Stammdaten/DeleteHauptwasserzaehler', { id: hwz.id })).status).toBe(403);
    expect([await count('hauptwasserzaehler'), await count('wasserablesungen')]).toEqual(before);
    // A user with no rights at all sees nothing.
    const nobody = await app.signedIn([]);
    expect((await nobody.get('Stammdaten/HauptWasserzaehler')).status).toBe(403);
  });
});
