import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Eintrag } from '../../src/modules/kassa/schema/kassabuch';
import type { RechnungDetail } from '../../src/modules/rechnungspruefung/schema/rechnung';
import type { ApiClient } from '../helpers/apiClient';
import { type RechnungenBeispiel, seedRechnungenBeispiel } from '../helpers/rechnungenBeispiel';
import { startTestApp, type TestApp } from '../helpers/testApp';
import { bankEintrag, mitRechten, rechnungNr } from './rechnungenHelfer';

// Payments on Kassa's side: the entry dialog's UpdateKassabuch `zuordnungen` (the same invariants and
// rights as Zuordnen), a reversal and a deleted entry. Refusals write nothing.

let app: TestApp;
let kassier: ApiClient;
let nurKassa: ApiClient;
let rb: RechnungenBeispiel;
type Problem = { title: string; code?: string; errors?: Record<string, string[]> };

const GANZ = 155_344;

const nr = (n: number) => rechnungNr(rb, n);

beforeAll(async () => {
  app = await startTestApp();
  rb = await seedRechnungenBeispiel(app.services);
  kassier = await app.signedIn(['Kassier']);
  // Kassa bearbeiten without Rechnungsprüfung bearbeiten.
  nurKassa = await mitRechten(app, 91, 'Nur Kassa', ['WebApp.Kassa.Edit', 'WebApp.Kassa.View']);
});
afterAll(() => app?.stop());

const eintrag = (betragCent: number, text?: string) => bankEintrag(kassier, rb, betragCent, text);
const rechnung = async (id: number) =>
  (await kassier.get<RechnungDetail>('Rechnungspruefung/GetRechnung', { id })).body;

describe('Kassa’s side of the allocations', () => {
  it('changing them needs Rechnungsprüfung bearbeiten; sent back unchanged they still save', async () => {
    const e = await eintrag(30_000);
    const mit = await kassier.post<Eintrag>('Kassa/UpdateKassabuch', {
      ...e,
      zuordnungen: [{ rechnungId: nr(1).id, betragCent: 30_000 }],
    });
    expect(mit.status, JSON.stringify(mit.body)).toBe(200);

    // Kassa.Edit alone: another allocation, none, or a new entry with one → 403, nothing written.
    for (const zuordnungen of [[{ rechnungId: nr(2).id, betragCent: 30_000 }], []]) {
      const res = await nurKassa.post<Problem>('Kassa/UpdateKassabuch', { ...mit.body, zuordnungen });
      expect(res.status, JSON.stringify(res.body)).toBe(403);
      expect(res.body.title).toMatch(/^Zum Ändern der Zuordnungen .* \(Rechnungsprüfung bearbeiten\)\.$/);
    }
    const neu = await nurKassa.post<Problem>('Kassa/UpdateKassabuch', {
      ...e,
      id: undefined,
      version: undefined,
      zuordnungen: [{ rechnungId: nr(2).id, betragCent: 1_000 }],
    });
    expect(neu.status).toBe(403);
    expect((await rechnung(nr(1).id)).bezahltCent).toBe(30_000);
    expect((await rechnung(nr(2).id)).bezahltCent).toBe(0);

    // The dialog sends the stored allocations back with a changed text: saved.
    const gleich = await nurKassa.post<Eintrag>('Kassa/UpdateKassabuch', {
      ...mit.body,
      text: 'Einzahlung Huber',
      zuordnungen: mit.body.zuordnungen,
    });
    expect(gleich.status, JSON.stringify(gleich.body)).toBe(200);
    expect(gleich.body).toMatchObject({ text: 'Einzahlung Huber', zugeordnetCent: 30_000 });
    const ohne = await nurKassa.post<Eintrag>('Kassa/UpdateKassabuch', { ...gleich.body, text: 'Einzahlung' });
    expect(ohne.status).toBe(200);
    // With the right, the Kassier changes them.
    const anders = await kassier.post<Eintrag>('Kassa/UpdateKassabuch', {
      ...ohne.body,
      zuordnungen: [{ rechnungId: nr(2).id, betragCent: 30_000 }],
    });
    expect(anders.status).toBe(200);
    expect((await rechnung(nr(2).id)).bezahltCent).toBe(30_000);
  });

  it('Kassa’s UpdateKassabuch replaces the allocations; a smaller amount than allocated is refused', async () => {
    const e = await eintrag(30_000);
    const mit = await kassier.post<Eintrag>('Kassa/UpdateKassabuch', {
      ...e,
      zuordnungen: [{ rechnungId: nr(7).id, betragCent: 30_000 }],
    });
    expect(mit.status, JSON.stringify(mit.body)).toBe(200);
    expect(mit.body.zuordnungen.map((z) => [z.rechnungId, z.betragCent])).toEqual([[nr(7).id, 30_000]]);
    const anders = await kassier.post<Eintrag>('Kassa/UpdateKassabuch', {
      ...mit.body,
      zuordnungen: [
        { rechnungId: nr(8).id, betragCent: 10_000 },
        { rechnungId: nr(9).id, betragCent: 20_000 },
      ],
    });
    expect(anders.status, JSON.stringify(anders.body)).toBe(200);
    expect(anders.body.zuordnungen.map((z) => [z.rechnungId, z.betragCent])).toEqual([
      [nr(8).id, 10_000],
      [nr(9).id, 20_000],
    ]);
    expect((await rechnung(nr(7).id)).bezahltCent).toBe(0);
    // Too much for the entry: the dialog's errors come under one key, `zuordnungen`.
    const zuviel = await kassier.post<Problem>('Kassa/UpdateKassabuch', {
      ...anders.body,
      zuordnungen: [{ rechnungId: nr(8).id, betragCent: 40_000 }],
    });
    expect(zuviel.status).toBe(422);
    expect(Object.keys(zuviel.body.errors ?? {})).toEqual(['zuordnungen']);
    expect(zuviel.body.errors?.zuordnungen?.[0]).toMatch(/übersteigen, was von Beleg \d+ noch frei ist \(€ 300,00\)/);
    const kleiner = await kassier.post<Problem>('Kassa/UpdateKassabuch', {
      ...anders.body,
      zuordnungen: undefined,
      betragCent: 20_000,
    });
    expect(kleiner.status).toBe(422);
    expect(kleiner.body.errors?.betragCent?.[0]).toMatch(/^Dem Beleg sind € 300,00 zugeordnet/);
    expect((await rechnung(nr(9).id)).bezahltCent).toBe(20_000);
  });

  it('a reversal (Storno) opens the receivables again; deleting an entry removes its allocations', async () => {
    const e = await eintrag(GANZ);
    await kassier.post('Rechnungspruefung/Zuordnen', {
      kassabuchId: e.id,
      zuordnungen: [{ rechnungId: nr(10).id, betragCent: GANZ }],
    });
    expect((await rechnung(nr(10).id)).status).toBe('bezahlt');
    const storno = await kassier.post<Eintrag>('Kassa/StornoKassabuch', { id: e.id, datum: '2026-04-11' });
    expect(storno.status, JSON.stringify(storno.body)).toBe(200);
    expect(storno.body.zuordnungen.map((z) => [z.rechnungId, z.betragCent])).toEqual([[nr(10).id, -GANZ]]);
    const r = await rechnung(nr(10).id);
    expect(r).toMatchObject({ status: 'offen', offenCent: GANZ });
    expect(r.zahlungen.map((z) => [z.betragCent, z.quelle])).toEqual([
      [GANZ, 'manuell'],
      [-GANZ, 'storno'],
    ]);
    // A reversed entry pays nothing more.
    const nochmal = await kassier.post<Problem>('Rechnungspruefung/Zuordnen', {
      kassabuchId: e.id,
      zuordnungen: [{ rechnungId: nr(11).id, betragCent: 1 }],
    });
    expect(nochmal.status).toBe(409);
    // Neither row of the pair can be taken back alone (the receivable would be paid below 0).
    for (const z of r.zahlungen) {
      const weg = await kassier.delete<Problem>('Rechnungspruefung/DeleteZuordnung', { id: z.zuordnungId });
      expect(weg.status).toBe(409);
    }
    expect(await rechnung(nr(10).id)).toMatchObject({ bezahltCent: 0, offenCent: GANZ });

    const e2 = await eintrag(1_000);
    await kassier.post('Rechnungspruefung/Zuordnen', {
      kassabuchId: e2.id,
      zuordnungen: [{ rechnungId: nr(11).id, betragCent: 1_000 }],
    });
    expect((await kassier.delete('Kassa/DeleteKassabuchFiltered', { entryID: e2.id })).status).toBe(200);
    expect((await rechnung(nr(11).id)).bezahltCent).toBe(0);
    const h = await app.services.db('history').where({ entity_type: 'Rechnung', entity_id: String(nr(11).id) });
    expect(h.map((x) => x.action)).toEqual(['zahlung', 'zahlung_entfernt']);
  });
});
