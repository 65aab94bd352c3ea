import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Pachtzuschlag, PachtzuschlagLookup } from '../../src/modules/abrechnung/schema/pachtzuschlag';
import type { PachtVorschau, ParzellenForZv } from '../../src/modules/abrechnung/schema/parzellenZv';
import { bucheLauf } from '../../src/modules/abrechnung/services';
import { systemActor } from '../../src/platform/auth/principal';
import { inTransaction } from '../../src/platform/db/db';
import type { ApiClient } from '../helpers/apiClient';
import { startTestApp, type TestApp } from '../helpers/testApp';
import { seedZvBeispiel, ZV_DATUM, type ZvBeispiel } from '../helpers/zvBeispiel';

// The surcharges on the lease (docs/api/abrechnung.md "Pachtzuschläge"): per m², per plot and as a
// percentage, limited by a plot flag or a list of plots, as they land on each plot's lease lines
// (GetParzellenForZV) and in the dialog's live preview (PachtVorschau, nothing written); the checks,
// the optimistic version, the rights and the year frozen once its Zahlungsvorschreibung is booked.

type Problem = { title: string; code?: string; errors?: Record<string, string[]> };

let app: TestApp;
let z: ZvBeispiel;
let kassier: ApiClient;
let pruefer: ApiClient;
let wasserwart: ApiClient;
const STAENDIG_WOHNEN = 1;

beforeAll(async () => {
  app = await startTestApp();
  z = await seedZvBeispiel(app.services);
  // Plot 17 (Huber Maria) is lived in all year; plots "1" and "2" are the canal plots.
  await app.services.db('parzellen').where({ id: z.parzelle17 }).update({ flags: STAENDIG_WOHNEN });
  kassier = await app.signedIn(['Kassier']);
  pruefer = await app.signedIn(['Rechnungsprüfer']);
  wasserwart = await app.signedIn(['Wasserwart']);
});
afterAll(() => app.stop());

const neu = (fields: Record<string, unknown>) => ({
  id: 0,
  pachtabrechnungId: z.pachtabrechnungId,
  buchungskontoId: z.bk.pacht,
  steuersatz: 0,
  ...fields,
});

const lease = async (nummer: string) => {
  const res = await pruefer.get<ParzellenForZv>('Abrechnung/GetParzellenForZV', {
    pachtabrechnungID: z.pachtabrechnungId,
  });
  const p = res.body.parzellen.find((x) => x.nummer === nummer)!;
  return p.positionen.filter((x) => x.art === 'pachtzuschlag').map((x) => [x.text, x.betragCent]);
};

describe('Pachtzuschläge', () => {
  it('lists and reads DOMAIN.md’s 14.5 % surcharge, applying to all 17 plots', async () => {
    const list = await pruefer.get<Pachtzuschlag[]>('Abrechnung/Pachtzuschlaege', {
      pachtabrechnungID: z.pachtabrechnungId,
    });
    expect(list.status).toBe(200);
    expect(list.body).toEqual([
      {
        id: z.zuschlagId,
        version: 1,
        pachtabrechnungId: z.pachtabrechnungId,
        sortierung: 1,
        bezeichnung: 'Verwaltungs- und Haftungszuschlag',
        art: 'prozent',
        wert: '14.5',
        basis: ['pachtzins', 'gemeinschaftsflaeche', 'grundsteuer'],
        parzellenFlag: null,
        parzellenIds: null,
        buchungskontoId: z.bk.pacht,
        steuersatz: 0,
        anzahlParzellen: 17,
      },
    ]);
    expect((await pruefer.get('Abrechnung/GetPachtzuschlag', { eid: z.zuschlagId })).body).toEqual(list.body[0]);
    expect((await pruefer.get<Problem>('Abrechnung/GetPachtzuschlag', { eid: 4711 })).body.title).toBe(
      'Diesen Pachtzuschlag gibt es nicht (mehr).',
    );
  });

  it('a surcharge per m² limited by a flag reaches only the flagged plot', async () => {
    const res = await kassier.post<Pachtzuschlag>(
      'Abrechnung/UpdatePachtzuschlag',
      neu({ bezeichnung: 'Wohnzuschlag', art: 'proM2', wert: '0.10', parzellenFlag: STAENDIG_WOHNEN }),
    );
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ sortierung: 2, anzahlParzellen: 1, basis: [], parzellenFlag: 1 });
    expect(await lease('17')).toEqual([
      ['Verwaltungs- und Haftungszuschlag 14,5 % von 725,00 €', 10_513],
      ['Wohnzuschlag 400,00 m² × 0,10 €', 4_000],
    ]);
    expect(await lease('1')).toEqual([['Verwaltungs- und Haftungszuschlag 14,5 % von 860,94 €', 12_484]]);
  });

  it('a surcharge per plot limited by a list of plots reaches exactly those plots', async () => {
    const res = await kassier.post<Pachtzuschlag>(
      'Abrechnung/UpdatePachtzuschlag',
      neu({
        bezeichnung: 'Kanalanschluss',
        art: 'proParzelle',
        wert: '25',
        parzellenIds: [z.parzellen[1], z.parzellen[2]],
      }),
    );
    expect(res.body).toMatchObject({ anzahlParzellen: 2, parzellenIds: [z.parzellen[1], z.parzellen[2]] });
    expect(await lease('1')).toContainEqual(['Kanalanschluss', 2_500]);
    expect(await lease('2')).toContainEqual(['Kanalanschluss', 2_500]);
    expect((await lease('3')).map(([t]) => t)).not.toContain('Kanalanschluss');
    expect((await lease('17')).map(([t]) => t)).not.toContain('Kanalanschluss');
  });

  it('a percentage of the Pachtzins limited by a flag, previewed live before it is saved', async () => {
    const entwurf = neu({
      bezeichnung: 'Ganzjahreszuschlag',
      art: 'prozent',
      wert: '10',
      basis: ['pachtzins'],
      parzellenFlag: STAENDIG_WOHNEN,
    });
    const vorschau = await pruefer.post<PachtVorschau>('Abrechnung/PachtVorschau', {
      pachtabrechnungId: z.pachtabrechnungId,
      parzelleId: z.parzelle17,
      zuschlag: entwurf,
    });
    expect(vorschau.status).toBe(200);
    expect(vorschau.body.zuschlagGilt).toBe(true);
    // 524.00 + 131.00 + 70.00 + 105.13 + 40.00 (Wohnzuschlag) + 52.40 (10 % of 524.00)
    expect(vorschau.body.positionen.at(-1)).toMatchObject({
      art: 'pachtzuschlag',
      text: 'Ganzjahreszuschlag 10 % von 524,00 €',
      menge: '524.00',
      satz: '10',
      betragCent: 5_240,
    });
    expect(vorschau.body.summeCent).toBe(52_400 + 13_100 + 7_000 + 10_513 + 4_000 + 5_240);
    const anderer = await pruefer.post<PachtVorschau>('Abrechnung/PachtVorschau', {
      pachtabrechnungId: z.pachtabrechnungId,
      parzelleId: z.parzellen[3],
      zuschlag: entwurf,
    });
    expect(anderer.body.zuschlagGilt).toBe(false);
    // Nothing was written by the preview.
    expect(await app.services.db('pachtzuschlaege').where({ bezeichnung: 'Ganzjahreszuschlag' })).toEqual([]);

    // A draft of a stored surcharge replaces it in the preview: the 14.5 % as 10 %.
    const geaendert = await pruefer.post<PachtVorschau>('Abrechnung/PachtVorschau', {
      pachtabrechnungId: z.pachtabrechnungId,
      parzelleId: z.parzelle17,
      zuschlag: neu({
        id: z.zuschlagId,
        bezeichnung: 'Verwaltungs- und Haftungszuschlag',
        art: 'prozent',
        wert: '10',
        basis: ['pachtzins', 'gemeinschaftsflaeche', 'grundsteuer'],
      }),
    });
    expect(geaendert.body.positionen.filter((p) => p.art === 'pachtzuschlag').map((p) => p.betragCent)).toEqual([
      7_250, 4_000,
    ]);
  });

  it('refuses a percentage without base, unknown plots and booking accounts, with German messages', async () => {
    const res = await kassier.post<Problem>(
      'Abrechnung/UpdatePachtzuschlag',
      neu({ bezeichnung: 'X', art: 'prozent', wert: '5', basis: [], parzellenIds: [987654] }),
    );
    expect(res.status).toBe(422);
    expect(res.body.errors).toEqual({
      basis: ['Bitte wählen Sie, wovon der Prozentsatz berechnet wird.'],
      parzellenIds: ['Diese Parzellen gibt es nicht: 987654.'],
    });
    const konto = await kassier.post<Problem>(
      'Abrechnung/UpdatePachtzuschlag',
      neu({ bezeichnung: 'X', art: 'proParzelle', wert: '5', buchungskontoId: 987654 }),
    );
    expect(konto.body.errors).toEqual({ buchungskontoId: ['Dieses Buchungskonto gibt es nicht.'] });
    const form = await kassier.post<Problem>(
      'Abrechnung/UpdatePachtzuschlag',
      neu({ bezeichnung: '', art: 'jährlich', wert: 'viel' }),
    );
    expect(Object.keys(form.body.errors ?? {}).sort()).toEqual(['art', 'bezeichnung', 'wert']);
    expect((await pruefer.get<Pachtzuschlag[]>('Abrechnung/Pachtzuschlaege')).body.map((x) => x.bezeichnung)).toEqual([
      'Verwaltungs- und Haftungszuschlag',
      'Wohnzuschlag',
      'Kanalanschluss',
    ]);
  });

  it('changes with the version read, refuses a stale one, looks up and deletes', async () => {
    const wohn = (await pruefer.get<Pachtzuschlag[]>('Abrechnung/Pachtzuschlaege')).body.find(
      (x) => x.bezeichnung === 'Wohnzuschlag',
    )!;
    const ok = await kassier.post<Pachtzuschlag>('Abrechnung/UpdatePachtzuschlag', { ...wohn, wert: '0.2' });
    expect(ok.body).toMatchObject({ version: 2, wert: '0.2' });
    const stale = await kassier.post<Problem>('Abrechnung/UpdatePachtzuschlag', { ...wohn, wert: '0.3' });
    expect(stale.status).toBe(409);
    expect(stale.body.code).toBe('version_conflict');
    const lookup = await pruefer.get<PachtzuschlagLookup[]>('Common/Pachtzuschlaege');
    expect(lookup.body.map((l) => l.bezeichnung)).toEqual([
      'Verwaltungs- und Haftungszuschlag',
      'Wohnzuschlag',
      'Kanalanschluss',
    ]);
    expect((await kassier.delete('Abrechnung/DeletePachtzuschlag', { id: wohn.id })).status).toBe(204);
    expect((await pruefer.get('Abrechnung/GetPachtzuschlag', { eid: wohn.id })).status).toBe(404);
  });

  it('lets Abrechnung.View read but not write, and a Wasserwart neither', async () => {
    const body = neu({ bezeichnung: 'Y', art: 'proParzelle', wert: '1' });
    expect((await pruefer.post('Abrechnung/UpdatePachtzuschlag', body)).status).toBe(403);
    expect((await pruefer.delete('Abrechnung/DeletePachtzuschlag', { id: z.zuschlagId })).status).toBe(403);
    expect((await wasserwart.post('Abrechnung/UpdatePachtzuschlag', body)).status).toBe(403);
    expect((await wasserwart.get('Abrechnung/Pachtzuschlaege')).status).toBe(403);
  });

  it('refuses every change once the year’s Zahlungsvorschreibung is booked', async () => {
    await inTransaction(app.services.db, (trx) =>
      bucheLauf(trx, systemActor('Test'), {
        art: 'Zahlungsvorschreibung',
        pachtabrechnungId: z.pachtabrechnungId,
        datum: ZV_DATUM,
        faelligAm: '2026-03-31',
        eintraege: [],
      }),
    );
    const zuschlag = (await pruefer.get<Pachtzuschlag>('Abrechnung/GetPachtzuschlag', { eid: z.zuschlagId })).body;
    const change = await kassier.post<Problem>('Abrechnung/UpdatePachtzuschlag', { ...zuschlag, wert: '15' });
    expect(change.status).toBe(409);
    expect(change.body.code).toBe('zahlungsvorschreibung_gebucht');
    const add = await kassier.post<Problem>(
      'Abrechnung/UpdatePachtzuschlag',
      neu({ bezeichnung: 'Z', art: 'proParzelle', wert: '1' }),
    );
    expect(add.status).toBe(409);
    expect((await kassier.delete<Problem>('Abrechnung/DeletePachtzuschlag', { id: z.zuschlagId })).status).toBe(409);
    expect((await pruefer.get<Pachtzuschlag>('Abrechnung/GetPachtzuschlag', { eid: z.zuschlagId })).body.wert).toBe(
      '14.5',
    );
  });
});
