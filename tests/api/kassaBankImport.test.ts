import { readFileSync } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { BankImportErgebnis } from '../../src/modules/kassa/schema/bankimport';
import { nowDb } from '../../src/platform/db/db';
import type { ApiClient } from '../helpers/apiClient';
import { generateCamt053 } from '../helpers/generateCamt053';
import { type KassaBeispiel, seedKassaBeispiel } from '../helpers/kassaBeispiel';
import { startTestApp, type TestApp } from '../helpers/testApp';

// ImportBank as the Kassier uses it: every format into an account, the preview (dryRun) that writes
// nothing, duplicates on the second import, the batch split, a reversal, the balance check of the
// statement and of the account afterwards.

const FIXTURES = path.join(import.meta.dirname, '../fixtures/bank');
const fixture = (name: string) => readFileSync(path.join(FIXTURES, name));
const IBAN = 'AT611904300234573201';

let app: TestApp;
let kassier: ApiClient;
let k: KassaBeispiel;
type Problem = { title: string; code?: string; errors?: Record<string, string[]> };

beforeAll(async () => {
  app = await startTestApp();
  kassier = await app.signedIn(['Kassier']);
  k = await seedKassaBeispiel(app.services.db, { jahre: [2025, 2014, 2026] });
});
afterAll(() => app.stop());

let kontoNr = 0;
/** A fresh bank account (duplicates are per account) with an opening balance in 2025. */
async function neuesKonto(iban: string | null = IBAN, anfangCent = 0): Promise<number> {
  const db = app.services.db;
  const name = `Bank ${++kontoNr}`;
  const now = nowDb();
  await db('konten').insert({
    name,
    art: 'bank',
    iban,
    bic: null,
    aktiv: true,
    version: 1,
    created_at: now,
    updated_at: now,
  });
  const id = Number((await db('konten').where({ name }).first('id'))?.id);
  await db('konto_anfangsbestaende').insert({
    konto_id: id,
    kassaabrechnung_id: k.perioden[2025],
    anfangsbestand_cent: anfangCent,
  });
  return id;
}

function importiere(
  kontoID: number,
  content: Buffer | string,
  query: Record<string, string | boolean> = {},
  name = 'auszug.xml',
) {
  const form = new FormData();
  form.append('file', new Blob([new Uint8Array(Buffer.from(content))]), name);
  return kassier.request<BankImportErgebnis & Problem>('POST', 'Kassa/ImportBank', {
    rawBody: form,
    query: { kontoID, ...query },
  });
}

const zaehle = async () => ({
  kassabuch: Number((await app.services.db('kassabuch').count({ n: '*' }))[0]?.n),
  importe: Number((await app.services.db('bank_importe').count({ n: '*' }))[0]?.n),
});
const eintraegeVon = (kontoId: number) => app.services.db('kassabuch').where({ konto_id: kontoId }).orderBy('id');

/** Opening balance of 2025 + the account's entries. */
async function kontostand(kontoId: number): Promise<number> {
  const anfang = await app.services
    .db('konto_anfangsbestaende')
    .where({ konto_id: kontoId, kassaabrechnung_id: k.perioden[2025] })
    .first('anfangsbestand_cent');
  const rows = await eintraegeVon(kontoId);
  return Number(anfang?.anfangsbestand_cent ?? 0) + rows.reduce((s, r) => s + Number(r.betrag_cent), 0);
}

describe('ImportBank camt.053', () => {
  it('previews without writing, books on the clearing account, and adds nothing the second time', async () => {
    const konto = await neuesKonto(IBAN, 100_000);
    const file = fixture('camt053-v08-stapel-storno.xml');
    const vorher = await zaehle();

    const dry = await importiere(konto, file, { dryRun: true });
    expect(dry.status, dry.text).toBe(200);
    expect(dry.body).toMatchObject({ importiert: 4, duplikate: 0, format: 'camt', kassabuchIds: [] });
    expect(await zaehle()).toEqual(vorher);

    const res = await importiere(konto, file);
    expect(res.status, res.text).toBe(200);
    expect(res.body).toMatchObject({
      importiert: 4,
      duplikate: 0,
      saldo: { anfangCent: 100_000, endeCent: 129_950, summeCent: 29_950, stimmt: true },
      warnungen: [],
    });
    // The batch of 250.00 € is split into its two transfers.
    expect(res.body.eintraege.map((e) => [e.datum, e.betragCent, e.name, e.storno, e.duplikat])).toEqual([
      ['2025-02-03', 15_000, 'Maria Gärtner', false, false],
      ['2025-02-03', 10_000, 'Josef Huber', false, false],
      ['2025-02-10', 8_000, 'Wien Energie GmbH', true, false],
      ['2025-02-20', -3_050, 'Lagerhaus Tulln', false, false],
    ]);
    const rows = await eintraegeVon(konto);
    expect(rows.map((r) => Number(r.id))).toEqual(res.body.kassabuchIds);
    for (const r of rows) {
      expect(r).toMatchObject({
        quelle: 'bank',
        buchungskonto_id: k.bk.klaerung,
        kassaabrechnung_id: k.perioden[2025],
      });
      expect(Number(r.steuersatz)).toBe(0);
      expect(Number(r.steuer_cent)).toBe(0);
    }
    expect(rows[0]?.text).toMatch(/^Maria Gärtner /);
    expect(rows[0]).toMatchObject({ bank_name: 'Maria Gärtner', bank_schluessel: 'ref:RB-2025-0001/1' });
    // A reversal (returned direct debit) is booked as the money moved, marked in its text.
    expect(rows[2]?.text).toMatch(/^Storno: Wien Energie GmbH/);
    expect(Number(rows[2]?.betrag_cent)).toBe(8_000);
    // Opening balance + entries = the statement's closing balance.
    expect(await kontostand(konto)).toBe(129_950);
    const imp = await app.services.db('bank_importe').where({ konto_id: konto }).first();
    expect(imp).toMatchObject({ dateiname: 'auszug.xml', format: 'camt', importiert: 4, duplikate: 0 });
    expect(rows.every((r) => Number(r.bank_import_id) === Number(imp?.id))).toBe(true);

    // The Kassier assigns a booking account; moving the line to another account is refused.
    const zeile = rows[0]!;
    const aenderung = {
      id: Number(zeile.id),
      datum: String(zeile.datum).slice(0, 10),
      betragCent: Number(zeile.betrag_cent),
      kontoId: konto,
      buchungskontoId: k.bk.mitgliedsbeitrag,
      text: zeile.text,
    };
    const zugeordnet = await kassier.post<{ buchungskontoId: number }>('Kassa/UpdateKassabuch', aenderung);
    expect(zugeordnet.status, zugeordnet.text).toBe(200);
    expect(zugeordnet.body.buchungskontoId).toBe(k.bk.mitgliedsbeitrag);
    const verschoben = await kassier.post<{ errors: Record<string, string[]> }>('Kassa/UpdateKassabuch', {
      ...aenderung,
      kontoId: k.bank,
    });
    expect(verschoben.status, verschoben.text).toBe(422);
    expect(verschoben.body.errors.kontoId?.[0]).toContain('Kontoauszugs');
    expect(await kontostand(konto)).toBe(129_950);

    const again = await importiere(konto, file);
    expect(again.status, again.text).toBe(200);
    expect(again.body).toMatchObject({ importiert: 0, duplikate: 4, kassabuchIds: [] });
    expect(again.body.eintraege.every((e) => e.duplikat)).toBe(true);
    expect(await eintraegeVon(konto)).toHaveLength(4);
    expect(await kontostand(konto)).toBe(129_950);
  });

  it('two imports of the same file at once book it once', async () => {
    const konto = await neuesKonto(IBAN);
    const xml = generateCamt053({ eintraege: 40, von: '2025-06-01' });
    const [a, b] = await Promise.all([importiere(konto, xml), importiere(konto, xml)]);
    const ergebnisse = [a, b].map((r) =>
      r.status === 200 ? `${r.body.importiert}/${r.body.duplikate}` : `${r.status} ${r.body.code}`,
    );
    // The second waits for the first (the account is locked) and then finds its bookings as duplicates.
    expect(ergebnisse.sort()).toEqual(['0/40', '40/0']);
    expect(await eintraegeVon(konto)).toHaveLength(40);
  });

  it('two accounts importing at once into a year without clearing account get one clearing account', async () => {
    const db = app.services.db;
    const now = nowDb();
    await db('kassaabrechnungen').insert({
      jahr: 2027,
      bezeichnung: 'Kassa 2027',
      von: '2027-01-01',
      bis: '2027-12-31',
      geschlossen: false,
      naechste_belegnummer: 1,
      version: 1,
      created_at: now,
      updated_at: now,
    });
    const [a, b] = [await neuesKonto(IBAN), await neuesKonto(IBAN)];
    const xml = generateCamt053({ eintraege: 20, von: '2027-01-01' });
    const res = await Promise.all([importiere(a, xml), importiere(b, xml)]);
    expect(res.map((r) => [r.status, r.body.importiert])).toEqual([
      [200, 20],
      [200, 20],
    ]);
    const periode = await db('kassaabrechnungen').where({ jahr: 2027 }).first('id');
    expect(await db('buchungskonten').where({ kassaabrechnung_id: periode?.id, klaerung: true })).toHaveLength(1);
    const nummern = (await db('kassabuch').where({ kassaabrechnung_id: periode?.id }).pluck('belegnummer')).map(Number);
    expect(nummern.sort((x, y) => x - y)).toEqual(Array.from({ length: 40 }, (_, i) => i + 1));
  });

  it('reads generated statements of version 001.02 and 001.08 and books them in file order', async () => {
    for (const version of ['02', '08'] as const) {
      const konto = await neuesKonto(IBAN, 500_000);
      const xml = generateCamt053({ eintraege: 30, version, anfangCent: 500_000, von: '2025-03-01' });
      const res = await importiere(konto, xml);
      expect(res.status, res.text).toBe(200);
      expect(res.body).toMatchObject({ importiert: 30, duplikate: 0, saldo: { stimmt: true } });
      const rows = await eintraegeVon(konto);
      expect(rows.map((r) => Number(r.betrag_cent))).toEqual(res.body.eintraege.map((e) => e.betragCent));
      expect(await kontostand(konto)).toBe(res.body.saldo.endeCent);
    }
  });

  it('reports the real sample’s balance mismatch, and refuses its foreign IBAN unless told to ignore it', async () => {
    const konto = await neuesKonto(IBAN);
    const file = fixture('oca-test-camt053.xml');
    const vorher = await zaehle();

    const dry = await importiere(konto, file, { dryRun: true });
    expect(dry.status, dry.text).toBe(200);
    expect(dry.body.saldo).toEqual({ anfangCent: 1_556_827, endeCent: 1_512_112, summeCent: -1_299, stimmt: false });
    expect(dry.body.warnungen).toEqual([
      expect.stringContaining('geht nicht auf'),
      expect.stringContaining('NL77ABNA0574908765'),
    ]);

    const refused = await importiere(konto, file);
    expect(refused.status, refused.text).toBe(422);
    expect(refused.body.errors?.file?.[0]).toContain('NL77ABNA0574908765');
    expect(await zaehle()).toEqual(vorher);

    const res = await importiere(konto, file, { ignoreIban: true });
    expect(res.status, res.text).toBe(200);
    expect(res.body).toMatchObject({ importiert: 4, saldo: { stimmt: false } });
    expect(res.body.warnungen[0]).toContain('geht nicht auf');
    const rows = await eintraegeVon(konto);
    expect(rows.map((r) => r.kassaabrechnung_id)).toEqual(Array(4).fill(k.perioden[2014]));
    const imp = await app.services.db('bank_importe').where({ konto_id: konto }).first();
    expect(Boolean(imp?.saldo_stimmt)).toBe(false);
  });
});

describe('ImportBank other formats', () => {
  it('MT940 with two statements: the balances over the file', async () => {
    const konto = await neuesKonto(IBAN, 100_000);
    const res = await importiere(konto, fixture('mt940-zwei-auszuege.sta'), {}, 'auszug.sta');
    expect(res.status, res.text).toBe(200);
    expect(res.body).toMatchObject({
      format: 'mt940',
      importiert: 3,
      saldo: { anfangCent: 100_000, endeCent: 103_950, summeCent: 3_950, stimmt: true },
    });
    expect(res.body.auszuege).toHaveLength(2);
    expect(await kontostand(konto)).toBe(103_950);
  });

  it('George CSV, then the same bookings as George JSON are duplicates', async () => {
    const konto = await neuesKonto(IBAN);
    const csv = await importiere(konto, fixture('george.csv'), {}, 'george.csv');
    expect(csv.status, csv.text).toBe(200);
    expect(csv.body).toMatchObject({ format: 'george', importiert: 2, saldo: { stimmt: null } });
    expect(csv.body.warnungen).toEqual([expect.stringContaining('keine Salden')]);
    const rows = await eintraegeVon(konto);
    expect(rows[1]).toMatchObject({ bank_name: 'Lagerhaus Tulln', betrag_cent: -123_050 });

    const json = await importiere(konto, fixture('george.json'), {}, 'george.json');
    expect(json.status, json.text).toBe(200);
    expect(json.body).toMatchObject({ format: 'george', importiert: 0, duplikate: 2 });
  });

  it('ELBA: two equal bookings of one day are both imported once, then neither again', async () => {
    const konto = await neuesKonto(IBAN);
    const res = await importiere(konto, fixture('elba.csv'), { format: 'elba' }, 'elba.csv');
    expect(res.status, res.text).toBe(200);
    expect(res.body).toMatchObject({ format: 'elba', importiert: 3, duplikate: 0 });
    const again = await importiere(konto, fixture('elba.csv'), {}, 'elba.csv');
    expect(again.body).toMatchObject({ importiert: 0, duplikate: 3 });
    expect(await eintraegeVon(konto)).toHaveLength(3);
  });
});

describe('ImportBank refusals', () => {
  it('a broken or unknown file is a 422 and writes nothing', async () => {
    const konto = await neuesKonto(IBAN);
    const vorher = await zaehle();
    for (const name of ['kaputt.xml', 'unbekannt.txt']) {
      const res = await importiere(konto, fixture(name), {}, name);
      expect(res.status, res.text).toBe(422);
      expect(res.body.code).toBe('bank_file_invalid');
      expect(res.body.errors?.file?.[0]).toBeTruthy();
    }
    const mitFormat = await importiere(konto, fixture('george.csv'), { format: 'camt' });
    expect(mitFormat.status).toBe(422);
    expect(await zaehle()).toEqual(vorher);
  });

  it('a date without a period (422) or in a closed one (409) is named, and nothing is written', async () => {
    const konto = await neuesKonto(IBAN);
    const vorher = await zaehle();
    const ohne = await importiere(konto, generateCamt053({ eintraege: 3, von: '2030-05-02' }));
    expect(ohne.status, ohne.text).toBe(422);
    expect(ohne.body.errors?.file?.[0]).toContain('02.05.2030');
    const dry = await importiere(konto, generateCamt053({ eintraege: 3, von: '2030-05-02' }), { dryRun: true });
    expect(dry.status).toBe(200);
    expect(dry.body.warnungen.join(' ')).toContain('keine Kassaabrechnung');

    await app.services.db('kassaabrechnungen').where({ id: k.perioden[2026] }).update({ geschlossen: true });
    try {
      const zu = await importiere(konto, generateCamt053({ eintraege: 2, von: '2026-04-01' }));
      expect(zu.status, zu.text).toBe(409);
      expect(zu.body.code).toBe('kassaabrechnung_geschlossen');
      expect(zu.body.title).toContain('01.04.2026');
    } finally {
      await app.services.db('kassaabrechnungen').where({ id: k.perioden[2026] }).update({ geschlossen: false });
    }
    expect(await zaehle()).toEqual(vorher);
  });

  it('an unknown account is 404, an inactive one 422', async () => {
    expect((await importiere(999_999, fixture('george.csv'))).status).toBe(404);
    const konto = await neuesKonto(IBAN);
    await app.services.db('konten').where({ id: konto }).update({ aktiv: false });
    const res = await importiere(konto, fixture('george.csv'));
    expect(res.status).toBe(422);
    expect(res.body.errors?.kontoID?.[0]).toContain('nicht mehr aktiv');
  });

  it('needs Kassa.Edit; a reader cannot import', async () => {
    const konto = await neuesKonto(IBAN);
    const pruefer = await app.signedIn(['Rechnungsprüfer']);
    const form = new FormData();
    form.append('file', new Blob([new Uint8Array(fixture('george.csv'))]), 'george.csv');
    const res = await pruefer.request('POST', 'Kassa/ImportBank', {
      rawBody: form,
      query: { kontoID: konto, dryRun: true },
    });
    expect(res.status).toBe(403);
  });
});
