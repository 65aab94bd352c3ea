import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { currentJahr, ensureYear } from '../../src/modules/abrechnung/services';
import { todayIso } from '../../src/platform/dates';
import { nowDb } from '../../src/platform/db/db';
import type { ApiClient } from '../helpers/apiClient';
import { buildAdresse, buildPachtverhaeltnis } from '../helpers/factories';
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
  let nord: Gruppe;
  it('creates, reads, updates and lists with history', async () => {
    const res = await saveGruppe({ name: ' Nord ', beschreibung: 'Nordhang' });
    expect(res.status, res.text).toBe(200);
    nord = res.body;
    expect(nord).toEqual({
      id: expect.any(Number),
      version: 1,
      name: 'Nord',
      beschreibung: 'Nordhang',
      anzahlParzellen: 0,
    });
    expect((await saveGruppe({ id: 0, name: 'Süd' })).body).toMatchObject({ name: 'Süd', beschreibung: '' });
    const upd = await saveGruppe({ ...nord, beschreibung: 'Am Nordhang' });
    expect(upd.status, upd.text).toBe(200);
    expect(upd.body.beschreibung).toBe('Am Nordhang');
    expect(upd.body.version).toBe(2);
    expect((await admin.get<Gruppe>('Stammdaten/GetGruppe', { id: nord.id })).body).toEqual(upd.body);
    expect((await pruefer.get<Gruppe[]>('Stammdaten/Gruppe')).body.map((g) => g.name)).toEqual(['Nord', 'Süd']);
    expect((await admin.get('Common/Gruppen')).body).toEqual([
      { id: nord.id, name: 'Nord' },
      { id: expect.any(Number), name: 'Süd' },
    ]);
    const h = await history('Gruppe', nord.id);
    expect(h.map((e) => e.action)).toEqual(['update', 'create']);
    expect(h[0]!.changed).toEqual(['beschreibung']);
    expect((await admin.get('Stammdaten/GetGruppe', { id: 999_999 })).status).toBe(404);
  });

  it('refuses duplicate names and unknown fields with German errors, changing nothing', async () => {
    const before = await dump();
    const dup = await saveGruppe({ name: 'NORD' });
    expect(dup.status).toBe(422);
    expect(dup.body.errors).toEqual({ name: ['Eine Gruppe „Nord“ gibt es bereits.'] });
    // Only accents apart: MySQL's unique index would refuse it, so SQLite answers the same 422.
    const accent = await saveGruppe({ name: 'sud' });
    expect(accent.status).toBe(422);
    expect(accent.body.errors).toEqual({ name: ['Eine Gruppe „Süd“ gibt es bereits.'] });
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
  let p17: Parzelle;
  let gruppeId: number;
  let hwzId: number;

  it('creates a plot with its yearly values and answers the contract shape', async () => {
    gruppeId = (await admin.get<Gruppe[]>('Stammdaten/Gruppe')).body[0]!.id;
    const now = nowDb();
    [hwzId] = (await db()('hauptwasserzaehler').insert({ nummer: 'HWZ-1', created_at: now, updated_at: now })).map(
      Number,
    ) as [number];
    const res = await saveParzelle({
      nummer: '17',
      flaeche: '400',
      gemeinschaftsflaeche: '100.5',
      anzahlParkkarten: 2,
      flags: 1 | 4,
      wasserzaehlerNummer: 'WZ 4711',
      hauptwasserzaehlerId: hwzId,
      gruppeId,
      notiz: 'Eckparzelle',
    });
    expect(res.status, res.text).toBe(200);
    p17 = res.body;
    const years = (await admin.get<Jahr[]>('Common/Pachtabrechnungen')).body;
    expect(p17).toEqual({
      id: expect.any(Number),
      version: 1,
      nummer: '17',
      flaeche: '400.00',
      gemeinschaftsflaeche: '100.50',
      anzahlParkkarten: 2,
      flags: 5,
      wasserzaehlerNummer: 'WZ 4711',
      hauptwasserzaehlerId: hwzId,
      gruppeId,
      aktiv: true,
      notiz: 'Eckparzelle',
      pachtabrechnungId: years[0]!.id,
      nutzungsberechtigter: null,
      gruppeName: 'Nord',
      hauptwasserzaehlerNummer: 'HWZ-1',
    });
    expect((await admin.get<Parzelle>('Stammdaten/GetParzelle', { id: p17.id })).body).toEqual(p17);
    expect((await history('Parzelle', p17.id)).map((e) => e.action)).toEqual(['create']);
    const minimal = await saveParzelle({ id: 0, nummer: 'B-2' });
    expect(minimal.body).toMatchObject({
      flaeche: '0.00',
      gemeinschaftsflaeche: null,
      anzahlParkkarten: 0,
      aktiv: true,
    });
    expect((await saveParzelle({ nummer: '3', flaeche: 250.25, aktiv: false })).body.flaeche).toBe('250.25');
  });

  it('updates, accepting the read-only fields sent back, and records the change', async () => {
    const res = await saveParzelle({ ...p17, flaeche: '410.25', notiz: '' });
    expect(res.status, res.text).toBe(200);
    expect(res.body).toEqual({ ...p17, version: 2, flaeche: '410.25', notiz: '' });
    const h = await history('Parzelle', p17.id);
    expect(h[0]).toMatchObject({ action: 'update', changed: ['flaeche', 'notiz'] });
    p17 = res.body;
  });

  it('keeps the Gemeinschaftsfläche and Parkkarten per year', async () => {
    const years = (await admin.get<Jahr[]>('Common/Pachtabrechnungen')).body;
    const [neu, alt] = years as [Jahr, Jahr];
    const res = await saveParzelle({
      id: p17.id,
      nummer: '17',
      pachtabrechnungId: alt.id,
      gemeinschaftsflaeche: '80',
      anzahlParkkarten: 1,
    });
    expect(res.status, res.text).toBe(200);
    expect(res.body).toMatchObject({ pachtabrechnungId: alt.id, gemeinschaftsflaeche: '80.00', anzahlParkkarten: 1 });
    // Fields left out keep their value.
    expect(res.body).toMatchObject({ flaeche: '410.25', gruppeId, hauptwasserzaehlerId: hwzId, flags: 5 });
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
    const before = await dump();
    const cases: [unknown, Record<string, string[]>][] = [
      [{ nummer: '' }, { nummer: ['Bitte geben Sie die Parzellennummer ein.'] }],
      [{ nummer: 'x'.repeat(21) }, { nummer: ['Höchstens 20 Zeichen.'] }],
      [{ nummer: '17' }, { nummer: ['Eine Parzelle mit der Nummer „17“ gibt es bereits.'] }],
      [{ nummer: 'b-2' }, { nummer: ['Eine Parzelle mit der Nummer „B-2“ gibt es bereits.'] }],
      [{ nummer: '99', flaeche: '-1' }, { flaeche: ['Die Fläche darf nicht negativ sein.'] }],
      [
        { nummer: '99', flaeche: '1.234' },
        { flaeche: ['Erwartet wird eine Fläche in m² mit höchstens 2 Nachkommastellen, z. B. "400.00".'] },
      ],
      [
        { nummer: '99', gemeinschaftsflaeche: '1,5' },
        { gemeinschaftsflaeche: ['Erwartet wird eine Fläche in m² mit höchstens 2 Nachkommastellen, z. B. "400.00".'] },
      ],
      [{ nummer: '99', gruppeId: 999_999 }, { gruppeId: ['Diese Gruppe gibt es nicht.'] }],
      [
        { nummer: '99', hauptwasserzaehlerId: 999_999 },
        { hauptwasserzaehlerId: ['Diesen Hauptwasserzähler gibt es nicht.'] },
      ],
      [{ nummer: '99', groesse: 3 }, { $: ['Unbekannte Felder: groesse.'] }],
      [{ nummer: '99', aktiv: 'ja' }, { aktiv: ['Erwartet wird true oder false.'] }],
      [{ id: p17.id, nummer: 'B-2' }, { nummer: ['Eine Parzelle mit der Nummer „B-2“ gibt es bereits.'] }],
    ];
    for (const [body, errors] of cases) {
      const res = await saveParzelle(body);
      expect(res.status, JSON.stringify(body)).toBe(422);
      expect(res.body.errors, JSON.stringify(body)).toEqual(errors);
    }
    expect((await saveParzelle({ id: 999_999, nummer: '99' })).status).toBe(404);
    expect(await dump()).toEqual(before);
  });

  it('lists with filter and search and shows the current holder', async () => {
    const huber = await person('Huber', 'Maria');
    const alt = await person('Altmann', 'Karl');
    await lease(p17.id, alt, '2010-01-01', '2020-02-29');
    await lease(p17.id, huber, '2020-03-01');
    const list = async (query: Record<string, string>) =>
      (await admin.get<Parzelle[]>('Stammdaten/Parzellen', query)).body.map((p) => p.nummer);
    expect(await list({})).toEqual(['3', '17', 'B-2']);
    expect(await list({ filter: 'alle' })).toEqual(['3', '17', 'B-2']);
    expect(await list({ filter: 'aktiv' })).toEqual(['17', 'B-2']);
    expect(await list({ filter: 'vergeben' })).toEqual(['17']);
    expect(await list({ filter: 'frei' })).toEqual(['3', 'B-2']);
    expect(await list({ search: 'huber' })).toEqual(['17']);
    expect(await list({ search: 'b-' })).toEqual(['B-2']);
    expect((await admin.get<Problem>('Stammdaten/Parzellen', { filter: 'kaputt' })).status).toBe(422);
    const one = (await pruefer.get<Parzelle>('Stammdaten/GetParzelle', { id: p17.id })).body;
    expect(one.nutzungsberechtigter).toEqual({ adresseId: huber, name: 'Huber Maria', von: '2020-03-01' });
    expect((await admin.get('Common/Parzellen')).body).toEqual([
      { id: expect.any(Number), name: '3' },
      { id: p17.id, name: '17' },
      { id: expect.any(Number), name: 'B-2' },
    ]);
    const hist = (await admin.get('Stammdaten/GetGartenhistorie', { parzelleId: p17.id })).body;
    expect(hist).toEqual([
      { adresseId: huber, name: 'Huber Maria', von: '2020-03-01', bis: null },
      { adresseId: alt, name: 'Altmann Karl', von: '2010-01-01', bis: '2020-02-29' },
    ]);
    expect((await admin.get('Stammdaten/GetParzellenspezifischeKonten', { id: p17.id })).body).toEqual([]);
    expect((await admin.get('Stammdaten/GetParzellenspezifischeKonten', { id: 999_999 })).status).toBe(404);
  });

  it('refuses to delete a plot with holders or a group in use (409), deletes free ones', async () => {
    const before = await dump();
    const res = await admin.delete<Problem>('Stammdaten/DeleteParzelle', { id: p17.id });
    expect(res.status).toBe(409);
    expect(res.body.title).toBe(
      'Parzelle 17 hat Nutzungsberechtigte (Huber Maria seit 01.03.2020) und kann nicht gelöscht werden.',
    );
    const g = await admin.delete<Problem>('Stammdaten/DeleteGruppe', { id: gruppeId });
    expect(g.status).toBe(409);
    expect(g.body.title).toBe('Die Gruppe „Nord“ ist der Parzelle 17 zugeordnet und kann nicht gelöscht werden.');
    expect(await dump()).toEqual(before);

    const b2 = (await admin.get<Parzelle[]>('Stammdaten/Parzellen', { search: 'B-2' })).body[0]!;
    const del = await admin.delete('Stammdaten/DeleteParzelle', { id: b2.id });
    expect(del.status).toBe(204);
    expect((await admin.get('Stammdaten/GetParzelle', { id: b2.id })).status).toBe(404);
    expect(await db()('parzelle_jahr').where({ parzelle_id: b2.id })).toEqual([]);
    expect((await history('Parzelle', b2.id)).map((e) => e.action)).toEqual(['delete', 'create']);

    const sued = (await admin.get<Gruppe[]>('Stammdaten/Gruppe')).body.find((x) => x.name === 'Süd')!;
    expect((await admin.delete('Stammdaten/DeleteGruppe', { id: sued.id })).status).toBe(204);
    expect((await history('Gruppe', sued.id)).map((e) => e.action)).toEqual(['delete', 'create']);
  });

  it('names past holders when a plot had leases only in the past', async () => {
    const p = (await saveParzelle({ nummer: '40' })).body;
    const a = await person('Berger', 'Franz');
    await lease(p.id, a, '2001-05-01', '2015-12-31');
    const res = await admin.delete<Problem>('Stammdaten/DeleteParzelle', { id: p.id });
    expect(res.status).toBe(409);
    expect(res.body.title).toBe(
      'Parzelle 40 hatte Nutzungsberechtigte (Berger Franz 01.05.2001–31.12.2015) und kann nicht gelöscht werden.',
    );
  });

  it('lets the Rechnungsprüfer read but not write', async () => {
    expect((await pruefer.get('Stammdaten/Parzellen')).status).toBe(200);
    expect((await pruefer.get('Stammdaten/GetGartenhistorie', { parzelleId: p17.id })).status).toBe(200);
    expect((await pruefer.get('Common/Parzellen')).status).toBe(200);
    expect((await pruefer.get('Common/Gruppen')).status).toBe(200);
    const before = await dump();
    expect((await saveParzelle({ ...p17, notiz: 'x' }, pruefer)).status).toBe(403);
    expect((await pruefer.delete('Stammdaten/DeleteParzelle', { id: p17.id })).status).toBe(403);
    expect((await saveGruppe({ name: 'West' }, pruefer)).status).toBe(403);
    expect((await pruefer.delete('Stammdaten/DeleteGruppe', { id: gruppeId })).status).toBe(403);
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
