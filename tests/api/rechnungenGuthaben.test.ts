import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Eintrag } from '../../src/modules/kassa/schema/kassabuch';
import type { RechnungDetail } from '../../src/modules/rechnungspruefung/schema/rechnung';
import type { Guthaben, RechnungenKassabuch } from '../../src/modules/rechnungspruefung/schema/zahlungen';
import {
  gutgeschriebenJeRechnung,
  legeRechnungenAn,
  verrechneGuthaben,
} from '../../src/modules/rechnungspruefung/services';
import { systemActor } from '../../src/platform/auth/principal';
import type { ApiClient } from '../helpers/apiClient';
import { buildGruppe } from '../helpers/factories';
import { type RechnungenBeispiel, seedRechnungenBeispiel } from '../helpers/rechnungenBeispiel';
import { startTestApp, type TestApp } from '../helpers/testApp';
import { ZV_DATUM } from '../helpers/zvBeispiel';

// Credits (Guthaben) of an address: an open credit note (Gutschrift, a negative receivable) is listed
// as credit, can be paid out by an expense entry, and is otherwise offset against the next booked
// run's receivable (a pair of allocation rows without a cash-book entry).

let app: TestApp;
let kassier: ApiClient;
let rb: RechnungenBeispiel;
type Problem = { title: string; code?: string; errors?: Record<string, string[]> };

beforeAll(async () => {
  app = await startTestApp();
  rb = await seedRechnungenBeispiel(app.services);
  kassier = await app.signedIn(['Kassier']);
});
afterAll(() => app?.stop());

/** A credit note of `betragCent` (positive number, stored negative) for Huber. */
async function gutschrift(betragCent: number): Promise<{ id: number; nummer: string }> {
  const [g] = await app.services.db.transaction((trx) =>
    legeRechnungenAn(trx, [
      {
        art: 'manuell',
        adresseId: rb.huber,
        adresseName: 'Huber Maria',
        datum: '2026-04-01',
        faelligAm: '2026-04-30',
        positionen: [
          {
            parzelleId: null,
            parzelleNummer: '',
            art: 'manuell',
            text: 'Gutschrift Wasserzähler',
            betragCent: -betragCent,
            steuersatz: 0,
            buchungskontoId: null,
          },
        ],
      },
    ]),
  );
  return { id: g!.id, nummer: g!.nummer };
}
const rechnung = async (id: number) =>
  (await kassier.get<RechnungDetail>('Rechnungspruefung/GetRechnung', { id })).body;

/** Huber's manual receivable, offset against his credit as a booked run does after creating its receivables. */
async function verrechneteRechnung(datum: string, faelligAm: string, text: string, betragCent: number) {
  const [r] = await app.services.db.transaction(async (trx) => {
    const rs = await legeRechnungenAn(trx, [
      {
        art: 'manuell',
        adresseId: rb.huber,
        adresseName: 'Huber Maria',
        datum,
        faelligAm,
        positionen: [
          {
            parzelleId: null,
            parzelleNummer: '',
            art: 'manuell',
            text,
            betragCent,
            steuersatz: 0,
            buchungskontoId: null,
          },
        ],
      },
    ]);
    await verrechneGuthaben(trx, systemActor('Test'), [rs[0]!.id]);
    return rs;
  });
  return r!;
}

/** An income entry of Huber allocated to nothing: all of it parked as his credit. */
async function ueberzahlung(datum: string, betragCent: number, text: string) {
  const e = await kassier.post<Eintrag>('Kassa/UpdateKassabuch', {
    datum,
    betragCent,
    kontoId: rb.kontoId,
    buchungskontoId: rb.bk.pacht,
    text,
  });
  const z = await kassier.post<RechnungenKassabuch>('Rechnungspruefung/Zuordnen', {
    kassabuchId: e.body.id,
    zuordnungen: [],
    restAlsGuthaben: { adresseId: rb.huber },
  });
  expect(z.status, JSON.stringify(z.body)).toBe(200);
  return { e, z };
}

describe('Guthaben from credit notes', () => {
  it('an expense pays a credit note out; an income entry cannot pay it', async () => {
    const g = await gutschrift(3_000);
    const guthaben = await kassier.get<Guthaben>('Rechnungspruefung/Guthaben', { adresseId: rb.huber });
    expect(guthaben.body).toMatchObject({ guthabenCent: 3_000 });
    expect(guthaben.body.posten).toEqual([
      expect.objectContaining({
        art: 'gutschrift',
        betragCent: 3_000,
        rechnungId: g.id,
        text: `Gutschrift ${g.nummer}`,
      }),
    ]);

    const einnahme = await kassier.post<Eintrag>('Kassa/UpdateKassabuch', {
      datum: '2026-04-10',
      betragCent: 3_000,
      kontoId: rb.kontoId,
      buchungskontoId: rb.bk.pacht,
      text: 'Einzahlung',
    });
    const falsch = await kassier.post<Problem>('Rechnungspruefung/Zuordnen', {
      kassabuchId: einnahme.body.id,
      zuordnungen: [{ rechnungId: g.id, betragCent: 3_000 }],
    });
    expect(falsch.status).toBe(422);
    expect(falsch.body.errors?.['zuordnungen[0].rechnungId']).toEqual([
      `${g.nummer} ist eine Gutschrift; eine Einnahme bezahlt nur Rechnungen.`,
    ]);

    const ausgabe = await kassier.post<Eintrag>('Kassa/UpdateKassabuch', {
      datum: '2026-04-10',
      betragCent: -3_000,
      kontoId: rb.kontoId,
      buchungskontoId: rb.bk.pacht,
      text: 'Auszahlung Gutschrift',
    });
    const aus = await kassier.post<RechnungenKassabuch>('Rechnungspruefung/Zuordnen', {
      kassabuchId: ausgabe.body.id,
      zuordnungen: [{ rechnungId: g.id, betragCent: -3_000 }],
    });
    expect(aus.status, JSON.stringify(aus.body)).toBe(200);
    expect(await rechnung(g.id)).toMatchObject({ status: 'bezahlt', offenCent: 0 });
    expect((await kassier.get<Guthaben>('Rechnungspruefung/Guthaben', { adresseId: rb.huber })).body.guthabenCent).toBe(
      0,
    );
  });

  it('the next booked run offsets an open credit note against Huber’s new receivable', async () => {
    const g = await gutschrift(5_000);
    const nord = (await buildGruppe(app.services, { name: 'Nord' })).id;
    await app.services.db('parzellen').where({ id: rb.parzellen[0] }).update({ gruppe_id: nord });
    await kassier.post('Abrechnung/UpdateGruppenabrechnung', {
      id: 0,
      pachtabrechnungId: rb.pachtabrechnungId,
      gruppeId: nord,
      text: 'Zaun',
      betragCent: 20_000,
      verteilung: 'gleich',
    });
    const lauf = await kassier.post<{ rechnungen: { id: number; adresseId: number }[] }>(
      'Abrechnung/ForderungenEinbuchenGruppenrechnungen',
      { pachtabrechnungId: rb.pachtabrechnungId, datum: ZV_DATUM },
    );
    expect(lauf.status, JSON.stringify(lauf.body)).toBe(200);
    const neu = lauf.body.rechnungen.find((r) => r.adresseId === rb.huber)!;
    expect(await rechnung(neu.id)).toMatchObject({ bezahltCent: 5_000, offenCent: 15_000, status: 'teilbezahlt' });
    expect(await rechnung(g.id)).toMatchObject({ status: 'bezahlt', offenCent: 0 });
    const rows = await app.services.db('zuordnungen').where({ quelle: 'verrechnung' }).orderBy('id');
    expect(rows.map((r) => [r.kassabuch_id, r.rechnung_id, Number(r.betrag_cent)])).toEqual([
      [null, g.id, -5_000],
      [null, neu.id, 5_000],
    ]);
    expect(rows[0]?.verrechnung_id).toBe(rows[1]?.verrechnung_id);
    expect((await kassier.get<Guthaben>('Rechnungspruefung/Guthaben', { adresseId: rb.huber })).body.guthabenCent).toBe(
      0,
    );
  });

  it('an overpayment offset in part keeps its credit row until the offset is taken back', async () => {
    const { z } = await ueberzahlung('2026-04-12', 4_000, 'Vorauszahlung Huber');
    const neu = await verrechneteRechnung('2026-05-01', '2026-05-31', 'Schlüssel', 1_500);
    expect(await rechnung(neu.id)).toMatchObject({ bezahltCent: 1_500, status: 'bezahlt' });
    const guthabenRow = z.body.zuordnungen.find((x) => x.art === 'guthaben')!;
    const weg = await kassier.delete<Problem>('Rechnungspruefung/DeleteZuordnung', { id: guthabenRow.id });
    expect(weg.status).toBe(409);
    expect(weg.body.code).toBe('guthaben_verrechnet');
    // The offset taken back (both rows), then the credit can go.
    const verrechnung = (await rechnung(neu.id)).zahlungen[0]!;
    expect((await kassier.delete('Rechnungspruefung/DeleteZuordnung', { id: verrechnung.zuordnungId })).status).toBe(
      204,
    );
    expect(await rechnung(neu.id)).toMatchObject({ bezahltCent: 0, offenCent: 1_500 });
    expect((await kassier.get<Guthaben>('Rechnungspruefung/Guthaben', { adresseId: rb.huber })).body.guthabenCent).toBe(
      4_000,
    );
    expect((await kassier.delete('Rechnungspruefung/DeleteZuordnung', { id: guthabenRow.id })).status).toBe(204);
    expect((await kassier.get<Guthaben>('Rechnungspruefung/Guthaben', { adresseId: rb.huber })).body.guthabenCent).toBe(
      0,
    );
  });

  it('a reversed overpayment takes its offset back: the receivable is open again and its letter shows no credit', async () => {
    const { e } = await ueberzahlung('2026-04-13', 2_000, 'Überzahlung Huber');
    const neu = await verrechneteRechnung('2026-05-02', '2026-06-01', 'Stromanteil', 1_500);
    expect((await gutgeschriebenJeRechnung(app.services.db, [neu.id])).get(neu.id)).toBe(1_500);
    const storno = await kassier.post('Kassa/StornoKassabuch', { id: e.body.id, datum: '2026-05-03' });
    expect(storno.status, JSON.stringify(storno.body)).toBe(200);
    expect(await rechnung(neu.id)).toMatchObject({ bezahltCent: 0, offenCent: 1_500, status: 'offen' });
    expect((await gutgeschriebenJeRechnung(app.services.db, [neu.id])).get(neu.id) ?? 0).toBe(0);
    expect((await kassier.get<Guthaben>('Rechnungspruefung/Guthaben', { adresseId: rb.huber })).body.guthabenCent).toBe(
      0,
    );
  });

  it('the entry dialog sends the offset back with the other allocations: it stays once, removing it is refused', async () => {
    const { e } = await ueberzahlung('2026-04-14', 3_000, 'Zuviel bezahlt');
    const neu = await verrechneteRechnung('2026-05-03', '2026-06-02', 'Wasserzähler', 1_000);
    const vorher = (await kassier.get<{ eintraege: Eintrag[] }>('Kassa/GetKassabuch', { entryID: e.body.id })).body
      .eintraege[0]!;
    // What Kassa shows: the offset is a 'zahlung' row like any other; the dialog sends it back as it is.
    const gezeigt = vorher.zuordnungen.filter((z) => z.art === 'zahlung');
    expect(gezeigt.map((z) => [z.rechnungId, z.betragCent])).toEqual([[neu.id, 1_000]]);
    const gleich = await kassier.post<Eintrag>('Kassa/UpdateKassabuch', {
      ...vorher,
      text: 'Zuviel bezahlt (Huber)',
      zuordnungen: gezeigt.map((z) => ({ rechnungId: z.rechnungId, betragCent: z.betragCent })),
    });
    expect(gleich.status, JSON.stringify(gleich.body)).toBe(200);
    expect(await rechnung(neu.id)).toMatchObject({ bezahltCent: 1_000, status: 'bezahlt' });
    const ohne = await kassier.post<Problem>('Kassa/UpdateKassabuch', { ...gleich.body, zuordnungen: [] });
    expect(ohne.status).toBe(422);
    expect(ohne.body.errors?.zuordnungen?.[0]).toMatch(/ist mit € 10,00 aus dem Guthaben verrechnet/);
    expect(await rechnung(neu.id)).toMatchObject({ bezahltCent: 1_000 });
  });
});
