import { execFileSync } from 'node:child_process';
import { mkdtempSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { todayIso } from '../../src/platform/dates';
import type { ApiClient } from '../helpers/apiClient';
import {
  buildAbstellplatz,
  buildAbstellplatzKategorie,
  buildAbstellplatzZuordnung,
  buildAdresse,
  buildPachtabrechnung,
  buildPachtverhaeltnis,
  buildParzelle,
} from '../helpers/factories';
import { startTestApp, TEST_PASSWORD, type TestApp } from '../helpers/testApp';

// Abstellplätze: CRUD, assignments (Neuzuordnung, date edits, overlap), export, parking cards.

let app: TestApp;
let admin: ApiClient;
let tags = 0;
/** A mark unique to one test: the names it builds carry it, so the tests pass in any order. */
const tag = () => `t${++tags}z`;
let years = 0;
const today = todayIso();
const jahr = Number(today.slice(0, 4));
const addDays = (iso: string, n: number) => {
  const d = new Date(`${iso}T00:00:00Z`);
  d.setUTCDate(d.getUTCDate() + n);
  return d.toISOString().slice(0, 10);
};

const adresse = async (nachname: string, vorname: string) =>
  (await buildAdresse(app.services, { nachname, vorname, flags: 256 })).id;

beforeAll(async () => {
  app = await startTestApp();
  admin = app.client();
  await admin.login('admin@test.kgv', TEST_PASSWORD);
  const verein = await admin.request('POST', 'Vereinseinstellungen/UpdateVereinseinstellungen', {
    query: { edit: 'Adresse' },
    body: { name: 'KGV Sonnenhang', ort: 'Wien', land: 'Österreich' },
  });
  if (verein.status !== 200) throw new Error(verein.text);
});
afterAll(() => app.stop());

type Zuordnung = { id: number; adresseId: number; adresseName: string; von: string; bis: string | null };
type Abstellplatz = {
  id: number;
  nummer: string;
  kategorieId: number;
  kategorieName: string;
  jahresgebuehrCent: number;
  aktiv: boolean;
  notiz: string;
  zuordnung: Zuordnung | null;
  /** Only in GetAbstellplatz and the saves answering with it. */
  zuordnungen?: Zuordnung[];
};
type Problem = { title: string; errors?: Record<string, string[]> };

const save = (body: unknown, client = admin) =>
  client.post<Abstellplatz & Problem>('Stammdaten/UpdateAbstellPlatz', body);
const count = async (table: string) => Number((await app.services.db(table).count({ n: '*' }).first())?.n);

describe('Abstellplätze', () => {
  /** A category and two members, named with the test's tag. */
  const setup = async () => {
    const t = tag();
    const pkwId = (
      await buildAbstellplatzKategorie(app.services, { name: `PKW-Stellplatz ${t}`, jahresgebuehrCent: 6000 })
    ).id;
    return { t, pkwId, huber: await adresse(`Huber${t}`, 'Maria'), maier: await adresse(`Maier${t}`, 'Josef') };
  };
  /** Space `A-1 t…` held by Huber from 100 days ago, by Maier from 10 days ago (Huber's ends the day before). */
  const assigned = async () => {
    const s = await setup();
    const a1 = await buildAbstellplatz(app.services, { nummer: `A-1 ${s.t}`, kategorieId: s.pkwId });
    const zuordnung = (adresseId: number, datum: string) =>
      buildAbstellplatzZuordnung(app.services, { abstellplatzId: a1.id, adresseId, datum });
    await zuordnung(s.huber, addDays(today, -100));
    await zuordnung(s.maier, addDays(today, -10));
    return { ...s, a1 };
  };

  it('creates, reads, lists and updates spaces with history', async () => {
    const { t, pkwId } = await setup();
    const res = await save({ nummer: ` A-1 ${t} `, kategorieId: pkwId, notiz: 'beim Tor' });
    expect(res.status, res.text).toBe(200);
    const a1 = res.body;
    expect(a1).toEqual({
      id: expect.any(Number),
      version: 1,
      nummer: `A-1 ${t}`,
      kategorieId: pkwId,
      kategorieName: `PKW-Stellplatz ${t}`,
      jahresgebuehrCent: 6000,
      aktiv: true,
      notiz: 'beim Tor',
      zuordnung: null,
      zuordnungen: [],
    });
    const a2 = (await save({ id: 0, nummer: `A-2 ${t}`, kategorieId: pkwId })).body;
    const upd = await save({ ...a2, notiz: 'neu', aktiv: false });
    expect(upd.body).toMatchObject({ id: a2.id, notiz: 'neu', aktiv: false });
    expect((await admin.get<Abstellplatz>('Stammdaten/GetAbstellplatz', { id: a1.id })).body).toEqual(a1);
    const ours = <T extends { nummer?: string; name?: string }>(list: T[]) =>
      list.filter((a) => (a.nummer ?? a.name ?? '').endsWith(` ${t}`));
    expect(ours((await admin.get<Abstellplatz[]>('Stammdaten/GetAbstellplaetze')).body).map((a) => a.nummer)).toEqual([
      `A-1 ${t}`,
      `A-2 ${t}`,
    ]);
    expect(ours((await admin.get<{ id: number; name: string }[]>('Stammdaten/Abstellplaetze')).body)).toEqual([
      { id: a1.id, name: `A-1 ${t}` },
      { id: a2.id, name: `A-2 ${t}` },
    ]);
    const hist = await admin.get<{ action: string }[]>('Common/GetHistory', { entityID: `Abstellplatz:${a2.id}` });
    expect(hist.body.map((h) => h.action)).toEqual(['update', 'create']);
    expect((await admin.get('Stammdaten/GetAbstellplatz', { id: 999_999 })).status).toBe(404);
  });

  it('refuses duplicate numbers, unknown categories and bad input with 422, changing nothing', async () => {
    const { t, pkwId } = await setup();
    await buildAbstellplatz(app.services, { nummer: `A-1 ${t}`, kategorieId: pkwId });
    const before = await count('abstellplaetze');
    const dup = await save({ nummer: `a-1 ${t}`, kategorieId: pkwId });
    expect(dup.status).toBe(422);
    expect(dup.body.errors?.nummer?.[0]).toContain(`A-1 ${t}`);
    const kat = await save({ nummer: `A-9 ${t}`, kategorieId: 999_999 });
    expect(kat.status).toBe(422);
    expect(kat.body.errors?.kategorieId).toBeDefined();
    expect((await save({ nummer: '', kategorieId: pkwId })).status).toBe(422);
    expect((await save({ nummer: `A-9 ${t}` })).status).toBe(422);
    expect(await count('abstellplaetze')).toBe(before);
  });

  it('assigns with Neuzuordnung: the old assignment ends the day before', async () => {
    const { t, pkwId, huber, maier } = await setup();
    const a1 = await buildAbstellplatz(app.services, { nummer: `A-1 ${t}`, kategorieId: pkwId });
    const zuordnungen = await count('abstellplatz_zuordnungen');
    const start = addDays(today, -100);
    const r1 = await admin.post<Abstellplatz>('Stammdaten/UpdateNeuzuordnung', {
      abstellplatzId: a1.id,
      adresseId: huber,
      datum: start,
    });
    expect(r1.status, r1.text).toBe(200);
    expect(r1.body.zuordnung).toMatchObject({
      adresseId: huber,
      adresseName: `Huber${t} Maria`,
      von: start,
      bis: null,
    });
    const wechsel = addDays(today, -10);
    const r2 = await admin.post<Abstellplatz>('Stammdaten/UpdateNeuzuordnung', {
      abstellplatzId: a1.id,
      adresseId: maier,
      datum: wechsel,
    });
    expect(r2.body.zuordnung).toMatchObject({
      adresseId: maier,
      adresseName: `Maier${t} Josef`,
      von: wechsel,
      bis: null,
    });
    const alt = (
      await admin.get<(Zuordnung & { abstellplatzId: number })[]>('Stammdaten/GetAbstellplaetzeByAdresse', {
        adresseId: huber,
      })
    ).body;
    expect(alt).toHaveLength(1);
    expect(alt[0]).toMatchObject({ abstellplatzId: a1.id, von: start, bis: addDays(wechsel, -1) });
    const one = await admin.get<Zuordnung>('Stammdaten/GetAbstellplatzAdresse', { id: alt[0]!.id });
    expect(one.body).toMatchObject({ id: alt[0]!.id, adresseName: `Huber${t} Maria` });
    // Both addresses' Verlauf name the space and the dates.
    const de = (iso: string) => iso.split('-').reverse().join('.');
    const onAdresse = async (id: number) =>
      (
        await admin.get<{ action: string; before: unknown; after: unknown }[]>('Common/GetHistory', {
          entityID: `Adresse:${id}`,
        })
      ).body.filter((e) => e.action === 'neuzuordnung');
    expect((await onAdresse(huber)).map((e) => e.after)).toEqual([
      { abstellplatz: `A-1 ${t} bis ${de(addDays(wechsel, -1))}, danach Maier${t} Josef` },
      { abstellplatz: `A-1 ${t} ab ${de(start)}` },
    ]);
    expect((await onAdresse(maier))[0]).toMatchObject({
      before: { abstellplatz: null },
      after: { abstellplatz: `A-1 ${t} ab ${de(wechsel)}, vorher Huber${t} Maria` },
    });
    // A change before the current assignment's start is refused.
    const early = await admin.post<Problem>('Stammdaten/UpdateNeuzuordnung', {
      abstellplatzId: a1.id,
      adresseId: huber,
      datum: addDays(wechsel, -5),
    });
    expect(early.status).toBe(422);
    const unknown = await admin.post<Problem>('Stammdaten/UpdateNeuzuordnung', {
      abstellplatzId: a1.id,
      adresseId: 999_999,
      datum: today,
    });
    expect(unknown.status).toBe(422);
    expect(await count('abstellplatz_zuordnungen')).toBe(zuordnungen + 2);
    const hist = await admin.get<{ action: string }[]>('Common/GetHistory', { entityID: `Abstellplatz:${a1.id}` });
    expect(hist.body.map((h) => h.action)).toEqual(['neuzuordnung', 'neuzuordnung', 'create']);
  });

  it('edits assignment dates and refuses overlaps and an end before the start', async () => {
    const { t, huber } = await assigned();
    const [alt] = (await admin.get<Zuordnung[]>('Stammdaten/GetAbstellplaetzeByAdresse', { adresseId: huber })).body;
    const ok = await admin.post<Zuordnung>('Stammdaten/UpdateAbstellplatzAdresse', {
      id: alt!.id,
      von: addDays(today, -90),
      bis: addDays(today, -20),
    });
    expect(ok.status, ok.text).toBe(200);
    expect(ok.body).toMatchObject({ von: addDays(today, -90), bis: addDays(today, -20) });
    const overlap = await admin.post<Problem>('Stammdaten/UpdateAbstellplatzAdresse', {
      id: alt!.id,
      von: addDays(today, -90),
      bis: addDays(today, -5),
    });
    expect(overlap.status).toBe(422);
    expect(overlap.body.errors?.von?.[0]).toContain(`Maier${t} Josef`);
    const reversed = await admin.post<Problem>('Stammdaten/UpdateAbstellplatzAdresse', {
      id: alt!.id,
      von: addDays(today, -20),
      bis: addDays(today, -90),
    });
    expect(reversed.status).toBe(422);
    expect(reversed.body.errors?.bis).toBeDefined();
    const [still] = (await admin.get<Zuordnung[]>('Stammdaten/GetAbstellplaetzeByAdresse', { adresseId: huber })).body;
    expect(still).toMatchObject({ von: addDays(today, -90), bis: addDays(today, -20) });
  });

  it('answers every assignment of a space in GetAbstellplatz, newest first, but not in the list', async () => {
    const { t, pkwId, huber, maier, a1 } = await assigned();
    const detail = (await admin.get<Abstellplatz>('Stammdaten/GetAbstellplatz', { id: a1.id })).body;
    expect(detail.zuordnungen).toEqual([
      {
        id: expect.any(Number),
        version: expect.any(Number),
        adresseId: maier,
        adresseName: `Maier${t} Josef`,
        von: addDays(today, -10),
        bis: null,
      },
      {
        id: expect.any(Number),
        version: expect.any(Number),
        adresseId: huber,
        adresseName: `Huber${t} Maria`,
        von: addDays(today, -100),
        bis: addDays(today, -11),
      },
    ]);
    expect(detail.zuordnung).toEqual(detail.zuordnungen?.[0]);
    const listed = (await admin.get<Abstellplatz[]>('Stammdaten/GetAbstellplaetze')).body.find((a) => a.id === a1.id);
    expect(listed).not.toHaveProperty('zuordnungen');
    expect(listed?.zuordnung).toEqual(detail.zuordnung);

    // A space used in the past and again in the future: nobody holds it today, both are listed.
    const a3 = (await save({ nummer: `A-3 ${t}`, kategorieId: pkwId })).body;
    expect(a3.zuordnungen).toEqual([]);
    const past = await buildAbstellplatzZuordnung(app.services, {
      abstellplatzId: a3.id,
      adresseId: huber,
      datum: addDays(today, -400),
    });
    const ende = await admin.post('Stammdaten/UpdateAbstellplatzAdresse', {
      ...past.zuordnungen[0]!,
      bis: addDays(today, -200),
    });
    expect(ende.status, ende.text).toBe(200);
    await buildAbstellplatzZuordnung(app.services, {
      abstellplatzId: a3.id,
      adresseId: maier,
      datum: addDays(today, 30),
    });
    const both = (await admin.get<Abstellplatz>('Stammdaten/GetAbstellplatz', { id: a3.id })).body;
    expect(both.zuordnung).toBeNull();
    expect(both.zuordnungen?.map((z) => [z.adresseName, z.von, z.bis])).toEqual([
      [`Maier${t} Josef`, addDays(today, 30), null],
      [`Huber${t} Maria`, addDays(today, -400), addDays(today, -200)],
    ]);
    // Saving the space answers its assignments too; its history keeps only the space's own fields.
    const saved = await save({ id: a3.id, nummer: `A-3 ${t}`, kategorieId: pkwId, notiz: 'hinten' });
    expect(saved.body.zuordnungen).toEqual(both.zuordnungen);
    const hist = await admin.get<{ action: string; after: Record<string, unknown> }[]>('Common/GetHistory', {
      entityID: `Abstellplatz:${a3.id}`,
    });
    expect(hist.body[0]?.action).toBe('update');
    expect(hist.body[0]?.after).not.toHaveProperty('zuordnungen');
    // A removed assignment is gone from the answer.
    for (const z of both.zuordnungen ?? []) {
      expect((await admin.delete('Stammdaten/DeleteAbstellplatzAdresse', { id: z.id })).status).toBe(204);
      const left = (await admin.get<Abstellplatz>('Stammdaten/GetAbstellplatz', { id: a3.id })).body.zuordnungen;
      expect(left?.map((l) => l.id)).not.toContain(z.id);
    }
    expect((await admin.delete('Stammdaten/DeleteAbstellplatz', { id: a3.id })).status).toBe(204);
  });

  it('exports the spaces as Excel', async () => {
    const { t, pkwId } = await assigned();
    await buildAbstellplatz(app.services, { nummer: `A-2 ${t}`, kategorieId: pkwId });
    const res = await admin.get('Stammdaten/ExportAbstellplaetze');
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toContain('spreadsheetml');
    const wb = new ExcelJS.Workbook();
    await wb.xlsx.load(res.buffer as unknown as ArrayBuffer);
    const ws = wb.worksheets[0]!;
    expect(ws.getRow(1).values).toEqual([
      undefined,
      'Nummer',
      'Kategorie',
      'Jahresgebühr €',
      'Nutzungsberechtigter',
      'seit',
    ]);
    const rows: ExcelJS.Row[] = [];
    ws.eachRow((row) => {
      if (String(row.getCell(1).value).endsWith(` ${t}`)) rows.push(row);
    });
    expect(rows.map((r) => r.getCell(1).value)).toEqual([`A-1 ${t}`, `A-2 ${t}`]);
    const row = rows[0]!;
    expect(row.getCell(2).value).toBe(`PKW-Stellplatz ${t}`);
    expect(row.getCell(3).value).toBe(60);
    expect(row.getCell(4).value).toBe(`Maier${t} Josef`);
    expect((row.getCell(5).value as Date).toISOString().slice(0, 10)).toBe(addDays(today, -10));
    expect(rows[1]!.getCell(4).value).toBeNull();
  });

  it('refuses to delete a space with assignments (409) and deletes assignments and free spaces', async () => {
    const { t, pkwId, huber, a1 } = await assigned();
    const a2 = await buildAbstellplatz(app.services, { nummer: `A-2 ${t}`, kategorieId: pkwId });
    const res = await admin.delete<Problem>('Stammdaten/DeleteAbstellplatz', { id: a1.id });
    expect(res.status).toBe(409);
    expect(res.body.title).toMatch(
      new RegExp(`^Der Abstellplatz „A-1 ${t}“ ist oder war .*Maier${t} Josef.* zugeordnet`),
    );
    const zs = (await admin.get<Zuordnung[]>('Stammdaten/GetAbstellplaetzeByAdresse', { adresseId: huber })).body;
    expect((await admin.delete('Stammdaten/DeleteAbstellplatzAdresse', { id: zs[0]!.id })).status).toBe(204);
    expect((await admin.get('Stammdaten/GetAbstellplatzAdresse', { id: zs[0]!.id })).status).toBe(404);
    expect((await admin.delete('Stammdaten/DeleteAbstellplatz', { id: a2.id })).status).toBe(204);
    expect((await admin.get('Stammdaten/GetAbstellplatz', { id: a2.id })).status).toBe(404);
    const hist = await admin.get<{ action: string }[]>('Common/GetHistory', { entityID: `Abstellplatz:${a2.id}` });
    expect(hist.body[0]?.action).toBe('delete');
  });

  it('enforces rights: Rechnungsprüfer and Wasserwart read but may not write', async () => {
    const { t, pkwId, huber, a1 } = await assigned();
    const before = [await count('abstellplaetze'), await count('abstellplatz_zuordnungen')];
    for (const role of ['Rechnungsprüfer', 'Wasserwart']) {
      const client = await app.signedIn([role]);
      expect((await client.get('Stammdaten/GetAbstellplaetze')).status).toBe(200);
      const detail = await client.get<Abstellplatz>('Stammdaten/GetAbstellplatz', { id: a1.id });
      expect(detail.body.zuordnungen).toHaveLength(2);
      expect(
        (await client.post('Stammdaten/UpdateAbstellplatzAdresse', { id: detail.body.zuordnungen![0]!.id, von: today }))
          .status,
      ).toBe(403);
      expect((await save({ nummer: `X-1 ${t}`, kategorieId: pkwId }, client)).status).toBe(403);
      expect((await client.delete('Stammdaten/DeleteAbstellplatz', { id: a1.id })).status).toBe(403);
      expect(
        (await client.post('Stammdaten/UpdateNeuzuordnung', { abstellplatzId: a1.id, adresseId: huber, datum: today }))
          .status,
      ).toBe(403);
    }
    expect([await count('abstellplaetze'), await count('abstellplatz_zuordnungen')]).toEqual(before);
  });
});

const pdfText = (pdf: Buffer) => {
  const file = path.join(mkdtempSync(path.join(os.tmpdir(), 'kgv-pdf-')), 'x.pdf');
  writeFileSync(file, pdf);
  return execFileSync('pdftotext', ['-layout', file, '-'], { encoding: 'utf8' }).replaceAll('\u00a0', ' ');
};

describe('Parkkarten', () => {
  /** A billing year of this test alone (past years, one per test), so its cards and info are the test's. */
  const ownYear = async () => {
    const j = jahr - 1 - ++years;
    return { j, paId: (await buildPachtabrechnung(app.services, j)).id };
  };
  const saveInfo = (paId: number, j: number) =>
    admin.post('Stammdaten/UpdateParkkartenInfo', {
      pachtabrechnungId: paId,
      gebuehrCent: 1500,
      gueltigBis: `${j + 1}-03-31`,
      hinweis: 'Gut sichtbar hinter die Windschutzscheibe legen.',
    });

  it('answers defaults when nothing is stored and saves the info with history', async () => {
    const { j, paId } = await ownYear();
    const def = await admin.get('Stammdaten/GetParkkartenInfo', { pachtabrechnungID: paId });
    expect(def.body).toEqual({
      pachtabrechnungId: paId,
      version: 1,
      jahr: j,
      gebuehrCent: 0,
      gueltigBis: `${j}-12-31`,
      hinweis: '',
      anzahlKarten: 0,
      anzahlParzellen: 0,
    });
    const res = await saveInfo(paId, j);
    expect(res.status, res.text).toBe(200);
    expect((await admin.get('Stammdaten/GetParkkartenInfo', { pachtabrechnungID: paId })).body).toMatchObject({
      pachtabrechnungId: paId,
      gebuehrCent: 1500,
      gueltigBis: `${j + 1}-03-31`,
    });
    const bad = await admin.post('Stammdaten/UpdateParkkartenInfo', { pachtabrechnungId: paId, gebuehrCent: -1 });
    expect(bad.status).toBe(422);
    expect((await admin.get('Stammdaten/GetParkkartenInfo', { pachtabrechnungID: paId })).body).toMatchObject({
      gebuehrCent: 1500,
    });
  });

  it('prints one card per parking card of a plot, or of all plots, in one PDF', async () => {
    const t = tag();
    const { j, paId } = await ownYear();
    expect((await saveInfo(paId, j)).status).toBe(200);
    const plot = async (nummer: string, anzahlParkkarten: number) =>
      (await buildParzelle(app.services, { nummer, anzahlParkkarten, pachtabrechnungId: paId })).id;
    const p17 = await plot(`17-${t}`, 2);
    await plot(`18-${t}`, 1);
    const p19 = await plot(`19-${t}`, 0);
    const huber = await adresse(`Huber${t}`, 'Maria');
    await buildPachtverhaeltnis(app.services, { parzelleId: p17, adresseId: huber, von: '2000-01-01' });
    const before = app.services.pdf.stats().documents;
    const one = await admin.get('Stammdaten/Parkkarten', { parzelle: String(p17), pachtabrechnungID: paId });
    expect(one.status, one.text.slice(0, 300)).toBe(200);
    expect(one.headers.get('content-type')).toBe('application/pdf');
    expect(app.services.pdf.stats().documents).toBe(before + 1);
    const text = pdfText(one.buffer);
    expect(text).toContain('KGV Sonnenhang');
    expect(text).toContain(`Parkkarte ${j}`);
    expect(text).toContain(`Parzelle 17-${t}`);
    expect(text).toContain(`Huber${t} Maria`);
    expect(text).toContain(`Gültig bis 31.03.${j + 1}`);
    expect(text).toContain('Windschutzscheibe');
    expect(text.match(/Parkkarte \d{4}/g)).toHaveLength(2);
    expect(text).toContain('Karte 2 von 2');

    const all = pdfText((await admin.get('Stammdaten/Parkkarten', { pachtabrechnungID: paId })).buffer);
    expect(all.match(/Parkkarte \d{4}/g)).toHaveLength(3);
    expect(all).toContain(`Parzelle 18-${t}`);
    expect(all).not.toContain(`Parzelle 19-${t}`);

    expect((await admin.get('Stammdaten/Parkkarten', { parzelle: '999999' })).status).toBe(404);
    expect((await admin.get('Stammdaten/Parkkarten', { parzelle: String(p19), pachtabrechnungID: paId })).status).toBe(
      422,
    );
  });

  it('lets the Rechnungsprüfer print but not change the info', async () => {
    const { paId } = await ownYear();
    const client = await app.signedIn(['Rechnungsprüfer']);
    expect((await client.get('Stammdaten/GetParkkartenInfo')).status).toBe(200);
    expect(
      (await client.post('Stammdaten/UpdateParkkartenInfo', { pachtabrechnungId: paId, gebuehrCent: 1 })).status,
    ).toBe(403);
    expect(await app.services.db('parkkarten_info').where({ pachtabrechnung_id: paId })).toEqual([]);
  });
});
