import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Vereinsabrechnung, VereinsabrechnungLookup } from '../../src/modules/abrechnung/schema/vereinsabrechnung';
import { bucheLauf } from '../../src/modules/abrechnung/services';
import { systemActor } from '../../src/platform/auth/principal';
import { inTransaction, nowDb } from '../../src/platform/db/db';
import type { ApiClient } from '../helpers/apiClient';
import { buildPachtabrechnung } from '../helpers/factories';
import { startTestApp, type TestApp } from '../helpers/testApp';
import { seedZvBeispiel, ZV_DATUM, type ZvBeispiel } from '../helpers/zvBeispiel';

// The Vereinsabrechnung's six calls and its lookup (docs/api/abrechnung.md "Vereinsabrechnung"):
// DOMAIN.md's club positions of 2026, a new year copying them (booking accounts mapped by number to
// the new year's Kassa), the whole record saved with its positions in order, the validation per
// kind, and the year frozen (409) once its Zahlungsvorschreibung is booked.

type Problem = { title: string; code?: string; errors?: Record<string, string[]> };

let app: TestApp;
let z: ZvBeispiel;
let kassier: ApiClient;
let pruefer: ApiClient;
let wasserwart: ApiClient;
let schriftfuehrer: ApiClient;
let jahr2027: number;
let bk2027Mitgliedsbeitrag: number;

beforeAll(async () => {
  app = await startTestApp();
  z = await seedZvBeispiel(app.services);
  const db = app.services.db;
  jahr2027 = (await buildPachtabrechnung(app.services, 2027)).id;
  // The 2027 Kassa year has its own copy of account 4000 (new id): a copied position must point there.
  const now = nowDb();
  const [periode] = await db('kassaabrechnungen').insert({
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
  const [bk] = await db('buchungskonten').insert({
    kassaabrechnung_id: Number(periode),
    nummer: '4000',
    name: 'Mitgliedsbeiträge',
    art: 'einnahme',
    steuersatz: 0,
    parzellenspezifisch: false,
    jahresbetrag_cent: 0,
    geloescht: false,
    klaerung: false,
    version: 1,
    created_at: now,
    updated_at: now,
  });
  bk2027Mitgliedsbeitrag = Number(bk);
  kassier = await app.signedIn(['Kassier']);
  pruefer = await app.signedIn(['Rechnungsprüfer']);
  wasserwart = await app.signedIn(['Wasserwart']);
  schriftfuehrer = await app.signedIn(['Schriftführer']);
});
afterAll(() => app.stop());

const ohneIds = (v: Vereinsabrechnung) => v.positionen.map(({ id: _id, ...p }) => p);

describe('Vereinsabrechnung', () => {
  it('lists, reads and looks up the year’s club positions in their order', async () => {
    const liste = await pruefer.get<Vereinsabrechnung[]>('Abrechnung/GetVereinsabrechnungen');
    expect(liste.status).toBe(200);
    expect(liste.body).toHaveLength(1);
    const v = liste.body[0]!;
    expect(v).toMatchObject({ id: z.vereinsabrechnungId, pachtabrechnungId: z.pachtabrechnungId, jahr: 2026 });
    expect(ohneIds(v)).toEqual([
      {
        sortierung: 1,
        text: 'Verbandsbeitrag',
        art: 'proMitglied',
        betragCent: 1266,
        satz: null,
        steuersatz: 0,
        buchungskontoId: z.bk.mitgliedsbeitrag,
        nurMitglieder: false,
      },
      expect.objectContaining({ sortierung: 2, text: 'Mitgliedsbeitrag', betragCent: 7500 }),
      expect.objectContaining({ sortierung: 3, text: 'Instandhaltungsbeitrag', art: 'proParzelle', betragCent: 18000 }),
    ]);

    const einzeln = await pruefer.get<Vereinsabrechnung>('Abrechnung/GetVereinsabrechnung', {
      id: z.vereinsabrechnungId,
    });
    expect(einzeln.body).toEqual(v);
    const fehlt = await pruefer.get<Problem>('Abrechnung/GetVereinsabrechnung', { id: 999_999 });
    expect(fehlt.status).toBe(404);
    expect(fehlt.body.title).toBe('Diese Vereinsabrechnung gibt es nicht (mehr).');

    expect((await pruefer.get('Abrechnung/GetAllVereinsabrechnungIDs')).body).toEqual([
      { id: z.vereinsabrechnungId, jahr: 2026 },
    ]);
    // The dropdown is open to Stammdaten too (the Schriftführer holds no Abrechnung right).
    const lookup = await schriftfuehrer.get<VereinsabrechnungLookup[]>('Common/Vereinsabrechnungen');
    expect(lookup.status).toBe(200);
    expect(lookup.body).toEqual([{ id: z.vereinsabrechnungId, jahr: 2026, bezeichnung: 'Vereinsabrechnung 2026' }]);
  });

  it('GetNewVereinsabrechnung copies the latest earlier year, mapping booking accounts by number; 409 the second time', async () => {
    const neu = await kassier.post<Vereinsabrechnung>(
      `Abrechnung/GetNewVereinsabrechnung?pachtabrechnungID=${jahr2027}`,
    );
    expect(neu.status).toBe(200);
    expect(neu.body).toMatchObject({ pachtabrechnungId: jahr2027, jahr: 2027, bezeichnung: 'Vereinsabrechnung 2027' });
    expect(neu.body.positionen.map((p) => [p.sortierung, p.text, p.art, p.betragCent, p.buchungskontoId])).toEqual([
      [1, 'Verbandsbeitrag', 'proMitglied', 1266, bk2027Mitgliedsbeitrag],
      [2, 'Mitgliedsbeitrag', 'proMitglied', 7500, bk2027Mitgliedsbeitrag],
      [3, 'Instandhaltungsbeitrag', 'proParzelle', 18000, bk2027Mitgliedsbeitrag],
    ]);
    // The copy has rows of its own: the 2026 positions are untouched.
    expect(new Set(neu.body.positionen.map((p) => p.id)).size).toBe(3);
    const alt = await kassier.get<Vereinsabrechnung>('Abrechnung/GetVereinsabrechnung', { id: z.vereinsabrechnungId });
    expect(alt.body.positionen.map((p) => p.buchungskontoId)).toEqual(Array(3).fill(z.bk.mitgliedsbeitrag));

    const nochmal = await kassier.post<Problem>(`Abrechnung/GetNewVereinsabrechnung?pachtabrechnungID=${jahr2027}`);
    expect(nochmal.status).toBe(409);
    expect(nochmal.body.title).toBe('Für 2027 gibt es bereits eine Vereinsabrechnung; bitte bearbeiten Sie diese.');
    // Newest first.
    expect((await kassier.get('Abrechnung/GetAllVereinsabrechnungIDs')).body).toEqual([
      { id: neu.body.id, jahr: 2027 },
      { id: z.vereinsabrechnungId, jahr: 2026 },
    ]);
  });

  it('UpdateVereinsabrechnung replaces the positions in the given order; proM2 keeps its rate, the others their amount', async () => {
    const [v2027] = (await kassier.get<Vereinsabrechnung[]>('Abrechnung/GetVereinsabrechnungen')).body;
    const gespeichert = await kassier.post<Vereinsabrechnung>('Abrechnung/UpdateVereinsabrechnung', {
      ...v2027,
      bezeichnung: 'Vereinsbeiträge 2027',
      positionen: [
        { text: 'Wegerhaltung', art: 'proM2', satz: '0.05', betragCent: 999, steuersatz: 20, buchungskontoId: null },
        { ...v2027!.positionen[1], id: 12345, sortierung: 7 },
        { text: 'Abstellplatzbeitrag', art: 'proAbstellplatz', betragCent: 2000, nurMitglieder: true },
        { text: 'Weiteres Mitglied', art: 'proWeiteresMitglied', betragCent: 3500, satz: '1.00' },
      ],
    });
    expect(gespeichert.status).toBe(200);
    expect(gespeichert.body.bezeichnung).toBe('Vereinsbeiträge 2027');
    expect(gespeichert.body.version).toBe(v2027!.version + 1);
    expect(ohneIds(gespeichert.body)).toEqual([
      {
        sortierung: 1,
        text: 'Wegerhaltung',
        art: 'proM2',
        betragCent: null,
        satz: '0.05',
        steuersatz: 20,
        buchungskontoId: null,
        nurMitglieder: false,
      },
      {
        sortierung: 2,
        text: 'Mitgliedsbeitrag',
        art: 'proMitglied',
        betragCent: 7500,
        satz: null,
        steuersatz: 0,
        buchungskontoId: bk2027Mitgliedsbeitrag,
        nurMitglieder: false,
      },
      {
        sortierung: 3,
        text: 'Abstellplatzbeitrag',
        art: 'proAbstellplatz',
        betragCent: 2000,
        satz: null,
        steuersatz: 0,
        buchungskontoId: null,
        nurMitglieder: true,
      },
      expect.objectContaining({ sortierung: 4, art: 'proWeiteresMitglied', betragCent: 3500, satz: null }),
    ]);
    const verlauf = await app.services
      .db('history')
      .where({ entity_type: 'Vereinsabrechnung', entity_id: String(v2027!.id), action: 'update' })
      .first();
    expect(JSON.parse(String(verlauf?.after)).positionen[0]).toMatchObject({ text: 'Wegerhaltung', satz: '0.05' });

    // The dialog's old version: someone else saved in between.
    const alt = await kassier.post<Problem>('Abrechnung/UpdateVereinsabrechnung', { ...v2027, positionen: [] });
    expect(alt.status).toBe(409);
    expect(alt.body.code).toBe('version_conflict');
  });

  it('refuses a position without what its kind needs, an unknown kind or booking account: 422 per field, nothing written', async () => {
    const [v2027] = (await kassier.get<Vereinsabrechnung[]>('Abrechnung/GetVereinsabrechnungen')).body;
    const vorher = await kassier.get<Vereinsabrechnung>('Abrechnung/GetVereinsabrechnung', { id: v2027!.id });
    const ungueltig = await kassier.post<Problem>('Abrechnung/UpdateVereinsabrechnung', {
      ...v2027,
      positionen: [
        { text: 'Wegerhaltung', art: 'proM2', betragCent: 500 },
        { text: 'Instandhaltung', art: 'proParzelle', satz: '1.00' },
        { text: 'Beitrag', art: 'proJahr', betragCent: 100 },
        { text: '', art: 'proAdresse', betragCent: 100 },
        { text: 'Rabatt', art: 'proAdresse', betragCent: -100, steuersatz: 13 },
        { text: 'Zu genau', art: 'proM2', satz: '0.123456' },
      ],
    });
    expect(ungueltig.status).toBe(422);
    expect(ungueltig.body.errors).toMatchObject({
      'positionen.0.satz': ['Bitte geben Sie den Satz pro m² an.'],
      'positionen.1.betragCent': ['Bitte geben Sie einen Betrag an.'],
      'positionen.2.art': [expect.stringContaining('Erlaubt sind proMitglied')],
      'positionen.3.text': ['Bitte geben Sie einen Text an.'],
      'positionen.4.betragCent': ['Erlaubt sind 0 bis 100000000 Cent (ganze Cent).'],
      'positionen.4.steuersatz': ['Steuersatz muss 0, 10 oder 20 % sein.'],
      'positionen.5.satz': [expect.stringContaining('höchstens 4 Nachkommastellen')],
    });

    const kontoFehlt = await kassier.post<Problem>('Abrechnung/UpdateVereinsabrechnung', {
      ...v2027,
      positionen: [{ text: 'Beitrag', art: 'proAdresse', betragCent: 100, buchungskontoId: 999_999 }],
    });
    expect(kontoFehlt.status).toBe(422);
    expect(kontoFehlt.body.errors).toEqual({ 'positionen.0.buchungskontoId': ['Dieses Buchungskonto gibt es nicht.'] });

    const anderesJahr = await kassier.post<Problem>('Abrechnung/UpdateVereinsabrechnung', {
      ...v2027,
      pachtabrechnungId: z.pachtabrechnungId,
    });
    expect(anderesJahr.status).toBe(422);
    expect(anderesJahr.body.errors).toHaveProperty('pachtabrechnungId');

    expect((await kassier.get('Abrechnung/GetVereinsabrechnung', { id: v2027!.id })).body).toEqual(vorher.body);
  });

  it('DeleteVereinsabrechnung removes the year’s record with its positions', async () => {
    const [v2027] = (await kassier.get<Vereinsabrechnung[]>('Abrechnung/GetVereinsabrechnungen')).body;
    const geloescht = await kassier.delete('Abrechnung/DeleteVereinsabrechnung', { id: v2027!.id });
    expect(geloescht.status).toBe(204);
    expect((await kassier.get('Abrechnung/GetVereinsabrechnung', { id: v2027!.id })).status).toBe(404);
    expect(await app.services.db('vereinsabrechnung_positionen').where({ vereinsabrechnung_id: v2027!.id })).toEqual(
      [],
    );
    // Creating through Update (id 0) works again for that year.
    const neu = await kassier.post<Vereinsabrechnung>('Abrechnung/UpdateVereinsabrechnung', {
      id: 0,
      pachtabrechnungId: jahr2027,
      positionen: [{ text: 'Mitgliedsbeitrag', art: 'proMitglied', betragCent: 8000 }],
    });
    expect(neu.status).toBe(200);
    expect(neu.body).toMatchObject({ jahr: 2027, bezeichnung: 'Vereinsabrechnung 2027', version: 1 });
    const doppelt = await kassier.post<Problem>('Abrechnung/UpdateVereinsabrechnung', {
      id: 0,
      pachtabrechnungId: jahr2027,
      positionen: [],
    });
    expect(doppelt.status).toBe(409);
  });

  it('holds only for the rights: reading with View, writing with Edit, nothing for the Wasserwart', async () => {
    expect((await wasserwart.get('Abrechnung/GetVereinsabrechnungen')).status).toBe(403);
    // The lookup follows Stammdaten.View, which the Wasserwart holds.
    expect((await wasserwart.get('Common/Vereinsabrechnungen')).status).toBe(200);
    expect((await wasserwart.post('Abrechnung/GetNewVereinsabrechnung')).status).toBe(403);
    expect((await pruefer.post('Abrechnung/GetNewVereinsabrechnung')).status).toBe(403);
    expect(
      (
        await pruefer.post('Abrechnung/UpdateVereinsabrechnung', {
          id: z.vereinsabrechnungId,
          pachtabrechnungId: z.pachtabrechnungId,
          positionen: [],
        })
      ).status,
    ).toBe(403);
    expect((await pruefer.delete('Abrechnung/DeleteVereinsabrechnung', { id: z.vereinsabrechnungId })).status).toBe(
      403,
    );
    expect((await app.client().get('Abrechnung/GetVereinsabrechnungen')).status).toBe(401);
  });

  it('freezes the year once its Zahlungsvorschreibung is booked (409), other years stay open', async () => {
    await inTransaction(app.services.db, (trx) =>
      bucheLauf(trx, systemActor('Test'), {
        art: 'Zahlungsvorschreibung',
        pachtabrechnungId: z.pachtabrechnungId,
        datum: ZV_DATUM,
        faelligAm: '2026-03-31',
        eintraege: [],
      }),
    );
    const v2026 = (
      await kassier.get<Vereinsabrechnung>('Abrechnung/GetVereinsabrechnung', { id: z.vereinsabrechnungId })
    ).body;
    const aendern = await kassier.post<Problem>('Abrechnung/UpdateVereinsabrechnung', { ...v2026, positionen: [] });
    expect(aendern.status).toBe(409);
    expect(aendern.body).toMatchObject({
      code: 'zahlungsvorschreibung_gebucht',
      title:
        'Die Zahlungsvorschreibung 2026 ist bereits gebucht; die Sätze dieses Jahres können nicht mehr geändert werden.',
    });
    const loeschen = await kassier.delete<Problem>('Abrechnung/DeleteVereinsabrechnung', { id: z.vereinsabrechnungId });
    expect(loeschen.status).toBe(409);
    expect(
      (await kassier.get<Vereinsabrechnung>('Abrechnung/GetVereinsabrechnung', { id: z.vereinsabrechnungId })).body,
    ).toEqual(v2026);
    const [v2027] = (await kassier.get<Vereinsabrechnung[]>('Abrechnung/GetVereinsabrechnungen')).body;
    expect((await kassier.post('Abrechnung/UpdateVereinsabrechnung', { ...v2027, bezeichnung: 'offen' })).status).toBe(
      200,
    );
  });
});
