import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { EinbuchenResponse, LaufStatus, ZvEintrag } from '../../src/modules/abrechnung/schema/zvData';
import type { ForderungenListe } from '../../src/modules/abrechnung/schema/zvQuery';
import { dbKind } from '../../src/platform/db/db';
import { readWorkbook } from '../../src/platform/excel/excelReader';
import { isValidRf } from '../../src/platform/payment';
import type { ApiClient } from '../helpers/apiClient';
import { buildAdresse, buildPachtverhaeltnis, buildParzelle } from '../helpers/factories';
import { startTestApp, type TestApp } from '../helpers/testApp';
import { seedZvBeispiel, ZV_DATUM, ZV_SUMME_PARZELLE_17_CENT, type ZvBeispiel } from '../helpers/zvBeispiel';

// DOMAIN.md's Zahlungsvorschreibung end to end through the API: ZvData shows plot 17's letter line by
// line adding up to 1.397,79 €; problems stop the booking with 422 and nothing written; a failure in
// the middle of the booking leaves nothing; ForderungenEinbuchen books one receivable per letter with
// a gapless number and its RF reference; afterwards ZvData answers the stored letters, a second
// booking is refused (409) and the Excel list shows the receivable as booked.

let app: TestApp;
let kassier: ApiClient;
let z: ZvBeispiel;

type Problem = { status: number; title: string; errors?: Record<string, string[]> };

beforeAll(async () => {
  app = await startTestApp();
  kassier = await app.signedIn(['Kassier']);
  z = await seedZvBeispiel(app.services);
});
afterAll(() => app.stop());

const zvData = (query: Record<string, string | number | boolean> = {}) =>
  kassier.get<ZvEintrag[]>('Abrechnung/ZvData', { pachtabrechnungID: z.pachtabrechnungId, date: ZV_DATUM, ...query });

const anzahl = async (table: string) =>
  Number(((await app.services.db(table).count({ n: '*' }).first()) as { n: number | string }).n);

async function nichtsGeschrieben() {
  expect(await anzahl('rechnungen')).toBe(0);
  expect(await anzahl('rechnung_positionen')).toBe(0);
  expect(await anzahl('abrechnungslaeufe')).toBe(0);
  expect(await anzahl('rechnungsnummern')).toBe(0);
  expect(await anzahl('versandprotokoll')).toBe(0);
}

describe('Zahlungsvorschreibung: DOMAIN.md example', () => {
  it('shows plot 17 line by line, adding up to 1.397,79 €, due after the payment term', async () => {
    const res = await zvData();
    expect(res.status, res.text).toBe(200);
    expect(res.body).toHaveLength(17);
    const huber = res.body.find((e) => e.adresseId === z.huber)!;
    expect(huber).toMatchObject({
      name: 'Huber Maria',
      anschrift: { anrede: 'Frau', strasse: 'Rosenweg 17', plz: '1140', ort: 'Wien' },
      summeCent: ZV_SUMME_PARZELLE_17_CENT,
      faelligAm: '2026-03-31',
      rechnungId: null,
      rechnungsnummer: null,
      rechnungen: [],
    });
    expect(huber.parzellen).toHaveLength(1);
    expect(huber.parzellen[0]!.nummer).toBe('17');
    expect(huber.parzellen[0]!.positionen.map((p) => [p.art, p.text, p.betragCent])).toEqual([
      ['pachtzins', 'Pachtzins 400,00 m² × 1,31 €', 52_400],
      ['gemeinschaftsflaeche', 'Gemeinschaftsflächenanteil 100,00 m² × 1,31 €', 13_100],
      ['grundsteuer', 'Grundsteuer 500,00 m² × 0,14 €', 7_000],
      ['pachtzuschlag', 'Verwaltungs- und Haftungszuschlag 14,5 % von 725,00 €', 10_513],
      ['verein', 'Verbandsbeitrag', 1_266],
      ['verein', 'Mitgliedsbeitrag', 7_500],
      ['verein', 'Instandhaltungsbeitrag', 18_000],
      ['wasserAkonto', 'Wasser-Akonto', 30_000],
    ]);
    const summe = huber.parzellen[0]!.positionen.reduce((s, p) => s + p.betragCent, 0);
    expect(summe).toBe(139_779);
    // Sorted by plot number in natural order ("2" before "10", "17" last).
    expect(res.body.map((e) => e.parzellen[0]!.nummer)).toEqual(Array.from({ length: 17 }, (_, i) => String(i + 1)));
    const nachName = await zvData({ sortBy: 'name' });
    expect(nachName.body.at(-1)!.name).toBe('Huber Maria');
    const nurHuber = await zvData({ adress: z.huber });
    expect(nurHuber.body.map((e) => e.adresseId)).toEqual([z.huber]);
  });

  it('refuses to book while a problem stands (422, nothing written), and lists it in the check', async () => {
    const parzelle = await buildParzelle(app.services, { nummer: '18', flaeche: '300.00' });
    const ohneAnschrift = await buildAdresse(app.services, { nachname: 'Ohneweg', vorname: 'Otto' });
    const p19 = await buildParzelle(app.services, { nummer: '19', flaeche: '300.00' });
    await buildPachtverhaeltnis(app.services, { parzelleId: p19.id, adresseId: ohneAnschrift.id, von: '2020-01-01' });
    const vorschau = await kassier.get<{ probleme: { art: string; text: string }[] }>('Abrechnung/LaufVorschau', {
      art: 'Zahlungsvorschreibung',
      pachtabrechnungID: z.pachtabrechnungId,
      date: ZV_DATUM,
    });
    expect(vorschau.status, vorschau.text).toBe(200);
    expect(vorschau.body.probleme).toEqual([
      expect.objectContaining({
        art: 'parzelleOhneNutzungsberechtigten',
        text: 'Die Parzelle 18 hat am 01.03.2026 keinen Nutzungsberechtigten.',
      }),
      expect.objectContaining({
        art: 'adresseOhneAnschrift',
        text: 'Bei Ohneweg Otto fehlt die Anschrift (Straße, PLZ und Ort).',
      }),
    ]);
    const res = await kassier.post<Problem>('Abrechnung/ForderungenEinbuchen', {
      pachtabrechnungId: z.pachtabrechnungId,
      datum: ZV_DATUM,
    });
    expect(res.status, res.text).toBe(422);
    expect(res.body.title).toContain('Zahlungsvorschreibung 2026 kann noch nicht gebucht werden');
    expect(res.body.errors?.probleme).toHaveLength(2);
    await nichtsGeschrieben();
    await app.services.db('parzellen').whereIn('id', [parzelle.id, p19.id]).update({ aktiv: false });
  });

  it('names shares of the common area that no longer add up (a stored share changed behind the table)', async () => {
    const db = app.services.db;
    const vorhanden = await db('parzelle_jahr')
      .where({ parzelle_id: z.parzelle17, pachtabrechnung_id: z.pachtabrechnungId })
      .first();
    if (vorhanden)
      await db('parzelle_jahr')
        .where({ parzelle_id: z.parzelle17, pachtabrechnung_id: z.pachtabrechnungId })
        .update({ gemeinschaftsflaeche: '101.00' });
    else
      await db('parzelle_jahr').insert({
        parzelle_id: z.parzelle17,
        pachtabrechnung_id: z.pachtabrechnungId,
        gemeinschaftsflaeche: '101.00',
      });
    try {
      const vorschau = await kassier.get<{ probleme: { art: string; text: string }[] }>('Abrechnung/LaufVorschau', {
        art: 'Zahlungsvorschreibung',
        pachtabrechnungID: z.pachtabrechnungId,
        date: ZV_DATUM,
      });
      expect(vorschau.body.probleme).toEqual([
        expect.objectContaining({
          art: 'anteileStimmenNicht',
          text: expect.stringContaining('ergeben 2.001,00 m², die Gemeinschaftsfläche 2026 ist 2.000,00 m²'),
        }),
      ]);
      const res = await kassier.post<Problem>('Abrechnung/ForderungenEinbuchen', {
        pachtabrechnungId: z.pachtabrechnungId,
        datum: ZV_DATUM,
      });
      expect(res.status, res.text).toBe(422);
      await nichtsGeschrieben();
    } finally {
      await db('parzelle_jahr')
        .where({ parzelle_id: z.parzelle17, pachtabrechnung_id: z.pachtabrechnungId })
        .update({ gemeinschaftsflaeche: null });
    }
  });

  it('refuses a booking call without date or with wrong types in German, field by field', async () => {
    const res = await kassier.post<Problem>('Abrechnung/ForderungenEinbuchen', {
      pachtabrechnungId: 'x',
      interimBilling: 'ja',
    });
    expect(res.status, res.text).toBe(422);
    expect(res.body.errors).toEqual({
      pachtabrechnungId: ['Erwartet wird eine Zahl.'],
      datum: ['Bitte geben Sie das Datum der Vorschreibung an.'],
      interimBilling: ['Erwartet wird true oder false.'],
    });
    await nichtsGeschrieben();
  });

  it('leaves nothing behind when a receivable fails in the middle of the booking', async () => {
    // The last letter's receivable cannot be written (a trigger stands in for a full disk or a
    // broken connection); the earlier letters' receivables must go too.
    const db = app.services.db;
    const letzte = z.adressen[16]!;
    if (dbKind(db) === 'mysql')
      await db.raw(
        `CREATE TRIGGER zv_test_fehler BEFORE INSERT ON rechnungen FOR EACH ROW BEGIN IF NEW.adresse_id = ${letzte} THEN SIGNAL SQLSTATE '45000' SET MESSAGE_TEXT = 'Testfehler'; END IF; END`,
      );
    else
      await db.raw(
        `CREATE TRIGGER zv_test_fehler BEFORE INSERT ON rechnungen WHEN NEW.adresse_id = ${letzte} BEGIN SELECT RAISE(ABORT, 'Testfehler'); END`,
      );
    try {
      const res = await kassier.post('Abrechnung/ForderungenEinbuchen', {
        pachtabrechnungId: z.pachtabrechnungId,
        datum: ZV_DATUM,
      });
      expect(res.status).toBe(500);
    } finally {
      await db.raw('DROP TRIGGER zv_test_fehler');
    }
    await nichtsGeschrieben();
    const status = await kassier.get<LaufStatus>('Abrechnung/ZvStatus', { pachtabrechnungID: z.pachtabrechnungId });
    expect(status.body).toMatchObject({ gebucht: false, laufId: null });
  });

  it('lists the would-be receivables before booking', async () => {
    const res = await kassier.get<ForderungenListe>('Abrechnung/ForderungenExcelExport', {
      pachtabrechnungID: z.pachtabrechnungId,
      date: ZV_DATUM,
      format: 'json',
    });
    expect(res.status, res.text).toBe(200);
    expect(res.body.gebucht).toBe(false);
    expect(res.body.anzahl).toBe(17);
    const huber = res.body.zeilen.find((r) => r.adresseId === z.huber)!;
    expect(huber).toMatchObject({ nummer: null, betragCent: 139_779, parzellen: '17', zahlungsreferenz: null });
  });

  it('books one receivable per letter with number and RF reference, then answers the stored letters', async () => {
    // Two board members press „Einbuchen“ at the same moment: one run is booked, the other is
    // refused (the run's unique key decides), and the numbers stay gapless.
    const body = { pachtabrechnungId: z.pachtabrechnungId, datum: ZV_DATUM };
    const beide = await Promise.all([
      kassier.post<EinbuchenResponse>('Abrechnung/ForderungenEinbuchen', body),
      kassier.post<EinbuchenResponse>('Abrechnung/ForderungenEinbuchen', body),
    ]);
    expect(beide.map((r) => r.status).sort()).toEqual([200, 409]);
    const res = beide.find((r) => r.status === 200)!;
    expect((beide.find((r) => r.status === 409)!.body as unknown as Problem).title).toContain(
      'Die Zahlungsvorschreibung ist bereits gebucht',
    );
    expect(res.body.anzahl).toBe(17);
    // 16 letters of 475 m² plots and plot 17's.
    const andere = (await zvDataVonAnderen()).reduce((s, n) => s + n, 0);
    expect(res.body.summeCent).toBe(139_779 + andere);
    const nummern = res.body.rechnungen.map((r) => r.nummer);
    expect(nummern).toEqual(Array.from({ length: 17 }, (_, i) => `2026-${String(i + 1).padStart(5, '0')}`));
    expect(res.body.rechnungen.every((r) => isValidRf(r.zahlungsreferenz))).toBe(true);
    const huberRechnung = res.body.rechnungen.find((r) => r.adresseId === z.huber)!;
    expect(huberRechnung.betragCent).toBe(139_779);

    const status = await kassier.get<LaufStatus>('Abrechnung/ZvStatus', { pachtabrechnungID: z.pachtabrechnungId });
    expect(status.body).toMatchObject({
      gebucht: true,
      laufId: res.body.laufId,
      anzahl: 17,
      datum: ZV_DATUM,
      faelligAm: '2026-03-31',
    });

    // Rates changed after booking do not change a letter already owed.
    await app.services.db('pachtberechnungen').update({ pachtzins_pro_m2: '2.00' });
    const nachher = await zvData({ adress: z.huber });
    expect(nachher.body).toHaveLength(1);
    expect(nachher.body[0]).toMatchObject({
      summeCent: 139_779,
      rechnungId: huberRechnung.id,
      rechnungsnummer: huberRechnung.nummer,
      zahlungsreferenz: huberRechnung.zahlungsreferenz,
    });
    expect(nachher.body[0]!.parzellen[0]!.positionen.map((p) => p.text)).toContain('Pachtzins 400,00 m² × 1,31 €');

    const again = await kassier.post<Problem>('Abrechnung/ForderungenEinbuchen', {
      pachtabrechnungId: z.pachtabrechnungId,
      datum: ZV_DATUM,
    });
    expect(again.status).toBe(409);
    expect(await anzahl('rechnungen')).toBe(17);
  });

  it('reads the booked receivable back from the Excel list', async () => {
    const res = await kassier.get('Abrechnung/ForderungenExcelExport', {
      pachtabrechnungID: z.pachtabrechnungId,
      date: ZV_DATUM,
    });
    expect(res.status, res.text).toBe(200);
    expect(res.headers.get('content-type')).toContain('spreadsheetml');
    const [forderungen, positionen] = await readWorkbook(res.buffer);
    expect(forderungen!.name).toBe('Forderungen');
    expect(forderungen!.headers).toEqual([
      'Nummer',
      'Name',
      'Parzellen',
      'Buchungskonto',
      'Betrag',
      'Fällig am',
      'Zahlungsreferenz',
    ]);
    const rechnung = (await app.services.db('rechnungen').where({ adresse_id: z.huber }).first())!;
    const zeile = forderungen!.rows.find((r) => r.values.Name === 'Huber Maria')!;
    expect(zeile.values).toMatchObject({
      Nummer: rechnung.nummer,
      Parzellen: '17',
      Betrag: 1397.79,
      Zahlungsreferenz: rechnung.zahlungsreferenz,
    });
    expect(forderungen!.rows).toHaveLength(17);
    expect(positionen!.name).toBe('Positionen');
    expect(positionen!.rows.filter((r) => r.values.Name === 'Huber Maria').map((r) => r.values.Betrag)).toEqual([
      524, 131, 70, 105.13, 12.66, 75, 180, 300,
    ]);
    const json = await kassier.get<ForderungenListe>('Abrechnung/ForderungenExcelExport', {
      pachtabrechnungID: z.pachtabrechnungId,
      format: 'json',
    });
    expect(json.body.gebucht).toBe(true);
    expect(json.body.zeilen.find((r) => r.adresseId === z.huber)).toMatchObject({
      nummer: rechnung.nummer,
      betragCent: 139_779,
      zahlungsreferenz: rechnung.zahlungsreferenz,
    });
  });
});

/** The other 16 letters: 475 m², share 118,75 m² — computed by hand from DOMAIN.md's rates. */
async function zvDataVonAnderen(): Promise<number[]> {
  // Pachtzins 475 × 1,31 = 622,25; Anteil 118,75 × 1,31 = 155,56 (155,5625); Grundsteuer 593,75 × 0,14 =
  // 83,13 (83,125); Zuschlag 14,5 % von 860,94 = 124,84 (124,8363); + 12,66 + 75,00 + 180,00 + 300,00.
  const einer = 62_225 + 15_556 + 8_313 + 12_484 + 1_266 + 7_500 + 18_000 + 30_000;
  return Array.from({ length: 16 }, () => einer);
}
