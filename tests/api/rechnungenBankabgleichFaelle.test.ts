import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Rechnung } from '../../src/modules/rechnungspruefung/schema/rechnung';
import type { RechnungenKassabuch } from '../../src/modules/rechnungspruefung/schema/zahlungen';
import { nowDb } from '../../src/platform/db/db';
import { formatRf, rfFromNumber } from '../../src/platform/payment/rfReference';
import type { ApiClient } from '../helpers/apiClient';
import { generateCamt053 } from '../helpers/generateCamt053';
import { type RechnungenBeispiel, seedRechnungenBeispiel } from '../helpers/rechnungenBeispiel';
import { startTestApp, type TestApp } from '../helpers/testApp';
import { importiereAuszug } from './rechnungenBankabgleichHelfer';

// The bank matcher's edge cases: an RF reference typed into the text with more words after it, a
// credit of a closed Kassa period (allocated, but its closed books are not changed), and a credit that
// pays a receivable of last year with one of this year (the booking account decided by number).

let app: TestApp;
let kassier: ApiClient;
let rb: RechnungenBeispiel;

const GANZ = 155_344;
const nr = (n: number) => `2026-${String(n).padStart(5, '0')}`;
const rechnungNr = (n: number) => rb.lauf.rechnungen.find((r) => r.nummer === nr(n))!;

beforeAll(async () => {
  app = await startTestApp();
  kassier = await app.signedIn(['Kassier']);
  rb = await seedRechnungenBeispiel(app.services);
});
afterAll(() => app?.stop());

const importiere = (xml: string) => importiereAuszug(kassier, rb.kontoId, xml);
const eintragMitText = async (text: string) => {
  const row = await app.services.db('kassabuch').where('text', 'like', `%${text}%`).first('id');
  return Number(row?.id);
};
const bezahlt = async (id: number) =>
  Number(
    (await app.services.db('zuordnungen').where({ rechnung_id: id, art: 'zahlung' }).sum({ s: 'betrag_cent' }))[0]?.s ??
      0,
  );

describe('bank matcher, edge cases', () => {
  it('an RF typed into the text in front of more words still counts (not read as part of the reference)', async () => {
    const xml = generateCamt053({
      eintraege: 0,
      von: '2026-05-14',
      kennung: 'RFTEXT',
      anfangCent: 0,
      posten: [{ betragCent: GANZ, text: `${formatRf(rfFromNumber(nr(12)))} Pacht 2026 Danke`, name: 'Gärtner12' }],
    });
    expect((await importiere(xml)).body).toMatchObject({ importiert: 1, zugeordnet: 1, zuKlaeren: 0 });
    expect(await bezahlt(rechnungNr(12).id)).toBe(GANZ);
  });

  it('a credit of a closed Kassa period is allocated but stays on the clearing account (closed books are not changed)', async () => {
    const xml = generateCamt053({
      eintraege: 0,
      von: '2026-05-16',
      kennung: 'GESCHLOSSEN',
      anfangCent: 0,
      posten: [{ betragCent: 3_000, text: 'Irgendwas', name: 'Gärtner13' }],
    });
    expect((await importiere(xml)).body).toMatchObject({ zugeordnet: 0, zuKlaeren: 1 });
    const id = await eintragMitText('Irgendwas');
    const periode = Number(
      (await app.services.db('kassabuch').where({ id }).first('kassaabrechnung_id'))?.kassaabrechnung_id,
    );
    const zu = await kassier.post('Abrechnung/CloseKassaabrechnung', undefined, { query: { id: periode } });
    expect(zu.status, JSON.stringify(zu.body)).toBe(200);
    try {
      const res = await kassier.post<RechnungenKassabuch>('Rechnungspruefung/Zuordnen', {
        kassabuchId: id,
        zuordnungen: [{ rechnungId: rechnungNr(13).id, betragCent: 3_000 }],
      });
      expect(res.status, JSON.stringify(res.body)).toBe(200);
      expect(res.body.eintrag).toMatchObject({ restCent: 0, buchungskontoNummer: '9999' });
    } finally {
      await kassier.post('Abrechnung/OpenKassaabrechnung', undefined, { query: { id: periode } });
    }
  });

  it('last year’s receivable paid with this year’s on the same account number: the entry goes to this year’s account', async () => {
    // A 2025 Kassa period with its own 4100 „Pachtzins“ (another id than 2026's).
    const db = app.services.db;
    const stamp = { created_at: nowDb(), updated_at: nowDb() };
    await db('kassaabrechnungen').insert({
      jahr: 2025,
      bezeichnung: 'Kassa 2025',
      von: '2025-01-01',
      bis: '2025-12-31',
      geschlossen: false,
      naechste_belegnummer: 1,
      version: 1,
      ...stamp,
    });
    const p2025 = Number((await db('kassaabrechnungen').where({ jahr: 2025 }).first('id'))?.id);
    const pacht = { nummer: '4100', name: 'Pachtzins', art: 'einnahme', steuersatz: 10, parzellenspezifisch: false };
    await db('buchungskonten').insert({
      ...pacht,
      kassaabrechnung_id: p2025,
      jahresbetrag_cent: 0,
      geloescht: false,
      klaerung: false,
      version: 1,
      ...stamp,
    });
    const pacht2025 = Number((await db('buchungskonten').where({ kassaabrechnung_id: p2025 }).first('id'))?.id);
    const adresseId = rechnungNr(14).adresseId;
    const neu = async (datum: string, buchungskontoId: number, betragCent: number) => {
      const res = await kassier.post<Rechnung>('Rechnungspruefung/UpdateRechnung', {
        adresseId,
        datum,
        faelligAm: datum,
        positionen: [{ text: 'Pacht Nachverrechnung', betragCent, steuersatz: 10, buchungskontoId }],
      });
      expect(res.status, JSON.stringify(res.body)).toBe(200);
      return res.body;
    };
    const alt = await neu('2025-11-03', pacht2025, 2_000);
    const heuer = await neu('2026-05-02', rb.bk.pacht, 3_000);
    const xml = generateCamt053({
      eintraege: 0,
      von: '2026-05-18',
      kennung: 'VORJAHR',
      anfangCent: 0,
      posten: [{ betragCent: 5_000, text: formatRf(rfFromNumber(heuer.nummer)), name: 'Gärtner14' }],
    });
    expect((await importiere(xml)).body).toMatchObject({ importiert: 1, zugeordnet: 1, zuKlaeren: 0 });
    expect([await bezahlt(heuer.id), await bezahlt(alt.id), await bezahlt(rechnungNr(14).id)]).toEqual([
      3_000, 2_000, 0,
    ]);
    const e = await db('kassabuch as k')
      .join('buchungskonten as b', 'b.id', 'k.buchungskonto_id')
      .where('k.betrag_cent', 5_000)
      .andWhere('k.kassaabrechnung_id', '<>', p2025)
      .first('b.id', 'b.nummer');
    expect(e).toMatchObject({ id: rb.bk.pacht, nummer: '4100' });
  });
});
