import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ApiClient, ApiResponse } from '../helpers/apiClient';
import { startTestApp, TEST_PASSWORD, type TestApp } from '../helpers/testApp';

// Lost updates (security review, issue 9): every Update call of the Stammdaten and the
// Vereinseinstellungen takes the version it read; of two saves of the same version exactly one
// wins, the other answers 409 version_conflict naming who saved first, and nothing is overwritten.

let app: TestApp;
let admin: ApiClient;
let maria: ApiClient;
let josef: ApiClient;

type Body = Record<string, unknown>;
type Problem = { code: string; title: string; status: number };

async function boardMember(name: string): Promise<ApiClient> {
  const email = `${name.split(' ')[0]!.toLowerCase()}@test.kgv`;
  const client = await app.signedIn(['Obmann'], email);
  await app.services.db('users').where({ email }).update({ name });
  return client;
}

beforeAll(async () => {
  app = await startTestApp();
  admin = app.client();
  await admin.login('admin@test.kgv', TEST_PASSWORD);
  maria = await boardMember('Maria Muster');
  josef = await boardMember('Josef Maier');
});
afterAll(() => app.stop());

async function ok<T = Body>(res: Promise<ApiResponse<T>>): Promise<T> {
  const r = await res;
  expect(r.status, r.text).toBe(200);
  return r.body;
}

const conflictTitle = (label: string, who: string) =>
  new RegExp(
    `^${label} wurde inzwischen von ${who} \\(\\d{2}\\.\\d{2}\\.\\d{4}, \\d{2}:\\d{2}\\) geändert\\. Bitte laden Sie die Daten neu\\.$`,
  );

/**
 * Two board members save the same version at once: exactly one 200, one 409 naming the winner.
 * Answers the winner's name and the loser's problem.
 */
async function race(path: string, query: Record<string, string> | undefined, bodies: [Body, Body]) {
  const [a, b] = await Promise.all([
    maria.request<Body & Problem>('POST', path, { query, body: bodies[0] }),
    josef.request<Body & Problem>('POST', path, { query, body: bodies[1] }),
  ]);
  expect([a.status, b.status].sort(), `${a.text} / ${b.text}`).toEqual([200, 409]);
  const [winner, loser] = a.status === 200 ? ['Maria Muster', b] : ['Josef Maier', a];
  expect(loser.body.code).toBe('version_conflict');
  return { winner, winnerIndex: a.status === 200 ? 0 : 1, problem: loser.body };
}

describe('UpdateAdresse with a version', () => {
  it('lets one of two concurrent saves win and refuses the other with 409 naming the winner', async () => {
    const created = await ok(admin.post<Body>('Stammdaten/UpdateAdresse', { nachname: 'Huber', vorname: 'Anna' }));
    expect(created.version).toBe(1);
    const loaded = await ok(admin.get<Body>('Stammdaten/GetAdresse', { id: String(created.id) }));
    expect(loaded.version).toBe(1);
    const base = { id: created.id, version: 1, nachname: 'Huber', vorname: 'Anna' };
    const bodies: [Body, Body] = [
      { ...base, ort: 'Wien', notiz: 'von Maria' },
      { ...base, ort: 'Graz', notiz: 'von Josef' },
    ];
    const { winner, winnerIndex, problem } = await race('Stammdaten/UpdateAdresse', undefined, bodies);
    expect(problem.status).toBe(409);
    expect(problem.title).toMatch(conflictTitle('Die Adresse', winner));
    const stored = await ok(admin.get<Body>('Stammdaten/GetAdresse', { id: String(created.id) }));
    expect(stored).toMatchObject({ version: 2, ort: bodies[winnerIndex]!.ort, notiz: bodies[winnerIndex]!.notiz });
  });

  it('refuses a stale version after a save and changes nothing', async () => {
    const created = await ok(admin.post<Body>('Stammdaten/UpdateAdresse', { nachname: 'Berger' }));
    await ok(maria.post('Stammdaten/UpdateAdresse', { id: created.id, version: 1, nachname: 'Berger', ort: 'Linz' }));
    const before = await app.services
      .db('adressen')
      .where({ id: Number(created.id) })
      .first();
    const stale = await josef.post<Problem>('Stammdaten/UpdateAdresse', {
      id: created.id,
      version: 1,
      nachname: 'Berger',
      ort: 'Salzburg',
    });
    expect(stale.status).toBe(409);
    expect(stale.body.code).toBe('version_conflict');
    expect(stale.body.title).toMatch(conflictTitle('Die Adresse', 'Maria Muster'));
    // The version as stored now, for clients that want to re-apply on it.
    expect((stale.body as Problem & { currentVersion?: number }).currentVersion).toBe(before?.version);
    expect(
      await app.services
        .db('adressen')
        .where({ id: Number(created.id) })
        .first(),
    ).toEqual(before);
  });

  it('still saves without a version (API scripts), and the version goes up', async () => {
    const created = await ok(admin.post<Body>('Stammdaten/UpdateAdresse', { nachname: 'Wagner' }));
    const saved = await ok(admin.post<Body>('Stammdaten/UpdateAdresse', { id: created.id, nachname: 'Wagner-Huber' }));
    expect(saved).toMatchObject({ nachname: 'Wagner-Huber', version: 2 });
    expect((await admin.post('Stammdaten/UpdateAdresse', { id: created.id, version: 0, nachname: 'X' })).status).toBe(
      422,
    );
  });
});

/** One Update call: how to make a record, its body as read, a change, and where the version is. */
type Case = {
  name: string;
  path: string;
  query?: Record<string, string>;
  /** Creates the record and answers the body a dialog would send back (with `version`). */
  setup(): Promise<Body>;
  /** A field change; `n` tells the two racers apart. */
  change(n: number): Body;
  /** The record as stored now, with its version. */
  read(): Promise<Body>;
  label: string;
};

let seq = 0;
const unique = (prefix: string) => `${prefix}-${++seq}`;
const strip = ({ version: _v, ...rest }: Body) => rest;

async function adresse(): Promise<number> {
  return Number((await ok(admin.post<Body>('Stammdaten/UpdateAdresse', { nachname: unique('Person') }))).id);
}
async function kategorie(): Promise<number> {
  const body = { name: unique('Kategorie') };
  return Number((await ok(admin.post<Body>('Vereinseinstellungen/UpdateAbstellPlatzKategorie', body))).id);
}
async function abstellplatz(): Promise<number> {
  const body = { nummer: unique('P'), kategorieId: await kategorie() };
  return Number((await ok(admin.post<Body>('Stammdaten/UpdateAbstellPlatz', body))).id);
}
const pick = (record: Body, keys: string[]) => Object.fromEntries(keys.map((k) => [k, record[k]]));

/** A record made with `create`, read back by id through `get`, sent back with the listed fields. */
function entity(
  name: string,
  path: string,
  get: string,
  label: string,
  create: () => Promise<Body>,
  keys: string[],
  field: string,
): Case {
  let id = 0;
  return {
    name,
    path,
    label,
    async setup() {
      const created = await ok(admin.post<Body>(path, await create()));
      id = Number(created.id);
      return pick(created, ['id', 'version', ...keys]);
    },
    change: (n) => ({ [field]: `Änderung ${n}` }),
    async read() {
      const record = await ok(admin.get<Body>(get, { id: String(id) }));
      return { version: record.version, [field]: record[field] };
    },
  };
}

const CASES: Case[] = [
  entity(
    'UpdateParzelle',
    'Stammdaten/UpdateParzelle',
    'Stammdaten/GetParzelle',
    'Die Parzelle',
    async () => ({ nummer: unique('L') }),
    ['nummer'],
    'notiz',
  ),
  entity(
    'UpdateWeiterePerson',
    'Stammdaten/UpdateWeiterePerson',
    'Stammdaten/GetWeiterePerson',
    'Die weitere Person',
    async () => ({ adresseId: await adresse(), nachname: 'Partner' }),
    ['adresseId', 'nachname'],
    'notiz',
  ),
  entity(
    'UpdateGruppe',
    'Stammdaten/UpdateGruppe',
    'Stammdaten/GetGruppe',
    'Die Gruppe',
    async () => ({ name: unique('Gruppe') }),
    ['name'],
    'beschreibung',
  ),
  entity(
    'UpdateAbstellPlatz',
    'Stammdaten/UpdateAbstellPlatz',
    'Stammdaten/GetAbstellplatz',
    'Der Abstellplatz',
    async () => ({ nummer: unique('A'), kategorieId: await kategorie() }),
    ['nummer', 'kategorieId'],
    'notiz',
  ),
  entity(
    'UpdateHWZ',
    'Stammdaten/UpdateHWZ',
    'Stammdaten/GetHauptwasserZaehler',
    'Der Hauptwasserzähler',
    async () => ({ nummer: unique('HWZ') }),
    ['nummer'],
    'notiz',
  ),
  entity(
    'UpdateFunktion',
    'Stammdaten/UpdateFunktion',
    'Stammdaten/GetFunktion',
    'Die Funktion',
    async () => ({ name: unique('Funktion') }),
    [],
    'name',
  ),
  entity(
    'UpdateFunktionaer',
    'Stammdaten/UpdateFunktionaer',
    'Stammdaten/GetFunktionaer',
    'Die Amtszeit des Funktionärs',
    async () => {
      const funktion = await ok(admin.post<Body>('Stammdaten/UpdateFunktion', { name: unique('Amt') }));
      return { funktionId: funktion.id, adresseId: await adresse(), von: '2024-01-01' };
    },
    ['funktionId', 'adresseId', 'von'],
    'notiz',
  ),
  entity(
    'UpdateAbstellPlatzKategorie',
    'Vereinseinstellungen/UpdateAbstellPlatzKategorie',
    'Vereinseinstellungen/GetAbstellplatzKategorie',
    'Die Abstellplatz-Kategorie',
    async () => ({ name: unique('Art') }),
    [],
    'name',
  ),
  (() => {
    let id = 0;
    return {
      name: 'UpdateAbstellplatzAdresse',
      path: 'Stammdaten/UpdateAbstellplatzAdresse',
      label: 'Die Zuordnung des Abstellplatzes',
      async setup() {
        const platz = await ok(
          admin.post<{ zuordnungen: Body[] }>('Stammdaten/UpdateNeuzuordnung', {
            abstellplatzId: await abstellplatz(),
            adresseId: await adresse(),
            datum: '2024-01-01',
          }),
        );
        const zuordnung = platz.zuordnungen[0]!;
        id = Number(zuordnung.id);
        return pick(zuordnung, ['id', 'version', 'von', 'bis']);
      },
      change: (n: number) => ({ bis: `2030-01-0${n}` }),
      async read() {
        const z = await ok(admin.get<Body>('Stammdaten/GetAbstellplatzAdresse', { id: String(id) }));
        return { version: z.version, bis: z.bis };
      },
    } satisfies Case;
  })(),
  {
    name: 'UpdateParkkartenInfo',
    path: 'Stammdaten/UpdateParkkartenInfo',
    label: 'Die Parkkarten-Information des Jahres',
    async setup() {
      const info = await ok(admin.get<Body>('Stammdaten/GetParkkartenInfo'));
      // Never saved yet: version 1, and the first save may send it.
      expect(info.version).toBe(1);
      return pick(info, ['pachtabrechnungId', 'version']);
    },
    change: (n) => ({ hinweis: `Hinweis ${n}` }),
    async read() {
      const info = await ok(admin.get<Body>('Stammdaten/GetParkkartenInfo'));
      return { version: info.version, hinweis: info.hinweis };
    },
  },
  {
    name: 'UpdateVereinseinstellungen (Kontakt)',
    path: 'Vereinseinstellungen/UpdateVereinseinstellungen',
    query: { edit: 'Kontakt' },
    label: 'Der Abschnitt „Kontakt“ der Vereinseinstellungen',
    async setup() {
      const settings = await ok(admin.get<{ kontakt: Body }>('Vereinseinstellungen/Vereinseinstellungen'));
      expect(settings.kontakt.version).toBe(1);
      return settings.kontakt;
    },
    change: (n) => ({ sprechstunden: `Samstag ${n} Uhr` }),
    async read() {
      const { kontakt } = await ok(admin.get<{ kontakt: Body }>('Vereinseinstellungen/Vereinseinstellungen'));
      return { version: kontakt.version, sprechstunden: kontakt.sprechstunden };
    },
  },
  {
    name: 'UpdateMaileinstellungen',
    path: 'Vereinseinstellungen/UpdateMaileinstellungen',
    label: 'Der Abschnitt „Mail“ der Vereinseinstellungen',
    async setup() {
      const { mail } = await ok(admin.get<{ mail: Body }>('Vereinseinstellungen/Vereinseinstellungen'));
      return {
        host: 'smtp.example.at',
        port: 587,
        security: 'starttls',
        fromAddress: 'office@example.at',
        version: mail.version,
      };
    },
    change: (n) => ({ fromName: `Vorstand ${n}` }),
    async read() {
      const { mail } = await ok(admin.get<{ mail: Body }>('Vereinseinstellungen/Vereinseinstellungen'));
      return { version: mail.version, fromName: mail.fromName };
    },
  },
];

describe.each(CASES.map((c) => [c.name, c] as const))('%s with a version', (_, c) => {
  it('one of two concurrent saves wins, a stale one is refused, one without version saves', async () => {
    const base = await c.setup();
    const version = Number(base.version);
    const bodies: [Body, Body] = [
      { ...base, ...c.change(1) },
      { ...base, ...c.change(2) },
    ];
    const { winner, winnerIndex, problem } = await race(c.path, c.query, bodies);
    expect(problem.title).toMatch(conflictTitle(c.label, winner));
    const won = await c.read();
    expect(won).toEqual({ version: version + 1, ...c.change(winnerIndex + 1) });

    const stale = await admin.request<Problem>('POST', c.path, { query: c.query, body: { ...base, ...c.change(3) } });
    expect(stale.status, stale.text).toBe(409);
    expect(stale.body.code).toBe('version_conflict');
    expect(await c.read()).toEqual(won);

    await ok(admin.request('POST', c.path, { query: c.query, body: { ...strip(base), ...c.change(4) } }));
    expect(await c.read()).toEqual({ version: version + 2, ...c.change(4) });
  });
});
