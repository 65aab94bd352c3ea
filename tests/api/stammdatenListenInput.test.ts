import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { todayIso } from '../../src/platform/dates';
import type { ApiClient, ApiResponse } from '../helpers/apiClient';
import {
  buildAdresse,
  buildGruppe,
  buildPachtabrechnung,
  buildPachtverhaeltnis,
  buildParzelle,
} from '../helpers/factories';
import { startTestApp, type TestApp } from '../helpers/testApp';

// Bad input to the Stammdaten lists and exports: 422 problem details naming the field in German,
// 404 for unknown records, and no change to the database (Summenblatt may create the current year).

let app: TestApp;
let client: ApiClient;
let huber: number;

type Problem = { status: number; code: string; title: string; errors?: Record<string, string[]> };

const INVALID = 'Die Eingaben sind nicht gültig.';
const DATE_FORMAT = 'Erwartet wird ein Datum im Format JJJJ-MM-TT.';
const NO_DATE = 'Dieses Datum gibt es nicht.';
const BOOL = 'Erwartet wird true oder false.';
const INT = 'Erwartet wird eine ganze Zahl.';
const NEGATIVE = 'Die Zahl darf nicht negativ sein.';
const LIST_FORMATS = 'Erlaubt sind: json, pdf, xlsx.';
const NO_ADDRESS = 'Bitte eine Adresse wählen oder ein leeres Blatt anfordern.';

/** Every table a list could touch, to show that refused calls change nothing. */
const TABLES = [
  'pachtabrechnungen',
  'parzelle_jahr',
  'parzellen',
  'gruppen',
  'adressen',
  'weitere_personen',
  'pachtverhaeltnisse',
  'abstellplaetze',
  'abstellplatz_zuordnungen',
  'funktionaere',
  'history',
];
const snapshot = async () =>
  Object.fromEntries(await Promise.all(TABLES.map(async (t) => [t, await app.services.db(t).select()])));

function expectProblem(res: ApiResponse<Problem>, status: number, title: string, what: string) {
  expect(res.status, `${what}: ${res.text}`).toBe(status);
  expect(res.headers.get('content-type'), what).toContain('application/problem+json');
  expect(res.body.title, what).toBe(title);
}

beforeAll(async () => {
  app = await startTestApp();
  const gruppeId = (await buildGruppe(app.services, { name: 'Gruppe A' })).id;
  const parzelleId = (await buildParzelle(app.services, { nummer: '7', flaeche: '400.00', gruppeId })).id;
  huber = (
    await buildAdresse(app.services, {
      vorname: 'Maria',
      nachname: 'Huber',
      geburtsdatum: '1976-03-15',
      eintrittsdatum: '2016-05-01',
      flags: 256,
    })
  ).id;
  await buildPachtverhaeltnis(app.services, { parzelleId, adresseId: huber, von: '2016-05-01' });
  client = await app.signedIn(['Kassier']);
}, 60_000);
afterAll(() => app.stop());

describe('Stammdaten lists: bad input', () => {
  // [call, query, field → one of its messages]; the errors name exactly these fields.
  const cases: [string, Record<string, string>, Record<string, string>][] = [
    ['Geburtstagsliste', { date: 'gestern' }, { 'query.date': DATE_FORMAT }],
    ['Geburtstagsliste', { date: '01.06.2026' }, { 'query.date': DATE_FORMAT }],
    ['Geburtstagsliste', { date: '2026-02-30' }, { 'query.date': NO_DATE }],
    ['Geburtstagsliste', { date: '' }, { 'query.date': DATE_FORMAT }],
    ['Geburtstagsliste', { format: 'doc' }, { 'query.format': LIST_FORMATS }],
    ['Geburtstagsliste', { format: '' }, { 'query.format': LIST_FORMATS }],
    ['Geburtstagsliste', { weiterePersonen: 'ja' }, { 'query.weiterePersonen': BOOL }],
    ['Geburtstagsliste', { zeitungsfilter: '2' }, { 'query.zeitungsfilter': BOOL }],
    ['Geburtstagsliste', { fifties: '' }, { 'query.fifties': BOOL }],
    [
      'Geburtstagsliste',
      { date: '2026-06-31', FIFTIES: 'vielleicht', format: 'html' },
      { 'query.date': NO_DATE, 'query.fifties': BOOL, 'query.format': LIST_FORMATS },
    ],
    ['Jubilaeumsliste', { date: '2026-13-01' }, { 'query.date': NO_DATE }],
    ['Jubilaeumsliste', { date: '2026-1-1' }, { 'query.date': DATE_FORMAT }],
    ['Jubilaeumsliste', { format: 'csv' }, { 'query.format': LIST_FORMATS }],
    ['Unterschriftenliste', { nurMitglieder: 'vielleicht' }, { 'query.nurMitglieder': BOOL }],
    ['Unterschriftenliste', { gruppenFilter: 'A' }, { 'query.gruppenFilter': INT }],
    ['Unterschriftenliste', { gruppenFilter: '1.5' }, { 'query.gruppenFilter': INT }],
    ['Unterschriftenliste', { gruppenFilter: '-1' }, { 'query.gruppenFilter': NEGATIVE }],
    ['Unterschriftenliste', { title: 'x'.repeat(201) }, { 'query.title': 'Höchstens 200 Zeichen.' }],
    ['Unterschriftenliste', { format: 'docx' }, { 'query.format': LIST_FORMATS }],
    ['Summenblatt', { pachtabrechnungID: 'abc' }, { 'query.pachtabrechnungID': INT }],
    ['Summenblatt', { pachtabrechnungID: '2.5' }, { 'query.pachtabrechnungID': INT }],
    ['Summenblatt', { pachtabrechnungID: '-3' }, { 'query.pachtabrechnungID': NEGATIVE }],
    ['Summenblatt', { format: 'html' }, { 'query.format': LIST_FORMATS }],
    ['Stammdatenblatt', {}, { 'query.id': NO_ADDRESS }],
    ['Stammdatenblatt', { isleer: 'false' }, { 'query.id': NO_ADDRESS }],
    ['Stammdatenblatt', { id: '0' }, { 'query.id': NO_ADDRESS }],
    ['Stammdatenblatt', { id: 'abc' }, { 'query.id': INT }],
    ['Stammdatenblatt', { id: '-1' }, { 'query.id': NEGATIVE }],
    ['Stammdatenblatt', { isleer: 'leer' }, { 'query.isleer': BOOL }],
    ['Stammdatenblatt', { id: 'HUBER', format: 'xlsx' }, { 'query.format': 'Erlaubt sind: json, pdf.' }],
    [
      'Stammdatenblatt',
      { isleer: 'true', format: 'json' },
      { 'query.format': 'Ein leeres Blatt gibt es nur als PDF.' },
    ],
  ];

  it('answers 422 with German problem details naming each bad field, and changes nothing', async () => {
    const before = await snapshot();
    for (const [call, rawQuery, expected] of cases) {
      const query = Object.fromEntries(Object.entries(rawQuery).map(([k, v]) => [k, v === 'HUBER' ? huber : v]));
      const what = `${call} ${JSON.stringify(rawQuery)}`;
      const res = await client.get<Problem>(`Stammdaten/${call}`, query);
      expectProblem(res, 422, INVALID, what);
      expect(res.body.code, what).toBe('validation_failed');
      expect(Object.keys(res.body.errors ?? {}).sort(), what).toEqual(Object.keys(expected).sort());
      for (const [field, message] of Object.entries(expected)) expect(res.body.errors![field], what).toContain(message);
    }
    expect(await snapshot()).toEqual(before);
  }, 60_000);

  it('answers 404 in German for an unknown address or billing year, and changes nothing', async () => {
    const before = await snapshot();
    for (const format of ['json', 'pdf']) {
      expectProblem(
        await client.get<Problem>('Stammdaten/Stammdatenblatt', { id: 999_999, format }),
        404,
        'Die Adresse gibt es nicht.',
        `Stammdatenblatt ${format}`,
      );
    }
    for (const format of ['json', 'pdf', 'xlsx']) {
      expectProblem(
        await client.get<Problem>('Stammdaten/Summenblatt', { pachtabrechnungID: 999_999, format }),
        404,
        'Das Abrechnungsjahr wurde nicht gefunden.',
        `Summenblatt ${format}`,
      );
    }
    expect(await snapshot()).toEqual(before);
  });

  it('Stammdatenblatt: an id as JSON or PDF, isleer a blank PDF even with an id', async () => {
    const json = await client.get<{ adresse: { id: number; name: string } }>('Stammdaten/Stammdatenblatt', {
      id: huber,
      format: 'json',
    });
    expect(json.status).toBe(200);
    expect(json.body.adresse).toMatchObject({ id: huber, name: 'Huber Maria' });
    const pdf = await client.get('Stammdaten/Stammdatenblatt', { id: huber });
    expect(pdf.status).toBe(200);
    expect(pdf.headers.get('content-disposition')).toContain(`Stammdatenblatt-${huber}.pdf`);
    const blank: Record<string, string | number | boolean>[] = [
      { isleer: true },
      { isleer: 1, id: huber },
      { isleer: 'TRUE', format: 'pdf' },
    ];
    for (const query of blank) {
      const leer = await client.get('Stammdaten/Stammdatenblatt', query);
      expect(leer.status, JSON.stringify(query)).toBe(200);
      expect(leer.headers.get('content-disposition'), JSON.stringify(query)).toContain('"Stammdatenblatt.pdf"');
    }
  }, 60_000);

  it('ignores parameters it does not know, as the module’s other queries do; the exports take none', async () => {
    const list = await client.get<unknown[]>('Stammdaten/Unterschriftenliste', { format: 'json', sortierung: 'x' });
    expect(list.status).toBe(200);
    expect(list.body).toHaveLength(1);
    for (const call of ['ExportAdressen', 'ExportWeitereMitgliedschaften', 'ExportAll']) {
      const res = await client.get(`Stammdaten/${call}`, { format: 'pdf', id: 'abc' });
      expect(res.status, call).toBe(200);
      expect(res.headers.get('content-type'), call).toContain('spreadsheetml');
    }
  }, 60_000);

  it('Summenblatt without a year uses the newest and, on a database without one, creates the current year', async () => {
    const db = app.services.db;
    // The plot's yearly values (saved with the plot) go with the years: a database without a year.
    await db('parzelle_jahr').delete();
    await db('pachtabrechnungen').delete();
    // Refused calls do not create the year.
    expect((await client.get('Stammdaten/Summenblatt', { format: 'doc' })).status).toBe(422);
    expect((await client.get('Stammdaten/Summenblatt', { pachtabrechnungID: 999_999 })).status).toBe(404);
    expect(await db('pachtabrechnungen').select()).toEqual([]);

    const before = Number(todayIso().slice(0, 4));
    const res = await client.get<{ pachtabrechnung: { id: number; jahr: number }; rows: { key: string }[] }>(
      'Stammdaten/Summenblatt',
    );
    const after = Number(todayIso().slice(0, 4));
    expect(res.status, res.text).toBe(200);
    expect([before, after]).toContain(res.body.pachtabrechnung.jahr);
    expect(res.body.rows.find((r) => r.key === 'parzellen')).toMatchObject({ wert: 1 });
    const years = await db('pachtabrechnungen').select('id', 'jahr');
    expect(years).toEqual([{ id: res.body.pachtabrechnung.id, jahr: res.body.pachtabrechnung.jahr }]);

    // The next call uses that year instead of creating another; an older year does not displace it.
    await buildPachtabrechnung(app.services, res.body.pachtabrechnung.jahr - 1);
    const again = await client.get<{ pachtabrechnung: { id: number } }>('Stammdaten/Summenblatt', { format: 'json' });
    expect(again.body.pachtabrechnung.id).toBe(res.body.pachtabrechnung.id);
    expect(await db('pachtabrechnungen').count({ n: '*' }).first()).toMatchObject({ n: 2 });
  }, 60_000);
});
