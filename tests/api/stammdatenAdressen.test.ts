import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { displayName, isActive } from '../../src/modules/stammdaten/services/names';
import { todayIso } from '../../src/platform/dates';
import { nowDb } from '../../src/platform/db/db';
import type { ApiClient } from '../helpers/apiClient';
import { buildPachtabrechnung, buildPachtverhaeltnis, buildParzelle } from '../helpers/factories';
import { startTestApp, TEST_PASSWORD, type TestApp } from '../helpers/testApp';

// Stammdaten addresses through the real app: CRUD, filters, uploads, validation, 409, history, rights.

let app: TestApp;
let admin: ApiClient;
beforeAll(async () => {
  app = await startTestApp();
  admin = app.client();
  await admin.login('admin@test.kgv', TEST_PASSWORD);
});
afterAll(() => app.stop());

type Adresse = {
  id: number;
  name: string;
  aktiv: boolean;
  nachname: string;
  vorname: string;
  iban: string;
  flags: number;
  austrittsdatum: string | null;
  parzellen: { id: number; nummer: string; von: string }[];
  [k: string]: unknown;
};
type Problem = { title: string; errors?: Record<string, string[]> };
type FileRecord = { id: number; name: string; mime: string; size: number; ownerType: string; ownerId: string };

const PDF = Buffer.from('%PDF-1.4\n1 0 obj\n<<>>\nendobj\ntrailer\n<<>>\n%%EOF\n');
const EXE = Buffer.concat([Buffer.from('MZ'), Buffer.alloc(64, 0)]);

function shiftDays(days: number): string {
  const d = new Date(`${todayIso()}T00:00:00Z`);
  d.setUTCDate(d.getUTCDate() + days);
  return d.toISOString().slice(0, 10);
}

async function create(fields: Record<string, unknown>, client = admin) {
  const res = await client.post<Adresse>('Stammdaten/UpdateAdresse', { nachname: 'Muster', ...fields });
  expect(res.status, res.text).toBe(200);
  return res.body;
}

function multipart(data: unknown, files: { content: Buffer; name: string; type: string }[], client = admin) {
  const form = new FormData();
  form.append('data', typeof data === 'string' ? data : JSON.stringify(data));
  for (const f of files) form.append('files', new Blob([new Uint8Array(f.content)], { type: f.type }), f.name);
  return client.request<Adresse & Problem>('POST', 'Stammdaten/UpdateAdresse', { rawBody: form });
}

async function tables() {
  const db = app.services.db;
  return {
    adressen: await db('adressen').orderBy('id'),
    weitere: await db('weitere_personen').orderBy('id'),
    files: await db('files').orderBy('id').select('id', 'owner_type', 'owner_id', 'sha256'),
  };
}

async function history(entity: string) {
  const res = await admin.get<{ action: string; before: unknown; after: unknown }[]>('Common/GetHistory', {
    entityID: entity,
  });
  expect(res.status, res.text).toBe(200);
  return res.body;
}

describe('Adresse CRUD', () => {
  it('creates, reads, updates and deletes an address with history', async () => {
    const created = await create({
      anrede: 'Frau',
      titel: 'Dr.',
      vorname: 'Maria',
      nachname: 'Huber',
      strasse: 'Gartenweg 1',
      plz: '1140',
      ort: 'Wien',
      land: 'Österreich',
      email: 'maria.huber@example.at',
      geburtsdatum: '1970-05-04',
      eintrittsdatum: '2000-01-01',
      flags: 256 | 1,
      adresstyp: 1,
      iban: 'at61 1904 3002 3457 3201',
      zeitungErlaubt: true,
      notiz: 'Zeile 1\nZeile 2',
    });
    expect(created).toMatchObject({
      id: expect.any(Number),
      name: 'Dr. Huber Maria',
      aktiv: true,
      iban: 'AT611904300234573201',
      geburtsdatum: '1970-05-04',
      austrittsdatum: null,
      flags: 257,
      zeitungErlaubt: true,
      notiz: 'Zeile 1\nZeile 2',
      parzellen: [],
      telefon: '',
    });

    const got = await admin.get<Adresse & { weiterePersonen: unknown[]; dateien: unknown[] }>('Stammdaten/GetAdresse', {
      id: created.id,
    });
    expect(got.status).toBe(200);
    expect(got.body).toMatchObject({ ...created, weiterePersonen: [], dateien: [] });

    // The answer of GetAdresse can be sent back as it is (read-only fields are ignored).
    const updated = await admin.post<Adresse>('Stammdaten/UpdateAdresse', {
      ...got.body,
      ort: 'Wien-Penzing',
      austrittsdatum: shiftDays(-1),
    });
    expect(updated.status, updated.text).toBe(200);
    expect(updated.body).toMatchObject({ id: created.id, ort: 'Wien-Penzing', aktiv: false });
    expect(await app.services.db('adressen').count({ n: '*' }).where({ id: created.id }).first()).toEqual({ n: 1 });

    const h = await history(`Adresse:${created.id}`);
    expect(h.map((e) => e.action)).toEqual(['update', 'create']);
    expect(h[0]).toMatchObject({ before: { ort: 'Wien' }, after: { ort: 'Wien-Penzing' } });

    const del = await admin.delete('Stammdaten/DeleteAdresse', { id: created.id });
    expect(del.status).toBe(204);
    expect((await admin.get('Stammdaten/GetAdresse', { id: created.id })).status).toBe(404);
    expect((await history(`Adresse:${created.id}`))[0]!.action).toBe('delete');
  });

  it("scopes GetAdresse to a year: the plots held in it with that year's values", async () => {
    const a = await create({ nachname: 'Jahrhuber', vorname: 'Ida' });
    const y2024 = (await buildPachtabrechnung(app.services, 2024)).id;
    const y2025 = (await buildPachtabrechnung(app.services, 2025)).id;
    const p1 = (
      await buildParzelle(app.services, {
        nummer: 'J-1',
        flaeche: '300.00',
        pachtabrechnungId: y2024,
        gemeinschaftsflaeche: '11.00',
        anzahlParkkarten: 2,
      })
    ).id;
    const p2 = (
      await buildParzelle(app.services, {
        nummer: 'J-2',
        flaeche: '250.50',
        pachtabrechnungId: y2025,
        gemeinschaftsflaeche: '9.50',
        anzahlParkkarten: 1,
      })
    ).id;
    // J-1 until mid-2024, J-2 from 2025 on.
    await buildPachtverhaeltnis(app.services, {
      parzelleId: p1,
      adresseId: a.id,
      von: '2019-04-01',
      bis: '2024-06-30',
    });
    await buildPachtverhaeltnis(app.services, { parzelleId: p2, adresseId: a.id, von: '2025-03-01' });
    type Jahr = { pachtabrechnungId: number; jahr: number; parzellen: Record<string, unknown>[] };
    const jahr = async (pachtabrechnungID: number) =>
      (await admin.get<{ jahr: Jahr }>('Stammdaten/GetAdresse', { id: a.id, pachtabrechnungID })).body.jahr;
    expect(await jahr(Number(y2024))).toEqual({
      pachtabrechnungId: Number(y2024),
      jahr: 2024,
      parzellen: [
        {
          id: Number(p1),
          nummer: 'J-1',
          von: '2019-04-01',
          bis: '2024-06-30',
          flaeche: '300.00',
          gemeinschaftsflaeche: '11.00',
          anzahlParkkarten: 2,
        },
      ],
    });
    expect((await jahr(Number(y2025))).parzellen).toEqual([
      expect.objectContaining({ nummer: 'J-2', bis: null, gemeinschaftsflaeche: '9.50', anzahlParkkarten: 1 }),
    ]);
    expect((await admin.get('Stammdaten/GetAdresse', { id: a.id, pachtabrechnungID: 999999 })).status).toBe(404);
    await app.services.db('pachtverhaeltnisse').where({ adresse_id: a.id }).delete();
  });

  it('answers 404 for unknown addresses', async () => {
    expect((await admin.get('Stammdaten/GetAdresse', { id: 999999 })).status).toBe(404);
    expect((await admin.delete('Stammdaten/DeleteAdresse', { id: 999999 })).status).toBe(404);
    expect((await admin.post('Stammdaten/UpdateAdresse', { id: 999999, nachname: 'X' })).status).toBe(404);
    expect((await admin.get('Common/GetFilesByAdress', { adressID: 999999 })).status).toBe(404);
  });
});

describe('ActiveAdressen filters and lookups', () => {
  let aktivMitglied: Adresse;
  let aktivKein: Adresse;
  let ehemalig: Adresse;
  let kuenftig: Adresse;
  beforeAll(async () => {
    aktivMitglied = await create({ nachname: 'Filterbauer', vorname: 'Anna', ort: 'Graz', flags: 256 });
    aktivKein = await create({ nachname: 'Filtermeier', vorname: 'Bert', email: 'bert@filter.example', flags: 0 });
    ehemalig = await create({ nachname: 'Filterhuber', vorname: 'Carla', flags: 256, austrittsdatum: todayIso() });
    kuenftig = await create({ nachname: 'Filterzach', vorname: 'Dora', austrittsdatum: shiftDays(30) });
    await admin.post('Stammdaten/UpdateWeiterePerson', {
      adresseId: ehemalig.id,
      nachname: 'Filterhuber',
      vorname: 'Egon',
    });
    await admin.post('Stammdaten/UpdateWeiterePerson', {
      adresseId: aktivKein.id,
      nachname: 'Filtermeier',
      vorname: 'Fritz',
    });
  });

  const ids = async (query: Record<string, string>) => {
    const res = await admin.get<Adresse[]>('Stammdaten/ActiveAdressen', { search: 'filter', ...query });
    expect(res.status, res.text).toBe(200);
    return res.body.map((a) => a.id);
  };

  it('filters by membership state, KGV-Mitglied and search, sorted by name', async () => {
    expect(await ids({})).toEqual([aktivMitglied.id, aktivKein.id, kuenftig.id]);
    expect(await ids({ filter: 'aktiv' })).toEqual([aktivMitglied.id, aktivKein.id, kuenftig.id]);
    expect(await ids({ filter: 'ehemalig' })).toEqual([ehemalig.id]);
    expect(await ids({ filter: 'alle' })).toEqual([aktivMitglied.id, ehemalig.id, aktivKein.id, kuenftig.id]);
    expect(await ids({ filter: 'alle', mitglied: 'ja' })).toEqual([aktivMitglied.id, ehemalig.id]);
    expect(await ids({ filter: 'alle', mitglied: 'nein' })).toEqual([aktivKein.id, kuenftig.id]);
    expect(await ids({ search: 'graz' })).toEqual([aktivMitglied.id]);
    expect(await ids({ search: 'BERT@FILTER' })).toEqual([aktivKein.id]);
    expect(await ids({ search: 'Carla Filterhuber', filter: 'alle' })).toEqual([ehemalig.id]);
    expect((await admin.get('Stammdaten/ActiveAdressen', { filter: 'bogus' })).status).toBe(422);
  });

  it('serves the lookups', async () => {
    const addressen = await admin.get<{ id: number; name: string }[]>('Common/Addressen');
    expect(addressen.body).toContainEqual({ id: aktivMitglied.id, name: 'Filterbauer Anna' });
    expect(addressen.body.find((a) => a.id === ehemalig.id)).toEqual({ id: ehemalig.id, name: 'Filterhuber Carla' });

    const alle = await admin.get<{ id: number; name: string; ort: string }[]>('Common/AlleAdressen');
    expect(alle.body).toContainEqual({ id: aktivMitglied.id, name: 'Filterbauer Anna', ort: 'Graz' });

    type P = { id: number; name: string; typ: string; adresseId: number };
    const personen = (await admin.get<P[]>('Common/Personen')).body.filter((p) => p.name.startsWith('Filter'));
    expect(personen.map((p) => p.name)).toEqual([
      'Filterbauer Anna',
      'Filterhuber Carla',
      'Filterhuber Egon',
      'Filtermeier Bert',
      'Filtermeier Fritz',
      'Filterzach Dora',
    ]);
    expect(personen.find((p) => p.name === 'Filterhuber Egon')).toMatchObject({
      typ: 'WeiterePerson',
      adresseId: ehemalig.id,
    });
    expect(personen.find((p) => p.name === 'Filterbauer Anna')).toEqual({
      id: aktivMitglied.id,
      name: 'Filterbauer Anna',
      typ: 'Adresse',
      adresseId: aktivMitglied.id,
    });
    const aktive = (await admin.get<P[]>('Common/ActivePersonen')).body.filter((p) => p.name.startsWith('Filter'));
    expect(aktive.map((p) => p.name)).toEqual([
      'Filterbauer Anna',
      'Filtermeier Bert',
      'Filtermeier Fritz',
      'Filterzach Dora',
    ]);
  });
});

describe('WeiterePerson', () => {
  it('creates, lists, updates and deletes further persons with history', async () => {
    const adresse = await create({ nachname: 'Partnerhof', vorname: 'Gerda' });
    const res = await admin.post<{ id: number } & Record<string, unknown>>('Stammdaten/UpdateWeiterePerson', {
      adresseId: adresse.id,
      nachname: 'Partnerhof',
      vorname: 'Hans',
      beziehung: 'Ehepartner',
      geburtsdatum: '1968-02-29',
      flags: 256,
    });
    expect(res.status, res.text).toBe(200);
    expect(res.body).toEqual({
      id: expect.any(Number),
      version: 1,
      adresseId: adresse.id,
      anrede: '',
      titel: '',
      vorname: 'Hans',
      nachname: 'Partnerhof',
      beziehung: 'Ehepartner',
      telefon: '',
      email: '',
      geburtsdatum: '1968-02-29',
      eintrittsdatum: null,
      flags: 256,
      zeitungErlaubt: false,
      notiz: '',
    });
    const id = res.body.id;
    const list = await admin.get<unknown[]>('Stammdaten/GetWeiterePersonenByAdresse', { adresseId: adresse.id });
    expect(list.body).toEqual([res.body]);
    const detail = await admin.get<{ weiterePersonen: unknown[] }>('Stammdaten/GetAdresse', { id: adresse.id });
    expect(detail.body.weiterePersonen).toEqual([res.body]);

    const upd = await admin.post('Stammdaten/UpdateWeiterePerson', { ...res.body, telefon: '+43 1 234' });
    expect(upd.status).toBe(200);
    expect((await admin.get('Stammdaten/GetWeiterePerson', { id })).body).toMatchObject({ telefon: '+43 1 234' });

    const missing = await admin.post<Problem>('Stammdaten/UpdateWeiterePerson', { adresseId: 999999, nachname: 'X' });
    expect(missing.status).toBe(422);
    expect(missing.body.errors?.adresseId).toBeDefined();
    expect((await admin.post('Stammdaten/UpdateWeiterePerson', { adresseId: adresse.id })).status).toBe(422);

    expect((await admin.delete('Stammdaten/DeleteWeiterePerson', { id })).status).toBe(204);
    expect((await admin.get('Stammdaten/GetWeiterePerson', { id })).status).toBe(404);
    expect((await history(`WeiterePerson:${id}`)).map((e) => e.action)).toEqual(['delete', 'update', 'create']);
    // The address's own Verlauf tells the same story in sentences.
    const onAdresse = (await history(`Adresse:${adresse.id}`)).filter((e) => e.action.startsWith('person-'));
    expect(onAdresse).toEqual([
      {
        ...onAdresse[0],
        action: 'person-delete',
        before: { weiterePerson: 'Partnerhof Hans (Ehepartner), geb. 29.02.1968, Tel. +43 1 234' },
        after: { weiterePerson: null },
      },
      {
        ...onAdresse[1],
        action: 'person-update',
        before: { weiterePerson: 'Partnerhof Hans (Ehepartner), geb. 29.02.1968' },
        after: { weiterePerson: 'Partnerhof Hans (Ehepartner), geb. 29.02.1968, Tel. +43 1 234' },
      },
      {
        ...onAdresse[2],
        action: 'person-create',
        before: { weiterePerson: null },
        after: { weiterePerson: 'Partnerhof Hans (Ehepartner), geb. 29.02.1968' },
      },
    ]);
  });
});

describe('uploads', () => {
  it('creates an address with a PDF in one multipart request', async () => {
    const res = await multipart({ nachname: 'Dateimann', vorname: 'Ida' }, [
      { content: PDF, name: 'Pachtvertrag.pdf', type: 'application/pdf' },
    ]);
    expect(res.status, res.text).toBe(200);
    const id = res.body.id;
    const files = await admin.get<FileRecord[]>('Common/GetFilesByAdress', { adressID: id });
    expect(files.status).toBe(200);
    expect(files.body).toEqual([
      expect.objectContaining({
        name: 'Pachtvertrag.pdf',
        mime: 'application/pdf',
        size: PDF.length,
        ownerType: 'Adresse',
        ownerId: String(id),
      }),
    ]);
    const file = await admin.get('Common/GetFile', { fileID: files.body[0]!.id });
    expect(file.status).toBe(200);
    expect(file.buffer.equals(PDF)).toBe(true);
    const detail = await admin.get<{ dateien: FileRecord[] }>('Stammdaten/GetAdresse', { id });
    expect(detail.body.dateien.map((f) => f.id)).toEqual([files.body[0]!.id]);
    const h = await history(`Adresse:${id}`);
    expect(h.map((e) => e.action)).toEqual(['file-upload', 'create']);
    expect(h[0]!.after).toMatchObject({ fileId: files.body[0]!.id, name: 'Pachtvertrag.pdf' });

    // A later update adds a second file; deleting the address removes both.
    const upd = await multipart({ id, nachname: 'Dateimann', vorname: 'Ida' }, [
      { content: Buffer.from('a;b\n1;2\n'), name: 'liste.csv', type: 'text/csv' },
    ]);
    expect(upd.status, upd.text).toBe(200);
    expect((await admin.get<FileRecord[]>('Common/GetFilesByAdress', { adressID: id })).body).toHaveLength(2);
    expect((await admin.delete('Stammdaten/DeleteAdresse', { id })).status).toBe(204);
    expect(await app.services.db('files').where({ owner_type: 'Adresse', owner_id: String(id) })).toEqual([]);
  });

  it('saves nothing when a file has a forbidden type or the data are bad', async () => {
    const before = await tables();
    const bad = await multipart({ nachname: 'Falschdatei' }, [
      { content: PDF, name: 'ok.pdf', type: 'application/pdf' },
      { content: EXE, name: 'virus.exe', type: 'application/octet-stream' },
    ]);
    expect(bad.status).toBe(422);
    expect(bad.body.errors?.files?.[0]).toMatch(/nicht erlaubt/);
    const svg = await multipart({ nachname: 'Falschdatei' }, [
      { content: Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"></svg>'), name: 'x.svg', type: 'image/svg+xml' },
    ]);
    expect(svg.status).toBe(422);
    const badData = await multipart({ nachname: '', plz: 'x' }, [
      { content: PDF, name: 'ok.pdf', type: 'application/pdf' },
    ]);
    expect(badData.status).toBe(422);
    expect(Object.keys(badData.body.errors ?? {}).sort()).toEqual(['nachname', 'plz']);
    const badJson = await multipart('{nachname:', [{ content: PDF, name: 'ok.pdf', type: 'application/pdf' }]);
    expect(badJson.status).toBe(422);
    expect(badJson.body.errors?.data).toBeDefined();
    const wrongField = new FormData();
    wrongField.append('data', JSON.stringify({ nachname: 'Feld' }));
    wrongField.append('anhang', new Blob([new Uint8Array(PDF)], { type: 'application/pdf' }), 'a.pdf');
    expect((await admin.request('POST', 'Stammdaten/UpdateAdresse', { rawBody: wrongField })).status).toBe(422);
    expect(await tables()).toEqual(before);
    expect(await app.services.db('adressen').where({ nachname: 'Falschdatei' })).toEqual([]);
  });
});

describe('validation', () => {
  const valid = { nachname: 'Gültig', vorname: 'Hugo' };
  const cases: [string, Record<string, unknown>, string][] = [
    ['missing nachname', { vorname: 'X' }, 'nachname'],
    ['empty nachname', { nachname: '   ' }, 'nachname'],
    ['nachname as number', { nachname: 42 }, 'nachname'],
    ['overlong nachname', { nachname: 'x'.repeat(101) }, 'nachname'],
    ['overlong ort', { ...valid, ort: 'o'.repeat(101) }, 'ort'],
    ['unknown field', { ...valid, passwort: 'x' }, '$'],
    ['bad IBAN', { ...valid, iban: 'AT61 1904 3002 3457 3202' }, 'iban'],
    ['Austrian PLZ with 5 digits', { ...valid, plz: '11400' }, 'plz'],
    ['Austrian PLZ with letters', { ...valid, plz: 'A-1140', land: 'Österreich' }, 'plz'],
    ['foreign PLZ too short', { ...valid, plz: '1', land: 'Deutschland' }, 'plz'],
    ['bad e-mail', { ...valid, email: 'keine-adresse' }, 'email'],
    ['bad date', { ...valid, geburtsdatum: '2020-02-30' }, 'geburtsdatum'],
    ['date in another format', { ...valid, eintrittsdatum: '01.02.2020' }, 'eintrittsdatum'],
    ['birth date in the future', { ...valid, geburtsdatum: shiftDays(2) }, 'geburtsdatum'],
    ['exit before entry', { ...valid, eintrittsdatum: '2020-01-02', austrittsdatum: '2020-01-01' }, 'austrittsdatum'],
    ['unknown flag', { ...valid, flags: 4 }, 'flags'],
    ['negative flags', { ...valid, flags: -1 }, 'flags'],
    ['flags as string', { ...valid, flags: '256' }, 'flags'],
    ['adresstyp 4', { ...valid, adresstyp: 4 }, 'adresstyp'],
    ['zeitungErlaubt as string', { ...valid, zeitungErlaubt: 'ja' }, 'zeitungErlaubt'],
    ['id as string', { ...valid, id: '1' }, 'id'],
    ['line break in a name', { nachname: 'Zeile\nZwei' }, 'nachname'],
  ];

  it.each(cases)('refuses %s (422) and changes nothing', async (_, body, field) => {
    const before = await tables();
    const res = await admin.post<Problem>('Stammdaten/UpdateAdresse', body);
    expect(res.status, res.text).toBe(422);
    expect(res.body.errors?.[field], JSON.stringify(res.body.errors)).toBeDefined();
    expect(await tables()).toEqual(before);
  });

  it('refuses bodies that are no object', async () => {
    const before = await tables();
    // The strict JSON parser already answers 400 for a top-level null, string or number.
    for (const body of [null, [], 'text', 5]) {
      expect([400, 422]).toContain((await admin.post('Stammdaten/UpdateAdresse', body)).status);
    }
    expect((await admin.post('Stammdaten/UpdateAdresse', [])).status).toBe(422);
    expect(await tables()).toEqual(before);
  });

  it('accepts foreign postcodes and stores SQL and HTML strings verbatim', async () => {
    const sql = "Robert'); DROP TABLE adressen;--";
    const html = '<script>alert("x")</script> & <b>fett</b>';
    const saved = await create({ nachname: sql, vorname: html, plz: 'SW1A 1AA', land: 'Vereinigtes Königreich' });
    expect(saved).toMatchObject({ nachname: sql, vorname: html, plz: 'SW1A 1AA' });
    const row = await app.services.db('adressen').where({ id: saved.id }).first();
    expect(row).toMatchObject({ nachname: sql, vorname: html });
    expect((await admin.get<Adresse>('Stammdaten/GetAdresse', { id: saved.id })).body.name).toBe(`${sql} ${html}`);
  });
});

describe('DeleteAdresse', () => {
  it('refuses (409) to delete an address that holds a plot and names the plot', async () => {
    const adresse = await create({ nachname: 'Pächterin', vorname: 'Jana' });
    const { parzelleId } = await buildPachtverhaeltnis(app.services, {
      parzelleId: (await buildParzelle(app.services, { nummer: 'B-17', flaeche: '400' })).id,
      adresseId: adresse.id,
      von: '2020-03-01',
    });
    const got = await admin.get<Adresse>('Stammdaten/GetAdresse', { id: adresse.id });
    expect(got.body.parzellen).toEqual([{ id: Number(parzelleId), nummer: 'B-17', von: '2020-03-01' }]);
    const listed = await admin.get<Adresse[]>('Stammdaten/ActiveAdressen', { search: 'Pächterin' });
    expect(listed.body[0]!.parzellen).toEqual(got.body.parzellen);

    const before = await tables();
    const res = await admin.delete<Problem>('Stammdaten/DeleteAdresse', { id: adresse.id });
    expect(res.status).toBe(409);
    expect(res.body.title).toMatch(/Pächterin Jana/);
    expect(res.body.title).toMatch(/Parzelle B-17/);
    expect(await tables()).toEqual(before);
  });

  it('refuses (409) while a parking space or a function refers to the address', async () => {
    const adresse = await create({ nachname: 'Obfrau', vorname: 'Olga' });
    const db = app.services.db;
    const now = nowDb();
    const [kategorieId] = await db('abstellplatz_kategorien').insert({
      name: 'Testkategorie 409',
      created_at: now,
      updated_at: now,
    });
    const [platzId] = await db('abstellplaetze').insert({
      nummer: 'P-9',
      kategorie_id: kategorieId,
      created_at: now,
      updated_at: now,
    });
    const [zuordnungId] = await db('abstellplatz_zuordnungen').insert({
      abstellplatz_id: platzId,
      adresse_id: adresse.id,
      von: '2024-01-01',
      created_at: now,
    });
    const [funktionId] = await db('funktionen').insert({ name: 'Obfrau-Test', created_at: now, updated_at: now });
    await db('funktionaere').insert({
      funktion_id: funktionId,
      adresse_id: adresse.id,
      von: '2024-01-01',
      created_at: now,
      updated_at: now,
    });
    const res = await admin.delete<Problem>('Stammdaten/DeleteAdresse', { id: adresse.id });
    expect(res.status).toBe(409);
    expect(res.body.title).toMatch(/Abstellplatz P-9/);
    expect(res.body.title).toMatch(/Obfrau-Test/);
    await db('funktionaere').where({ adresse_id: adresse.id }).delete();
    await db('abstellplatz_zuordnungen').where({ id: zuordnungId }).delete();
    expect((await admin.delete('Stammdaten/DeleteAdresse', { id: adresse.id })).status).toBe(204);
  });

  it('deletes an address with its further persons', async () => {
    const adresse = await create({ nachname: 'Weg', vorname: 'Karl' });
    const p = await admin.post<{ id: number }>('Stammdaten/UpdateWeiterePerson', {
      adresseId: adresse.id,
      nachname: 'Weg',
    });
    expect((await admin.delete('Stammdaten/DeleteAdresse', { id: adresse.id })).status).toBe(204);
    expect(await app.services.db('weitere_personen').where({ id: p.body.id })).toEqual([]);
    expect((await history(`WeiterePerson:${p.body.id}`))[0]!.action).toBe('delete');
  });
});

describe('rights', () => {
  it('lets the Rechnungsprüfer and the Kassier read but not write', async () => {
    const adresse = await create({ nachname: 'Rechte', vorname: 'Lisa' });
    for (const role of ['Rechnungsprüfer', 'Kassier']) {
      const client = await app.signedIn([role]);
      expect((await client.get('Stammdaten/ActiveAdressen')).status).toBe(200);
      expect((await client.get('Stammdaten/GetAdresse', { id: adresse.id })).status).toBe(200);
      expect((await client.get('Common/Personen')).status).toBe(200);
      expect((await client.get('Common/GetFilesByAdress', { adressID: adresse.id })).status).toBe(200);
      expect((await client.post('Stammdaten/UpdateAdresse', { nachname: 'Neu' })).status).toBe(403);
      expect((await client.delete('Stammdaten/DeleteAdresse', { id: adresse.id })).status).toBe(403);
      expect(
        (await client.post('Stammdaten/UpdateWeiterePerson', { adresseId: adresse.id, nachname: 'Neu' })).status,
      ).toBe(403);
    }
    const none = await app.signedIn([]);
    expect((await none.get('Stammdaten/ActiveAdressen')).status).toBe(403);
    expect((await app.client().get('Stammdaten/ActiveAdressen')).status).toBe(401);
    expect((await admin.get('Stammdaten/GetAdresse', { id: adresse.id })).status).toBe(200);
  });
});

describe('names helpers', () => {
  it('builds display names and tells active persons', () => {
    expect(displayName({ titel: '', vorname: 'Maria', nachname: 'Huber' })).toBe('Huber Maria');
    expect(displayName({ titel: 'Dr.', vorname: 'Maria', nachname: 'Huber' })).toBe('Dr. Huber Maria');
    expect(displayName({ titel: null, vorname: ' ', nachname: 'Huber' })).toBe('Huber');
    expect(isActive(null, '2025-06-01')).toBe(true);
    expect(isActive('2025-06-02', '2025-06-01')).toBe(true);
    expect(isActive('2025-06-01', '2025-06-01')).toBe(false);
    expect(isActive('2024-12-31', '2025-06-01')).toBe(false);
  });
});
