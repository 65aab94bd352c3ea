import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { EinbuchenResponse, ZvEintrag } from '../../src/modules/abrechnung/schema/zvData';
import type { ForderungenListe } from '../../src/modules/abrechnung/schema/zvQuery';
import { ensureYear } from '../../src/modules/abrechnung/services';
import { saveSection } from '../../src/modules/vereinseinstellungen/services';
import { systemActor } from '../../src/platform/auth/principal';
import { nowDb } from '../../src/platform/db/db';
import type { ApiClient } from '../helpers/apiClient';
import { buildAdresse, buildPachtverhaeltnis, buildParzelle } from '../helpers/factories';
import { seedKassaBeispiel } from '../helpers/kassaBeispiel';
import { startTestApp, type TestApp } from '../helpers/testApp';

// A second Zahlungsvorschreibung, worked out by hand: a plot-specific account, a parking space, a
// percentage surcharge only for flagged plots, and a Gartenwechsel on 15 July billed with
// interimBilling; booked with rechnungenTeilen (one receivable per booking account).
//
// 2026: Pachtzins 1,00 €/m², no Grundsteuer, common area 100 m² (shares by area 60 / 40 m²);
// Wohnzuschlag 10 % of the Pachtzins for plots with flag 1 („ständig wohnen“); Mitgliedsbeitrag
// 50,00 € per member, Instandhaltung 20,00 € per plot; plot-specific account „Kanal“ 120,00 € on plot 2;
// parking space 7 (PKW, 36,00 € a year) of Eins. Letters dated 1 September 2026.
//
// Plot 1 (300 m², flag 1, Eins Erich all year):
//   Pachtzins 300,00 + Anteil 60,00 + Wohnzuschlag 10 % von 300,00 = 30,00 + Mitgliedsbeitrag 50,00
//   + Instandhaltung 20,00 + Abstellplatz 36,00 = 496,00 €
// Plot 2 (200 m², Alt Anton until 15 July, Neu Nora from 16 July): a month goes to whoever holds the
// plot on its first day, so Alt 7 months (Jan–Jul), Neu 5 (Aug–Dec); split by largest remainder:
//   Pachtzins 200,00 → 116,67 / 83,33; Anteil 40,00 → 23,33 / 16,67; Instandhaltung 20,00 → 11,67 / 8,33;
//   Kanal 120,00 → 70,00 / 50,00. Alt: 221,67 €. Neu (+ her Mitgliedsbeitrag 50,00, holder on the date):
//   83,33 + 16,67 + 50,00 + 8,33 + 50,00 = 208,33 €.
// Sum 926,00 €. rechnungenTeilen: per letter one receivable per booking account (Pacht, Mitglied,
// Kanal; the parking fee has none): Eins 390,00 / 70,00 / 36,00; Alt 140,00 / 11,67 / 70,00;
// Neu 100,00 / 58,33 / 50,00 — nine receivables 2026-00001 … 2026-00009.

let app: TestApp;
let kassier: ApiClient;
const ids = { jahr: 0, eins: 0, alt: 0, neu: 0, p1: 0, p2: 0, kanal: 0, pacht: 0, mitglied: 0 };
const DATUM = '2026-09-01';
const MITGLIED = 256;

beforeAll(async () => {
  app = await startTestApp();
  kassier = await app.signedIn(['Kassier']);
  const s = app.services;
  const db = s.db;
  const now = nowDb();
  const stamp = { created_at: now, updated_at: now };
  await saveSection(s, db, systemActor('Test'), 'bank', {
    kontoinhaber: 'KGV Beispiel',
    iban: 'AT611904300234573201',
    bic: 'BKAUATWW',
    bankname: 'Bank',
  });
  const kassa = await seedKassaBeispiel(db, { jahre: [2026] });
  ids.pacht = kassa.bk.pacht;
  ids.mitglied = kassa.bk.mitgliedsbeitrag;
  const [kanal] = await db('buchungskonten').insert({
    kassaabrechnung_id: kassa.perioden[2026]!,
    nummer: '4711',
    name: 'Kanal',
    art: 'einnahme',
    steuersatz: 0,
    parzellenspezifisch: true,
    jahresbetrag_cent: 12_000,
    ...stamp,
  });
  ids.kanal = Number(kanal);
  ids.jahr = (await ensureYear(db, 2026)).id;
  await db('pachtberechnungen').insert({
    pachtabrechnung_id: ids.jahr,
    version: 1,
    pachtzins_pro_m2: '1.00',
    grundsteuer_pro_m2: null,
    gemeinschaftsflaeche: '100.00',
    zahlungsziel_tage: null,
    pacht_steuersatz: 0,
    bk_pachtzins_id: ids.pacht,
    bk_gemeinschaftsflaeche_id: ids.pacht,
    bk_grundsteuer_id: ids.pacht,
    ...stamp,
  });
  await db('pachtzuschlaege').insert({
    version: 1,
    pachtabrechnung_id: ids.jahr,
    sortierung: 1,
    bezeichnung: 'Wohnzuschlag',
    art: 'prozent',
    wert: '10',
    basis: 'pachtzins',
    parzellen_flag: 1,
    parzellen_ids: null,
    buchungskonto_id: ids.pacht,
    steuersatz: 0,
    ...stamp,
  });
  const [va] = await db('vereinsabrechnungen').insert({
    version: 1,
    pachtabrechnung_id: ids.jahr,
    bezeichnung: 'Vereinsabrechnung 2026',
    ...stamp,
  });
  const pos = { vereinsabrechnung_id: Number(va), satz: null, steuersatz: 0, buchungskonto_id: ids.mitglied };
  await db('vereinsabrechnung_positionen').insert([
    { ...pos, sortierung: 1, text: 'Mitgliedsbeitrag', art: 'proMitglied', betrag_cent: 5000, nur_mitglieder: false },
    { ...pos, sortierung: 2, text: 'Instandhaltung', art: 'proParzelle', betrag_cent: 2000, nur_mitglieder: false },
  ]);
  ids.p1 = (await buildParzelle(s, { nummer: '1', flaeche: '300.00', flags: 1 })).id;
  ids.p2 = (await buildParzelle(s, { nummer: '2', flaeche: '200.00' })).id;
  await db('buchungskonto_parzellen').insert({ buchungskonto_id: ids.kanal, parzelle_id: ids.p2 });
  const adresse = (nachname: string, vorname: string) =>
    buildAdresse(s, { nachname, vorname, strasse: 'Gartenweg 1', plz: '1140', ort: 'Wien', flags: MITGLIED });
  ids.eins = (await adresse('Eins', 'Erich')).id;
  ids.alt = (await adresse('Alt', 'Anton')).id;
  ids.neu = (await adresse('Neu', 'Nora')).id;
  await buildPachtverhaeltnis(s, { parzelleId: ids.p1, adresseId: ids.eins, von: '2010-01-01' });
  await buildPachtverhaeltnis(s, { parzelleId: ids.p2, adresseId: ids.alt, von: '2010-01-01', bis: '2026-07-15' });
  await buildPachtverhaeltnis(s, { parzelleId: ids.p2, adresseId: ids.neu, von: '2026-07-16' });
  const [kat] = await db('abstellplatz_kategorien').insert({
    name: 'PKW',
    jahresgebuehr_cent: 3600,
    aktiv: true,
    ...stamp,
  });
  const [platz] = await db('abstellplaetze').insert({ nummer: '7', kategorie_id: Number(kat), aktiv: true, ...stamp });
  await db('abstellplatz_zuordnungen').insert({
    abstellplatz_id: Number(platz),
    adresse_id: ids.eins,
    von: '2020-01-01',
    bis: null,
    created_at: now,
  });
});
afterAll(() => app.stop());

const zeilen = (e: ZvEintrag | undefined) =>
  e?.parzellen.flatMap((t) => t.positionen.map((p) => [t.nummer, p.text, p.betragCent]));

describe('Zahlungsvorschreibung: a Gartenwechsel with interimBilling, rechnungenTeilen', () => {
  it('splits plot 2 by months and keeps the address-bound lines with the holder on the date', async () => {
    const res = await kassier.get<ZvEintrag[]>('Abrechnung/ZvData', {
      pachtabrechnungID: ids.jahr,
      date: DATUM,
      interimBilling: true,
    });
    expect(res.status, res.text).toBe(200);
    expect(res.body.map((e) => [e.name, e.summeCent])).toEqual([
      ['Eins Erich', 49_600],
      ['Alt Anton', 22_167],
      ['Neu Nora', 20_833],
    ]);
    const [eins, alt, neu] = res.body;
    expect(zeilen(eins)).toEqual([
      ['1', 'Pachtzins 300,00 m² × 1,00 €', 30_000],
      ['1', 'Gemeinschaftsflächenanteil 60,00 m² × 1,00 €', 6_000],
      ['1', 'Wohnzuschlag 10 % von 300,00 €', 3_000],
      ['1', 'Mitgliedsbeitrag', 5_000],
      ['1', 'Instandhaltung', 2_000],
      ['1', 'Abstellplatz 7 (PKW)', 3_600],
    ]);
    expect(zeilen(alt)).toEqual([
      ['2', 'Pachtzins 200,00 m² × 1,00 € (anteilig 7/12)', 11_667],
      ['2', 'Gemeinschaftsflächenanteil 40,00 m² × 1,00 € (anteilig 7/12)', 2_333],
      ['2', 'Instandhaltung (anteilig 7/12)', 1_167],
      ['2', 'Kanal (anteilig 7/12)', 7_000],
    ]);
    expect(zeilen(neu)).toEqual([
      ['2', 'Pachtzins 200,00 m² × 1,00 € (anteilig 5/12)', 8_333],
      ['2', 'Gemeinschaftsflächenanteil 40,00 m² × 1,00 € (anteilig 5/12)', 1_667],
      ['2', 'Mitgliedsbeitrag', 5_000],
      ['2', 'Instandhaltung (anteilig 5/12)', 833],
      ['2', 'Kanal (anteilig 5/12)', 5_000],
    ]);
  });

  it('without interimBilling bills plot 2 whole to the holder on the date', async () => {
    const res = await kassier.get<ZvEintrag[]>('Abrechnung/ZvData', { pachtabrechnungID: ids.jahr, date: DATUM });
    expect(res.body.map((e) => [e.name, e.summeCent])).toEqual([
      ['Eins Erich', 49_600],
      // 200,00 + 40,00 + 50,00 + 20,00 + 120,00
      ['Neu Nora', 43_000],
    ]);
  });

  it('lists before booking exactly the receivables booking will write', async () => {
    const res = await kassier.get<ForderungenListe>('Abrechnung/ForderungenExcelExport', {
      pachtabrechnungID: ids.jahr,
      date: DATUM,
      interimBilling: true,
      rechnungenTeilen: true,
      format: 'json',
    });
    expect(res.status, res.text).toBe(200);
    expect(res.body.gebucht).toBe(false);
    expect(res.body.summeCent).toBe(92_600);
    expect(res.body.zeilen.map((r) => [r.nummer, r.adresseId, r.buchungskontoId, r.betragCent])).toEqual([
      [null, ids.eins, ids.pacht, 39_000],
      [null, ids.eins, ids.mitglied, 7_000],
      [null, ids.eins, null, 3_600],
      [null, ids.alt, ids.pacht, 14_000],
      [null, ids.alt, ids.mitglied, 1_167],
      [null, ids.alt, ids.kanal, 7_000],
      [null, ids.neu, ids.pacht, 10_000],
      [null, ids.neu, ids.mitglied, 5_833],
      [null, ids.neu, ids.kanal, 5_000],
    ]);
  });

  it('books one receivable per booking account with rechnungenTeilen', async () => {
    const res = await kassier.post<EinbuchenResponse>('Abrechnung/ForderungenEinbuchen', {
      pachtabrechnungId: ids.jahr,
      datum: DATUM,
      interimBilling: true,
      rechnungenTeilen: true,
    });
    expect(res.status, res.text).toBe(200);
    expect(res.body.summeCent).toBe(92_600);
    expect(res.body.rechnungen.map((r) => [r.nummer, r.adresseId, r.betragCent])).toEqual([
      ['2026-00001', ids.eins, 39_000],
      ['2026-00002', ids.eins, 7_000],
      ['2026-00003', ids.eins, 3_600],
      ['2026-00004', ids.alt, 14_000],
      ['2026-00005', ids.alt, 1_167],
      ['2026-00006', ids.alt, 7_000],
      ['2026-00007', ids.neu, 10_000],
      ['2026-00008', ids.neu, 5_833],
      ['2026-00009', ids.neu, 5_000],
    ]);
    const gebucht = await kassier.get<ZvEintrag[]>('Abrechnung/ZvData', { pachtabrechnungID: ids.jahr });
    const neu = gebucht.body.find((e) => e.adresseId === ids.neu)!;
    expect(neu.summeCent).toBe(20_833);
    expect(neu.rechnungen.map((r) => [r.nummer, r.buchungskontoId])).toEqual([
      ['2026-00007', ids.pacht],
      ['2026-00008', ids.mitglied],
      ['2026-00009', ids.kanal],
    ]);
  });
});
