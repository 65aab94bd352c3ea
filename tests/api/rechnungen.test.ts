import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Rechnung, RechnungDetail } from '../../src/modules/rechnungspruefung/schema/rechnung';
import type { ApiClient } from '../helpers/apiClient';
import { RB_FAELLIG_AM, type RechnungenBeispiel, seedRechnungenBeispiel } from '../helpers/rechnungenBeispiel';
import { startTestApp, type TestApp } from '../helpers/testApp';
import { bezahle as bezahleMit, neueRechnung } from './rechnungenHelfer';

// The receivables as the Kassier sees and keeps them (GET GetRechnungen, GetRechnung, POST
// UpdateRechnung, DELETE DeleteRechnung / DeleteRechnungenFiltered), from the booked payment request
// of DOMAIN.md's club: filters and their defaults, manual receivables, what a booked one may still
// change, rights (deleting: rechnungenLoeschen.test.ts).

let app: TestApp;
let rb: RechnungenBeispiel;
let kassier: ApiClient;
const R = 'Rechnungspruefung';

const bezahle = (rechnungId: number, betragCent: number) => bezahleMit(app, rb, rechnungId, betragCent);
const neu = (over: Record<string, unknown> = {}) => neueRechnung(rb, over);

beforeAll(async () => {
  app = await startTestApp();
  rb = await seedRechnungenBeispiel(app.services);
  kassier = await app.signedIn(['Kassier']);
});
afterAll(() => app?.stop());

describe('GetRechnungen', () => {
  it('lists the open receivables by number with paid, open, status; IsOffen defaults to open only', async () => {
    const alle = await kassier.get<Rechnung[]>(`${R}/GetRechnungen`);
    expect(alle.status).toBe(200);
    expect(alle.body.map((r) => r.nummer)).toEqual(
      Array.from({ length: 17 }, (_, i) => `2026-${String(i + 1).padStart(5, '0')}`),
    );
    const huber = alle.body.find((r) => r.id === rb.huberRechnung.id)!;
    expect(huber).toMatchObject({
      art: 'Zahlungsvorschreibung',
      adresseId: rb.huber,
      faelligAm: RB_FAELLIG_AM,
      betragCent: 139_779,
      bezahltCent: 0,
      offenCent: 139_779,
      status: 'offen',
      mahnstufe: 0,
      bearbeitbar: 'termine',
      loeschbar: true,
    });
    expect(huber.positionen.reduce((s, p) => s + p.betragCent, 0)).toBe(139_779);
    expect(huber.zahlungsreferenz).toMatch(/^RF\d\d/);
    // Overdue today (the test runs after 31 March 2026).
    expect(huber.ueberfaelligCent).toBe(139_779);
  });

  it('filters by text (name, number, position, case-insensitive), plot, address, status and due', async () => {
    const q = (query: Record<string, string>) =>
      kassier.get<Rechnung[]>(`${R}/GetRechnungen`, query).then((r) => r.body.map((x) => x.nummer));
    const huberNr = rb.huberRechnung.nummer;
    expect(await q({ Bezeichnung: huberNr })).toEqual([huberNr]);
    expect(await q({ AdressenID: String(rb.huber) })).toEqual([huberNr]);
    expect(await q({ Bezeichnung: 'PACHTZINS' })).toHaveLength(17);
    expect(await q({ DatumVon: '2026-03-02' })).toEqual([]);
    expect(await q({ IsFaellig: 'true' })).toHaveLength(17);
    expect(await q({ Mahnstufe: '1' })).toEqual([]);
    const bad = await kassier.get<{ errors: Record<string, string[]> }>(`${R}/GetRechnungen`, {
      Status: 'egal',
      DatumVon: '2026-02-30',
    });
    expect(bad.status).toBe(422);
    expect(Object.keys(bad.body.errors).sort()).toEqual(['query.DatumVon', 'query.Status.0']);
  });

  it('a part payment makes it teilbezahlt, a full one bezahlt — then it drops out of the default list', async () => {
    const [a, b] = rb.lauf.rechnungen.filter((r) => r.id !== rb.huberRechnung.id);
    await bezahle(a!.id, 50_000);
    await bezahle(b!.id, b!.betragCent);
    const liste = (await kassier.get<Rechnung[]>(`${R}/GetRechnungen`)).body;
    expect(liste.find((r) => r.id === a!.id)).toMatchObject({
      bezahltCent: 50_000,
      offenCent: a!.betragCent - 50_000,
      status: 'teilbezahlt',
      loeschbar: false,
    });
    expect(liste.find((r) => r.id === b!.id)).toBeUndefined();
    const bezahlt = (await kassier.get<Rechnung[]>(`${R}/GetRechnungen`, { Status: 'bezahlt' })).body;
    expect(bezahlt.map((r) => r.id)).toEqual([b!.id]);
    const alle = (await kassier.get<Rechnung[]>(`${R}/GetRechnungen`, { IsOffen: '0' })).body;
    expect(alle).toHaveLength(17);

    const detail = await kassier.get<RechnungDetail>(`${R}/GetRechnung`, { id: String(a!.id) });
    expect(detail.body.zahlungen).toEqual([
      expect.objectContaining({ betragCent: 50_000, datum: '2026-03-20', quelle: 'manuell', text: 'Zahlung' }),
    ]);
    expect(detail.body.zahlungen[0]!.belegnummer).toBeGreaterThan(0);
    expect(detail.body.zahlungen[0]!.kassaabrechnungId).toBeGreaterThan(0);
    expect(detail.body.mahnungen).toEqual([]);
    expect((await kassier.get(`${R}/GetRechnung`, { id: '999999' })).status).toBe(404);
  });
});

describe('UpdateRechnung', () => {
  it('creates a manual receivable with the next number of its year, RF reference and history', async () => {
    const res = await kassier.post<Rechnung>(`${R}/UpdateRechnung`, neu());
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({
      nummer: '2026-00018',
      art: 'manuell',
      laufId: null,
      betragCent: 3_980,
      offenCent: 3_980,
      status: 'offen',
      bearbeitbar: 'alles',
      loeschbar: true,
      faelligAm: '2026-05-31',
    });
    expect(res.body.adresseName).toContain('Huber');
    expect(res.body.positionen.map((p) => [p.text, p.betragCent, p.steuersatz, p.art])).toEqual([
      ['Schlüssel Gartentor', 1_500, 0, 'manuell'],
      ['Stromanteil', 2_480, 20, 'manuell'],
    ]);
    const hist = await kassier.get<{ action: string }[]>('Common/GetHistory', {
      entityType: 'Rechnung',
      entityID: String(res.body.id),
    });
    expect(hist.body.map((h) => h.action)).toContain('create');
  });

  it('changes everything of an untouched manual receivable (optimistic version), not its year', async () => {
    const r = (await kassier.post<Rechnung>(`${R}/UpdateRechnung`, neu())).body;
    const geaendert = await kassier.post<Rechnung>(`${R}/UpdateRechnung`, {
      ...r,
      positionen: [{ text: 'Stromanteil 2026', betragCent: 3_000, steuersatz: 20 }],
      notiz: 'laut Zähler',
    });
    expect(geaendert.status).toBe(200);
    expect(geaendert.body).toMatchObject({ betragCent: 3_000, notiz: 'laut Zähler', version: r.version + 1 });
    const alt = await kassier.post<{ code: string }>(`${R}/UpdateRechnung`, { ...r, notiz: 'zu spät' });
    expect(alt.status).toBe(409);
    expect(alt.body.code).toBe('version_conflict');
    const jahr = await kassier.post<{ errors: Record<string, string[]> }>(`${R}/UpdateRechnung`, {
      ...geaendert.body,
      datum: '2027-01-02',
      faelligAm: '2027-01-31',
    });
    expect(jahr.status).toBe(422);
    expect(jahr.body.errors.datum).toBeDefined();
  });

  it('refuses no position, an amount of 0, unknown references with 422 per field; nothing written', async () => {
    const vorher = await app.services.db('rechnungen').count({ n: '*' }).first();
    const leer = await kassier.post<{ errors: Record<string, string[]> }>(
      `${R}/UpdateRechnung`,
      neu({ positionen: [] }),
    );
    expect(leer.status).toBe(422);
    expect(leer.body.errors.positionen).toEqual(['Bitte mindestens eine Position eingeben.']);
    const null0 = await kassier.post<{ errors: Record<string, string[]> }>(
      `${R}/UpdateRechnung`,
      neu({
        positionen: [
          { text: 'a', betragCent: 100, steuersatz: 0 },
          { text: 'b', betragCent: -100, steuersatz: 0 },
        ],
      }),
    );
    expect(null0.status).toBe(422);
    expect(null0.body.errors.positionen).toEqual(['Der Betrag der Rechnung darf nicht 0 sein.']);
    const ref = await kassier.post<{ errors: Record<string, string[]> }>(
      `${R}/UpdateRechnung`,
      neu({ adresseId: 999_999, parzelleId: 999_999, faelligAm: '2026-05-01' }),
    );
    expect(ref.status).toBe(422);
    expect(Object.keys(ref.body.errors).sort()).toEqual(['adresseId', 'faelligAm', 'parzelleId']);
    expect(await app.services.db('rechnungen').count({ n: '*' }).first()).toEqual(vorher);
  });

  it('a booked receivable changes only due date, reminder stop and note (409 rechnung_gebucht otherwise)', async () => {
    const r = (await kassier.get<RechnungDetail>(`${R}/GetRechnung`, { id: String(rb.huberRechnung.id) })).body;
    expect(r.bearbeitbar).toBe('termine');
    const ok = await kassier.post<Rechnung>(`${R}/UpdateRechnung`, {
      ...r,
      faelligAm: '2026-04-30',
      mahnsperreBis: '2026-06-30',
      notiz: 'Ratenzahlung vereinbart',
    });
    expect(ok.status).toBe(200);
    expect(ok.body).toMatchObject({ faelligAm: '2026-04-30', mahnsperreBis: '2026-06-30', betragCent: 139_779 });
    // A line of 0 a run may have booked does not stand in the way of a new due date.
    const nullzeile = rb.lauf.rechnungen[7]!;
    await app.services.db('rechnung_positionen').insert({
      rechnung_id: nullzeile.id,
      sortierung: 99,
      parzelle_id: null,
      parzelle_nummer: '',
      art: 'verein',
      text: 'Wasser-Akonto (keines)',
      menge: null,
      satz: null,
      betrag_cent: 0,
      steuersatz: 0,
      buchungskonto_id: null,
    });
    const mitNull = (await kassier.get<Rechnung>(`${R}/GetRechnung`, { id: String(nullzeile.id) })).body;
    const neuesZiel = await kassier.post<Rechnung>(`${R}/UpdateRechnung`, { ...mitNull, faelligAm: '2026-05-15' });
    expect(neuesZiel.status).toBe(200);
    expect(neuesZiel.body.faelligAm).toBe('2026-05-15');
    const nein = await kassier.post<{ code: string; felder: string[]; title: string }>(`${R}/UpdateRechnung`, {
      ...ok.body,
      datum: '2026-03-02',
      positionen: [{ text: 'weniger', betragCent: 100, steuersatz: 0 }],
    });
    expect(nein.status).toBe(409);
    expect(nein.body.code).toBe('rechnung_gebucht');
    expect(nein.body.felder).toEqual(['datum', 'positionen']);
    expect(nein.body.title).toContain('Datum, Positionen');
    const hist = await kassier.get<{ action: string; changed: string[] }[]>('Common/GetHistory', {
      entityType: 'Rechnung',
      entityID: String(r.id),
    });
    expect(hist.body.find((h) => h.action === 'update')?.changed).toEqual(
      expect.arrayContaining(['faelligAm', 'mahnsperreBis', 'notiz']),
    );
  });
});

describe('rights', () => {
  it('reading needs Rechnungspruefung.View, writing Edit', async () => {
    const ohne = await app.signedIn(['Wasserwart']);
    expect((await ohne.get(`${R}/GetRechnungen`)).status).toBe(403);
    expect((await ohne.post(`${R}/UpdateRechnung`, neu())).status).toBe(403);
    expect((await ohne.delete(`${R}/DeleteRechnung`, { id: String(rb.huberRechnung.id) })).status).toBe(403);
  });
});
