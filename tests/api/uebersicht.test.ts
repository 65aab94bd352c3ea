import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { UebersichtStammdaten } from '../../src/modules/stammdaten/schema/uebersicht';
import { nextAnniversary } from '../../src/modules/stammdaten/services/uebersicht';
import type { ApiClient } from '../helpers/apiClient';
import {
  buildAdresse,
  buildFunktionaer,
  buildHauptwasserzaehler,
  buildPachtverhaeltnis,
  buildParzelle,
  buildUser,
} from '../helpers/factories';
import { startTestApp, TEST_PASSWORD, type TestApp } from '../helpers/testApp';

// Issue 11: the start page's overview (GET Stammdaten/Uebersicht) as of a fixed day, 10 June 2030,
// on a database of its own: counts, coming birthdays and jubilees, ending terms, free plots and
// meters due for calibration, each part only with its right.

const DAY = '2030-06-10';
type Answer = {
  stichtag: string;
  stammdaten: UebersichtStammdaten | null;
  eichungFaellig: { nummer: string; eichungFaelligAm: string; ueberfaellig: boolean }[] | null;
};

let app: TestApp;
let admin: ApiClient;
let ids: Record<string, number>;

beforeAll(async () => {
  app = await startTestApp();
  admin = app.client();
  await admin.login('admin@test.kgv', TEST_PASSWORD);
  const s = app.services;
  const fuenfzig = await buildAdresse(s, {
    nachname: 'Fünfzig',
    vorname: 'Franz',
    geburtsdatum: '1980-06-20',
    flags: 256,
  });
  const spaeter = await buildAdresse(s, {
    nachname: 'Später',
    vorname: 'Sepp',
    geburtsdatum: '1990-07-15',
    flags: 256,
  });
  const zwanzig = await buildAdresse(s, {
    nachname: 'Zwanzig',
    vorname: 'Zita',
    eintrittsdatum: '2010-08-01',
    flags: 256,
  });
  const heute = await buildAdresse(s, { nachname: 'Heute', vorname: 'Hanna', geburtsdatum: '1961-06-10' });
  await buildAdresse(s, {
    nachname: 'Ausgetreten',
    vorname: 'Anton',
    geburtsdatum: '1970-06-15',
    eintrittsdatum: '2020-06-20',
    austrittsdatum: '2029-12-31',
    flags: 256,
  });
  const vergeben = await buildParzelle(s, { nummer: '1' });
  await buildPachtverhaeltnis(s, { parzelleId: vergeben.id, adresseId: fuenfzig.id, von: '2020-01-01' });
  await buildPachtverhaeltnis(s, { parzelleId: (await buildParzelle(s, { nummer: '3' })).id, adresseId: spaeter.id });
  const frei = await buildParzelle(s, { nummer: '2', flaeche: '312.5' });
  // The previous holder left before the day: the plot is free now.
  const frei10 = await buildParzelle(s, { nummer: '10' });
  await buildPachtverhaeltnis(s, {
    parzelleId: frei10.id,
    adresseId: zwanzig.id,
    von: '2015-01-01',
    bis: '2029-12-31',
  });
  await buildParzelle(s, { nummer: '99', aktiv: false });
  const endet = await buildFunktionaer(s, { adresseId: fuenfzig.id, von: '2026-07-01', bis: '2030-07-31' });
  await buildFunktionaer(s, { adresseId: spaeter.id, von: '2026-07-01', bis: '2031-01-31' });
  await buildFunktionaer(s, { adresseId: zwanzig.id, von: '2020-01-01', bis: '2030-01-31' });
  await buildHauptwasserzaehler(s, { nummer: 'HWZ-BALD', eichdatum: '2025-08-01' });
  await buildHauptwasserzaehler(s, { nummer: 'HWZ-UEBER', eichdatum: '2025-01-01' });
  await buildHauptwasserzaehler(s, { nummer: 'HWZ-NEU', eichdatum: '2028-01-01' });
  await buildHauptwasserzaehler(s, { nummer: 'HWZ-AUS', eichdatum: '2024-01-01', aktiv: false });
  ids = { fuenfzig: fuenfzig.id, zwanzig: zwanzig.id, heute: heute.id, frei: frei.id, endet: endet.id };
});
afterAll(() => app.stop());

const overview = (client: ApiClient) => client.get<Answer>('Stammdaten/Uebersicht', { date: DAY });

describe('GET Stammdaten/Uebersicht', () => {
  it('counts plots, holders and members as of the day', async () => {
    const res = await overview(admin);
    expect(res.status).toBe(200);
    expect(res.body.stichtag).toBe(DAY);
    const s = res.body.stammdaten!;
    expect(s.anzahlParzellen).toBe(4);
    expect(s.anzahlFreieParzellen).toBe(2);
    expect(s.freieParzellen).toEqual([
      { id: ids.frei, nummer: '2', flaeche: '312.50' },
      { id: expect.any(Number), nummer: '10', flaeche: expect.any(String) },
    ]);
    expect(s.anzahlNutzungsberechtigte).toBe(2);
    // Flag 256 and not left: Fünfzig, Später, Zwanzig.
    expect(s.anzahlMitglieder).toBe(3);
  });

  it('lists the birthdays of the next 30 days and the round ones and membership years of the next 90', async () => {
    const s = (await overview(admin)).body.stammdaten!;
    expect(s.geburtstage).toEqual([
      { adresseId: ids.heute, name: 'Heute Hanna', datum: '2030-06-10', geburtsdatum: '1961-06-10', alter: 69 },
      { adresseId: ids.fuenfzig, name: 'Fünfzig Franz', datum: '2030-06-20', geburtsdatum: '1980-06-20', alter: 50 },
    ]);
    expect(s.jubilaeen).toEqual([
      { adresseId: ids.fuenfzig, name: 'Fünfzig Franz', art: 'geburtstag', datum: '2030-06-20', jahre: 50 },
      { adresseId: ids.zwanzig, name: 'Zwanzig Zita', art: 'mitgliedschaft', datum: '2030-08-01', jahre: 20 },
    ]);
  });

  it('lists the terms of office ending in the next 90 days and the meters due for calibration', async () => {
    const body = (await overview(admin)).body;
    expect(body.stammdaten!.endendeFunktionen).toEqual([
      {
        funktionaerId: ids.endet,
        adresseId: ids.fuenfzig,
        name: 'Fünfzig Franz',
        funktion: expect.any(String),
        bis: '2030-07-31',
      },
    ]);
    expect(body.eichungFaellig?.map((m) => [m.nummer, m.eichungFaelligAm, m.ueberfaellig])).toEqual([
      ['HWZ-UEBER', '2030-01-01', true],
      ['HWZ-BALD', '2030-08-01', false],
    ]);
  });

  it('answers each part only with its right', async () => {
    // A role with the water rights only: the meters, no member data.
    const [role] = await app.services
      .db('roles')
      .insert({ name: 'Nur Wasser', description: '', is_system: false }, ['id']);
    const roleId = typeof role === 'object' ? Number(role.id) : Number(role);
    await app.services.db('role_rights').insert({ role_id: roleId, right_name: 'WebApp.Wasser.View' });
    const wasser = await buildUser(app.services, { email: 'nurwasser@test.kgv', roles: ['Nur Wasser'] });
    const client = app.client();
    await client.login(wasser.email, TEST_PASSWORD);
    const onlyMeters = await overview(client);
    expect(onlyMeters.status).toBe(200);
    expect(onlyMeters.body.stammdaten).toBeNull();
    expect(onlyMeters.body.eichungFaellig).toHaveLength(2);

    const kassier = app.client();
    await buildUser(app.services, { email: 'kassier-ue@test.kgv', roles: ['Kassier'] });
    await kassier.login('kassier-ue@test.kgv', TEST_PASSWORD);
    expect((await overview(kassier)).body.stammdaten?.anzahlParzellen).toBe(4);

    expect((await (await app.signedIn([])).get('Stammdaten/Uebersicht')).status).toBe(403);
  });
});

describe('nextAnniversary', () => {
  it('counts today, moves past days to next year and puts 29 February on the 28th', () => {
    expect(nextAnniversary('1980-06-10', '2030-06-10')).toEqual({ datum: '2030-06-10', jahre: 50 });
    expect(nextAnniversary('1980-01-05', '2030-06-10')).toEqual({ datum: '2031-01-05', jahre: 51 });
    expect(nextAnniversary('2000-02-29', '2030-02-01')).toEqual({ datum: '2030-02-28', jahre: 30 });
    expect(nextAnniversary('2000-02-29', '2032-02-01')).toEqual({ datum: '2032-02-29', jahre: 32 });
  });
});
