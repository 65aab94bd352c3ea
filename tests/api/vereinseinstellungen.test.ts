import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { getMfaLevel } from '../../src/modules/vereinseinstellungen/services';
import type { ApiClient, ApiResponse } from '../helpers/apiClient';
import { buildAbstellplatzKategorie } from '../helpers/factories';
import { startTestApp, TEST_PASSWORD, type TestApp } from '../helpers/testApp';

// Vereinseinstellungen through the real app: defaults, every section saved and read back, the
// history, the caches other modules read, rights, and a sweep of broken input that must change nothing.

let app: TestApp;
let admin: ApiClient;

beforeAll(async () => {
  app = await startTestApp();
  admin = app.client();
  await admin.login('admin@test.kgv', TEST_PASSWORD);
});
afterAll(() => app.stop());

type Settings = Record<string, Record<string, unknown>> & { mfa: number };

const UPDATE = 'Vereinseinstellungen/UpdateVereinseinstellungen';
const GET = 'Vereinseinstellungen/Vereinseinstellungen';

const update = (client: ApiClient, edit: string, body: unknown) =>
  client.request<Settings>('POST', UPDATE, { query: { edit }, body });

/** Everything a failed call must leave alone. */
async function dump() {
  const db = app.services.db;
  return {
    settings: await db('settings').orderBy(['section', 'key']).select(),
    kategorien: await db('abstellplatz_kategorien').orderBy('id').select(),
    history: await db('history').count({ n: '*' }).first(),
    files: await db('files').orderBy('id').select(),
  };
}

const DEFAULTS = {
  adresse: { name: '', zusatz: '', strasse: '', plz: '', ort: '', land: 'Österreich', zvrZahl: '', version: 1 },
  kontakt: { telefon: '', email: '', website: '', sprechstunden: '', version: 1 },
  bank: { kontoinhaber: '', iban: '', bic: '', bankname: '', glaeubigerId: '', version: 1 },
  mail: {
    host: '',
    port: 587,
    security: 'starttls',
    user: '',
    passwordSet: false,
    fromName: '',
    fromAddress: '',
    replyTo: '',
    configured: false,
    version: 1,
  },
  texte: {
    zahlungsvorschreibungEinleitung: '',
    zahlungsvorschreibungSchluss: '',
    mahnungText: '',
    rechnungText: '',
    version: 1,
  },
  texte2: { wasserrechnungText: '', serienbriefFusszeile: '', emailSignatur: '', version: 1 },
  anzahl: {
    zahlungszielTage: 14,
    mahngebuehrStufe2Cent: 500,
    mahngebuehrStufe3Cent: 1000,
    parkkartenProParzelle: 1,
    version: 1,
  },
  optionen: { mfa: 0, flags: 0, version: 1 },
  iconFile: { fileId: null, url: '/api/Common/GetLogo' },
  optionenWasser: {
    schwundMethode: 'proportional',
    verbrauchsWarnFaktor: '3.0',
    schwundWarnProzent: '30',
    akontoMindestCent: 0,
    version: 1,
  },
  optionenAbrechnung: { rechnungenTeilen: false, zvSortierung: 'parzelle', zahlscheinDrucken: true, version: 1 },
  optionenKassa: { steuerpflichtig: false, sofortabschreibungGrenzeCent: 100_000, version: 1 },
  mfa: 0,
};

/** Per section: the `edit` name (in varying case), the body sent, and what must be stored. */
const SAMPLES: { edit: string; key: string; body: Record<string, unknown>; stored: Record<string, unknown> }[] = [
  {
    edit: 'Adresse',
    key: 'adresse',
    body: {
      name: '  KGV Sonnenhang ',
      zusatz: 'Zweigverein',
      strasse: 'Gartenweg 1',
      plz: '1140',
      ort: 'Wien',
      land: 'Österreich',
      zvrZahl: '987 654 321',
    },
    stored: {
      name: 'KGV Sonnenhang',
      zusatz: 'Zweigverein',
      strasse: 'Gartenweg 1',
      plz: '1140',
      ort: 'Wien',
      land: 'Österreich',
      zvrZahl: '987654321',
    },
  },
  {
    edit: 'kontakt',
    key: 'kontakt',
    body: {
      telefon: '+43 1 914 12 34',
      email: 'office@kgv-sonnenhang.at',
      website: 'www.kgv-sonnenhang.at',
      sprechstunden: 'Samstag\n10–12 Uhr',
    },
    stored: {
      telefon: '+43 1 914 12 34',
      email: 'office@kgv-sonnenhang.at',
      website: 'https://www.kgv-sonnenhang.at',
      sprechstunden: 'Samstag\n10–12 Uhr',
    },
  },
  {
    edit: 'BANK',
    key: 'bank',
    body: {
      kontoinhaber: 'KGV Sonnenhang',
      iban: 'at61 1904 3002 3457 3201',
      bic: 'bkau atww',
      bankname: 'UniCredit Bank Austria AG',
      glaeubigerId: 'AT92 ZZZ 0000 0012 345',
    },
    stored: {
      kontoinhaber: 'KGV Sonnenhang',
      iban: 'AT611904300234573201',
      bic: 'BKAUATWW',
      bankname: 'UniCredit Bank Austria AG',
      glaeubigerId: 'AT92ZZZ00000012345',
    },
  },
  {
    edit: 'Texte',
    key: 'texte',
    body: {
      zahlungsvorschreibungEinleitung: 'Sehr geehrte Damen und Herren,\n\nanbei die Vorschreibung.',
      zahlungsvorschreibungSchluss: 'Mit freundlichen Grüßen',
      mahnungText: 'Bitte zahlen Sie binnen 14 Tagen.',
    },
    stored: {
      zahlungsvorschreibungEinleitung: 'Sehr geehrte Damen und Herren,\n\nanbei die Vorschreibung.',
      zahlungsvorschreibungSchluss: 'Mit freundlichen Grüßen',
      mahnungText: 'Bitte zahlen Sie binnen 14 Tagen.',
      rechnungText: '',
    },
  },
  {
    edit: 'texte2',
    key: 'texte2',
    body: { wasserrechnungText: 'Wasser', serienbriefFusszeile: null, emailSignatur: 'Der Vorstand' },
    stored: { wasserrechnungText: 'Wasser', serienbriefFusszeile: '', emailSignatur: 'Der Vorstand' },
  },
  {
    edit: 'Anzahl',
    key: 'anzahl',
    body: { zahlungszielTage: 30, mahngebuehrStufe2Cent: 700, mahngebuehrStufe3Cent: 1500, parkkartenProParzelle: 2 },
    stored: { zahlungszielTage: 30, mahngebuehrStufe2Cent: 700, mahngebuehrStufe3Cent: 1500, parkkartenProParzelle: 2 },
  },
  {
    edit: 'optionen',
    key: 'optionen',
    body: { mfa: 1, flags: 2 ** 27 + 5 },
    stored: { mfa: 1, flags: 2 ** 27 + 5 },
  },
  {
    edit: 'OptionenWasser',
    key: 'optionenWasser',
    body: {
      schwundMethode: 'gleichverteilt',
      verbrauchsWarnFaktor: '2.5',
      schwundWarnProzent: '25',
      akontoMindestCent: 5000,
    },
    stored: {
      schwundMethode: 'gleichverteilt',
      verbrauchsWarnFaktor: '2.5',
      schwundWarnProzent: '25',
      akontoMindestCent: 5000,
    },
  },
  {
    edit: 'optionenabrechnung',
    key: 'optionenAbrechnung',
    body: { rechnungenTeilen: true, zvSortierung: 'name', zahlscheinDrucken: false },
    stored: { rechnungenTeilen: true, zvSortierung: 'name', zahlscheinDrucken: false },
  },
  {
    edit: 'OptionenKassa',
    key: 'optionenKassa',
    body: { steuerpflichtig: true, sofortabschreibungGrenzeCent: 80_000 },
    stored: { steuerpflichtig: true, sofortabschreibungGrenzeCent: 80_000 },
  },
];

describe('GET Vereinseinstellungen', () => {
  it('answers every section with its defaults when nothing is stored', async () => {
    // A database of its own: the other tests of this file store settings, in any order.
    const fresh = await startTestApp();
    try {
      const client = fresh.client();
      await client.login('admin@test.kgv', TEST_PASSWORD);
      const res = await client.get<Settings>(GET, { pachtabrechnungID: 3 });
      expect(res.status).toBe(200);
      expect(res.body).toEqual(DEFAULTS);
    } finally {
      await fresh.stop();
    }
  }, 60_000);
});

describe('UpdateVereinseinstellungen', () => {
  it.each(SAMPLES.map((s) => [s.edit, s] as const))('saves and reads back %s', async (_, sample) => {
    const res = await update(admin, sample.edit, sample.body);
    expect(res.status, res.text).toBe(200);
    expect(res.body[sample.key]).toEqual({ ...sample.stored, version: expect.any(Number) });
    const read = await admin.get<Settings>(GET);
    expect(read.body[sample.key]).toEqual({ ...sample.stored, version: expect.any(Number) });

    const section = sample.key[0]!.toUpperCase() + sample.key.slice(1);
    const history = await admin.get<{ action: string; userName: string; after: unknown; before: unknown }[]>(
      'Common/GetHistory',
      { entityID: `Vereinseinstellungen:${section}` },
    );
    expect(history.status).toBe(200);
    expect(history.body[0]).toMatchObject({ action: 'update', userName: 'Administrator', after: sample.stored });
  });

  it('keeps the other sections when one is saved', async () => {
    const before = await admin.get<Settings>(GET);
    const res = await update(admin, 'Anzahl', {
      zahlungszielTage: 21,
      mahngebuehrStufe2Cent: 700,
      mahngebuehrStufe3Cent: 1500,
      parkkartenProParzelle: 2,
    });
    expect(res.status).toBe(200);
    expect({ ...res.body, anzahl: undefined }).toEqual({ ...before.body, anzahl: undefined });
    expect(res.body.anzahl!.version).toBe((before.body.anzahl!.version as number) + 1);
    expect(res.body.anzahl!.zahlungszielTage).toBe(21);
  });

  it('shows a new club name in Common/GetVereinsName at once', async () => {
    // The name this test starts from, whatever another test set.
    expect((await update(admin, 'adresse', { name: 'KGV Sonnenhang', plz: '1140', ort: 'Wien' })).status).toBe(200);
    const anonymous = app.client();
    const first = await anonymous.get<{ vereinsName: string }>('Common/GetVereinsName');
    expect(first.body.vereinsName).toBe('KGV Sonnenhang');
    const res = await update(admin, 'adresse', { name: 'KGV Sonnenhang Penzing', plz: '1140', ort: 'Wien' });
    expect(res.status).toBe(200);
    const second = await anonymous.get<{ vereinsName: string }>('Common/GetVereinsName');
    expect(second.body.vereinsName).toBe('KGV Sonnenhang Penzing');
  });

  it('answers the MFA level at the top and to getMfaLevel at once', async () => {
    // The level this test starts from, whatever another test set.
    expect((await update(admin, 'Optionen', { mfa: 1, flags: 7 })).status).toBe(200);
    expect(await getMfaLevel(app.services)).toBe(1);
    const res = await update(admin, 'Optionen', { mfa: 0, flags: 7 });
    expect(res.body.mfa).toBe(0);
    expect(res.body.optionen).toMatchObject({ mfa: 0, flags: 7 });
    expect(await getMfaLevel(app.services)).toBe(0);
    await app.services.db.transaction(async (trx) => {
      await trx('settings').where({ section: 'Optionen', key: 'mfa' }).update({ value: '2' });
      // Through the caller's transaction: uncached, sees its own change.
      expect(await getMfaLevel(app.services, trx)).toBe(2);
      await trx.rollback();
    });
    expect(await getMfaLevel(app.services)).toBe(0);
  });

  it('accepts a foreign postcode outside Austria only', async () => {
    const de = await update(admin, 'Adresse', { name: 'KGV', plz: '10115', ort: 'Berlin', land: 'Deutschland' });
    expect(de.status).toBe(200);
    expect(de.body.adresse).toMatchObject({ plz: '10115', land: 'Deutschland' });
    const at = await update(admin, 'Adresse', { name: 'KGV', plz: '10115', ort: 'Wien', land: 'Österreich' });
    expect(at.status).toBe(422);
    expect(at.body).toMatchObject({ errors: { plz: [expect.stringContaining('vier Ziffern')] } });
    const restore = await update(admin, 'Adresse', SAMPLES[0]!.body);
    expect(restore.status).toBe(200);
  });

  it('stores SQL and HTML in text fields verbatim and answers them as JSON data', async () => {
    const sql = "'; DROP TABLE users; --";
    const html = '<img src=x onerror=alert(1)>';
    const res = await update(admin, 'Adresse', { name: `${html} KGV`, zusatz: sql, plz: '1140' });
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toContain('application/json');
    expect(res.headers.get('x-content-type-options')).toBe('nosniff');
    expect(res.body.adresse).toMatchObject({ name: `${html} KGV`, zusatz: sql });
    const texte = await update(admin, 'Texte', { mahnungText: html, rechnungText: sql });
    expect(texte.body.texte).toMatchObject({ mahnungText: html, rechnungText: sql });
    expect(await app.services.db('users').count({ n: '*' }).first()).toMatchObject({ n: expect.anything() });

    const name = await app.client().get<{ vereinsName: string }>('Common/GetVereinsName');
    expect(name.body.vereinsName).toBe(`${html} KGV`);
    // The built-in banner writes the name into SVG markup: escaped, never as an element.
    const banner = await app.client().get('Common/GetLogo');
    expect(banner.text).not.toContain('<img');
    expect(banner.text).toContain('&lt;img src=x onerror=alert(1)&gt; KGV');
    expect((await update(admin, 'Adresse', SAMPLES[0]!.body)).status).toBe(200);
  });

  it('names an unknown, missing or logo section in errors.edit', async () => {
    for (const edit of ['Unbekannt', 'IconFile', '', "'; DROP TABLE settings; --"]) {
      const res = await update(admin, edit, { name: 'X' });
      expect(res.status).toBe(422);
      expect((res.body as unknown as { errors: Record<string, string[]> }).errors.edit![0]).toMatch(
        /Abschnitt|UpdateVereinsLogo/,
      );
    }
    const none = await admin.post<{ errors: Record<string, string[]> }>(UPDATE, { name: 'X' });
    expect(none.status).toBe(422);
    expect(none.body.errors.edit).toBeDefined();
  });
});

describe('broken input', () => {
  const long = (n: number) => 'x'.repeat(n);
  const sql = "'; DROP TABLE users; --";
  const html = '<img src=x onerror=alert(1)>';
  const adresse = SAMPLES[0]!.body;
  const kontakt = SAMPLES[1]!.body;
  const bank = SAMPLES[2]!.body;
  const anzahl = SAMPLES[5]!.body;
  const wasser = SAMPLES[7]!.body;
  const abrechnung = SAMPLES[8]!.body;
  const kassa = SAMPLES[9]!.body;
  const mail = {
    host: 'smtp.example.at',
    port: 587,
    security: 'starttls',
    user: 'kgv',
    password: 'geheim-1234',
    fromName: 'KGV',
    fromAddress: 'kgv@example.at',
    replyTo: '',
  };
  const kategorie = { name: 'PKW', jahresgebuehrCent: 6000, aktiv: true };

  type Case = { label: string; path: string; edit?: string; body: unknown };
  const section = (edit: string, cases: [string, unknown][]): Case[] =>
    cases.map(([label, body]) => ({ label: `${edit}: ${label}`, path: UPDATE, edit, body }));
  const cases: Case[] = [
    ...section('Adresse', [
      ['missing name', {}],
      ['name a number', { ...adresse, name: 123 }],
      ['name blank', { ...adresse, name: '   ' }],
      ['name too long', { ...adresse, name: long(201) }],
      ['name with a line break', { ...adresse, name: 'KGV\nSonnenhang' }],
      ['name with a lone surrogate', { ...adresse, name: 'KGV \ud800' }],
      ['unknown field', { ...adresse, gruendungsjahr: 1920 }],
      ['AT postcode of 3 digits', { ...adresse, plz: '114' }],
      ['SQL as postcode', { ...adresse, plz: sql }],
      ['foreign postcode of 1 character', { ...adresse, land: 'Deutschland', plz: '1' }],
      ['ZVR-Zahl with letters', { ...adresse, zvrZahl: 'ZVR12345' }],
      ['an array', [adresse]],
    ]),
    ...section('Kontakt', [
      ['e-mail without @', { ...kontakt, email: 'office.kgv.at' }],
      ['HTML as e-mail', { ...kontakt, email: html }],
      ['javascript: website', { ...kontakt, website: 'javascript:alert(1)' }],
      ['website without domain', { ...kontakt, website: 'http://intranet' }],
      ['letters as phone', { ...kontakt, telefon: 'ruf mich an' }],
      ['phone too long', { ...kontakt, telefon: `+43 ${'1'.repeat(60)}` }],
      ['office hours too long', { ...kontakt, sprechstunden: long(1001) }],
      ['e-mail a number', { ...kontakt, email: 5 }],
    ]),
    ...section('Bank', [
      ['IBAN with a wrong check digit', { ...bank, iban: 'AT611904300234573202' }],
      ['SQL as IBAN', { ...bank, iban: sql }],
      ['BIC too short', { ...bank, bic: 'BKAUAT' }],
      ['BIC of an unknown country', { ...bank, bic: 'BKAUXXWW' }],
      ['creditor id with a wrong check digit', { ...bank, glaeubigerId: 'AT93ZZZ00000012345' }],
      ['account holder over 70 characters', { ...bank, kontoinhaber: long(71) }],
      ['IBAN a number', { ...bank, iban: 61190430 }],
    ]),
    ...section('Texte', [
      ['text too long', { mahnungText: long(4001) }],
      ['text a number', { mahnungText: 5 }],
      ['NUL character', { mahnungText: 'a\u0000b' }],
      ['unknown field', { mahnungTxt: 'Tippfehler' }],
    ]),
    ...section('Texte2', [['text an array', { emailSignatur: ['a'] }]]),
    ...section('Anzahl', [
      ['payment term 0', { ...anzahl, zahlungszielTage: 0 }],
      ['payment term 366', { ...anzahl, zahlungszielTage: 366 }],
      ['payment term 14.5', { ...anzahl, zahlungszielTage: 14.5 }],
      ['payment term as text', { ...anzahl, zahlungszielTage: '14' }],
      ['everything missing', {}],
      ['negative fee', { ...anzahl, mahngebuehrStufe2Cent: -1 }],
      ['fee above 1000 €', { ...anzahl, mahngebuehrStufe3Cent: 100_001 }],
      ['huge fee', { ...anzahl, mahngebuehrStufe2Cent: 1e20 }],
      ['fee null', { ...anzahl, mahngebuehrStufe2Cent: null }],
      ['100 parking cards', { ...anzahl, parkkartenProParzelle: 100 }],
    ]),
    ...section('Optionen', [
      ['MFA level 3', { mfa: 3, flags: 0 }],
      ['MFA level -1', { mfa: -1, flags: 0 }],
      ['MFA level as text', { mfa: '2', flags: 0 }],
      ['flags 2^28', { mfa: 0, flags: 2 ** 28 }],
      ['negative flags', { mfa: 0, flags: -1 }],
      ['fractional flags', { mfa: 0, flags: 1.5 }],
    ]),
    ...section('OptionenWasser', [
      ['unknown loss method', { ...wasser, schwundMethode: 'alle' }],
      ['factor as a number', { ...wasser, verbrauchsWarnFaktor: 3 }],
      ['factor with a comma', { ...wasser, verbrauchsWarnFaktor: '3,0' }],
      ['factor below 1', { ...wasser, verbrauchsWarnFaktor: '0.5' }],
      ['factor in exponent notation', { ...wasser, verbrauchsWarnFaktor: '1e3' }],
      ['percentage above 100', { ...wasser, schwundWarnProzent: '101' }],
      ['negative minimum', { ...wasser, akontoMindestCent: -5 }],
    ]),
    ...section('OptionenAbrechnung', [
      ['flag as text', { ...abrechnung, rechnungenTeilen: 'true' }],
      ['unknown sort order', { ...abrechnung, zvSortierung: 'datum' }],
      ['missing flag', { rechnungenTeilen: true, zvSortierung: 'name' }],
    ]),
    ...section('OptionenKassa', [
      ['flag as a number', { ...kassa, steuerpflichtig: 1 }],
      ['limit above 100,000 €', { ...kassa, sofortabschreibungGrenzeCent: 10_000_001 }],
    ]),
    ...section('Mail', [
      ['host missing', { ...mail, host: '' }],
      ['port as text', { ...mail, port: '587' }],
    ]),
    ...[
      ['host with a blank', { ...mail, host: 'smtp example.at' }],
      ['SQL as host', { ...mail, host: sql }],
      ['port 0', { ...mail, port: 0 }],
      ['port 70000', { ...mail, port: 70_000 }],
      ['security ssl', { ...mail, security: 'ssl' }],
      ['sender no address', { ...mail, fromAddress: 'kgv' }],
      ['reply-to half an address', { ...mail, replyTo: 'x@' }],
      ['password a number', { ...mail, password: 12345678 }],
      ['password too long', { ...mail, password: long(501) }],
      ['sender name with a line break (header injection)', { ...mail, fromName: 'KGV\r\nBcc: x@evil.example' }],
      ['passwordSet sent along', { ...mail, passwordSet: true }],
      ['missing everything', {}],
    ].map(([label, body]) => ({
      label: `UpdateMaileinstellungen: ${label}`,
      path: 'Vereinseinstellungen/UpdateMaileinstellungen',
      body,
    })),
    ...[
      ['missing name', { jahresgebuehrCent: 100 }],
      ['empty name', { ...kategorie, name: '' }],
      ['name too long', { ...kategorie, name: long(101) }],
      ['name a number', { ...kategorie, name: 7 }],
      ['negative fee', { ...kategorie, jahresgebuehrCent: -1 }],
      ['fee above 100,000 €', { ...kategorie, jahresgebuehrCent: 10_000_001 }],
      ['fee in euro with cents', { ...kategorie, jahresgebuehrCent: 60.5 }],
      ['fee as text', { ...kategorie, jahresgebuehrCent: '6000' }],
      ['active as text', { ...kategorie, aktiv: 'ja' }],
      ['negative id', { ...kategorie, id: -1 }],
      ['id as text', { ...kategorie, id: 'abc' }],
      ['unknown field', { ...kategorie, farbe: 'rot' }],
      ['SQL as name with too long rest', { ...kategorie, name: `${sql}${long(100)}` }],
    ].map(([label, body]) => ({
      label: `UpdateAbstellPlatzKategorie: ${label}`,
      path: 'Vereinseinstellungen/UpdateAbstellPlatzKategorie',
      body,
    })),
    { label: 'UpdateVereinsLogo: JSON instead of a file', path: 'Vereinseinstellungen/UpdateVereinsLogo', body: {} },
  ];

  it('refuses each broken body with 422 and errors, never 500, and changes nothing', async () => {
    // Something stored first, so "unchanged" is not just "still empty".
    expect((await admin.post('Vereinseinstellungen/UpdateMaileinstellungen', mail)).status).toBe(200);
    expect((await admin.post('Vereinseinstellungen/UpdateAbstellPlatzKategorie', kategorie)).status).toBe(200);
    const before = await dump();
    const failures: string[] = [];
    for (const c of cases) {
      const res: ApiResponse<{ status?: number; errors?: Record<string, string[]> }> = await admin.request(
        'POST',
        c.path,
        { query: c.edit ? { edit: c.edit } : undefined, body: c.body },
      );
      const errors = res.body?.errors;
      if (res.status !== 422 || !errors || Object.keys(errors).length === 0 || res.body.status !== 422) {
        failures.push(`${c.label}: ${res.status} ${res.text.slice(0, 200)}`);
      }
    }
    expect(failures).toEqual([]);
    expect(await dump()).toEqual(before);
  });

  it('answers malformed JSON with 400 and an unknown category id with 404, changing nothing', async () => {
    const before = await dump();
    for (const [path, edit] of [
      [UPDATE, 'Adresse'],
      ['Vereinseinstellungen/UpdateMaileinstellungen', undefined],
      ['Vereinseinstellungen/UpdateAbstellPlatzKategorie', undefined],
    ] as const) {
      // Cut-off JSON, and a bare string (the parser takes only objects and arrays).
      for (const rawBody of ['{"name": "KGV",', '"KGV Sonnenhang"']) {
        const res = await admin.request('POST', path, {
          query: edit ? { edit } : undefined,
          rawBody,
          contentType: 'application/json',
        });
        expect(res.status, `${path} ${rawBody}`).toBe(400);
        expect(res.body).toMatchObject({ status: 400, code: 'bad_request' });
      }
    }
    const unknown = await admin.post('Vereinseinstellungen/UpdateAbstellPlatzKategorie', {
      id: 999_999,
      name: 'Neu',
      jahresgebuehrCent: 1,
      aktiv: true,
    });
    expect(unknown.status).toBe(404);
    expect(await dump()).toEqual(before);
  });

  it('gives German messages naming the field', async () => {
    const res = await update(admin, 'Adresse', { ...adresse, name: '', extra: 1 });
    expect(res.status).toBe(422);
    expect(res.body).toMatchObject({
      title: 'Die Eingaben sind nicht gültig.',
      errors: { name: ['Bitte geben Sie den Vereinsnamen ein.'], $: ['Unbekannte Felder: extra.'] },
    });
    const iban = await update(admin, 'Bank', { ...bank, iban: 'AT611904300234573202' });
    expect(iban.body).toMatchObject({ errors: { iban: [expect.stringContaining('IBAN ist ungültig')] } });
    const ziel = await update(admin, 'Anzahl', { ...anzahl, zahlungszielTage: 400 });
    expect(ziel.body).toMatchObject({
      errors: { zahlungszielTage: ['Das Zahlungsziel muss 1 bis 365 Tage betragen.'] },
    });
  });
});

describe('rights', () => {
  const png = Buffer.from(
    'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==',
    'base64',
  );
  const logoForm = () => {
    const form = new FormData();
    form.append('file', new Blob([png], { type: 'image/png' }), 'logo.png');
    return form;
  };

  it('lets a Rechnungsprüfer read everything and change nothing', async () => {
    const pruefer = await app.signedIn(['Rechnungsprüfer']);
    const created = await admin.post<{ id: number }>('Vereinseinstellungen/UpdateAbstellPlatzKategorie', {
      name: 'Motorrad',
      jahresgebuehrCent: 2500,
      aktiv: true,
    });
    const id = created.body.id;
    expect((await pruefer.get(GET)).status).toBe(200);
    expect((await pruefer.get('Vereinseinstellungen/AbstellplatzKategorien')).status).toBe(200);
    expect((await pruefer.get('Vereinseinstellungen/GetAbstellplatzKategorie', { id })).status).toBe(200);

    const before = await dump();
    const calls: [string, Promise<ApiResponse>][] = [
      ...SAMPLES.map((s) => [`edit=${s.edit}`, update(pruefer, s.edit, s.body)] as [string, Promise<ApiResponse>]),
      [
        'UpdateMaileinstellungen',
        pruefer.post('Vereinseinstellungen/UpdateMaileinstellungen', {
          host: 'smtp.example.at',
          port: 25,
          security: 'none',
          fromAddress: 'a@example.at',
        }),
      ],
      ['ResetMaileinstellungen', pruefer.delete('Vereinseinstellungen/ResetMaileinstellungen')],
      ['UpdateVereinsLogo', pruefer.request('POST', 'Vereinseinstellungen/UpdateVereinsLogo', { rawBody: logoForm() })],
      [
        'UpdateAbstellPlatzKategorie',
        pruefer.post('Vereinseinstellungen/UpdateAbstellPlatzKategorie', { id, name: 'X', jahresgebuehrCent: 1 }),
      ],
      ['DeleteAbstellplatzKategorie', pruefer.delete('Vereinseinstellungen/DeleteAbstellplatzKategorie', { id })],
    ];
    for (const [label, call] of calls) {
      const res = await call;
      expect(res.status, label).toBe(403);
      expect(res.body, label).toMatchObject({ code: 'forbidden' });
    }
    expect(await dump()).toEqual(before);
  });

  it('keeps the settings from a Kassier and a Wasserwart, but lets them list the parking categories', async () => {
    await buildAbstellplatzKategorie(app.services);
    for (const role of ['Kassier', 'Wasserwart']) {
      const client = await app.signedIn([role]);
      expect((await client.get(GET)).status, role).toBe(403);
      const list = await client.get<unknown[]>('Vereinseinstellungen/AbstellplatzKategorien');
      expect(list.status, role).toBe(200);
      expect(list.body.length).toBeGreaterThan(0);
      expect((await update(client, 'Adresse', SAMPLES[0]!.body)).status, role).toBe(403);
      expect(
        (await client.post('Vereinseinstellungen/UpdateAbstellPlatzKategorie', { name: 'Y', jahresgebuehrCent: 1 }))
          .status,
      ).toBe(403);
    }
  });

  it('lets an Obmann (edit and view rights, no admin) change the settings', async () => {
    const obmann = await app.signedIn(['Obmann']);
    const res = await update(obmann, 'Anzahl', {
      zahlungszielTage: 10,
      mahngebuehrStufe2Cent: 0,
      mahngebuehrStufe3Cent: 0,
      parkkartenProParzelle: 0,
    });
    expect(res.status).toBe(200);
    const history = await admin.get<{ userName: string }[]>('Common/GetHistory', {
      entityID: 'Vereinseinstellungen:Anzahl',
    });
    expect(history.body[0]!.userName).toBe('Test Obmann');
  });
});
