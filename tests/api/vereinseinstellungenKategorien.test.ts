import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ApiClient } from '../helpers/apiClient';
import { buildAbstellplatz } from '../helpers/factories';
import { startTestApp, TEST_PASSWORD, type TestApp } from '../helpers/testApp';

// AbstellplatzKategorien: list, read, create, update, delete, with history; duplicate names and
// categories still in use are refused.

let app: TestApp;
let admin: ApiClient;
beforeAll(async () => {
  app = await startTestApp();
  admin = app.client();
  await admin.login('admin@test.kgv', TEST_PASSWORD);
});
afterAll(() => app.stop());

type Kategorie = { id: number; name: string; jahresgebuehrCent: number; aktiv: boolean };
type Problem = { status: number; code: string; title: string; errors?: Record<string, string[]> };
type HistoryEntry = { action: string; before: Kategorie | null; after: Kategorie | null; changed: string[] };

const save = (body: unknown) =>
  admin.post<Kategorie & Problem>('Vereinseinstellungen/UpdateAbstellPlatzKategorie', body);
const list = async () => (await admin.get<Kategorie[]>('Vereinseinstellungen/AbstellplatzKategorien')).body;
let tags = 0;
/** A mark unique to one test: the names it builds carry it, so the tests pass in any order. */
const tag = () => `t${++tags}z`;
const history = async (id: number) =>
  (await admin.get<HistoryEntry[]>('Common/GetHistory', { entityID: `AbstellplatzKategorie:${id}` })).body;

describe('AbstellplatzKategorien', () => {
  /** A category saved through the API (the test's own name) and answered as created. */
  const create = async (name: string, jahresgebuehrCent = 6000) => {
    const res = await save({ name, jahresgebuehrCent });
    expect(res.status, res.text).toBe(200);
    return res.body;
  };

  it('creates categories and lists them by name', async () => {
    const t = tag();
    const res = await save({ name: ` PKW-Stellplatz ${t} `, jahresgebuehrCent: 6000, aktiv: true });
    expect(res.status, res.text).toBe(200);
    expect(res.body).toEqual({
      id: expect.any(Number),
      version: 1,
      name: `PKW-Stellplatz ${t}`,
      jahresgebuehrCent: 6000,
      aktiv: true,
    });
    // id 0 means new as well; the fee and the flag have defaults.
    expect((await save({ id: 0, name: `Motorrad ${t}`, jahresgebuehrCent: 2500 })).body).toMatchObject({
      aktiv: true,
    });
    expect((await save({ name: `Anhänger ${t}` })).body).toMatchObject({ jahresgebuehrCent: 0, aktiv: true });
    expect((await list()).map((k) => k.name).filter((n) => n.endsWith(` ${t}`))).toEqual([
      `Anhänger ${t}`,
      `Motorrad ${t}`,
      `PKW-Stellplatz ${t}`,
    ]);
  });

  it('reads one and answers 404 for an unknown id', async () => {
    const pkw = await create(`PKW-Stellplatz ${tag()}`);
    const one = await admin.get<Kategorie>('Vereinseinstellungen/GetAbstellplatzKategorie', { id: pkw.id });
    expect(one.body).toEqual(pkw);
    const missing = await admin.get<Problem>('Vereinseinstellungen/GetAbstellplatzKategorie', { id: 999_999 });
    expect(missing.status).toBe(404);
    expect(missing.body.title).toBe('Die Abstellplatz-Kategorie wurde nicht gefunden.');
    expect((await admin.get('Vereinseinstellungen/GetAbstellplatzKategorie', { id: 'abc' })).status).toBe(422);
  });

  it('updates a category and writes create and update into its history', async () => {
    const t = tag();
    const pkw = await create(`PKW-Stellplatz ${t}`);
    const res = await save({ id: pkw.id, name: `PKW-Stellplatz ${t}`, jahresgebuehrCent: 6500, aktiv: false });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ ...pkw, version: 2, jahresgebuehrCent: 6500, aktiv: false });
    const entries = await history(pkw.id);
    expect(entries.map((e) => e.action)).toEqual(['update', 'create']);
    expect(entries[0]).toMatchObject({
      before: { jahresgebuehrCent: 6000, aktiv: true },
      after: { jahresgebuehrCent: 6500, aktiv: false },
      changed: ['aktiv', 'jahresgebuehrCent'],
    });
    // Renaming to its own name in another case is no clash with itself.
    expect((await save({ id: pkw.id, name: `pkw-stellplatz ${t}`, jahresgebuehrCent: 6500 })).status).toBe(200);
  });

  it('refuses a name that exists, whatever its case, with a German message', async () => {
    const t = tag();
    const pkw = await create(`PKW-Stellplatz ${t}`);
    await create(`Motorrad ${t}`, 2500);
    await create(`Anhänger ${t}`, 0);
    const before = await list();
    const res = await save({ name: `MOTORRAD ${t}`, jahresgebuehrCent: 100 });
    expect(res.status).toBe(422);
    expect(res.body.errors).toEqual({ name: [`Eine Kategorie „Motorrad ${t}“ gibt es bereits.`] });
    const rename = await save({ id: pkw.id, name: `anhänger ${t}`, jahresgebuehrCent: 1 });
    expect(rename.status).toBe(422);
    expect(await list()).toEqual(before);
  });

  it('answers a name that differs only by an umlaut without a 500 (the MySQL collation calls it a duplicate)', async () => {
    const t = tag();
    await create(`Anhänger ${t}`, 0);
    const res = await save({ name: `Anhanger ${t}`, jahresgebuehrCent: 1 });
    if (process.env.DATABASE_URL) {
      expect(res.status).toBe(409);
      expect(res.body).toMatchObject({ code: 'duplicate', title: expect.stringContaining('ähnlichen Namen') });
    } else {
      expect(res.status).toBe(200);
      expect((await admin.delete('Vereinseinstellungen/DeleteAbstellplatzKategorie', { id: res.body.id })).status).toBe(
        204,
      );
    }
  });

  it('answers 404 for updating or deleting an unknown id', async () => {
    expect((await save({ id: 999_999, name: `Neu ${tag()}`, jahresgebuehrCent: 1 })).status).toBe(404);
    expect((await admin.delete('Vereinseinstellungen/DeleteAbstellplatzKategorie', { id: 999_999 })).status).toBe(404);
  });

  it('refuses to delete a category an Abstellplatz uses (409), then deletes it when free', async () => {
    const t = tag();
    const motorrad = await create(`Motorrad ${t}`, 2500);
    const platz = await buildAbstellplatz(app.services, { kategorieId: motorrad.id });
    const refused = await admin.delete<Problem>('Vereinseinstellungen/DeleteAbstellplatzKategorie', {
      id: motorrad.id,
    });
    expect(refused.status).toBe(409);
    expect(refused.body).toMatchObject({ code: 'still_referenced' });
    expect(refused.body.title).toContain(`„Motorrad ${t}“ ist einem Abstellplatz zugeordnet`);
    expect((await list()).some((k) => k.id === motorrad.id)).toBe(true);

    expect((await admin.delete('Stammdaten/DeleteAbstellplatz', { id: platz.id })).status).toBe(204);
    const deleted = await admin.delete('Vereinseinstellungen/DeleteAbstellplatzKategorie', { id: motorrad.id });
    expect(deleted.status).toBe(204);
    expect((await admin.get('Vereinseinstellungen/GetAbstellplatzKategorie', { id: motorrad.id })).status).toBe(404);
    const entries = await history(motorrad.id);
    expect(entries.map((e) => e.action)).toEqual(['delete', 'create']);
    expect(entries[0]!.before).toMatchObject({ name: `Motorrad ${t}`, jahresgebuehrCent: 2500 });
  });

  it('deletes a category no Abstellplatz uses', async () => {
    const anhaenger = await create(`Anhänger ${tag()}`, 0);
    expect((await admin.delete('Vereinseinstellungen/DeleteAbstellplatzKategorie', { id: anhaenger.id })).status).toBe(
      204,
    );
    expect((await list()).some((k) => k.id === anhaenger.id)).toBe(false);
  });

  it('lets Stammdaten viewers read the categories and their history, but not change them', async () => {
    const pkw = await create(`PKW-Stellplatz ${tag()}`);
    const wasserwart = await app.signedIn(['Wasserwart']);
    const seen = (await wasserwart.get<Kategorie[]>('Vereinseinstellungen/AbstellplatzKategorien')).body;
    expect(seen).toContainEqual(pkw);
    expect((await wasserwart.get('Vereinseinstellungen/GetAbstellplatzKategorie', { id: pkw.id })).status).toBe(200);
    const hist = await wasserwart.get('Common/GetHistory', { entityID: `AbstellplatzKategorie:${pkw.id}` });
    expect(hist.status).toBe(200);
    const before = await list();
    expect((await wasserwart.post('Vereinseinstellungen/UpdateAbstellPlatzKategorie', { name: 'X' })).status).toBe(403);
    expect((await wasserwart.delete('Vereinseinstellungen/DeleteAbstellplatzKategorie', { id: pkw.id })).status).toBe(
      403,
    );
    expect(await list()).toEqual(before);
  });
});
