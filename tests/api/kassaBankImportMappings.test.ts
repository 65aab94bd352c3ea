import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { BankImportErgebnis, BankMapping } from '../../src/modules/kassa/schema/bankimport';
import { nowDb } from '../../src/platform/db/db';
import type { ApiClient } from '../helpers/apiClient';
import { seedKassaBeispiel } from '../helpers/kassaBeispiel';
import { startTestApp, type TestApp } from '../helpers/testApp';

// The stored CSV mappings of the bank import: listed beside the built-in George and ELBA ones,
// validated in German, used when chosen or as the account's default, not deleted while in use.

let app: TestApp;
let kassier: ApiClient;
type Problem = { title: string; code?: string; errors?: Record<string, string[]> };

/** A bank whose export is comma-separated with ISO dates and its own headers. */
const MAPPING = {
  trennzeichen: ',',
  dezimalzeichen: '.',
  datumsformat: 'JJJJ-MM-TT',
  spalten: {
    datum: 'Tag',
    betrag: 'Summe',
    name: 'Gegenüber',
    iban: 'Konto',
    verwendungszweck: ['Zweck', 'Notiz'],
    bankReferenz: 'Id',
  },
};
const CSV = [
  'Tag,Summe,Gegenüber,Konto,Zweck,Notiz,Id',
  '2025-04-01,45.50,Anna Berger,AT483200000012345864,Mitgliedsbeitrag,2025,X-1',
  '2025-04-02,-12.00,Baumarkt,,Schrauben,,X-2',
].join('\n');

beforeAll(async () => {
  app = await startTestApp();
  kassier = await app.signedIn(['Kassier']);
  await seedKassaBeispiel(app.services.db, { jahre: [2025] });
});
afterAll(() => app.stop());

function importiere(kontoID: number, content: string, query: Record<string, string | number | boolean> = {}) {
  const form = new FormData();
  form.append('file', new Blob([Buffer.from(content)]), 'umsaetze.csv');
  return kassier.request<BankImportErgebnis & Problem>('POST', 'Kassa/ImportBank', {
    rawBody: form,
    query: { kontoID, ...query },
  });
}

async function neuesKonto(name: string): Promise<number> {
  const now = nowDb();
  await app.services
    .db('konten')
    .insert({ name, art: 'bank', iban: null, bic: null, aktiv: true, version: 1, created_at: now, updated_at: now });
  return Number((await app.services.db('konten').where({ name }).first('id'))?.id);
}

describe('bank mappings', () => {
  it('lists George and ELBA built in', async () => {
    const res = await kassier.get<BankMapping[]>('Kassa/GetBankMappings');
    expect(res.status).toBe(200);
    expect(res.body.map((m) => [m.id, m.name, m.eingebaut])).toEqual([
      [null, 'George (Erste Bank/Sparkasse)', true],
      [null, 'ELBA (Raiffeisen)', true],
    ]);
  });

  it('refuses an incomplete mapping or a taken name in German, and stores nothing', async () => {
    const bad = await kassier.post<Problem>('Kassa/UpdateBankMapping', {
      name: 'Kaputt',
      mapping: { ...MAPPING, dezimalzeichen: ';', spalten: { ...MAPPING.spalten, datum: '' } },
    });
    expect(bad.status).toBe(422);
    expect(bad.body.errors?.['mapping.dezimalzeichen']).toEqual(['Erlaubt sind , oder .']);
    expect(bad.body.errors?.['mapping.spalten.datum']?.[0]).toContain('Bitte geben Sie die Spalte an');
    const eingebaut = await kassier.post<Problem>('Kassa/UpdateBankMapping', {
      name: 'ELBA (Raiffeisen)',
      mapping: MAPPING,
    });
    expect(eingebaut.status).toBe(422);
    expect(eingebaut.body.errors?.name?.[0]).toContain('eingebautes');
    expect(await app.services.db('bank_mappings').count({ n: '*' })).toEqual([{ n: 0 }]);
  });

  it('imports with a chosen stored mapping, and with the account’s own as default', async () => {
    const saved = await kassier.post<BankMapping>('Kassa/UpdateBankMapping', { name: 'Hausbank', mapping: MAPPING });
    expect(saved.status, saved.text).toBe(200);
    expect(saved.body).toMatchObject({ name: 'Hausbank', eingebaut: false, mapping: { name: 'Hausbank' } });
    const id = saved.body.id as number;
    expect((await kassier.get<BankMapping[]>('Kassa/GetBankMappings')).body.map((m) => m.name)).toContain('Hausbank');

    const gewaehlt = await neuesKonto('Hausbank gewählt');
    const res = await importiere(gewaehlt, CSV, { mappingID: id });
    expect(res.status, res.text).toBe(200);
    expect(res.body.eintraege.map((e) => [e.datum, e.betragCent, e.name, e.verwendungszweck, e.bankReferenz])).toEqual([
      ['2025-04-01', 4_550, 'Anna Berger', 'Mitgliedsbeitrag 2025', 'X-1'],
      ['2025-04-02', -1_200, 'Baumarkt', 'Schrauben', 'X-2'],
    ]);
    expect(res.body.importiert).toBe(2);

    // Without a mapping the file is no known format; the account's stored one makes it readable.
    const standard = await neuesKonto('Hausbank Standard');
    expect((await importiere(standard, CSV, { dryRun: true })).status).toBe(422);
    await app.services.db('konten').where({ id: standard }).update({ bank_mapping_id: id });
    const mitStandard = await importiere(standard, CSV);
    expect(mitStandard.status, mitStandard.text).toBe(200);
    expect(mitStandard.body.importiert).toBe(2);
    const rows = await app.services.db('kassabuch').where({ konto_id: standard }).orderBy('id');
    expect(rows.map((r) => r.text)).toEqual(['Anna Berger Mitgliedsbeitrag 2025', 'Baumarkt Schrauben']);

    // In use by an account → 409; free → deleted.
    const inUse = await kassier.delete<Problem>('Kassa/DeleteBankMapping', { id });
    expect(inUse.status).toBe(409);
    expect(inUse.body.title).toContain('Hausbank');
    await app.services.db('konten').where({ id: standard }).update({ bank_mapping_id: null });
    expect((await kassier.delete('Kassa/DeleteBankMapping', { id })).status).toBe(204);
    expect((await kassier.delete('Kassa/DeleteBankMapping', { id })).status).toBe(404);
    expect((await importiere(gewaehlt, CSV, { mappingID: id })).status).toBe(404);
  });

  it('renames and changes a stored mapping by id', async () => {
    const a = await kassier.post<BankMapping>('Kassa/UpdateBankMapping', { name: 'Alt', mapping: MAPPING });
    const b = await kassier.post<BankMapping>('Kassa/UpdateBankMapping', {
      id: a.body.id,
      name: 'Neu',
      mapping: { ...MAPPING, trennzeichen: ';' },
    });
    expect(b.status, b.text).toBe(200);
    expect(b.body).toMatchObject({ id: a.body.id, name: 'Neu', mapping: { trennzeichen: ';' } });
    const taken = await kassier.post<Problem>('Kassa/UpdateBankMapping', { name: 'neu', mapping: MAPPING });
    expect(taken.status).toBe(422);
  });

  it('a reader lists mappings but cannot change them', async () => {
    const pruefer = await app.signedIn(['Rechnungsprüfer']);
    expect((await pruefer.get('Kassa/GetBankMappings')).status).toBe(200);
    expect((await pruefer.post('Kassa/UpdateBankMapping', { name: 'X', mapping: MAPPING })).status).toBe(403);
  });
});
