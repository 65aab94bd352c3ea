import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Eintrag } from '../../src/modules/kassa/schema/kassabuch';
import type { RechnungDetail } from '../../src/modules/rechnungspruefung/schema/rechnung';
import type { RechnungenKassabuch } from '../../src/modules/rechnungspruefung/schema/zahlungen';
import type { ZuKlaerenZeile } from '../../src/modules/rechnungspruefung/schema/zuKlaeren';
import type { ApiClient } from '../helpers/apiClient';
import { generateCamt053 } from '../helpers/generateCamt053';
import { type RechnungenBeispiel, seedRechnungenBeispiel } from '../helpers/rechnungenBeispiel';
import { startTestApp, type TestApp } from '../helpers/testApp';
import { importiereAuszug } from './rechnungenBankabgleichHelfer';

// A reversal (Storno) of an allocated entry opens its receivables again; deleting the reversal (allowed
// while it is not checked) brings the original's payments back — not when the receivable was paid again
// meanwhile, or it would be paid twice.

let app: TestApp;
let kassier: ApiClient;
let rb: RechnungenBeispiel;
type Problem = { title: string; code?: string };

const GANZ = 155_344;

beforeAll(async () => {
  app = await startTestApp();
  rb = await seedRechnungenBeispiel(app.services);
  kassier = await app.signedIn(['Kassier']);
});
afterAll(() => app?.stop());

async function bezahle(rechnungId: number, datum: string): Promise<Eintrag> {
  const e = await kassier.post<Eintrag>('Kassa/UpdateKassabuch', {
    datum,
    betragCent: GANZ,
    kontoId: rb.kontoId,
    buchungskontoId: rb.bk.pacht,
    text: `Zahlung ${datum}`,
  });
  expect(e.status, JSON.stringify(e.body)).toBe(200);
  const z = await kassier.post('Rechnungspruefung/Zuordnen', {
    kassabuchId: e.body.id,
    zuordnungen: [{ rechnungId, betragCent: GANZ }],
  });
  expect(z.status, JSON.stringify(z.body)).toBe(200);
  return e.body;
}
const rechnung = async (id: number) =>
  (await kassier.get<RechnungDetail>('Rechnungspruefung/GetRechnung', { id })).body;

describe('deleting a reversal', () => {
  it('is refused while the receivable it reopened is paid again; allowed once that payment is gone', async () => {
    const r = rb.lauf.rechnungen.find((x) => x.nummer === '2026-00001')!;
    const e = await bezahle(r.id, '2026-04-10');
    const storno = await kassier.post<Eintrag>('Kassa/StornoKassabuch', { id: e.id, datum: '2026-04-11' });
    expect(storno.status, JSON.stringify(storno.body)).toBe(200);
    expect(await rechnung(r.id)).toMatchObject({ bezahltCent: 0, status: 'offen' });
    const neu = await bezahle(r.id, '2026-04-12');
    expect(await rechnung(r.id)).toMatchObject({ bezahltCent: GANZ, status: 'bezahlt' });

    const weg = await kassier.delete<Problem>('Kassa/DeleteKassabuchFiltered', { entryID: storno.body.id });
    expect(weg.status, JSON.stringify(weg.body)).toBe(409);
    expect(weg.body.code).toBe('rechnung_ueberzahlt');
    expect(weg.body.title).toContain('Rechnung 2026-00001');
    expect(await rechnung(r.id)).toMatchObject({ bezahltCent: GANZ, offenCent: 0 });
    expect(await app.services.db('kassabuch').where({ id: storno.body.id }).first('id')).toBeTruthy();

    expect((await kassier.delete('Kassa/DeleteKassabuchFiltered', { entryID: neu.id })).status).toBe(200);
    expect((await kassier.delete('Kassa/DeleteKassabuchFiltered', { entryID: storno.body.id })).status).toBe(200);
    // The original's payment counts again.
    expect(await rechnung(r.id)).toMatchObject({ bezahltCent: GANZ, offenCent: 0, status: 'bezahlt' });
  });

  it('a reversed allocation does not teach the bank matcher the payer’s IBAN', async () => {
    const iban = 'AT131490022010010999';
    const r = rb.lauf.rechnungen.find((x) => x.nummer === '2026-00002')!;
    const importiere = async (kennung: string, von: string) => {
      const xml = generateCamt053({
        eintraege: 0,
        von,
        kennung,
        anfangCent: 0,
        posten: [{ betragCent: GANZ, text: `Pacht ${kennung}`, name: 'Fremder Zahler', iban }],
      });
      const res = await importiereAuszug(kassier, rb.kontoId, xml);
      expect(res.status, JSON.stringify(res.body)).toBe(200);
      return res.body;
    };
    expect(await importiere('ERST', '2026-05-04')).toMatchObject({ zugeordnet: 0, zuKlaeren: 1 });
    const e = await app.services.db('kassabuch').where('text', 'like', '%Pacht ERST%').first('id');
    // Allocated to the wrong member by hand, then reversed.
    await kassier.post('Rechnungspruefung/Zuordnen', {
      kassabuchId: Number(e?.id),
      zuordnungen: [{ rechnungId: r.id, betragCent: GANZ }],
    });
    expect((await kassier.post('Kassa/StornoKassabuch', { id: Number(e?.id), datum: '2026-05-05' })).status).toBe(200);
    // The same payer again with exactly that member's open amount: left to the Kassier.
    expect(await importiere('ZWEIT', '2026-05-06')).toMatchObject({ zugeordnet: 0, zuKlaeren: 1 });
    expect(await rechnung(r.id)).toMatchObject({ bezahltCent: 0, status: 'offen' });
  });
});

describe('a reversed entry and a reversal pay nothing more', () => {
  it('GetRechnungenKassabuch suggests nothing for them; ZuKlaeren does not list them', async () => {
    const xml = generateCamt053({
      eintraege: 0,
      von: '2026-05-08',
      kennung: 'STORNOVORSCHLAG',
      anfangCent: 0,
      posten: [{ betragCent: GANZ, text: 'Pacht STORNOVORSCHLAG', name: 'Niemand Bekannter' }],
    });
    expect((await importiereAuszug(kassier, rb.kontoId, xml)).body).toMatchObject({ zugeordnet: 0, zuKlaeren: 1 });
    const id = Number((await app.services.db('kassabuch').where('text', 'like', '%STORNOVORSCHLAG%').first('id'))?.id);
    const vorschlaege = async (kassabuchID: number) => {
      const res = await kassier.get<RechnungenKassabuch>('Rechnungspruefung/GetRechnungenKassabuch', { kassabuchID });
      expect(res.status).toBe(200);
      return res.body.vorschlaege;
    };
    const zuKlaeren = async () =>
      (await kassier.get<ZuKlaerenZeile[]>('Rechnungspruefung/ZuKlaeren', {})).body.map((z) => z.eintrag.id);
    // Before the reversal: open receivables of that amount are offered, and it waits on ZuKlaeren.
    expect((await vorschlaege(id)).length).toBeGreaterThan(0);
    expect(await zuKlaeren()).toContain(id);
    expect((await kassier.post('Kassa/StornoKassabuch', { id, datum: '2026-05-09' })).status).toBe(200);
    expect(await vorschlaege(id)).toEqual([]);
    expect(await zuKlaeren()).not.toContain(id);

    // An expense reversed: its reversal is an income with a rest, but no payment either.
    const ausgabe = await kassier.post<Eintrag>('Kassa/UpdateKassabuch', {
      datum: '2026-05-10',
      betragCent: -GANZ,
      kontoId: rb.kontoId,
      buchungskontoId: rb.bk.pacht,
      text: 'Fehlbuchung',
    });
    expect(ausgabe.status, JSON.stringify(ausgabe.body)).toBe(200);
    const storno = await kassier.post<Eintrag>('Kassa/StornoKassabuch', { id: ausgabe.body.id, datum: '2026-05-11' });
    expect(storno.status, JSON.stringify(storno.body)).toBe(200);
    expect(storno.body).toMatchObject({ betragCent: GANZ });
    expect(await vorschlaege(storno.body.id)).toEqual([]);
    const zu = await kassier.post<Problem>('Rechnungspruefung/Zuordnen', {
      kassabuchId: storno.body.id,
      zuordnungen: [{ rechnungId: rb.lauf.rechnungen[2]!.id, betragCent: GANZ }],
    });
    expect(zu.status).toBe(409);
  });
});
