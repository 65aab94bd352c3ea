import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Eintrag } from '../../src/modules/kassa/schema/kassabuch';
import type { Rechnung, RechnungDetail } from '../../src/modules/rechnungspruefung/schema/rechnung';
import type { AlleBezahltAntwort, RechnungenKassabuch } from '../../src/modules/rechnungspruefung/schema/zahlungen';
import { legeRechnungenAn } from '../../src/modules/rechnungspruefung/services';
import type { ApiClient } from '../helpers/apiClient';
import { type RechnungenBeispiel, seedRechnungenBeispiel } from '../helpers/rechnungenBeispiel';
import { startTestApp, type TestApp } from '../helpers/testApp';
import { bankEintrag, mitRechten, rechnungNr } from './rechnungenHelfer';

// Payments by hand: the Kassier allocates a cash-book entry (Zuordnen), books a payment at the counter
// (ZahlungErfassen, AlleBezahlt), takes an allocation back. Every refusal is a 422 with German errors
// and writes nothing. Kassa's side (entry dialog, reversal, delete): rechnungenZahlungenKassa.test.ts.

let app: TestApp;
let kassier: ApiClient;
let pruefer: ApiClient;
let ohneKassa: ApiClient;
let rb: RechnungenBeispiel;
type Problem = { title: string; code?: string; errors?: Record<string, string[]> };

const GANZ = 155_344;
const nr = (n: number) => rechnungNr(rb, n);

beforeAll(async () => {
  app = await startTestApp();
  rb = await seedRechnungenBeispiel(app.services);
  kassier = await app.signedIn(['Kassier']);
  pruefer = await app.signedIn(['Rechnungsprüfer']);
  // Rechnungsprüfung bearbeiten without Kassa bearbeiten.
  ohneKassa = await mitRechten(app, 90, 'Nur Rechnungen', [
    'WebApp.Rechnungspruefung.Edit',
    'WebApp.Rechnungspruefung.View',
  ]);
});
afterAll(() => app?.stop());

const eintrag = (betragCent: number, text?: string) => bankEintrag(kassier, rb, betragCent, text);
const rechnung = async (id: number) =>
  (await kassier.get<RechnungDetail>('Rechnungspruefung/GetRechnung', { id })).body;
const anzahlZuordnungen = async () => Number((await app.services.db('zuordnungen').count({ n: '*' }))[0]?.n);

describe('Zuordnen', () => {
  it('allocates one entry to two receivables; Kassa’s entry shows the allocations', async () => {
    const e = await eintrag(200_000);
    const res = await kassier.post<RechnungenKassabuch>('Rechnungspruefung/Zuordnen', {
      kassabuchId: e.id,
      zuordnungen: [
        { rechnungId: nr(1).id, betragCent: GANZ },
        { rechnungId: nr(2).id, betragCent: 200_000 - GANZ },
      ],
    });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body.eintrag).toMatchObject({ betragCent: 200_000, zugeordnetCent: 200_000, restCent: 0 });
    expect((await rechnung(nr(1).id)).status).toBe('bezahlt');
    expect(await rechnung(nr(2).id)).toMatchObject({ status: 'teilbezahlt', bezahltCent: 200_000 - GANZ });

    const k = await kassier.get<{ eintraege: Eintrag[] }>('Kassa/GetKassabuch', { entryID: e.id });
    expect(k.body.eintraege[0]).toMatchObject({ zugeordnetCent: 200_000 });
    expect(k.body.eintraege[0]?.zuordnungen.map((z) => [z.nummer, z.betragCent, z.art])).toEqual([
      [nr(1).nummer, GANZ, 'zahlung'],
      [nr(2).nummer, 200_000 - GANZ, 'zahlung'],
    ]);
  });

  it('refuses what would exceed the entry or the receivable, zero, a credit note, a wrong sign, a receivable of 0 €, too many (422, nothing written)', async () => {
    const vorher = await anzahlZuordnungen();
    const e = await eintrag(10_000);
    const zu = (zuordnungen: unknown, extra: Record<string, unknown> = {}) =>
      kassier.post<Problem>('Rechnungspruefung/Zuordnen', { kassabuchId: e.id, zuordnungen, ...extra });

    const mehrAlsEintrag = await zu([
      { rechnungId: nr(3).id, betragCent: 6_000 },
      { rechnungId: nr(4).id, betragCent: 6_000 },
    ]);
    expect(mehrAlsEintrag.status).toBe(422);
    expect(mehrAlsEintrag.body.errors?.zuordnungen?.[0]).toMatch(
      /übersteigen, was von Beleg \d+ noch frei ist \(€ 100,00\)/,
    );

    const bezahlt = await zu([{ rechnungId: nr(1).id, betragCent: 1 }]);
    expect(bezahlt.status).toBe(422);
    expect(bezahlt.body.errors).toEqual({
      'zuordnungen[0].betragCent': [`Rechnung ${nr(1).nummer} ist bereits bezahlt.`],
    });

    const teil = await zu([{ rechnungId: nr(2).id, betragCent: 10_000 }]);
    expect(teil.status).toBe(200); // 1.553,44 − 446,56 open: fits
    const e2 = await eintrag(200_000);
    const zuviel = await kassier.post<Problem>('Rechnungspruefung/Zuordnen', {
      kassabuchId: e2.id,
      zuordnungen: [{ rechnungId: nr(2).id, betragCent: 200_000 }],
    });
    expect(zuviel.body.errors).toEqual({
      'zuordnungen[0].betragCent': [`Rechnung ${nr(2).nummer} ist nur mehr mit € 1.006,88 offen.`],
    });

    const null0 = await kassier.post<Problem>('Rechnungspruefung/Zuordnen', {
      kassabuchId: e2.id,
      zuordnungen: [{ rechnungId: nr(5).id, betragCent: 0 }],
    });
    expect(null0.status).toBe(422);
    expect(
      null0.body.errors?.['zuordnungen.0.betragCent'] ?? null0.body.errors?.['zuordnungen[0].betragCent'],
    ).toBeTruthy();

    const ausgabe = await eintrag(-5_000, 'Ausgabe');
    const falsch = await kassier.post<Problem>('Rechnungspruefung/Zuordnen', {
      kassabuchId: ausgabe.id,
      zuordnungen: [{ rechnungId: nr(5).id, betragCent: -5_000 }],
    });
    expect(falsch.status).toBe(422);
    expect(falsch.body.errors?.['zuordnungen[0].rechnungId']).toEqual([
      `${nr(5).nummer} ist keine Gutschrift; eine Ausgabe zahlt nur Gutschriften aus.`,
    ]);
    // A receivable of 0 € (positions that cancel out) is neither paid nor paid out.
    const [nullRechnung] = await app.services.db.transaction((trx) =>
      legeRechnungenAn(trx, [
        {
          art: 'manuell',
          adresseId: nr(5).adresseId,
          adresseName: 'Gärtner5',
          datum: '2026-04-01',
          faelligAm: '2026-04-30',
          positionen: [500, -500].map((betragCent) => ({
            parzelleId: null,
            parzelleNummer: '',
            art: 'manuell' as const,
            text: betragCent > 0 ? 'Schlüssel' : 'Schlüssel zurückgegeben',
            betragCent,
            steuersatz: 0,
            buchungskontoId: null,
          })),
        },
      ]),
    );
    for (const [kassabuchId, betragCent] of [
      [e2.id, 100],
      [ausgabe.id, -100],
    ] as const) {
      const res = await kassier.post<Problem>('Rechnungspruefung/Zuordnen', {
        kassabuchId,
        zuordnungen: [{ rechnungId: nullRechnung!.id, betragCent }],
      });
      expect(res.status).toBe(422);
      expect(res.body.errors?.['zuordnungen[0].rechnungId']).toEqual([
        `Rechnung ${nullRechnung!.nummer} beträgt € 0,00; es gibt nichts zu bezahlen oder auszuzahlen.`,
      ]);
    }
    // At most 200 allocations in one request.
    const viele = await zu(Array.from({ length: 201 }, () => ({ rechnungId: nr(3).id, betragCent: 1 })));
    expect(viele.status).toBe(422);
    expect(viele.body.errors?.zuordnungen).toEqual(['Höchstens 200 Zuordnungen auf einmal.']);
    expect(await anzahlZuordnungen()).toBe(vorher + 1);
  });

  it('the rest of an entry becomes the address’s credit; DeleteZuordnung takes an allocation back', async () => {
    const e = await eintrag(20_000);
    const res = await kassier.post<RechnungenKassabuch>('Rechnungspruefung/Zuordnen', {
      kassabuchId: e.id,
      zuordnungen: [{ rechnungId: nr(6).id, betragCent: 15_000 }],
      restAlsGuthaben: { adresseId: nr(6).adresseId },
    });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body.zuordnungen.map((z) => [z.art, z.betragCent])).toEqual([
      ['zahlung', 15_000],
      ['guthaben', 5_000],
    ]);
    const g = await kassier.get<{ guthabenCent: number }>('Rechnungspruefung/Guthaben', { adresseId: nr(6).adresseId });
    expect(g.body.guthabenCent).toBe(5_000);

    const id = res.body.zuordnungen[0]!.id;
    expect((await pruefer.delete('Rechnungspruefung/DeleteZuordnung', { id })).status).toBe(403);
    expect((await kassier.delete('Rechnungspruefung/DeleteZuordnung', { id })).status).toBe(204);
    expect(await rechnung(nr(6).id)).toMatchObject({ status: 'offen', bezahltCent: 0 });
    const h = await app.services.db('history').where({ entity_type: 'Rechnung', entity_id: String(nr(6).id) });
    expect(h.map((x) => x.action)).toEqual(['zahlung', 'zahlung_entfernt']);
  });
});

describe('payments at the counter', () => {
  it('ZahlungErfassen books a Kassa entry and allocates it', async () => {
    const res = await kassier.post<Rechnung>('Rechnungspruefung/ZahlungErfassen', {
      rechnungId: nr(12).id,
      kontoId: rb.kassaKontoId,
      datum: '2026-04-15',
      betragCent: 50_000,
    });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body).toMatchObject({ status: 'teilbezahlt', bezahltCent: 50_000, offenCent: GANZ - 50_000 });
    const zuviel = await kassier.post<Problem>('Rechnungspruefung/ZahlungErfassen', {
      rechnungId: nr(12).id,
      kontoId: rb.kassaKontoId,
      datum: '2026-04-15',
      betragCent: GANZ,
    });
    expect(zuviel.status).toBe(422);
    expect(zuviel.body.errors?.betragCent).toEqual([`Rechnung ${nr(12).nummer} ist nur mehr mit € 1.053,44 offen.`]);
    const k = await app.services.db('kassabuch').where({ konto_id: rb.kassaKontoId }).orderBy('id', 'desc').first();
    expect(Number(k?.betrag_cent)).toBe(50_000);
    expect(k?.text).toBe(`Zahlung ${nr(12).nummer} Gärtner12 Anna`);
  });

  it('AlleBezahlt: one income entry per receivable for its open amount, paid ones skipped; needs Kassa.Edit', async () => {
    const body = { rechnungIds: [nr(12).id, nr(13).id, nr(1).id], kontoId: rb.kassaKontoId, datum: '2026-04-20' };
    expect((await ohneKassa.post('Rechnungspruefung/AlleBezahlt', body)).status).toBe(403);
    expect((await pruefer.post('Rechnungspruefung/AlleBezahlt', body)).status).toBe(403);
    expect(
      (
        await ohneKassa.post('Rechnungspruefung/ZahlungErfassen', {
          ...body,
          rechnungId: nr(13).id,
          rechnungIds: undefined,
          betragCent: 1,
        })
      ).status,
    ).toBe(403);
    const res = await kassier.post<AlleBezahltAntwort>('Rechnungspruefung/AlleBezahlt', body);
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body).toMatchObject({ anzahl: 2, summeCent: GANZ - 50_000 + GANZ });
    expect(res.body.kassabuchIds).toHaveLength(2);
    for (const n of [12, 13]) expect((await rechnung(nr(n).id)).status).toBe('bezahlt');
    const leer = await kassier.post<Problem>('Rechnungspruefung/AlleBezahlt', { ...body, rechnungIds: [] });
    expect(leer.status).toBe(422);
  });

  it('FindTeilbezahlteRechnungen lists the partly paid receivables', async () => {
    const res = await pruefer.get<Rechnung[]>('Rechnungspruefung/FindTeilbezahlteRechnungen', { date: '2026-12-31' });
    expect(res.status).toBe(200);
    expect(res.body.every((r) => r.status === 'teilbezahlt')).toBe(true);
    expect(res.body.map((r) => r.nummer)).toContain(nr(2).nummer);
    const eine = await pruefer.get<Rechnung[]>('Rechnungspruefung/FindTeilbezahlteRechnungen', {
      adress: nr(2).adresseId,
    });
    expect(eine.body.map((r) => r.nummer)).toEqual([nr(2).nummer]);
  });

  it('OhneForderung and the rights of reading and allocating', async () => {
    const e = await eintrag(3_000, 'Spende');
    expect((await pruefer.post('Rechnungspruefung/Zuordnen', { kassabuchId: e.id, zuordnungen: [] })).status).toBe(403);
    const g = await pruefer.get<RechnungenKassabuch>('Rechnungspruefung/GetRechnungenKassabuch', { kassabuchID: e.id });
    expect(g.status).toBe(200);
    expect(g.body.eintrag).toMatchObject({ restCent: 3_000, ohneForderung: false });
    const o = await kassier.post<RechnungenKassabuch>('Rechnungspruefung/OhneForderung', {
      kassabuchId: e.id,
      ohneForderung: true,
    });
    expect(o.body.eintrag.ohneForderung).toBe(true);
    expect((await kassier.get('Rechnungspruefung/GetRechnungenKassabuch', { kassabuchID: 999_999 })).status).toBe(404);
  });
});
