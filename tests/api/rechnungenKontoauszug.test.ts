import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bucheEintraege } from '../../src/modules/kassa/services';
import type { Kontoauszug } from '../../src/modules/rechnungspruefung/schema/kontoauszug';
import type { Rechnung } from '../../src/modules/rechnungspruefung/schema/rechnung';
import { verrechneGuthaben } from '../../src/modules/rechnungspruefung/services';
import { ordneZu } from '../../src/modules/rechnungspruefung/services/zuordnungen';
import { systemActor } from '../../src/platform/auth/principal';
import type { ApiClient } from '../helpers/apiClient';
import { type RechnungenBeispiel, seedRechnungenBeispiel } from '../helpers/rechnungenBeispiel';
import { startTestApp, type TestApp } from '../helpers/testApp';
import { pdfText } from './kassaBerichteHelfer';

// The member's account statement (GET Kontoauszug) of Huber (plot 17): the payment request
// 1.397,79 €, paid with 1.500,00 € (102,21 € parked as credit), a manual receivable of 150,00 € that
// the credit offsets, the rest of it reminded with a fee — every line with its running balance, the
// opening balance of a later period, open and credit; on screen and as a letter.

const R = 'Rechnungspruefung';
const actor = systemActor('Test');
let app: TestApp;
let rb: RechnungenBeispiel;
let kassier: ApiClient;
let manuell: Rechnung;

beforeAll(async () => {
  app = await startTestApp();
  rb = await seedRechnungenBeispiel(app.services);
  kassier = await app.signedIn(['Kassier']);
  await app.services.db.transaction(async (trx) => {
    const [e] = await bucheEintraege(trx, actor, [
      { datum: '2026-03-25', betragCent: 150_000, kontoId: rb.kontoId, buchungskontoId: rb.bk.pacht, text: 'Huber' },
    ]);
    await ordneZu(trx, actor, {
      kassabuchId: e!.id,
      zuordnungen: [{ rechnungId: rb.huberRechnung.id, betragCent: 139_779 }],
      restAlsGuthaben: { adresseId: rb.huber },
      quelle: 'manuell',
    });
  });
  manuell = (
    await kassier.post<Rechnung>(`${R}/UpdateRechnung`, {
      adresseId: rb.huber,
      datum: '2026-05-04',
      faelligAm: '2026-05-31',
      positionen: [{ text: 'Schlüssel Gartentor', betragCent: 15_000, steuersatz: 0 }],
    })
  ).body;
  await app.services.db.transaction((trx) => verrechneGuthaben(trx, actor, [manuell.id]));
  const mahnung = await kassier.get(`${R}/Mahnungen`, { rechnungsID: String(manuell.id), datum: '2026-06-15' });
  expect(mahnung.status).toBe(200);
  // Level 2: the fee of the settings and (calc) default interest become positions of the receivable.
  const zweite = await kassier.get(`${R}/Mahnungen`, {
    rechnungsID: String(manuell.id),
    datum: '2026-07-15',
    calc: 'true',
  });
  expect(zweite.status).toBe(200);
});
afterAll(() => app?.stop());

describe('Kontoauszug', () => {
  it('lists receivables, payment, credit, offset and reminder with a running balance', async () => {
    const res = await kassier.get<Kontoauszug>(`${R}/Kontoauszug`, { adresseId: String(rb.huber), bis: '2026-12-31' });
    expect(res.status).toBe(200);
    const k = res.body;
    expect(k.adresse.id).toBe(rb.huber);
    expect(k.anfangsSaldoCent).toBe(0);
    const mahnrows = await app.services.db('mahnungen').where({ rechnung_id: manuell.id });
    const gebuehr = mahnrows.reduce((s, m) => s + Number(m.gebuehr_cent) + Number(m.zinsen_cent), 0);
    const zeilen = k.zeilen.map((z) => [z.datum, z.art, z.nummer, z.sollCent, z.habenCent]);
    expect(zeilen.slice(0, 3)).toEqual([
      ['2026-03-01', 'rechnung', rb.huberRechnung.nummer, 139_779, 0],
      ['2026-03-25', 'zahlung', rb.huberRechnung.nummer, 0, 139_779],
      ['2026-03-25', 'guthaben', null, 0, 10_221],
    ]);
    expect(zeilen[3]).toEqual(['2026-05-04', 'rechnung', manuell.nummer, 15_000, 0]);
    // The offset: the credit used up (Soll) and the receivable paid with it (Haben), netting to zero.
    const verrechnung = k.zeilen.filter((z) => z.art === 'verrechnung');
    expect(verrechnung.map((z) => z.datum)).toEqual(['2026-05-04', '2026-05-04']);
    expect(verrechnung.map((z) => [z.sollCent, z.habenCent]).sort()).toEqual([
      [0, 10_221],
      [10_221, 0],
    ]);
    expect(gebuehr).toBeGreaterThan(500);
    expect(k.zeilen.filter((z) => z.art === 'mahnung').map((z) => z.datum)).toEqual(['2026-07-15']);
    expect(k.zeilen.filter((z) => z.art === 'mahnung').reduce((s, z) => s + z.sollCent, 0)).toBe(gebuehr);
    // Every balance is the one before plus Soll minus Haben.
    let saldo = 0;
    for (const z of k.zeilen) {
      saldo += z.sollCent - z.habenCent;
      expect(z.saldoCent).toBe(saldo);
    }
    const offen = 15_000 - 10_221 + gebuehr;
    expect(k.endSaldoCent).toBe(offen);
    expect(k.offenCent).toBe(offen);
    expect(k.guthabenCent).toBe(0);
    expect(k.summen).toEqual({
      sollCent: 139_779 + 15_000 + gebuehr + 10_221,
      habenCent: 139_779 + 10_221 + 10_221,
    });
  });

  it('a later period starts with the opening balance; the credit shows before it is used', async () => {
    const mai = (
      await kassier.get<Kontoauszug>(`${R}/Kontoauszug`, {
        adresseId: String(rb.huber),
        von: '2026-05-01',
        bis: '2026-12-31',
      })
    ).body;
    expect(mai.anfangsSaldoCent).toBe(-10_221);
    expect(mai.zeilen[0]!.art).toBe('rechnung');
    expect(mai.zeilen[0]!.saldoCent).toBe(-10_221 + 15_000);
    const april = (
      await kassier.get<Kontoauszug>(`${R}/Kontoauszug`, { adresseId: String(rb.huber), bis: '2026-04-30' })
    ).body;
    expect(april).toMatchObject({ endSaldoCent: -10_221, offenCent: 0, guthabenCent: 10_221 });
  });

  it('prints the statement as a letter with every line and the balance in words', async () => {
    const pdf = await kassier.get(`${R}/Kontoauszug`, {
      adresseId: String(rb.huber),
      bis: '2026-04-30',
      format: 'pdf',
    });
    expect(pdf.status).toBe(200);
    expect(pdf.headers.get('content-type')).toContain('application/pdf');
    const text = await pdfText(pdf.buffer);
    expect(text).toContain('Kontoauszug');
    expect(text).toMatch(
      new RegExp(`01\\.03\\.2026\\s+Zahlungsvorschreibung ${rb.huberRechnung.nummer}\\s+€ 1\\.397,79`),
    );
    expect(text).toMatch(/Überzahlung als Guthaben \(Beleg \d+\)\s+€ 102,21\s+-€ 102,21/);
    expect(text).toContain('haben Sie ein Guthaben von € 102,21');
    expect(text.replace(/\s+/g, ' ')).toContain(
      'melden Sie sich bitte beim Kassier. Mit freundlichen Grüßen der Vorstand',
    );
  });

  it('a reversed payment shows as Soll and leaves the balance where it was', async () => {
    const vorher = (await kassier.get<Kontoauszug>(`${R}/Kontoauszug`, { adresseId: String(rb.huber) })).body;
    const eintragId = await app.services.db.transaction(async (trx) => {
      const [e] = await bucheEintraege(trx, actor, [
        { datum: '2026-07-20', betragCent: 1_000, kontoId: rb.kontoId, buchungskontoId: rb.bk.pacht, text: 'Huber' },
      ]);
      await ordneZu(trx, actor, {
        kassabuchId: e!.id,
        zuordnungen: [{ rechnungId: manuell.id, betragCent: 1_000 }],
        quelle: 'manuell',
      });
      return e!.id;
    });
    const storno = await kassier.post('Kassa/StornoKassabuch', { id: eintragId, datum: '2026-07-21' });
    expect(storno.status).toBe(200);
    const k = (await kassier.get<Kontoauszug>(`${R}/Kontoauszug`, { adresseId: String(rb.huber) })).body;
    expect(k.endSaldoCent).toBe(vorher.endSaldoCent);
    expect(k.zeilen.slice(-2).map((z) => [z.datum, z.art, z.sollCent, z.habenCent, z.saldoCent])).toEqual([
      ['2026-07-20', 'zahlung', 0, 1_000, vorher.endSaldoCent - 1_000],
      ['2026-07-21', 'zahlung', 1_000, 0, vorher.endSaldoCent],
    ]);
    expect(k.zeilen.at(-1)!.text).toMatch(/^Storno der Zahlung auf /);
  });

  it('a reversed overpayment shows as the Storno of the credit, not as a credit paid out', async () => {
    const eintragId = await app.services.db.transaction(async (trx) => {
      const [e] = await bucheEintraege(trx, actor, [
        { datum: '2026-07-22', betragCent: 500, kontoId: rb.kontoId, buchungskontoId: rb.bk.pacht, text: 'Huber' },
      ]);
      await ordneZu(trx, actor, {
        kassabuchId: e!.id,
        zuordnungen: [],
        restAlsGuthaben: { adresseId: rb.huber },
        quelle: 'manuell',
      });
      return e!.id;
    });
    const storno = await kassier.post<{ belegnummer: number }>('Kassa/StornoKassabuch', {
      id: eintragId,
      datum: '2026-07-23',
    });
    expect(storno.status).toBe(200);
    const k = (await kassier.get<Kontoauszug>(`${R}/Kontoauszug`, { adresseId: String(rb.huber) })).body;
    expect(
      k.zeilen
        .filter((z) => z.datum >= '2026-07-22' && z.art === 'guthaben')
        .map((z) => [z.text, z.sollCent, z.habenCent]),
    ).toEqual([
      [expect.stringMatching(/^Überzahlung als Guthaben \(Beleg \d+\)$/), 0, 500],
      [`Storno der Überzahlung als Guthaben (Beleg ${storno.body.belegnummer})`, 500, 0],
    ]);
  });

  it('after ResetMahnung the fee stays owed: paying the open amount settles the account to the cent', async () => {
    const reset = await kassier.post<Rechnung>(`${R}/ResetMahnung?id=${manuell.id}`, {});
    expect(reset.status).toBe(200);
    expect(reset.body.mahnstufe).toBe(0);
    const offen = reset.body.offenCent;
    expect(offen).toBe(reset.body.betragCent - reset.body.bezahltCent);
    await app.services.db.transaction(async (trx) => {
      const [e] = await bucheEintraege(trx, actor, [
        { datum: '2026-08-03', betragCent: offen, kontoId: rb.kontoId, buchungskontoId: rb.bk.pacht, text: 'Huber' },
      ]);
      await ordneZu(trx, actor, {
        kassabuchId: e!.id,
        zuordnungen: [{ rechnungId: manuell.id, betragCent: offen }],
        quelle: 'manuell',
      });
    });
    const r = (await kassier.get<Rechnung>(`${R}/GetRechnung`, { id: manuell.id })).body;
    expect(r).toMatchObject({ status: 'bezahlt', offenCent: 0, bezahltCent: r.betragCent });
    const k = (await kassier.get<Kontoauszug>(`${R}/Kontoauszug`, { adresseId: String(rb.huber) })).body;
    // the reminder's fee line is still on the statement; nothing is open, no credit is left
    expect(k.zeilen.filter((z) => z.art === 'mahnung')).toHaveLength(1);
    expect(k).toMatchObject({ endSaldoCent: 0, offenCent: 0, guthabenCent: 0 });
  });

  it('answers 404 for an unknown address, 422 for a bad date, 403 without the right', async () => {
    expect((await kassier.get(`${R}/Kontoauszug`, { adresseId: '999999' })).status).toBe(404);
    expect((await kassier.get(`${R}/Kontoauszug`, { adresseId: String(rb.huber), bis: '2026-02-30' })).status).toBe(
      422,
    );
    const ohne = await app.signedIn(['Wasserwart']);
    expect((await ohne.get(`${R}/Kontoauszug`, { adresseId: String(rb.huber) })).status).toBe(403);
  });
});
