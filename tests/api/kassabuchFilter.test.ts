import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Eintrag, KassabuchAntwort } from '../../src/modules/kassa/schema/kassabuch';
import type { ApiClient } from '../helpers/apiClient';
import { buildAdresse, buildParzelle } from '../helpers/factories';
import { type KassaBeispiel, seedKassaBeispiel } from '../helpers/kassaBeispiel';
import { startTestApp, type TestApp } from '../helpers/testApp';

// GetKassabuch: every filter of spec §3 and the sums of what it keeps, and each entry's running
// account balance (opening balance + every entry of the account up to it by date and number, also
// when the filter hides some of them).

let app: TestApp;
let k: KassaBeispiel;
let kassier: ApiClient;
/** Entry ids by Belegnummer. */
const id: Record<number, number> = {};
let parzelleId = 0;
let adresseId = 0;

beforeAll(async () => {
  app = await startTestApp();
  k = await seedKassaBeispiel(app.services.db, { jahre: [2026, 2025] });
  kassier = await app.signedIn(['Kassier']);
  parzelleId = (await buildParzelle(app.services, { nummer: 'F-5' })).id;
  adresseId = (await buildAdresse(app.services, { nachname: 'Filtertest' })).id;
  const eintraege = [
    {
      datum: '2026-01-10',
      betragCent: 5_000,
      kontoId: k.bank,
      buchungskontoId: k.bk.mitgliedsbeitrag,
      text: 'Beitrag Huber',
    },
    {
      datum: '2026-01-15',
      betragCent: -1_200,
      kontoId: k.kassa,
      buchungskontoId: k.bk.material,
      kostenstelleId: k.ks.vereinshaus,
      text: 'Schrauben ÜBER Baumarkt',
      kommentar: 'Baumarkt Süd',
      rechnungsdatum: '2026-01-14',
    },
    {
      datum: '2026-02-01',
      betragCent: 11_000,
      kontoId: k.bank,
      buchungskontoId: k.bk.pacht,
      text: 'Pacht Parzelle 5',
      parzelleId,
      adresseId,
    },
    {
      datum: '2026-02-01',
      betragCent: -3_000,
      kontoId: k.bank,
      buchungskontoId: k.bk.strom,
      kostenstelleId: k.ks.wasser,
      text: 'Strom Pumpe',
    },
    { datum: '2026-03-01', betragCent: 2_000, kontoId: k.bank, buchungskontoId: k.bk.klaerung, text: 'Unklar' },
    {
      datum: '2026-03-05',
      betragCent: 500,
      kontoId: k.kassa,
      buchungskontoId: k.bk.mitgliedsbeitrag,
      text: 'Beitrag bar',
    },
    // Booked last, dated early: its number is 7, its place in the book after Beleg 1.
    { datum: '2026-01-12', betragCent: -500, kontoId: k.bank, buchungskontoId: k.bk.material, text: 'Nachtrag' },
  ];
  for (const e of eintraege) {
    const res = await kassier.post<Eintrag>('Kassa/UpdateKassabuch', e);
    if (res.status !== 200) throw new Error(res.text);
    id[res.body.belegnummer] = res.body.id;
  }
});
afterAll(() => app.stop());

const buch = async (query: Record<string, string | number> = {}) => {
  const res = await kassier.get<KassabuchAntwort>('Kassa/GetKassabuch', query);
  expect(res.status).toBe(200);
  return res.body;
};
const nummern = async (query: Record<string, string | number>) =>
  (await buch(query)).eintraege.map((e) => e.belegnummer);

describe('GetKassabuch', () => {
  it('lists every entry by date and number with the sums', async () => {
    const { eintraege, summe } = await buch();
    expect(eintraege.map((e) => e.belegnummer)).toEqual([1, 7, 2, 3, 4, 5, 6]);
    expect(summe).toEqual({ anzahl: 7, einnahmenCent: 18_500, ausgabenCent: 4_700, saldoCent: 13_800 });
  });

  it('gives each entry its account’s running balance from the opening balance', async () => {
    const saldo = Object.fromEntries((await buch()).eintraege.map((e) => [e.belegnummer, e.kontoSaldoCent]));
    // Bank opens with 10,000.00 €, the cash box with 500.00 €.
    expect(saldo).toEqual({
      1: 1_005_000,
      7: 1_004_500,
      3: 1_015_500,
      4: 1_012_500,
      5: 1_014_500,
      2: 48_800,
      6: 49_300,
    });
    // A filter hides entries, not their effect on the balance.
    const gefiltert = await buch({ Kategorie: k.bk.mitgliedsbeitrag });
    expect(gefiltert.eintraege.map((e) => [e.belegnummer, e.kontoSaldoCent])).toEqual([
      [1, 1_005_000],
      [6, 49_300],
    ]);
  });

  it('filters by period, date, number, amount and invoice date', async () => {
    expect(await nummern({ kassaabrechnungID: k.perioden[2026] as number })).toHaveLength(7);
    expect(await nummern({ kassaabrechnungID: k.perioden[2025] as number })).toEqual([]);
    expect(await nummern({ kassabuchFilterVon: '2026-02-01', kassabuchFilterBis: '2026-02-28' })).toEqual([3, 4]);
    expect(await nummern({ BelegnummerFilterVon: 2, BelegnummerFilterBis: 3 })).toEqual([2, 3]);
    // On the absolute amount: the expenses of 12.00 and 30.00 € and the income of 20.00 €.
    const betrag = await buch({ BetragFilterVon: 1_200, BetragFilterBis: 3_000 });
    expect(betrag.eintraege.map((e) => e.belegnummer)).toEqual([2, 4, 5]);
    expect(betrag.summe).toEqual({ anzahl: 3, einnahmenCent: 2_000, ausgabenCent: 4_200, saldoCent: -2_200 });
    expect(await nummern({ RechnungsdatumFilterVon: '2026-01-01', RechnungsdatumFilterBis: '2026-01-31' })).toEqual([
      2,
    ]);
  });

  it('filters by booking account, cost centre, account, entry, plot and address', async () => {
    expect(await nummern({ Kategorie: k.bk.mitgliedsbeitrag })).toEqual([1, 6]);
    expect(await nummern({ Kostenstelle: k.ks.wasser })).toEqual([4]);
    const kassa = await buch({ SelectedKonto: k.kassa });
    expect(kassa.eintraege.map((e) => e.belegnummer)).toEqual([2, 6]);
    expect(kassa.summe).toEqual({ anzahl: 2, einnahmenCent: 500, ausgabenCent: 1_200, saldoCent: -700 });
    expect(await nummern({ entryID: id[4] as number })).toEqual([4]);
    const parzelle = await buch({ parzelleId });
    expect(parzelle.eintraege.map((e) => [e.belegnummer, e.parzelleNummer, e.adresseName])).toEqual([
      [3, 'F-5', 'Filtertest Anna'],
    ]);
    expect(await nummern({ adresseId })).toEqual([3]);
  });

  it('finds text and comment case-insensitively, umlauts included', async () => {
    expect(await nummern({ Bezeichnung: 'über' })).toEqual([2]);
    expect(await nummern({ Bezeichnung: 'BEITRAG' })).toEqual([1, 6]);
    expect(await nummern({ Kommentar: 'süd' })).toEqual([2]);
    expect(await nummern({ Bezeichnung: 'beitrag', SelectedKonto: k.kassa })).toEqual([6]);
  });

  it('filters checked, unchecked and clearing-account entries', async () => {
    expect(await nummern({ kontoOption: 'klaerung' })).toEqual([5]);
    const close = await kassier.request('POST', 'Kassa/CloseFilteredEntries', { query: { BelegnummerFilterBis: 2 } });
    expect(close.status).toBe(200);
    expect(await nummern({ kontoOption: 'geprueft' })).toEqual([1, 2]);
    expect(await nummern({ kontoOption: 'ungeprueft' })).toEqual([7, 3, 4, 5, 6]);
    const alle = await buch({ kontoOption: 'alle' });
    expect(alle.eintraege.find((e) => e.belegnummer === 1)).toMatchObject({
      geprueft: true,
      geprueftAm: expect.any(String),
    });
  });

  it('ignores empty filter values and refuses wrong ones with 422', async () => {
    expect(await nummern({ Kategorie: '', Bezeichnung: '', kassabuchFilterVon: '' })).toHaveLength(7);
    const bad = await kassier.get<{ errors: Record<string, string[]> }>('Kassa/GetKassabuch', {
      kontoOption: 'offen',
      kassabuchFilterVon: '2026-02-30',
      BetragFilterVon: 'viel',
    });
    expect(bad.status).toBe(422);
    expect(Object.keys(bad.body.errors).sort()).toEqual([
      'query.BetragFilterVon',
      'query.kassabuchFilterVon',
      'query.kontoOption',
    ]);
  });

  it('answers a change at once (the kept answer is dropped)', async () => {
    const vorher = await buch();
    const e = vorher.eintraege.find((x) => x.belegnummer === 6) as Eintrag;
    await kassier.post('Kassa/UpdateKassabuch', { ...e, betragCent: 700 });
    const nachher = await buch();
    expect(nachher.summe.einnahmenCent).toBe(vorher.summe.einnahmenCent + 200);
    expect(nachher.eintraege.find((x) => x.belegnummer === 6)?.kontoSaldoCent).toBe(49_500);
  });
});
