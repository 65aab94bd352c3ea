import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type {
  Versicherung,
  VersicherungenImportJahr,
  VersicherungGespeichert,
} from '../../src/modules/rechnungspruefung/schema/versicherungen';
import type { HistoryEntry } from '../../src/platform/history/history';
import type { ApiClient } from '../helpers/apiClient';
import { type RechnungenBeispiel, seedRechnungenBeispiel } from '../helpers/rechnungenBeispiel';
import { startTestApp, type TestApp } from '../helpers/testApp';

// Versicherungen by hand: the Kassier keeps a premium per plot and year; 422 per field (plot that does
// not exist, premium 0, no text); a change to a year whose Zahlungsvorschreibung is booked carries a
// hint; optimistic version; delete; history; the billing people read them, the Wasserwart does not.

let app: TestApp;
let kassier: ApiClient;
let b: RechnungenBeispiel;

type Problem = { title: string; code?: string; errors?: Record<string, string[]> };

beforeAll(async () => {
  app = await startTestApp();
  kassier = await app.signedIn(['Kassier']);
  // DOMAIN.md's club with its Zahlungsvorschreibung 2026 booked.
  b = await seedRechnungenBeispiel(app.services);
});
afterAll(() => app.stop());

const neu = (over: Record<string, unknown> = {}) => ({
  jahr: 2027,
  parzelleId: b.parzelle17,
  versicherer: 'Wiener Städtische',
  polizze: 'HH-4711',
  text: 'Haushaltsversicherung',
  praemieCent: 4_250,
  ...over,
});

describe('Versicherungen', () => {
  it('creates, lists by plot number, reads, changes and deletes an insurance, with history', async () => {
    const angelegt = await kassier.post<VersicherungGespeichert>('Rechnungspruefung/UpdateVersicherung', neu());
    expect(angelegt.status, angelegt.text).toBe(200);
    expect(angelegt.body).toMatchObject({ version: 1, jahr: 2027, parzelleNummer: '17', praemieCent: 4_250 });
    // 2027 is not booked: no hint.
    expect(angelegt.body.hinweis).toBeUndefined();
    // Plot "2": listed before "17" (numbers in natural order, not as text).
    const parzelle2 = Number((await app.services.db('parzellen').where({ nummer: '2' }).first('id'))?.id);
    const zweite = await kassier.post<Versicherung>(
      'Rechnungspruefung/UpdateVersicherung',
      neu({ parzelleId: parzelle2, text: 'Sturmversicherung', praemieCent: 1_000 }),
    );
    expect(zweite.status, zweite.text).toBe(200);

    const liste = await kassier.get<Versicherung[]>('Rechnungspruefung/GetVersicherungen', { jahr: 2027 });
    expect(liste.body.map((v) => v.parzelleNummer)).toEqual(['2', '17']);
    const jePlot = await kassier.get<Versicherung[]>('Rechnungspruefung/GetVersicherungen', {
      jahr: 2027,
      parzelleID: b.parzelle17,
    });
    expect(jePlot.body.map((v) => v.id)).toEqual([angelegt.body.id]);

    const geaendert = await kassier.post<Versicherung>('Rechnungspruefung/UpdateVersicherung', {
      ...angelegt.body,
      praemieCent: 4_500,
    });
    expect(geaendert.status, geaendert.text).toBe(200);
    expect(geaendert.body).toMatchObject({ version: 2, praemieCent: 4_500 });
    // The dialog still holding version 1 is refused.
    const alt = await kassier.post<Problem>('Rechnungspruefung/UpdateVersicherung', {
      ...angelegt.body,
      praemieCent: 9_999,
    });
    expect(alt.status).toBe(409);
    expect(alt.body.code).toBe('version_conflict');

    const gelesen = await kassier.get<Versicherung>('Rechnungspruefung/GetVersicherung', { id: angelegt.body.id });
    expect(gelesen.body.praemieCent).toBe(4_500);

    const geloescht = await kassier.delete('Rechnungspruefung/DeleteVersicherung', { id: angelegt.body.id });
    expect(geloescht.status).toBe(204);
    expect((await kassier.get('Rechnungspruefung/GetVersicherung', { id: angelegt.body.id })).status).toBe(404);

    const historie = await kassier.get<HistoryEntry[]>('Common/GetHistory', {
      entityID: `Versicherung:${angelegt.body.id}`,
    });
    expect(historie.status, historie.text).toBe(200);
    expect(historie.body.map((h) => h.action).sort()).toEqual(['create', 'delete', 'update']);
  });

  it('refuses a plot that does not exist, a premium of 0 and a missing text, per field, writing nothing', async () => {
    const vorher = await kassier.get<Versicherung[]>('Rechnungspruefung/GetVersicherungen');
    const falsch = await kassier.post<Problem>(
      'Rechnungspruefung/UpdateVersicherung',
      neu({ praemieCent: 0, text: '', jahr: 1990 }),
    );
    expect(falsch.status).toBe(422);
    expect(Object.keys(falsch.body.errors ?? {}).sort()).toEqual(['jahr', 'praemieCent', 'text']);
    expect(falsch.body.errors?.praemieCent?.[0]).toMatch(/größer als 0/);
    const keinePlot = await kassier.post<Problem>('Rechnungspruefung/UpdateVersicherung', neu({ parzelleId: 999_999 }));
    expect(keinePlot.status).toBe(422);
    expect(keinePlot.body.errors).toEqual({ parzelleId: ['Diese Parzelle gibt es nicht.'] });
    const nachher = await kassier.get<Versicherung[]>('Rechnungspruefung/GetVersicherungen');
    expect(nachher.body).toEqual(vorher.body);
  });

  it('says so when the year’s Zahlungsvorschreibung is booked already', async () => {
    const res = await kassier.post<VersicherungGespeichert>(
      'Rechnungspruefung/UpdateVersicherung',
      neu({ jahr: 2026 }),
    );
    expect(res.status, res.text).toBe(200);
    expect(res.body.hinweis).toMatch(/Zahlungsvorschreibung 2026 ist bereits gebucht/);
  });

  it('lists every billing year with its count of insurances', async () => {
    const res = await kassier.get<VersicherungenImportJahr[]>('Rechnungspruefung/GetVersicherungenImportJahre');
    expect(res.status, res.text).toBe(200);
    const n2026 = (await kassier.get<Versicherung[]>('Rechnungspruefung/GetVersicherungen', { jahr: 2026 })).body
      .length;
    const n2027 = (await kassier.get<Versicherung[]>('Rechnungspruefung/GetVersicherungen', { jahr: 2027 })).body
      .length;
    expect(res.body).toEqual([
      { jahr: 2027, anzahl: n2027 },
      { jahr: 2026, anzahl: n2026 },
    ]);
  });

  it('lets the billing people read and the Wasserwart nothing', async () => {
    const rechnungspruefer = await app.signedIn(['Rechnungsprüfer']);
    expect((await rechnungspruefer.get('Rechnungspruefung/GetVersicherungen')).status).toBe(200);
    expect((await rechnungspruefer.post('Rechnungspruefung/UpdateVersicherung', neu())).status).toBe(403);
    const wasserwart = await app.signedIn(['Wasserwart']);
    expect((await wasserwart.get('Rechnungspruefung/GetVersicherungen')).status).toBe(403);
  });
});
