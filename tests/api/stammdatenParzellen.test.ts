import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { currentJahr, ensureYear } from '../../src/modules/abrechnung/services';
import { todayIso } from '../../src/platform/dates';
import type { ApiClient } from '../helpers/apiClient';
import {
  buildAdresse,
  buildGruppe,
  buildHauptwasserzaehler,
  buildPachtverhaeltnis,
  buildParzelle,
} from '../helpers/factories';
import { startTestApp, TEST_PASSWORD, type TestApp } from '../helpers/testApp';

// Parzellen, Gruppen and the year scope through the real app: CRUD with history, validation with
// nothing changed, 409 on referenced deletes, yearly values, rights.

let app: TestApp;
let admin: ApiClient;
let pruefer: ApiClient;
beforeAll(async () => {
  app = await startTestApp();
  admin = app.client();
  await admin.login('admin@test.kgv', TEST_PASSWORD);
  pruefer = await app.signedIn(['Rechnungsprüfer']);
});
afterAll(() => app.stop());

type Parzelle = {
  id: number;
  nummer: string;
  flaeche: string;
  gemeinschaftsflaeche: string | null;
  anzahlParkkarten: number;
  flags: number;
  wasserzaehlerNummer: string;
  hauptwasserzaehlerId: number | null;
  gruppeId: number | null;
  aktiv: boolean;
  notiz: string;
  pachtabrechnungId: number;
  nutzungsberechtigter: { adresseId: number; name: string; von: string } | null;
  gruppeName: string | null;
  hauptwasserzaehlerNummer: string | null;
};
type Gruppe = { id: number; version: number; name: string; beschreibung: string; anzahlParzellen: number };
type Problem = { status: number; code: string; title: string; errors?: Record<string, string[]> };
type HistoryEntry = { action: string; before: unknown; after: unknown; changed: string[] };
type Jahr = { id: number; jahr: number; bezeichnung: string };

const db = () => app.services.db;
const saveParzelle = (body: unknown, client = admin) =>
  client.post<Parzelle & Problem>('Stammdaten/UpdateParzelle', body);
const saveGruppe = (body: unknown, client = admin) => client.post<Gruppe & Problem>('Stammdaten/UpdateGruppe', body);
const history = async (type: string, id: number) =>
  (await admin.get<HistoryEntry[]>('Common/GetHistory', { entityID: `${type}:${id}` })).body;
const dump = async () => ({
  parzellen: await db()('parzellen').orderBy('id'),
  parzelleJahr: await db()('parzelle_jahr').orderBy(['parzelle_id', 'pachtabrechnung_id']),
  gruppen: await db()('gruppen').orderBy('id'),
  pachtverhaeltnisse: await db()('pachtverhaeltnisse').orderBy('id'),
  history: await db()('history').count({ n: '*' }).first(),
});

let tags = 0;
/** A mark unique to one test (`t1z` is no part of `t12z`): its names and numbers carry it. */
const tag = () => `t${++tags}z`;

const person = async (nachname: string, vorname: string) =>
  (await buildAdresse(app.services, { nachname, vorname })).id;
const lease = (parzelleId: number, adresseId: number, von: string, bis: string | null = null) =>
  buildPachtverhaeltnis(app.services, { parzelleId, adresseId, von, bis });

describe('year scope', () => {
  it('creates the current year on first use and lists years newest first', async () => {
    const res = await admin.get<Jahr[]>('Common/Pachtabrechnungen');
    expect(res.status).toBe(200);
    // Nothing asked for a year yet: a plot list resolves (and creates) the current one.
    expect((await admin.get('Stammdaten/Parzellen')).status).toBe(200);
    const years = (await admin.get<Jahr[]>('Common/Pachtabrechnungen')).body;
    expect(years[0]).toMatchObject({ jahr: currentJahr() });
    await ensureYear(db(), currentJahr() - 1);
    const again = (await pruefer.get<Jahr[]>('Common/Pachtabrechnungen')).body;
    expect(again.map((y) => y.jahr)).toEqual([currentJahr(), currentJahr() - 1]);
    expect((await ensureYear(db(), currentJahr())).id).toBe(years[0]!.id);
  });
});

describe('Gruppen', () => {
  it('creates, reads, updates and lists with history', async () => {
    const t = tag();
    const res = await saveGruppe({ name: ` Nord ${t} `, beschreibung: 'Nordhang' });
    expect(res.status, res.text).toBe(200);
    const nord = res.body;
    expect(nord).toEqual({
      id: expect.any(Number),
      version: 1,
      name: `Nord ${t}`,
      beschreibung: 'Nordhang',
      anzahlParzellen: 0,
    });
    const sued = (await saveGruppe({ id: 0, name: `Süd ${t}` })).body;
    expect(sued).toMatchObject({ name: `Süd ${t}`, beschreibung: '' });
    const upd = await saveGruppe({ ...nord, beschreibung: 'Am Nordhang' });
    expect(upd.status, upd.text).toBe(200);
    expect(upd.body.beschreibung).toBe('Am Nordhang');
    expect(upd.body.version).toBe(2);
    expect((await admin.get<Gruppe>('Stammdaten/GetGruppe', { id: nord.id })).body).toEqual(upd.body);
    const ours = (names: { name: string }[]) => names.map((g) => g.name).filter((n) => n.endsWith(` ${t}`));
    expect(ours((await pruefer.get<Gruppe[]>('Stammdaten/Gruppe')).body)).toEqual([`Nord ${t}`, `Süd ${t}`]);
    const lookup = (await admin.get<{ id: number; name: string }[]>('Common/Gruppen')).body;
    expect(lookup.filter((g) => g.name.endsWith(` ${t}`))).toEqual([
      { id: nord.id, name: `Nord ${t}` },
      { id: sued.id, name: `Süd ${t}` },
    ]);
    const h = await history('Gruppe', nord.id);
    expect(h.map((e) => e.action)).toEqual(['update', 'create']);
    expect(h[0]!.changed).toEqual(['beschreibung']);
    expect((await admin.get('Stammdaten/GetGruppe', { id: 999_999 })).status).toBe(404);
  });

  it('refuses duplicate names and unknown fields with German errors, changing nothing', async () => {
    const t = tag();
    await buildGruppe(app.services, { name: `Nord ${t}` });
    await buildGruppe(app.services, { name: `Süd ${t}` });
    const before = await dump();
    const dup = await saveGruppe({ name: `NORD ${t}` });
    expect(dup.status).toBe(422);
    expect(dup.body.errors).toEqual({ name: [`Eine Gruppe „Nord ${t}“ gibt es bereits.`] });
    // Only accents apart: MySQL's unique index would refuse it, so SQLite answers the same 422.
    const accent = await saveGruppe({ name: `sud ${t}` });
    expect(accent.status).toBe(422);
    expect(accent.body.errors).toEqual({ name: [`Eine Gruppe „Süd ${t}“ gibt es bereits.`] });
    const empty = await saveGruppe({ name: '  ', farbe: 'rot' });
    expect(empty.status).toBe(422);
    expect(empty.body.errors).toMatchObject({
      name: ['Bitte geben Sie den Namen der Gruppe ein.'],
      $: ['Unbekannte Felder: farbe.'],
    });
    expect(await dump()).toEqual(before);
  });
});

describe('Parzellen', () => {
  /** A plot like Parzelle 17 saved through the API, in its own group and on its own main meter. */
  const buildP17 = async (t = tag()) => {
    const gruppe = await buildGruppe(app.services, { name: `Nord ${t}` });
    const hwz = await buildHauptwasserzaehler(app.services, { nummer: `HWZ ${t}` });
    const res = await saveParzelle({
      nummer: `17-${t}`,
      flaeche: '400',
      gemeinschaftsflaeche: '100.5',
      anzahlParkkarten: 2,
      flags: 1 | 4,
      wasserzaehlerNummer: 'WZ 4711',
      hauptwasserzaehlerId: hwz.id,
      gruppeId: gruppe.id,
      notiz: 'Eckparzelle',
    });
    expect(res.status, res.text).toBe(200);
    return { p17: res.body, gruppe, hwz };
  };

  it('creates a plot with its yearly values and answers the contract shape', async () => {
    const t = tag();
    const { p17, gruppe, hwz } = await buildP17(t);
    const years = (await admin.get<Jahr[]>('Common/Pachtabrechnungen')).body;
    expect(p17).toEqual({
      id: expect.any(Number),
      version: 1,
      nummer: `17-${t}`,
      flaeche: '400.00',
      gemeinschaftsflaeche: '100.50',
      anzahlParkkarten: 2,
      flags: 5,
      wasserzaehlerNummer: 'WZ 4711',
      hauptwasserzaehlerId: hwz.id,
      gruppeId: gruppe.id,
      aktiv: true,
      notiz: 'Eckparzelle',
      pachtabrechnungId: years[0]!.id,
      nutzungsberechtigter: null,
      gruppeName: `Nord ${t}`,
      hauptwasserzaehlerNummer: `HWZ ${t}`,
    });
    expect((await admin.get<Parzelle>('Stammdaten/GetParzelle', { id: p17.id })).body).toEqual(p17);
    expect((await history('Parzelle', p17.id)).map((e) => e.action)).toEqual(['create']);
    const minimal = await saveParzelle({ id: 0, nummer: `B-${t}` });
    expect(minimal.body).toMatchObject({
      flaeche: '0.00',
      gemeinschaftsflaeche: null,
      anzahlParkkarten: 0,
      aktiv: true,
    });
    expect((await saveParzelle({ nummer: `3-${t}`, flaeche: 250.25, aktiv: false })).body.flaeche).toBe('250.25');
  });

  it('updates, accepting the read-only fields sent back, and records the change', async () => {
    const { p17 } = await buildP17();
    const res = await saveParzelle({ ...p17, flaeche: '410.25', notiz: '' });
    expect(res.status, res.text).toBe(200);
    expect(res.body).toEqual({ ...p17, version: 2, flaeche: '410.25', notiz: '' });
    const h = await history('Parzelle', p17.id);
    expect(h[0]).toMatchObject({ action: 'update', changed: ['flaeche', 'notiz'] });
  });

  it('keeps the Gemeinschaftsfläche and Parkkarten per year', async () => {
    await ensureYear(db(), currentJahr() - 1);
    const { p17, gruppe, hwz } = await buildP17();
    const years = (await admin.get<Jahr[]>('Common/Pachtabrechnungen')).body;
    const neu = years.find((y) => y.jahr === currentJahr())!;
    const alt = years.find((y) => y.jahr === currentJahr() - 1)!;
    const res = await saveParzelle({
      id: p17.id,
      nummer: p17.nummer,
      pachtabrechnungId: alt.id,
      gemeinschaftsflaeche: '80',
      anzahlParkkarten: 1,
    });
    expect(res.status, res.text).toBe(200);
    expect(res.body).toMatchObject({ pachtabrechnungId: alt.id, gemeinschaftsflaeche: '80.00', anzahlParkkarten: 1 });
    // Fields left out keep their value.
    expect(res.body).toMatchObject({ flaeche: '400.00', gruppeId: gruppe.id, hauptwasserzaehlerId: hwz.id, flags: 5 });
    const inAlt = await admin.get<Parzelle>('Stammdaten/GetParzelle', { id: p17.id, pachtabrechnungID: alt.id });
    expect(inAlt.body).toMatchObject({ gemeinschaftsflaeche: '80.00', anzahlParkkarten: 1 });
    const inNeu = await admin.get<Parzelle>('Stammdaten/GetParzelle', { id: p17.id, pachtabrechnungID: neu.id });
    expect(inNeu.body).toMatchObject({
      gemeinschaftsflaeche: '100.50',
      anzahlParkkarten: 2,
      pachtabrechnungId: neu.id,
    });
    // Absent year = the newest.
    expect((await admin.get<Parzelle>('Stammdaten/GetParzelle', { id: p17.id })).body.gemeinschaftsflaeche).toBe(
      '100.50',
    );
    const list = (await admin.get<Parzelle[]>('Stammdaten/Parzellen', { pachtabrechnungID: alt.id })).body;
    expect(list.find((p) => p.id === p17.id)).toMatchObject({ gemeinschaftsflaeche: '80.00' });
    expect((await db()('parzelle_jahr').where({ parzelle_id: p17.id })).length).toBe(2);
    expect((await admin.get<Problem>('Stammdaten/GetParzelle', { id: p17.id, pachtabrechnungID: 999 })).status).toBe(
      404,
    );
  });

  it('refuses bad input with German errors and changes nothing', async () => {
    const t = tag();
    const { p17 } = await buildP17(t);
    await buildParzelle(app.services, { nummer: `B-${t}` });
    const frei = `N-${t}`;
    const before = await dump();
    const cases: [unknown, Record<string, string[]>][] = [
      [{ nummer: '' }, { nummer: ['Bitte geben Sie die Parzellennummer ein.'] }],
      [{ nummer: 'x'.repeat(21) }, { nummer: ['Höchstens 20 Zeichen.'] }],
      [{ nummer: `17-${t}` }, { nummer: [`Eine Parzelle mit der Nummer „17-${t}“ gibt es bereits.`] }],
      [{ nummer: `b-${t}` }, { nummer: [`Eine Parzelle mit der Nummer „B-${t}“ gibt es bereits.`] }],
      [{ nummer: frei, flaeche: '-1' }, { flaeche: ['Die Fläche darf nicht negativ sein.'] }],
      [
        { nummer: frei, flaeche: '1.234' },
        { flaeche: ['Erwartet wird eine Fläche in m² mit höchstens 2 Nachkommastellen, z. B. "400.00".'] },
      ],
      [
        { nummer: frei, gemeinschaftsflaeche: '1,5' },
        { gemeinschaftsflaeche: ['Erwartet wird eine Fläche in m² mit höchstens 2 Nachkommastellen, z. B. "400.00".'] },
      ],
      [{ nummer: frei, gruppeId: 999_999 }, { gruppeId: ['Diese Gruppe gibt es nicht.'] }],
      [
        { nummer: frei, hauptwasserzaehlerId: 999_999 },
        { hauptwasserzaehlerId: ['Diesen Hauptwasserzähler gibt es nicht.'] },
      ],
      [{ nummer: frei, groesse: 3 }, { $: ['Unbekannte Felder: groesse.'] }],
      [{ nummer: frei, aktiv: 'ja' }, { aktiv: ['Erwartet wird true oder false.'] }],
      [{ id: p17.id, nummer: `B-${t}` }, { nummer: [`Eine Parzelle mit der Nummer „B-${t}“ gibt es bereits.`] }],
    ];
    for (const [body, errors] of cases) {
      const res = await saveParzelle(body);
      expect(res.status, JSON.stringify(body)).toBe(422);
      expect(res.body.errors, JSON.stringify(body)).toEqual(errors);
    }
    expect((await saveParzelle({ id: 999_999, nummer: frei })).status).toBe(404);
    expect(await dump()).toEqual(before);
  });

  it('lists with filter and search and shows the current holder', async () => {
    const t = tag();
    // Plot numbers carry the test's tag, so a search for it lists this test's plots only.
    const { p17 } = await buildP17(t);
    const b2 = await buildParzelle(app.services, { nummer: `B-${t}` });
    const p3 = await buildParzelle(app.services, { nummer: `3-${t}`, aktiv: false });
    const huber = await person(`Huber${t}`, 'Maria');
    const alt = await person(`Altmann${t}`, 'Karl');
    await lease(p17.id, alt, '2010-01-01', '2020-02-29');
    await lease(p17.id, huber, '2020-03-01');
    const list = async (query: Record<string, string>) =>
      (await admin.get<Parzelle[]>('Stammdaten/Parzellen', { search: t, ...query })).body.map((p) => p.nummer);
    expect(await list({})).toEqual([`3-${t}`, `17-${t}`, `B-${t}`]);
    expect(await list({ filter: 'alle' })).toEqual([`3-${t}`, `17-${t}`, `B-${t}`]);
    expect(await list({ filter: 'aktiv' })).toEqual([`17-${t}`, `B-${t}`]);
    expect(await list({ filter: 'vergeben' })).toEqual([`17-${t}`]);
    expect(await list({ filter: 'frei' })).toEqual([`3-${t}`, `B-${t}`]);
    expect(await list({ search: `huber${t}` })).toEqual([`17-${t}`]);
    expect(await list({ search: `b-${t}` })).toEqual([`B-${t}`]);
    expect((await admin.get<Problem>('Stammdaten/Parzellen', { filter: 'kaputt' })).status).toBe(422);
    const one = (await pruefer.get<Parzelle>('Stammdaten/GetParzelle', { id: p17.id })).body;
    expect(one.nutzungsberechtigter).toEqual({ adresseId: huber, name: `Huber${t} Maria`, von: '2020-03-01' });
    const ours = new Set([p17.id, b2.id, p3.id]);
    expect((await admin.get<{ id: number }[]>('Common/Parzellen')).body.filter((p) => ours.has(p.id))).toEqual([
      { id: p3.id, name: `3-${t}` },
      { id: p17.id, name: `17-${t}` },
      { id: b2.id, name: `B-${t}` },
    ]);
    const hist = (await admin.get('Stammdaten/GetGartenhistorie', { parzelleId: p17.id })).body;
    expect(hist).toEqual([
      { adresseId: huber, name: `Huber${t} Maria`, von: '2020-03-01', bis: null },
      { adresseId: alt, name: `Altmann${t} Karl`, von: '2010-01-01', bis: '2020-02-29' },
    ]);
    expect((await admin.get('Stammdaten/GetParzellenspezifischeKonten', { id: p17.id })).body).toEqual([]);
    expect((await admin.get('Stammdaten/GetParzellenspezifischeKonten', { id: 999_999 })).status).toBe(404);
  });

  it('refuses to delete a plot with holders or a group in use (409), deletes free ones', async () => {
    const t = tag();
    const { p17, gruppe } = await buildP17(t);
    await lease(p17.id, await person(`Huber${t}`, 'Maria'), '2020-03-01');
    const b2 = await buildParzelle(app.services, { nummer: `B-${t}` });
    const sued = await buildGruppe(app.services, { name: `Süd ${t}` });
    const before = await dump();
    const res = await admin.delete<Problem>('Stammdaten/DeleteParzelle', { id: p17.id });
    expect(res.status).toBe(409);
    expect(res.body.title).toBe(
      `Parzelle 17-${t} hat Nutzungsberechtigte (Huber${t} Maria seit 01.03.2020) und kann nicht gelöscht werden.`,
    );
    const g = await admin.delete<Problem>('Stammdaten/DeleteGruppe', { id: gruppe.id });
    expect(g.status).toBe(409);
    expect(g.body.title).toBe(
      `Die Gruppe „Nord ${t}“ ist der Parzelle 17-${t} zugeordnet und kann nicht gelöscht werden.`,
    );
    expect(await dump()).toEqual(before);

    const del = await admin.delete('Stammdaten/DeleteParzelle', { id: b2.id });
    expect(del.status).toBe(204);
    expect((await admin.get('Stammdaten/GetParzelle', { id: b2.id })).status).toBe(404);
    expect(await db()('parzelle_jahr').where({ parzelle_id: b2.id })).toEqual([]);
    expect((await history('Parzelle', b2.id)).map((e) => e.action)).toEqual(['delete', 'create']);

    expect((await admin.delete('Stammdaten/DeleteGruppe', { id: sued.id })).status).toBe(204);
    expect((await history('Gruppe', sued.id)).map((e) => e.action)).toEqual(['delete', 'create']);
  });

  it('names past holders when a plot had leases only in the past', async () => {
    const t = tag();
    const p = (await saveParzelle({ nummer: `40-${t}` })).body;
    const a = await person(`Berger${t}`, 'Franz');
    await lease(p.id, a, '2001-05-01', '2015-12-31');
    const res = await admin.delete<Problem>('Stammdaten/DeleteParzelle', { id: p.id });
    expect(res.status).toBe(409);
    expect(res.body.title).toBe(
      `Parzelle 40-${t} hatte Nutzungsberechtigte (Berger${t} Franz 01.05.2001–31.12.2015) und kann nicht gelöscht werden.`,
    );
  });

  it('lets a water-only role choose a plot (lookup) without reading the plots themselves', async () => {
    const rolle = `Nur Wasser ${tag()}`;
    expect(
      (await admin.post('User/UpdateRolle', { name: rolle, description: '', rights: ['WebApp.Wasser.Edit'] })).status,
    ).toBe(200);
    const wasserwart = await app.signedIn([rolle]);
    const p = (await saveParzelle({ nummer: `W-${tag()}` })).body;
    const lookup = await wasserwart.get<{ id: number; name: string }[]>('Common/Parzellen');
    expect(lookup.status).toBe(200);
    expect(lookup.body.find((x) => x.id === p.id)).toEqual({ id: p.id, name: p.nummer });
    expect((await wasserwart.get('Stammdaten/Parzellen')).status).toBe(403);
  });

  it('lets the Rechnungsprüfer read but not write', async () => {
    const { p17, gruppe } = await buildP17();
    expect((await pruefer.get('Stammdaten/Parzellen')).status).toBe(200);
    expect((await pruefer.get('Stammdaten/GetGartenhistorie', { parzelleId: p17.id })).status).toBe(200);
    expect((await pruefer.get('Common/Parzellen')).status).toBe(200);
    expect((await pruefer.get('Common/Gruppen')).status).toBe(200);
    const before = await dump();
    expect((await saveParzelle({ ...p17, notiz: 'x' }, pruefer)).status).toBe(403);
    expect((await pruefer.delete('Stammdaten/DeleteParzelle', { id: p17.id })).status).toBe(403);
    expect((await saveGruppe({ name: `West ${tag()}` }, pruefer)).status).toBe(403);
    expect((await pruefer.delete('Stammdaten/DeleteGruppe', { id: gruppe.id })).status).toBe(403);
    expect(
      (
        await pruefer.post('Stammdaten/ExecuteGartenwechsel', {
          parzelleId: p17.id,
          neueAdresseId: 1,
          datum: todayIso(),
        })
      ).status,
    ).toBe(403);
    expect(await dump()).toEqual(before);
    const nobody = await app.signedIn([]);
    expect((await nobody.get('Stammdaten/Parzellen')).status).toBe(403);
    expect((await nobody.get('Common/Pachtabrechnungen')).status).toBe(200);
  });
});
