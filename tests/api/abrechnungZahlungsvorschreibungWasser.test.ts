import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { EinbuchenResponse, ZvEintrag } from '../../src/modules/abrechnung/schema/zvData';
import { ensureYear } from '../../src/modules/abrechnung/services';
import { nowDb } from '../../src/platform/db/db';
import type { ApiClient } from '../helpers/apiClient';
import { buildAdresse, buildParzelle } from '../helpers/factories';
import { startTestApp, type TestApp } from '../helpers/testApp';
import { seedZvBeispiel, ZV_DATUM, type ZvBeispiel } from '../helpers/zvBeispiel';

// The last water settlement on the Zahlungsvorschreibung: DOMAIN.md's club with a settlement at
// 31.10.2025 not yet billed — plot 17 (Huber) pays 61,22 € more (charge 341,22 € − akonto 280,00 €);
// plot 1's former holder Weg Walter, who gets no letter, has a credit of 32,44 €, which goes to the
// plot's holder on the date. Booking marks the settlement billed, so the water book keeps it final
// and the Wasserrechnung run refuses it.

let app: TestApp;
let kassier: ApiClient;
let z: ZvBeispiel;
let wasserabrechnungId = 0;
let fortId = 0;

beforeAll(async () => {
  app = await startTestApp();
  kassier = await app.signedIn(['Kassier']);
  z = await seedZvBeispiel(app.services);
  const db = app.services.db;
  const now = nowDb();
  const stamp = { created_at: now, updated_at: now };
  const vorjahr = await ensureYear(db, 2025);
  const [grunddatenId] = await db('wassergrunddaten').insert({
    pachtabrechnung_id: vorjahr.id,
    preis_pro_m3: '2.00',
    grundgebuehr_cent: 1000,
    schwund_methode: 'keine',
    akonto_mindest_cent: 0,
    verbrauchsfaktor_warnung: '3',
    schwund_warnung_prozent: '30',
    ...stamp,
  });
  const [id] = await db('wasserabrechnungen').insert({
    stichtag: '2025-10-31',
    von: '2024-10-31',
    pachtabrechnung_id: vorjahr.id,
    wassergrunddaten_id: Number(grunddatenId),
    schwund_methode: 'keine',
    preis_pro_m3: '2.00',
    akonto_stichtag: null,
    gebucht_am: null,
    ...stamp,
  });
  wasserabrechnungId = Number(id);
  const weg = await buildAdresse(app.services, {
    nachname: 'Weg',
    vorname: 'Walter',
    strasse: 'Fort 1',
    plz: '1010',
    ort: 'Wien',
  });
  const zeile = (parzelleId: number, nummer: string, adresseId: number, verbrauchCent: number, akontoCent: number) => ({
    wasserabrechnung_id: wasserabrechnungId,
    parzelle_id: parzelleId,
    parzelle_nummer: nummer,
    adresse_id: adresseId,
    adresse_name: '',
    hauptwasserzaehler_id: null,
    zaehler: '[]',
    verbrauch_liter: verbrauchCent * 5,
    schwund_liter: 0,
    preis_pro_m3: '2.00',
    verbrauch_cent: verbrauchCent,
    schwund_cent: 0,
    grundgebuehr_cent: 1000,
    korrektur_cent: 0,
    korrektur_grund: null,
    akonto_cent: akontoCent,
  });
  // Plot 30 was given up after the settlement (inactive, nobody holds it): its holder then, Fort
  // Franz, holds no plot now and still owes 15,00 € (charge 45,00 € − akonto 30,00 €).
  const fort = await buildAdresse(app.services, {
    nachname: 'Fort',
    vorname: 'Franz',
    strasse: 'Weit 2',
    plz: '1020',
    ort: 'Wien',
  });
  fortId = fort.id;
  const p30 = await buildParzelle(app.services, { nummer: '30', flaeche: '200.00', aktiv: false });
  await db('wasserabrechnung_zeilen').insert([
    zeile(z.parzelle17, '17', z.huber, 33_122, 28_000),
    zeile(z.parzellen[1]!, '1', weg.id, 25_756, 30_000),
    zeile(p30.id, '30', fort.id, 3_500, 3_000),
  ]);
});
afterAll(() => app.stop());

const wasserZeilen = (e: ZvEintrag | undefined) =>
  e?.parzellen.flatMap((p) =>
    p.positionen.filter((x) => x.art === 'wasserDifferenz').map((x) => [p.nummer, x.text, x.betragCent]),
  );

describe('Zahlungsvorschreibung: the open water settlement', () => {
  it("puts the Nachzahlung on the settled address and a gone holder's Guthaben on the plot's holder", async () => {
    const res = await kassier.get<ZvEintrag[]>('Abrechnung/ZvData', {
      pachtabrechnungID: z.pachtabrechnungId,
      date: ZV_DATUM,
    });
    expect(res.status, res.text).toBe(200);
    const huber = res.body.find((e) => e.adresseId === z.huber);
    expect(wasserZeilen(huber)).toEqual([['17', 'Wasserabrechnung zum 31.10.2025: Nachzahlung', 6_122]]);
    expect(huber?.summeCent).toBe(139_779 + 6_122);
    const eins = res.body.find((e) => e.adresseId === z.adressen[1]);
    expect(wasserZeilen(eins)).toEqual([['1', 'Wasserabrechnung zum 31.10.2025: Guthaben', -3_244]]);
    // Nobody holds plot 30 any more: the settled address gets a letter of its own, so the
    // difference is not lost when booking marks the settlement billed.
    const fort = res.body.find((e) => e.adresseId === fortId);
    expect(wasserZeilen(fort)).toEqual([['30', 'Wasserabrechnung zum 31.10.2025: Nachzahlung', 1_500]]);
    expect(fort?.summeCent).toBe(1_500);
    expect(res.body).toHaveLength(18);
  });

  it('marks the settlement billed when booking', async () => {
    const res = await kassier.post<EinbuchenResponse>('Abrechnung/ForderungenEinbuchen', {
      pachtabrechnungId: z.pachtabrechnungId,
      datum: ZV_DATUM,
    });
    expect(res.status, res.text).toBe(200);
    expect(res.body.rechnungen.find((r) => r.adresseId === z.huber)?.betragCent).toBe(145_901);
    expect(res.body.rechnungen.find((r) => r.adresseId === fortId)?.betragCent).toBe(1_500);
    const row = await app.services.db('wasserabrechnungen').where({ id: wasserabrechnungId }).first('gebucht_am');
    expect(row?.gebucht_am).not.toBeNull();
    const refused = await kassier.post('Abrechnung/ForderungenEinbuchenWasserrechnungen', {
      stichtag: '2025-10-31',
      datum: ZV_DATUM,
    });
    expect(refused.status).toBe(409);
    expect(refused.body).toMatchObject({ code: 'bereits_verrechnet' });
    // The generic booking call of the run screens refuses it the same way.
    const generisch = await kassier.post('Abrechnung/LaufEinbuchen', {
      art: 'Wasserrechnung',
      stichtag: '2025-10-31',
      datum: ZV_DATUM,
    });
    expect(generisch.status, generisch.text).toBe(409);
    expect(generisch.body).toMatchObject({ code: 'bereits_verrechnet' });
  });
});
