import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RechnungenKassabuch } from '../../src/modules/rechnungspruefung/schema/zahlungen';
import { formatRf, rfFromNumber } from '../../src/platform/payment/rfReference';
import type { ApiClient } from '../helpers/apiClient';
import { generateCamt053 } from '../helpers/generateCamt053';
import { type RechnungenBeispiel, seedRechnungenBeispiel } from '../helpers/rechnungenBeispiel';
import { startTestApp, type TestApp } from '../helpers/testApp';
import { importiereAuszug } from './rechnungenBankabgleichHelfer';

// The bank matcher's edge cases: an RF reference typed into the text with more words after it, and a
// credit of a closed Kassa period (allocated, but its closed books are not changed).

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
});
