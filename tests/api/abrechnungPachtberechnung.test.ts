import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Pachtberechnung, PachtberechnungId } from '../../src/modules/abrechnung/schema/pachtberechnung';
import type { Pachtzuschlag } from '../../src/modules/abrechnung/schema/pachtzuschlag';
import type { ParzellenForZv } from '../../src/modules/abrechnung/schema/parzellenZv';
import { bucheLauf } from '../../src/modules/abrechnung/services';
import { systemActor } from '../../src/platform/auth/principal';
import { inTransaction, nowDb } from '../../src/platform/db/db';
import type { ApiClient } from '../helpers/apiClient';
import { buildGruppe, buildPachtabrechnung } from '../helpers/factories';
import { startTestApp, type TestApp } from '../helpers/testApp';
import { seedZvBeispiel, ZV_DATUM, type ZvBeispiel } from '../helpers/zvBeispiel';

// The rates of a billing year (docs/api/abrechnung.md "Pachtberechnung"): read and saved with their
// checks and optimistic version, a new year copying everything yearly of the previous one (rates,
// surcharges with their plot lists, club and group positions, shares, parking cards; booking
// accounts mapped by number to the new year's Kassa), and the 409s of a year in use or booked.

type Problem = { title: string; code?: string; errors?: Record<string, string[]> };

let app: TestApp;
let z: ZvBeispiel;
let kassier: ApiClient;
let pruefer: ApiClient;
let wasserwart: ApiClient;
let bk2027Pacht: number;
let bk2027Mitglied: number;
let gruppeId: number;

const stamp = () => ({ created_at: nowDb(), updated_at: nowDb() });

beforeAll(async () => {
  app = await startTestApp();
  z = await seedZvBeispiel(app.services);
  const db = app.services.db;
  // The 2027 Kassa year with its own copies of accounts 4100 and 4000 (new ids).
  const [periode] = await db('kassaabrechnungen').insert({
    jahr: 2027,
    bezeichnung: 'Kassa 2027',
    von: '2027-01-01',
    bis: '2027-12-31',
    geschlossen: false,
    naechste_belegnummer: 1,
    version: 1,
    ...stamp(),
  });
  const konto = async (nummer: string, name: string) => {
    const [id] = await db('buchungskonten').insert({
      kassaabrechnung_id: Number(periode),
      nummer,
      name,
      art: 'einnahme',
      steuersatz: 0,
      parzellenspezifisch: false,
      jahresbetrag_cent: 0,
      geloescht: false,
      klaerung: false,
      version: 1,
      ...stamp(),
    });
    return Number(id);
  };
  bk2027Pacht = await konto('4100', 'Pachtzins');
  bk2027Mitglied = await konto('4000', 'Mitgliedsbeiträge');
  gruppeId = (await buildGruppe(app.services, { name: 'Obere Reihe' })).id;
  kassier = await app.signedIn(['Kassier']);
  pruefer = await app.signedIn(['Rechnungsprüfer']);
  wasserwart = await app.signedIn(['Wasserwart']);
});
afterAll(() => app.stop());

const body = (pb: Pachtberechnung, changes: Partial<Pachtberechnung> = {}) => ({ ...pb, ...changes });

describe('Pachtberechnung', () => {
  it('answers DOMAIN.md’s rates of 2026 with the active plots and the surcharge count', async () => {
    const res = await pruefer.get<Pachtberechnung>('Abrechnung/GetPachtberechnung', { id: z.pachtabrechnungId });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({
      id: z.pachtabrechnungId,
      pachtabrechnungId: z.pachtabrechnungId,
      version: 1,
      jahr: 2026,
      bezeichnung: 'Abrechnungsjahr 2026',
      pachtzinsProM2: '1.31',
      grundsteuerProM2: '0.14',
      gemeinschaftsflaeche: '2000.00',
      zahlungszielTage: 30,
      zahlungszielTageWirksam: 30,
      pachtSteuersatz: 0,
      buchungskonten: { pachtzins: z.bk.pacht, gemeinschaftsflaeche: z.bk.pacht, grundsteuer: z.bk.pacht },
      summeFlaeche: '8000.00',
      anzahlParzellen: 17,
      anzahlZuschlaege: 1,
      gebucht: false,
    });
    const ids = await pruefer.get<PachtberechnungId[]>('Abrechnung/GetAllPachtberechnungIDs');
    expect(ids.body).toEqual([{ id: z.pachtabrechnungId, jahr: 2026 }]);
    expect((await pruefer.get('Abrechnung/GetPachtberechnung', { id: 99999 })).status).toBe(404);
  });

  it('a year without rates answers the defaults; the first save creates them', async () => {
    const y2025 = await buildPachtabrechnung(app.services, 2025);
    const leer = (await kassier.get<Pachtberechnung>('Abrechnung/GetPachtberechnung', { id: y2025.id })).body;
    expect(leer).toMatchObject({
      version: 1,
      pachtzinsProM2: '0.00',
      grundsteuerProM2: null,
      gemeinschaftsflaeche: '0.00',
      zahlungszielTage: null,
      zahlungszielTageWirksam: 14,
      anzahlZuschlaege: 0,
    });
    const saved = await kassier.post<Pachtberechnung>(
      'Abrechnung/UpdatePachtberechnung',
      body(leer, { pachtzinsProM2: '1.2', grundsteuerProM2: null, gemeinschaftsflaeche: '1900' }),
    );
    expect(saved.status).toBe(200);
    expect(saved.body).toMatchObject({ pachtzinsProM2: '1.2', gemeinschaftsflaeche: '1900.00', version: 1 });
    const list = await pruefer.get<Pachtberechnung[]>('Abrechnung/GetPachtberechnungen');
    expect(list.body.map((p) => p.jahr)).toEqual([2026, 2025]);
    expect((await kassier.delete('Abrechnung/DeletePachtberechnung', { id: y2025.id })).status).toBe(204);
    expect((await pruefer.get('Abrechnung/GetPachtberechnung', { id: y2025.id })).status).toBe(404);
  });

  it('refuses bad rates, unknown booking accounts and a stale version with German messages, writing nothing', async () => {
    const pb = (await kassier.get<Pachtberechnung>('Abrechnung/GetPachtberechnung', { id: z.pachtabrechnungId })).body;
    const bad = await kassier.post<Problem>(
      'Abrechnung/UpdatePachtberechnung',
      body(pb, {
        pachtzinsProM2: '-1',
        grundsteuerProM2: '0.123456',
        gemeinschaftsflaeche: '20.001',
        pachtSteuersatz: 15 as 0,
      }),
    );
    expect(bad.status).toBe(422);
    expect(Object.keys(bad.body.errors ?? {}).sort()).toEqual([
      'gemeinschaftsflaeche',
      'grundsteuerProM2',
      'pachtSteuersatz',
      'pachtzinsProM2',
    ]);
    expect(bad.body.errors?.pachtzinsProM2).toEqual(['Der Wert darf nicht negativ sein.']);
    const konto = await kassier.post<Problem>(
      'Abrechnung/UpdatePachtberechnung',
      body(pb, { buchungskonten: { ...pb.buchungskonten, grundsteuer: 987654 } }),
    );
    expect(konto.status).toBe(422);
    expect(konto.body.errors?.['buchungskonten.grundsteuer']).toEqual(['Dieses Buchungskonto gibt es nicht.']);

    const ok = await kassier.post<Pachtberechnung>(
      'Abrechnung/UpdatePachtberechnung',
      body(pb, { zahlungszielTage: 21 }),
    );
    expect(ok.body).toMatchObject({ version: 2, zahlungszielTage: 21, zahlungszielTageWirksam: 21 });
    const stale = await kassier.post<Problem>('Abrechnung/UpdatePachtberechnung', body(pb, { zahlungszielTage: 7 }));
    expect(stale.status).toBe(409);
    expect(stale.body.code).toBe('version_conflict');
    const back = await kassier.post<Pachtberechnung>(
      'Abrechnung/UpdatePachtberechnung',
      body(ok.body, { zahlungszielTage: 30 }),
    );
    expect(back.body).toMatchObject({ version: 3, zahlungszielTage: 30, pachtzinsProM2: '1.31' });
  });

  it('lets Abrechnung.View read but not write, and a Wasserwart neither', async () => {
    const pb = (await pruefer.get<Pachtberechnung>('Abrechnung/GetPachtberechnung', { id: z.pachtabrechnungId })).body;
    expect((await pruefer.post('Abrechnung/UpdatePachtberechnung', pb)).status).toBe(403);
    expect((await pruefer.post('Abrechnung/GetNewPachtberechnung', undefined, { query: { jahr: 2030 } })).status).toBe(
      403,
    );
    expect((await pruefer.delete('Abrechnung/DeletePachtberechnung', { id: z.pachtabrechnungId })).status).toBe(403);
    expect((await wasserwart.post('Abrechnung/UpdatePachtberechnung', pb)).status).toBe(403);
    expect((await wasserwart.get('Abrechnung/GetPachtberechnungen')).status).toBe(403);
  });
});

describe('GetNewPachtberechnung', () => {
  it('copies rates, surcharges with plot lists, club and group positions, shares and parking cards, mapping accounts by number', async () => {
    const db = app.services.db;
    // More of 2026 to copy: a surcharge for two plots, a group position, a stored share, parking cards.
    const listed = await kassier.post<Pachtzuschlag>('Abrechnung/UpdatePachtzuschlag', {
      id: 0,
      pachtabrechnungId: z.pachtabrechnungId,
      bezeichnung: 'Kanalzuschlag',
      art: 'proParzelle',
      wert: '25',
      parzellenIds: [z.parzellen[1], z.parzellen[2]],
      buchungskontoId: z.bk.mitgliedsbeitrag,
      steuersatz: 0,
    });
    expect(listed.status).toBe(200);
    await db('gruppenabrechnung_positionen').insert({
      version: 1,
      pachtabrechnung_id: z.pachtabrechnungId,
      gruppe_id: gruppeId,
      sortierung: 1,
      text: 'Wegsanierung',
      betrag_cent: 120_000,
      verteilung: 'flaeche',
      steuersatz: 0,
      buchungskonto_id: z.bk.pacht,
      ...stamp(),
    });
    await db('parzelle_jahr')
      .insert({
        parzelle_id: z.parzellen[5]!,
        pachtabrechnung_id: z.pachtabrechnungId,
        gemeinschaftsflaeche: null,
        anzahl_parkkarten: 2,
      })
      .onConflict(['parzelle_id', 'pachtabrechnung_id'])
      .merge();
    await db('parkkarten_info').insert({
      pachtabrechnung_id: z.pachtabrechnungId,
      version: 1,
      gebuehr_cent: 1500,
      gueltig_bis: '2026-12-31',
      hinweis: 'Am Tor abholen',
      updated_at: stamp().updated_at,
    });

    const neu = await kassier.post<Pachtberechnung>('Abrechnung/GetNewPachtberechnung', undefined, {
      query: { jahr: 2027 },
    });
    expect(neu.status).toBe(200);
    expect(neu.body).toMatchObject({
      jahr: 2027,
      pachtzinsProM2: '1.31',
      grundsteuerProM2: '0.14',
      gemeinschaftsflaeche: '2000.00',
      zahlungszielTage: 30,
      buchungskonten: { pachtzins: bk2027Pacht, gemeinschaftsflaeche: bk2027Pacht, grundsteuer: bk2027Pacht },
      anzahlZuschlaege: 2,
    });
    const id2027 = neu.body.id;
    const zuschlaege = (await kassier.get<Pachtzuschlag[]>('Abrechnung/Pachtzuschlaege', { pachtabrechnungID: id2027 }))
      .body;
    expect(zuschlaege.map(({ id: _i, version: _v, pachtabrechnungId: _p, ...r }) => r)).toEqual([
      {
        sortierung: 1,
        bezeichnung: 'Verwaltungs- und Haftungszuschlag',
        art: 'prozent',
        wert: '14.5',
        basis: ['pachtzins', 'gemeinschaftsflaeche', 'grundsteuer'],
        parzellenFlag: null,
        parzellenIds: null,
        buchungskontoId: bk2027Pacht,
        steuersatz: 0,
        anzahlParzellen: 17,
      },
      {
        sortierung: 2,
        bezeichnung: 'Kanalzuschlag',
        art: 'proParzelle',
        wert: '25',
        basis: [],
        parzellenFlag: null,
        parzellenIds: [z.parzellen[1], z.parzellen[2]],
        buchungskontoId: bk2027Mitglied,
        steuersatz: 0,
        anzahlParzellen: 2,
      },
    ]);
    const verein = await db('vereinsabrechnungen').where({ pachtabrechnung_id: id2027 }).first();
    expect(verein?.bezeichnung).toBe('Vereinsabrechnung 2027');
    const positionen = await db('vereinsabrechnung_positionen')
      .where({ vereinsabrechnung_id: verein!.id })
      .orderBy('sortierung');
    expect(positionen.map((p) => [p.text, p.art, Number(p.betrag_cent), Number(p.buchungskonto_id)])).toEqual([
      ['Verbandsbeitrag', 'proMitglied', 1266, bk2027Mitglied],
      ['Mitgliedsbeitrag', 'proMitglied', 7500, bk2027Mitglied],
      ['Instandhaltungsbeitrag', 'proParzelle', 18000, bk2027Mitglied],
    ]);
    const gruppen = await db('gruppenabrechnung_positionen').where({ pachtabrechnung_id: id2027 });
    expect(
      gruppen.map((g) => [
        g.text,
        Number(g.gruppe_id),
        Number(g.betrag_cent),
        g.verteilung,
        Number(g.buchungskonto_id),
      ]),
    ).toEqual([['Wegsanierung', gruppeId, 120_000, 'flaeche', bk2027Pacht]]);
    const jahr = await db('parzelle_jahr').where({ pachtabrechnung_id: id2027, parzelle_id: z.parzellen[5]! }).first();
    expect(Number(jahr?.anzahl_parkkarten)).toBe(2);
    // …and the fee they are billed with, valid through the new year.
    const info = await db('parkkarten_info').where({ pachtabrechnung_id: id2027 }).first();
    expect([Number(info?.gebuehr_cent), String(info?.gueltig_bis).slice(0, 10), info?.hinweis]).toEqual([
      1500,
      '2027-12-31',
      'Am Tor abholen',
    ]);

    // A second time: the year has rates.
    const nochmal = await kassier.post<Problem>('Abrechnung/GetNewPachtberechnung', undefined, {
      query: { jahr: 2027 },
    });
    expect(nochmal.status).toBe(409);
    expect(nochmal.body.title).toBe('Für 2027 ist die Pachtberechnung bereits angelegt.');
    // Without a year: the newest with rates + 1 (2028), accounts kept (no Kassa 2028).
    const y2028 = await kassier.get<Pachtberechnung>('Abrechnung/GetNewPachtberechnung');
    expect(y2028.status).toBe(200);
    expect(y2028.body).toMatchObject({ jahr: 2028, buchungskonten: { pachtzins: bk2027Pacht } });
    expect((await kassier.delete('Abrechnung/DeletePachtberechnung', { id: y2028.body.id })).status).toBe(204);
    expect(await db('pachtzuschlaege').where({ pachtabrechnung_id: y2028.body.id })).toEqual([]);
  });

  it('copies stored shares, so the new year has the same lease per plot', async () => {
    const y2029 = await buildPachtabrechnung(app.services, 2029);
    const start = (await kassier.get<Pachtberechnung>('Abrechnung/GetPachtberechnung', { id: y2029.id })).body;
    await kassier.post(
      'Abrechnung/UpdatePachtberechnung',
      body(start, { pachtzinsProM2: '1', gemeinschaftsflaeche: '17' }),
    );
    const saved = await kassier.post<ParzellenForZv>('Abrechnung/UpdateGemeinschaftsflaeche', {
      pachtabrechnungId: y2029.id,
      anteile: z.parzellen.map((parzelleId) => ({ parzelleId, anteil: '1.00' })),
    });
    expect(saved.status).toBe(200);
    const y2030 = await kassier.post<Pachtberechnung>('Abrechnung/GetNewPachtberechnung', undefined, {
      query: { jahr: 2030 },
    });
    expect(y2030.status).toBe(200);
    const anteile = await kassier.get<ParzellenForZv>('Abrechnung/GetParzellenForZV', {
      pachtabrechnungID: y2030.body.id,
    });
    expect(new Set(anteile.body.parzellen.map((p) => p.anteilGespeichert))).toEqual(new Set(['1.00']));
    expect(anteile.body.summeAnteile).toBe('17.00');
  });

  it('keeps a surcharge entered in the new year before its rates instead of adding the old ones to it', async () => {
    // 2030, the newest year with rates, has a surcharge to copy.
    const y2030 = await app.services.db('pachtabrechnungen').where({ jahr: 2030 }).first('id');
    const alt = await kassier.post<Pachtzuschlag>('Abrechnung/UpdatePachtzuschlag', {
      id: 0,
      pachtabrechnungId: Number(y2030?.id),
      bezeichnung: 'Wohnzuschlag alt',
      art: 'proParzelle',
      wert: '8',
      steuersatz: 0,
    });
    expect(alt.status, alt.text).toBe(200);
    const y2032 = await buildPachtabrechnung(app.services, 2032);
    const eigener = await kassier.post<Pachtzuschlag>('Abrechnung/UpdatePachtzuschlag', {
      id: 0,
      pachtabrechnungId: y2032.id,
      bezeichnung: 'Wohnzuschlag neu',
      art: 'proParzelle',
      wert: '10',
      steuersatz: 0,
    });
    expect(eigener.status, eigener.text).toBe(200);
    const neu = await kassier.post<Pachtberechnung>('Abrechnung/GetNewPachtberechnung', undefined, {
      query: { jahr: 2032 },
    });
    expect(neu.status, neu.text).toBe(200);
    const zuschlaege = await app.services.db('pachtzuschlaege').where({ pachtabrechnung_id: y2032.id });
    expect(zuschlaege.map((r) => r.bezeichnung)).toEqual(['Wohnzuschlag neu']);
  });
});

describe('DeletePachtberechnung', () => {
  it('refuses a year with Wassergrunddaten, and a year whose Zahlungsvorschreibung is booked (also every change of its rates)', async () => {
    const db = app.services.db;
    const y = await buildPachtabrechnung(app.services, 2031);
    await db('wassergrunddaten').insert({
      pachtabrechnung_id: y.id,
      version: 1,
      preis_pro_m3: '2.00',
      grundgebuehr_cent: 0,
      schwund_methode: 'keine',
      akonto_mindest_cent: 0,
      verbrauchsfaktor_warnung: '3',
      schwund_warnung_prozent: '30',
      ...stamp(),
    });
    const wasser = await kassier.delete<Problem>('Abrechnung/DeletePachtberechnung', { id: y.id });
    expect(wasser.status).toBe(409);
    expect(wasser.body.title).toBe(
      'Das Abrechnungsjahr 2031 kann nicht gelöscht werden: es gibt Wassergrunddaten für 2031.',
    );

    await inTransaction(db, (trx) =>
      bucheLauf(trx, systemActor('Test'), {
        art: 'Zahlungsvorschreibung',
        pachtabrechnungId: z.pachtabrechnungId,
        datum: ZV_DATUM,
        faelligAm: '2026-03-31',
        eintraege: [],
      }),
    );
    const gebucht = await kassier.delete<Problem>('Abrechnung/DeletePachtberechnung', { id: z.pachtabrechnungId });
    expect(gebucht.status).toBe(409);
    expect(gebucht.body.title).toContain('die Zahlungsvorschreibung 2026 ist gebucht');
    const pb = (await kassier.get<Pachtberechnung>('Abrechnung/GetPachtberechnung', { id: z.pachtabrechnungId })).body;
    expect(pb.gebucht).toBe(true);
    const change = await kassier.post<Problem>('Abrechnung/UpdatePachtberechnung', body(pb, { pachtzinsProM2: '2' }));
    expect(change.status).toBe(409);
    expect(change.body).toMatchObject({
      code: 'zahlungsvorschreibung_gebucht',
      title:
        'Die Zahlungsvorschreibung 2026 ist bereits gebucht; die Sätze dieses Jahres können nicht mehr geändert werden.',
    });
    const after = (await kassier.get<Pachtberechnung>('Abrechnung/GetPachtberechnung', { id: z.pachtabrechnungId }))
      .body;
    expect(after.pachtzinsProM2).toBe('1.31');
  });
});
