import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { protokolliere } from '../../src/modules/abrechnung/services';
import type { DeleteRechnungenFilteredAntwort, Rechnung } from '../../src/modules/rechnungspruefung/schema/rechnung';
import { systemActor } from '../../src/platform/auth/principal';
import { nowDb } from '../../src/platform/db/db';
import type { ApiClient } from '../helpers/apiClient';
import { type RechnungenBeispiel, seedRechnungenBeispiel } from '../helpers/rechnungenBeispiel';
import { startTestApp, type TestApp } from '../helpers/testApp';
import { bezahle as bezahleMit, neueRechnung } from './rechnungenHelfer';

// Deleting receivables (DELETE DeleteRechnung, DeleteRechnungenFiltered): only what is neither paid nor
// sent nor reminded; a payment racing the delete wins or loses cleanly; numbers are never reused.

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

describe('DeleteRechnung', () => {
  it('deletes an unpaid, unsent manual receivable; its number is never given again', async () => {
    const r = (await kassier.post<Rechnung>(`${R}/UpdateRechnung`, neu())).body;
    expect((await kassier.delete(`${R}/DeleteRechnung`, { id: String(r.id) })).status).toBe(204);
    expect((await kassier.get(`${R}/GetRechnung`, { id: String(r.id) })).status).toBe(404);
    const next = (await kassier.post<Rechnung>(`${R}/UpdateRechnung`, neu())).body;
    expect(next.nummer > r.nummer).toBe(true);
  });

  it('refuses once paid (409 rechnung_bezahlt) or sent (409 rechnung_versendet)', async () => {
    const r = (await kassier.post<Rechnung>(`${R}/UpdateRechnung`, neu())).body;
    await bezahle(r.id, 1_000);
    const bezahlt = await kassier.delete<{ code: string }>(`${R}/DeleteRechnung`, { id: String(r.id) });
    expect(bezahlt.status).toBe(409);
    expect(bezahlt.body.code).toBe('rechnung_bezahlt');
    const s = (await kassier.post<Rechnung>(`${R}/UpdateRechnung`, neu())).body;
    await app.services.db('rechnungen').where({ id: s.id }).update({ versendet_am: nowDb() });
    const versendet = await kassier.delete<{ code: string }>(`${R}/DeleteRechnung`, { id: String(s.id) });
    expect(versendet.status).toBe(409);
    expect(versendet.body.code).toBe('rechnung_versendet');
    expect((await kassier.get(`${R}/GetRechnung`, { id: String(s.id) })).status).toBe(200);
  });

  it('a letter printed from the run (its protocol) marks the receivable sent: no longer deletable', async () => {
    const r = rb.lauf.rechnungen[5]!;
    expect((await kassier.get<Rechnung>(`${R}/GetRechnung`, { id: String(r.id) })).body.loeschbar).toBe(true);
    await app.services.db.transaction((trx) =>
      protokolliere(trx, systemActor('Test'), rb.lauf.laufId, [
        { rechnungId: r.id, adresseId: r.adresseId, adresseName: 'x', aktion: 'gedruckt', status: 'ok' },
      ]),
    );
    const nachher = (await kassier.get<Rechnung>(`${R}/GetRechnung`, { id: String(r.id) })).body;
    expect(nachher.loeschbar).toBe(false);
    expect(nachher.versendetAm).not.toBeNull();
    const nein = await kassier.delete<{ code: string }>(`${R}/DeleteRechnung`, { id: String(r.id) });
    expect(nein.body.code).toBe('rechnung_versendet');
  });

  it('a delete racing a counter payment: one of them wins, never both, never a 500', async () => {
    for (let i = 0; i < 4; i++) {
      const r = (await kassier.post<Rechnung>(`${R}/UpdateRechnung`, neu())).body;
      const [del, zahl] = await Promise.all([
        kassier.delete<{ code?: string }>(`${R}/DeleteRechnung`, { id: String(r.id) }),
        kassier.post(`${R}/ZahlungErfassen`, {
          rechnungId: r.id,
          kontoId: rb.kassaKontoId,
          datum: '2026-05-10',
          betragCent: 1_000,
        }),
      ]);
      const noch = await app.services.db('rechnungen').where({ id: r.id }).first('id');
      if (del.status === 204) {
        expect(noch).toBeUndefined();
        expect(zahl.status).not.toBe(200);
        expect(zahl.status).toBeLessThan(500);
      } else {
        expect(del.status).toBe(409);
        expect(del.body.code).toBe('rechnung_bezahlt');
        expect(zahl.status).toBe(200);
        expect(noch).toBeDefined();
      }
    }
  });

  it('DeleteRechnungenFiltered deletes the deletable ones of the filter and names the others (dryRun first)', async () => {
    const a = (await kassier.post<Rechnung>(`${R}/UpdateRechnung`, neu({ adresseId: rb.adressen[3] }))).body;
    const b = (await kassier.post<Rechnung>(`${R}/UpdateRechnung`, neu({ adresseId: rb.adressen[3] }))).body;
    await bezahle(b.id, 500);
    const filter = { AdressenID: rb.adressen[3], Art: 'manuell' };
    const probe = await kassier.request<DeleteRechnungenFilteredAntwort>('DELETE', `${R}/DeleteRechnungenFiltered`, {
      body: { ...filter, dryRun: true },
    });
    expect(probe.status).toBe(200);
    expect(probe.body).toEqual({
      geloescht: [{ id: a.id, nummer: a.nummer }],
      uebersprungen: [{ id: b.id, nummer: b.nummer, grund: 'bezahlt' }],
    });
    expect((await kassier.get(`${R}/GetRechnung`, { id: String(a.id) })).status).toBe(200);
    const echt = await kassier.request<DeleteRechnungenFilteredAntwort>('DELETE', `${R}/DeleteRechnungenFiltered`, {
      body: filter,
    });
    expect(echt.body).toEqual(probe.body);
    expect((await kassier.get(`${R}/GetRechnung`, { id: String(a.id) })).status).toBe(404);
    expect((await kassier.get(`${R}/GetRechnung`, { id: String(b.id) })).status).toBe(200);
  });
});
