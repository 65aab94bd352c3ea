import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MULTILINE_CHARS_MESSAGE, TEXT_CHARS_MESSAGE } from '../../src/platform/validation';
import type { ApiClient } from '../helpers/apiClient';
import { startTestApp, TEST_PASSWORD, type TestApp } from '../helpers/testApp';

// Security review, issue 9, item 7: names took lone surrogates, bidi overrides or zero-width
// characters in some entities (Gruppe) but not in others (Adresse). One text rule now holds for
// every name: each such name is refused with 422 and the same German message, and nothing is saved.

let app: TestApp;
let admin: ApiClient;
beforeAll(async () => {
  app = await startTestApp();
  admin = app.client();
  await admin.login('admin@test.kgv', TEST_PASSWORD);
});
afterAll(() => app.stop());

const BAD_NAMES: [string, string][] = [
  ['a lone high surrogate', 'Hu\ud800ber'],
  ['a lone low surrogate', 'Hu\udc00ber'],
  ['a right-to-left override', 'Hu\u202eber'],
  ['a left-to-right embedding', 'Hu\u202aber'],
  ['a right-to-left isolate', 'Hu\u2067ber\u2069'],
  ['a zero-width space', 'Hu\u200bber'],
  ['a zero-width joiner', 'Hu\u200dber'],
  ['a word joiner', 'Hu\u2060ber'],
  ['a zero-width no-break space inside', 'Hu\ufeffber'],
  ['a bell character', 'Hu\u0007ber'],
  ['a line break', 'Hu\nber'],
];

let seq = 0;
/** Each entity's save call with `name` in its name field; `table` holds the saved rows. */
const ENTITIES: { entity: string; path: string; field: string; table: string; body(name: string): object }[] = [
  { entity: 'Gruppe', path: 'Stammdaten/UpdateGruppe', field: 'name', table: 'gruppen', body: (name) => ({ name }) },
  {
    entity: 'Adresse',
    path: 'Stammdaten/UpdateAdresse',
    field: 'nachname',
    table: 'adressen',
    body: (nachname) => ({ nachname }),
  },
  {
    entity: 'Adresse (Vorname)',
    path: 'Stammdaten/UpdateAdresse',
    field: 'vorname',
    table: 'adressen',
    body: (vorname) => ({ nachname: 'Huber', vorname }),
  },
  {
    entity: 'Funktion',
    path: 'Stammdaten/UpdateFunktion',
    field: 'name',
    table: 'funktionen',
    body: (name) => ({ name }),
  },
  {
    entity: 'Parzelle',
    path: 'Stammdaten/UpdateParzelle',
    field: 'nummer',
    table: 'parzellen',
    body: (nummer) => ({ nummer: nummer.slice(0, 8) }),
  },
  {
    entity: 'Kategorie',
    path: 'Vereinseinstellungen/UpdateAbstellPlatzKategorie',
    field: 'name',
    table: 'abstellplatz_kategorien',
    body: (name) => ({ name }),
  },
  {
    entity: 'Benutzer',
    path: 'User/UpdateUser',
    field: 'name',
    table: 'users',
    body: (name) => ({ email: `text${++seq}@test.kgv`, name, roleIds: [], active: true }),
  },
  { entity: 'Rolle', path: 'User/UpdateRolle', field: 'name', table: 'roles', body: (name) => ({ name, rights: [] }) },
];

const count = async (table: string) =>
  Number(((await app.services.db(table).count({ n: '*' }).first()) as { n: number | string }).n);

describe('one text rule for names', () => {
  for (const e of ENTITIES) {
    it.each(BAD_NAMES)(`${e.entity}: refuses a name with %s`, async (_what, name) => {
      const before = await count(e.table);
      const res = await admin.post<{ errors?: Record<string, string[]> }>(e.path, e.body(name));
      expect(res.status, res.text).toBe(422);
      expect(res.body.errors?.[e.field]).toEqual([TEXT_CHARS_MESSAGE]);
      expect(await count(e.table)).toBe(before);
    });
  }

  it('still takes names in any script, with accents, emoji pairs and an apostrophe', async () => {
    for (const name of ['Müller-Lüdenscheidt', "O'Brien", 'Ζωή Παπαδοπούλου', 'Łukasz Żółć', 'Gartenfreund 🌻']) {
      const res = await admin.post('Stammdaten/UpdateAdresse', { nachname: name });
      expect(res.status, res.text).toBe(200);
    }
  });

  it('keeps line breaks in multi-line notes but refuses invisible characters there too', async () => {
    const ok = await admin.post('Stammdaten/UpdateParzelle', { nummer: 'N1', notiz: 'Zeile 1\nZeile 2\tmit Tab' });
    expect(ok.status, ok.text).toBe(200);
    const bad = await admin.post<{ errors?: Record<string, string[]> }>('Stammdaten/UpdateParzelle', {
      nummer: 'N2',
      notiz: 'Zeile 1\n\u202eZeile 2',
    });
    expect(bad.status).toBe(422);
    expect(bad.body.errors?.notiz).toEqual([MULTILINE_CHARS_MESSAGE]);
  });
});
