import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Eintrag } from '../../src/modules/kassa/schema/kassabuch';
import type { ApiClient } from '../helpers/apiClient';
import { buildAdresse, buildParzelle } from '../helpers/factories';
import { type KassaBeispiel, seedKassaBeispiel } from '../helpers/kassaBeispiel';
import { startTestApp, type TestApp } from '../helpers/testApp';

// UpdateKassabuch through the API: new entries get gapless Belegnummern also when 20 are saved at
// once, tax per rate, a change keeps the number and recomputes the tax, checked entries and closed
// periods refuse change (409), a date in another period or an unknown plot/address is 422.

let app: TestApp;
let k: KassaBeispiel;
let kassier: ApiClient;

type Problem = { title?: string; code?: string; errors?: Record<string, string[]> };

beforeAll(async () => {
  app = await startTestApp();
  k = await seedKassaBeispiel(app.services.db, { jahre: [2026, 2025] });
  kassier = await app.signedIn(['Kassier']);
});
afterAll(() => app.stop());

const neu = (over: Record<string, unknown> = {}) => ({
  datum: '2026-03-01',
  betragCent: 12_000,
  kontoId: k.bank,
  buchungskontoId: k.bk.pacht,
  text: 'Pacht',
  ...over,
});
const buche = (over: Record<string, unknown> = {}) =>
  kassier.post<Eintrag & Problem>('Kassa/UpdateKassabuch', neu(over));

/** The 2025 period's own Pachtzins account (the example gives accounts to the first year only). */
async function pacht2025(): Promise<number> {
  const db = app.services.db;
  const found = await db('buchungskonten').where({ kassaabrechnung_id: k.perioden[2025], nummer: '4100' }).first('id');
  if (found) return Number(found.id);
  await db('buchungskonten').insert({
    kassaabrechnung_id: k.perioden[2025] as number,
    nummer: '4100',
    name: 'Pachtzins',
    art: 'einnahme',
    steuersatz: 10,
    parzellenspezifisch: false,
    jahresbetrag_cent: 0,
    geloescht: false,
    klaerung: false,
    version: 1,
    created_at: '2026-01-01 00:00:00',
    updated_at: '2026-01-01 00:00:00',
  });
  return pacht2025();
}

describe('UpdateKassabuch', () => {
  it('numbers 20 entries saved at once 1 … 20 without a gap', async () => {
    const results = await Promise.all(Array.from({ length: 20 }, (_, i) => buche({ text: `Parallel ${i}` })));
    expect(results.map((r) => r.status)).toEqual(Array(20).fill(200));
    const nummern = results.map((r) => r.body.belegnummer).sort((a, b) => a - b);
    expect(nummern).toEqual(Array.from({ length: 20 }, (_, i) => i + 1));
    const stored = await app.services.db('kassabuch').where({ kassaabrechnung_id: k.perioden[2026] });
    expect(stored).toHaveLength(20);
  });

  it('answers the saved entry with names, tax and net for 0, 10, 20 and 100 %', async () => {
    const null_ = await buche({ betragCent: 5_000, buchungskontoId: k.bk.mitgliedsbeitrag, text: 'Beitrag' });
    expect(null_.body).toMatchObject({
      steuersatz: 0,
      steuerCent: 0,
      nettoCent: 5_000,
      kontoName: 'Girokonto Erste',
      buchungskontoNummer: '4000',
      buchungskontoName: 'Mitgliedsbeiträge',
      kassaabrechnungId: k.perioden[2026],
      geprueft: false,
      quelle: 'manuell',
      belege: [],
      bank: null,
      stornoVonId: null,
      storniertDurchId: null,
      version: 1,
    });
    const zehn = await buche({ betragCent: 11_000 });
    expect([zehn.body.steuersatz, zehn.body.steuerCent, zehn.body.nettoCent]).toEqual([10, 1_000, 10_000]);
    const zwanzig = await buche({
      betragCent: -1_001,
      buchungskontoId: k.bk.material,
      kostenstelleId: k.ks.vereinshaus,
    });
    expect([zwanzig.body.steuersatz, zwanzig.body.steuerCent, zwanzig.body.nettoCent]).toEqual([20, -167, -834]);
    expect(zwanzig.body.kostenstelleName).toBe('Vereinshaus');
    const hundert = await buche({ betragCent: -5_000, buchungskontoId: k.bk.finanzamt, text: 'USt' });
    expect([hundert.body.steuerCent, hundert.body.nettoCent]).toEqual([-5_000, 0]);
    // A rate given overrides the booking account's.
    const anders = await buche({ betragCent: 12_000, steuersatz: 20 });
    expect([anders.body.steuersatz, anders.body.steuerCent, anders.body.nettoCent]).toEqual([20, 2_000, 10_000]);
  });

  it('changes an entry: keeps its Belegnummer, recomputes tax, raises the version', async () => {
    const { body: e } = await buche({ betragCent: 11_000 });
    const res = await kassier.post<Eintrag>('Kassa/UpdateKassabuch', {
      ...e,
      betragCent: -2_400,
      buchungskontoId: k.bk.material,
      steuersatz: null,
      text: 'Farbe',
      kommentar: 'Zaun',
    });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({
      id: e.id,
      belegnummer: e.belegnummer,
      betragCent: -2_400,
      steuersatz: 20,
      steuerCent: -400,
      nettoCent: -2_000,
      text: 'Farbe',
      kommentar: 'Zaun',
      version: e.version + 1,
    });
    // The old version again: somebody else saved in between.
    const stale = await kassier.post<Problem>('Kassa/UpdateKassabuch', { ...e, text: 'alt' });
    expect(stale.status).toBe(409);
    expect(stale.body.code).toBe('version_conflict');
  });

  it('refuses a date in another period (422) and keeps the entry', async () => {
    const { body: e } = await buche();
    const res = await kassier.post<Problem>('Kassa/UpdateKassabuch', { ...e, datum: '2025-06-01' });
    expect(res.status).toBe(422);
    expect(res.body.errors?.datum?.[0]).toContain('Kassa 2025');
    expect((await app.services.db('kassabuch').where({ id: e.id }).first())?.datum).toBe('2026-03-01');
  });

  it('checks plot and address references (422 unknown) and names them in the answer', async () => {
    const parzelle = await buildParzelle(app.services, { nummer: 'K-17' });
    const adresse = await buildAdresse(app.services, { nachname: 'Kassatest', vorname: 'Berta' });
    const ok = await buche({ parzelleId: parzelle.id, adresseId: adresse.id });
    expect(ok.status).toBe(200);
    expect(ok.body).toMatchObject({ parzelleNummer: 'K-17', adresseName: 'Kassatest Berta' });
    const bad = await buche({ parzelleId: 999_999, adresseId: 999_998 });
    expect(bad.status).toBe(422);
    expect(Object.keys(bad.body.errors ?? {}).sort()).toEqual(['adresseId', 'parzelleId']);
    const wrong = await buche({ steuersatz: 15, betragCent: 0, text: '' });
    expect(wrong.status).toBe(422);
    expect(Object.keys(wrong.body.errors ?? {}).sort()).toEqual(['betragCent', 'steuersatz', 'text']);
  });

  it('refuses change of a checked entry and in a closed period with 409', async () => {
    const { body: e } = await buche({ text: 'wird geprüft' });
    const close = await kassier.request('POST', 'Kassa/CloseFilteredEntries', { query: { entryID: e.id } });
    expect(close.status).toBe(200);
    const geprueft = await kassier.post<Problem>('Kassa/UpdateKassabuch', { ...e, version: null, text: 'x' });
    expect(geprueft.status).toBe(409);
    expect(geprueft.body.code).toBe('kassabuch_geprueft');

    const { body: f } = await buche({ datum: '2025-04-04', buchungskontoId: await pacht2025() });
    expect(f.kassaabrechnungId).toBe(k.perioden[2025]);
    await app.services.db('kassaabrechnungen').where({ id: k.perioden[2025] }).update({ geschlossen: true });
    const zu = await kassier.post<Problem>('Kassa/UpdateKassabuch', { ...f, text: 'x' });
    expect(zu.status).toBe(409);
    expect(zu.body.code).toBe('kassaabrechnung_geschlossen');
    const neuZu = await buche({ datum: '2025-05-05', buchungskontoId: f.buchungskontoId });
    expect(neuZu.status).toBe(409);
    await app.services.db('kassaabrechnungen').where({ id: k.perioden[2025] }).update({ geschlossen: false });
  });

  it('is refused without the Kassa right', async () => {
    const leser = await app.signedIn(['Rechnungsprüfer']);
    expect((await leser.post('Kassa/UpdateKassabuch', neu())).status).toBe(403);
    expect((await leser.get('Kassa/GetKassabuch')).status).toBe(200);
  });
});
