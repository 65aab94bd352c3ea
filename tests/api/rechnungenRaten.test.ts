import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Rechnung } from '../../src/modules/rechnungspruefung/schema/rechnung';
import { nowDb } from '../../src/platform/db/db';
import type { HistoryEntry } from '../../src/platform/history/history';
import type { ApiClient } from '../helpers/apiClient';
import { type RechnungenBeispiel, seedRechnungenBeispiel } from '../helpers/rechnungenBeispiel';
import { startTestApp, type TestApp } from '../helpers/testApp';
import { pdfText } from './kassaBerichteHelfer';
import { neueRechnung } from './rechnungenHelfer';

// Instalments (UpdateRaten, RatenVorschlag): the board agrees with a member to pay 1.553,44 € in three
// monthly parts; the parts must add up to the receivable to the cent, ascend and not precede its
// date; a reminder then asks only for instalments due and unpaid, and none while the plan is kept.

let app: TestApp;
let rb: RechnungenBeispiel;
let kassier: ApiClient;

const rechnung = (i: number) => rb.lauf.rechnungen[i]!;

async function zahle(rechnungId: number, betragCent: number) {
  await app.services.db('zuordnungen').insert({
    kassabuch_id: null,
    rechnung_id: rechnungId,
    adresse_id: null,
    art: 'zahlung',
    quelle: 'manuell',
    betrag_cent: betragCent,
    verrechnung_id: null,
    benutzer: 'Test',
    created_at: nowDb(),
  });
}

const speichere = (rechnungId: number, raten: { faelligAm: string; betragCent: number }[]) =>
  kassier.post<Rechnung & { errors: Record<string, string[]>; title: string }>('Rechnungspruefung/UpdateRaten', {
    rechnungId,
    raten,
  });

beforeAll(async () => {
  app = await startTestApp();
  rb = await seedRechnungenBeispiel(app.services);
  kassier = await app.signedIn(['Kassier']);
});
afterAll(async () => {
  await app.stop();
});

describe('GET Rechnungspruefung/RatenVorschlag', () => {
  it('splits 1.553,44 € into three monthly instalments, the left-over cent on the first', async () => {
    const res = await kassier.get('Rechnungspruefung/RatenVorschlag', {
      rechnungId: rechnung(0).id,
      anzahl: 3,
      ersteFaelligkeit: '2026-04-30',
    });
    expect(res.status).toBe(200);
    expect(res.body).toEqual([
      { faelligAm: '2026-04-30', betragCent: 51_782 },
      { faelligAm: '2026-05-30', betragCent: 51_781 },
      { faelligAm: '2026-06-30', betragCent: 51_781 },
    ]);
    const falsch = await kassier.get<{ errors: Record<string, string[]> }>('Rechnungspruefung/RatenVorschlag', {
      rechnungId: rechnung(0).id,
      anzahl: 0,
      ersteFaelligkeit: '2026-04-30',
    });
    expect(falsch.status).toBe(422);
    expect(falsch.body.errors['query.anzahl']).toEqual(['Zwischen 1 und 120 Raten.']);
  });
});

describe('POST Rechnungspruefung/UpdateRaten', () => {
  it('stores the instalments (answer: the receivable with them), records history, and an empty list removes them', async () => {
    const r = rechnung(0);
    const raten = [
      { faelligAm: '2026-04-30', betragCent: 51_782 },
      { faelligAm: '2026-05-31', betragCent: 51_781 },
      { faelligAm: '2026-06-30', betragCent: 51_781 },
    ];
    const res = await speichere(r.id, raten);
    expect(res.status).toBe(200);
    expect(res.body.raten).toEqual(raten.map((rate, i) => ({ nummer: i + 1, ...rate })));
    const history = await kassier.get<HistoryEntry[]>('Common/GetHistory', { entityType: 'Rechnung', entityID: r.id });
    expect(history.body.find((h) => h.action === 'raten')?.after).toEqual({ raten });
    const leer = await speichere(r.id, []);
    expect(leer.status).toBe(200);
    expect(leer.body.raten).toEqual([]);
  });

  it('refuses instalments that miss the amount by a cent, descend, precede the receivable or are 0 — 422 per field, nothing stored', async () => {
    const r = rechnung(1);
    const einCentZuWenig = await speichere(r.id, [
      { faelligAm: '2026-04-30', betragCent: 77_672 },
      { faelligAm: '2026-05-31', betragCent: 77_671 },
    ]);
    expect(einCentZuWenig.status).toBe(422);
    expect(einCentZuWenig.body.errors.raten).toEqual([
      'Die Raten ergeben € 1.553,43, die Rechnung beträgt € 1.553,44: Sie müssen genau den Rechnungsbetrag ergeben.',
    ]);
    const falsch = await speichere(r.id, [
      { faelligAm: '2026-02-28', betragCent: 155_344 },
      { faelligAm: '2026-02-01', betragCent: 0 },
    ]);
    expect(falsch.status).toBe(422);
    expect(falsch.body.errors).toMatchObject({
      'raten.0.faelligAm': ['Eine Rate kann nicht vor dem Rechnungsdatum 01.03.2026 fällig sein.'],
      'raten.1.betragCent': ['Eine Rate muss größer als 0 sein.'],
    });
    expect(falsch.body.errors['raten.1.faelligAm']).toHaveLength(2);
    expect(
      await app.services.db('rechnung_raten').where({ rechnung_id: r.id }).count({ n: '*' }).first(),
    ).toMatchObject({ n: 0 });
    expect((await speichere(999_999, [])).status).toBe(404);
  });

  it('a manual receivable with instalments keeps its amount and a date not after the first instalment (422, plan kept)', async () => {
    const neu = await kassier.post<Rechnung>('Rechnungspruefung/UpdateRechnung', neueRechnung(rb));
    expect(neu.status).toBe(200);
    const raten = [
      { faelligAm: '2026-05-31', betragCent: 1_990 },
      { faelligAm: '2026-06-30', betragCent: 1_990 },
    ];
    const mitRaten = await speichere(neu.body.id, raten);
    expect(mitRaten.status).toBe(200);
    const teurer = await kassier.post<{ errors: Record<string, string[]> }>(
      'Rechnungspruefung/UpdateRechnung',
      neueRechnung(rb, {
        id: neu.body.id,
        version: mitRaten.body.version,
        datum: '2026-06-01',
        faelligAm: '2026-06-30',
        positionen: [{ text: 'Schlüssel Gartentor', betragCent: 2_000, steuersatz: 0 }],
      }),
    );
    expect(teurer.status).toBe(422);
    expect(teurer.body.errors).toEqual({
      positionen: [
        'Für diese Rechnung sind Raten über € 39,80 vereinbart: heben Sie zuerst die Raten auf oder lassen Sie den Betrag gleich.',
      ],
      datum: ['Die erste Rate ist am 31.05.2026 fällig: das Rechnungsdatum darf nicht danach liegen.'],
    });
    const danach = await kassier.get<Rechnung>('Rechnungspruefung/GetRechnung', { id: neu.body.id });
    expect(danach.body).toMatchObject({ betragCent: 3_980, datum: '2026-05-04' });
    expect(danach.body.raten.map((r) => r.betragCent)).toEqual([1_990, 1_990]);
    // text and note still change
    const text = await kassier.post<Rechnung>(
      'Rechnungspruefung/UpdateRechnung',
      neueRechnung(rb, { id: neu.body.id, version: danach.body.version, notiz: 'in zwei Raten' }),
    );
    expect(text.status).toBe(200);
  });

  it('rights: a reading user may ask for a suggestion but not store instalments', async () => {
    const pruefer = await app.signedIn(['Rechnungsprüfer']);
    expect(
      (await pruefer.post('Rechnungspruefung/UpdateRaten', { rechnungId: rechnung(2).id, raten: [] })).status,
    ).toBe(403);
    expect(
      (
        await pruefer.get('Rechnungspruefung/RatenVorschlag', {
          rechnungId: rechnung(2).id,
          anzahl: 2,
          ersteFaelligkeit: '2026-04-30',
        })
      ).status,
    ).toBe(200);
  });
});

describe('Reminders respect instalments', () => {
  it('while the instalments due are paid nothing is reminded; once one is due and unpaid only that one is', async () => {
    const r = rechnung(3);
    expect(
      (
        await speichere(r.id, [
          { faelligAm: '2026-04-30', betragCent: 51_782 },
          { faelligAm: '2026-05-31', betragCent: 51_781 },
          { faelligAm: '2026-06-30', betragCent: 51_781 },
        ])
      ).status,
    ).toBe(200);
    await zahle(r.id, 51_782);
    // 15.05.2026: the first instalment is due and paid, the receivable's own due date (31.03.) is past.
    const amMai = await kassier.request('GET', 'Rechnungspruefung/Mahnungen', {
      query: { rechnungsID: r.id, datum: '2026-05-15' },
    });
    expect(amMai.status).toBe(409);
    expect(amMai.body).toMatchObject({ code: 'nicht_faellig' });
    const laufMai = await kassier.get<{ uebersprungen: { rechnungId: number; grund: string }[] }>(
      'Rechnungspruefung/Mahnlauf',
      { datum: '2026-05-15' },
    );
    expect(laufMai.body.uebersprungen).toContainEqual(
      expect.objectContaining({ rechnungId: r.id, grund: 'raten_nicht_faellig' }),
    );
    // 20.06.2026: the second instalment (31.05.) is overdue: the run reminds 517,81 €, with interest
    // from 31.05. on it: 51,781 × 4 % × 20/365 = 113.49 → 1,13 €.
    const laufJuni = await kassier.get<{
      zeilen: { rechnungId: number; ueberfaelligCent: number; zinsenCent: number }[];
    }>('Rechnungspruefung/Mahnlauf', { datum: '2026-06-20', calc: true });
    expect(laufJuni.body.zeilen.find((z) => z.rechnungId === r.id)).toMatchObject({
      ueberfaelligCent: 51_781,
      zinsenCent: 113,
    });
    // the invoice printed again names the instalments instead of asking for everything by 31.03.
    const brief = await kassier.get('Rechnungspruefung/Rechnungen', { ids: String(r.id) });
    expect(brief.status).toBe(200);
    const text = (await pdfText(brief.buffer)).replace(/\s+/g, ' ');
    expect(text).toContain(
      'Vereinbart ist die Zahlung in Raten: € 517,82 bis 30.04.2026, € 517,81 bis 31.05.2026, € 517,81 bis 30.06.2026.',
    );
    expect(text).not.toContain('bis 31.03.2026 mit der angegebenen');
  });

  it('interest a reminder adds beyond the plan is overdue with the receivable: once every instalment is paid the run asks for it alone', async () => {
    const r = rechnung(4);
    const raten = [
      { faelligAm: '2026-04-30', betragCent: 51_782 },
      { faelligAm: '2026-05-31', betragCent: 51_781 },
      { faelligAm: '2026-06-30', betragCent: 51_781 },
    ];
    expect((await speichere(r.id, raten)).status).toBe(200);
    // 15.05.2026 with interest: the first instalment since 30.04., 51,782 × 4 % × 15/365 = 85.12 → 0,85 €
    const erinnerung = await kassier.request('GET', 'Rechnungspruefung/Mahnungen', {
      query: { rechnungsID: r.id, datum: '2026-05-15', calc: true },
    });
    expect(erinnerung.status).toBe(200);
    await zahle(r.id, 155_344);
    const lauf = await kassier.get<{
      zeilen: { rechnungId: number; ueberfaelligCent: number; zinsenCent: number }[];
      uebersprungen: { rechnungId: number }[];
    }>('Rechnungspruefung/Mahnlauf', { datum: '2026-07-20', calc: true });
    // the interest is overdue, but bears no interest itself
    expect(lauf.body.zeilen.find((z) => z.rechnungId === r.id)).toMatchObject({ ueberfaelligCent: 85, zinsenCent: 0 });
    expect(lauf.body.uebersprungen.map((u) => u.rechnungId)).not.toContain(r.id);
  });
});
