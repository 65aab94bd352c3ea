import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { todayIso } from '../../src/platform/dates';
import type { ApiClient } from '../helpers/apiClient';
import { buildAdresse, buildFunktion, buildFunktionaer } from '../helpers/factories';
import { startTestApp, TEST_PASSWORD, type TestApp } from '../helpers/testApp';

// Funktionen and Funktionäre: CRUD with history, 409 for a function in use, both alerts.

let app: TestApp;
let admin: ApiClient;
const today = todayIso();
const addDays = (iso: string, n: number) => {
  const d = new Date(`${iso}T00:00:00Z`);
  d.setUTCDate(d.getUTCDate() + n);
  return d.toISOString().slice(0, 10);
};

let tags = 0;
/** A mark unique to one test: the names it builds carry it, so the tests pass in any order. */
const tag = () => `t${++tags}z`;

const adresse = async (nachname: string, vorname: string, flags = 256, austrittsdatum: string | null = null) =>
  (await buildAdresse(app.services, { nachname, vorname, flags, austrittsdatum })).id;

beforeAll(async () => {
  app = await startTestApp();
  admin = app.client();
  await admin.login('admin@test.kgv', TEST_PASSWORD);
});
afterAll(() => app.stop());

type Funktion = { id: number; name: string; sortierung: number; pflicht: boolean };
type Funktionaer = {
  id: number;
  funktionId: number;
  adresseId: number;
  von: string;
  bis: string | null;
  notiz: string;
  funktionName: string;
  adresseName: string;
};
type Problem = { title: string; errors?: Record<string, string[]> };
const count = async (table: string) => Number((await app.services.db(table).count({ n: '*' }).first())?.n);

describe('Funktionen und Funktionäre', () => {
  const funktion = (name: string, sortierung: number, pflicht: boolean) =>
    buildFunktion(app.services, { name, sortierung, pflicht });
  const amt = (funktionId: number, adresseId: number, von: string, bis: string | null = null) =>
    buildFunktionaer(app.services, { funktionId, adresseId, von, bis });

  it('creates, lists, updates functions with history and refuses duplicates', async () => {
    const t = tag();
    const before = await count('funktionen');
    const res = await admin.post<Funktion>('Stammdaten/UpdateFunktion', {
      name: ` Obmann ${t} `,
      sortierung: 1,
      pflicht: true,
    });
    expect(res.status, res.text).toBe(200);
    const obmann = res.body;
    expect(obmann).toEqual({ id: expect.any(Number), version: 1, name: `Obmann ${t}`, sortierung: 1, pflicht: true });
    const kassier = (
      await admin.post<Funktion>('Stammdaten/UpdateFunktion', { name: `Kassier ${t}`, sortierung: 2, pflicht: true })
    ).body;
    const beirat = (
      await admin.post<Funktion>('Stammdaten/UpdateFunktion', { id: 0, name: `Beirat ${t}`, sortierung: 9 })
    ).body;
    expect(beirat.pflicht).toBe(false);
    const upd = await admin.post<Funktion>('Stammdaten/UpdateFunktion', { ...beirat, sortierung: 5 });
    expect(upd.body.sortierung).toBe(5);
    const ours = (await admin.get<Funktion[]>('Stammdaten/Funktion')).body.filter((f) => f.name.endsWith(` ${t}`));
    expect(ours.map((f) => f.name)).toEqual([`Obmann ${t}`, `Kassier ${t}`, `Beirat ${t}`]);
    expect((await admin.get('Stammdaten/GetFunktion', { id: kassier.id })).body).toEqual(kassier);
    const dup = await admin.post<Problem>('Stammdaten/UpdateFunktion', { name: `obmann ${t}` });
    expect(dup.status).toBe(422);
    expect((await admin.post('Stammdaten/UpdateFunktion', { name: '' })).status).toBe(422);
    expect(await count('funktionen')).toBe(before + 3);
    const hist = await admin.get<{ action: string }[]>('Common/GetHistory', { entityID: `Funktion:${beirat.id}` });
    expect(hist.body.map((h) => h.action)).toEqual(['update', 'create']);
  });

  it('alerts for required functions nobody holds today', async () => {
    const t = tag();
    const obmann = await funktion(`Obmann ${t}`, 1, true);
    const kassier = await funktion(`Kassier ${t}`, 2, true);
    const besetzt = await funktion(`Schriftführer ${t}`, 3, true);
    const beirat = await funktion(`Beirat ${t}`, 9, false);
    await amt(besetzt.id, await adresse(`Huber${t}`, 'Maria'), addDays(today, -10));
    const ours = new Set([obmann.id, kassier.id, besetzt.id, beirat.id]);
    const alerts = (
      await admin.get<{ funktionId: number; name: string; text: string }[]>('Stammdaten/GetFunktionAlert')
    ).body.filter((a) => ours.has(a.funktionId));
    expect(alerts.map((a) => a.name)).toEqual([`Obmann ${t}`, `Kassier ${t}`]);
    expect(alerts[0]!.text).toContain(`Obmann ${t}`);
  });

  it('creates Funktionäre, checks dates and references, and refuses with 422 without changes', async () => {
    const t = tag();
    const obmann = await funktion(`Obmann ${t}`, 1, true);
    const kassier = await funktion(`Kassier ${t}`, 2, true);
    const beirat = await funktion(`Beirat ${t}`, 5, false);
    const huber = await adresse(`Huber${t}`, 'Maria');
    const maier = await adresse(`Maier${t}`, 'Josef');
    const ex = await adresse(`Ehemalig${t}`, 'Eva', 256, addDays(today, -1));
    const res = await admin.post<Funktionaer>('Stammdaten/UpdateFunktionaer', {
      funktionId: obmann.id,
      adresseId: huber,
      von: addDays(today, -400),
      bis: addDays(today, 30),
    });
    expect(res.status, res.text).toBe(200);
    expect(res.body).toEqual({
      id: expect.any(Number),
      version: 1,
      funktionId: obmann.id,
      adresseId: huber,
      von: addDays(today, -400),
      bis: addDays(today, 30),
      notiz: '',
      funktionName: `Obmann ${t}`,
      adresseName: `Huber${t} Maria`,
    });
    const before = await count('funktionaere');
    const reversed = await admin.post<Problem>('Stammdaten/UpdateFunktionaer', {
      funktionId: kassier.id,
      adresseId: maier,
      von: today,
      bis: addDays(today, -1),
    });
    expect(reversed.status).toBe(422);
    expect(reversed.body.errors?.bis).toBeDefined();
    const refs = await admin.post<Problem>('Stammdaten/UpdateFunktionaer', {
      funktionId: 999_999,
      adresseId: 999_999,
      von: today,
    });
    expect(refs.status).toBe(422);
    expect(Object.keys(refs.body.errors ?? {}).sort()).toEqual(['adresseId', 'funktionId']);
    expect(
      (
        await admin.post('Stammdaten/UpdateFunktionaer', {
          funktionId: kassier.id,
          adresseId: maier,
          von: '2025-02-30',
        })
      ).status,
    ).toBe(422);
    expect(await count('funktionaere')).toBe(before);

    const k = await admin.post<Funktionaer>('Stammdaten/UpdateFunktionaer', {
      funktionId: kassier.id,
      adresseId: maier,
      von: addDays(today, -10),
      notiz: 'x',
    });
    expect(k.status).toBe(200);
    const upd = await admin.post<Funktionaer>('Stammdaten/UpdateFunktionaer', { ...k.body, notiz: 'gewählt' });
    expect(upd.body.notiz).toBe('gewählt');
    await amt(beirat.id, ex, addDays(today, -100));
    await amt(beirat.id, maier, '2010-01-01', '2015-12-31');
    const ours = new Set([huber, maier, ex]);
    const all = (await admin.get<Funktionaer[]>('Stammdaten/Funktionaer')).body;
    expect(all.filter((f) => ours.has(f.adresseId))).toHaveLength(4);
    expect((await admin.get<Funktionaer[]>('Stammdaten/Funktionaer', { adresseId: maier })).body).toHaveLength(2);
    expect((await admin.get('Stammdaten/GetFunktionaer', { id: upd.body.id })).body).toEqual(upd.body);
    const hist = await admin.get<{ action: string }[]>('Common/GetHistory', { entityID: `Funktionaer:${k.body.id}` });
    expect(hist.body.map((h) => h.action)).toEqual(['update', 'create']);
  });

  it('alerts for terms ending within 60 days and holders who are no longer members', async () => {
    const t = tag();
    const obmann = await funktion(`Obmann ${t}`, 1, true);
    const kassier = await funktion(`Kassier ${t}`, 2, true);
    const beirat = await funktion(`Beirat ${t}`, 5, false);
    const huber = await adresse(`Huber${t}`, 'Maria');
    const maier = await adresse(`Maier${t}`, 'Josef');
    const ex = await adresse(`Ehemalig${t}`, 'Eva', 256, addDays(today, -1));
    await amt(obmann.id, huber, addDays(today, -400), addDays(today, 30));
    await amt(kassier.id, maier, addDays(today, -10));
    await amt(beirat.id, ex, addDays(today, -100));
    // A past term gives no alert.
    await amt(beirat.id, maier, '2010-01-01', '2015-12-31');

    const funktionen = new Set([obmann.id, kassier.id, beirat.id]);
    const funktionAlerts = (await admin.get<{ funktionId: number }[]>('Stammdaten/GetFunktionAlert')).body;
    expect(funktionAlerts.filter((a) => funktionen.has(a.funktionId))).toEqual([]);
    const ours = new Set([huber, maier, ex]);
    const alerts = async () =>
      (
        await admin.get<{ art: string; name: string; adresseId: number }[]>('Stammdaten/GetFunktionaerAlert')
      ).body.filter((a) => ours.has(a.adresseId));
    expect((await alerts()).map((a) => [a.art, a.name])).toEqual([
      ['endet', `Huber${t} Maria`],
      ['kein_mitglied', `Ehemalig${t} Eva`],
    ]);
    // Without the member flag Maier counts as no member either.
    await app.services.db('adressen').where({ id: maier }).update({ flags: 0 });
    const again = await alerts();
    expect(again).toContainEqual(expect.objectContaining({ art: 'kein_mitglied', name: `Maier${t} Josef` }));
    expect(again).toHaveLength(3);
  });

  it('refuses to delete a function in use (409) and deletes Funktionäre and unused functions', async () => {
    const t = tag();
    const obmann = await funktion(`Obmann ${t}`, 1, true);
    const huber = await adresse(`Huber${t}`, 'Maria');
    const holder = await amt(obmann.id, huber, addDays(today, -400), addDays(today, 30));
    const res = await admin.delete<Problem>('Stammdaten/DeleteFunktion', { id: obmann.id });
    expect(res.status).toBe(409);
    expect(res.body.title).toMatch(new RegExp(`^Die Funktion „Obmann ${t}“ ist .*Huber${t} Maria.* zugeordnet`));
    const holders = (await admin.get<Funktionaer[]>('Stammdaten/Funktionaer', { funktionId: obmann.id })).body;
    expect(holders.map((h) => h.id)).toEqual([holder.id]);
    expect((await admin.delete('Stammdaten/DeleteFunktionaer', { id: holder.id })).status).toBe(204);
    expect((await admin.delete('Stammdaten/DeleteFunktion', { id: obmann.id })).status).toBe(204);
    expect((await admin.get('Stammdaten/GetFunktion', { id: obmann.id })).status).toBe(404);
    const hist = await admin.get<{ action: string }[]>('Common/GetHistory', { entityID: `Funktion:${obmann.id}` });
    expect(hist.body[0]?.action).toBe('delete');
  });

  it('lets the Rechnungsprüfer read but not write', async () => {
    const t = tag();
    const kassier = await funktion(`Kassier ${t}`, 2, true);
    const huber = await adresse(`Huber${t}`, 'Maria');
    const client = await app.signedIn(['Rechnungsprüfer']);
    expect((await client.get('Stammdaten/Funktionaer')).status).toBe(200);
    expect((await client.get('Stammdaten/GetFunktionaerAlert')).status).toBe(200);
    const before = [await count('funktionen'), await count('funktionaere')];
    expect((await client.post('Stammdaten/UpdateFunktion', { name: `Neu ${t}` })).status).toBe(403);
    expect((await client.delete('Stammdaten/DeleteFunktion', { id: kassier.id })).status).toBe(403);
    expect(
      (await client.post('Stammdaten/UpdateFunktionaer', { funktionId: kassier.id, adresseId: huber, von: today }))
        .status,
    ).toBe(403);
    expect([await count('funktionen'), await count('funktionaere')]).toEqual(before);
  });
});
