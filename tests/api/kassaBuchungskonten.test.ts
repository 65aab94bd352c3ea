import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type {
  Buchungskonto,
  BuchungskontoLookup,
  BuchungskontoParzellen,
} from '../../src/modules/kassa/schema/buchungskonten';
import type { Kostenstelle, KostenstelleLookup } from '../../src/modules/kassa/schema/kostenstellen';
import { bucheEintraege, type NeueBuchung } from '../../src/modules/kassa/services/buchen';
import { systemActor } from '../../src/platform/auth/principal';
import { inTransaction } from '../../src/platform/db/db';
import type { ApiClient } from '../helpers/apiClient';
import { buildParzelle } from '../helpers/factories';
import { type KassaBeispiel, seedKassaBeispiel } from '../helpers/kassaBeispiel';
import { startTestApp, type TestApp } from '../helpers/testApp';

// Booking accounts and cost centres of a period: unique numbers, a used account only marked
// deleted (and refused for new entries), plot assignments, the dropdown lookups, cost centres in use.

type Problem = { title: string; code?: string; errors?: Record<string, string[]> };

let app: TestApp;
let kassier: ApiClient;
let k: KassaBeispiel;
let periode: number;

const buche = (e: Partial<NeueBuchung>) =>
  inTransaction(app.services.db, (trx) =>
    bucheEintraege(trx, systemActor('Test'), [
      { datum: '2026-05-01', betragCent: -1_000, kontoId: k.bank, buchungskontoId: k.bk.material, text: 'Test', ...e },
    ]),
  );

beforeAll(async () => {
  app = await startTestApp();
  kassier = await app.signedIn(['Kassier']);
  k = await seedKassaBeispiel(app.services.db, { jahre: [2026, 2025] });
  periode = k.perioden[2026]!;
});
afterAll(() => app.stop());

const neuesKonto = (over: Record<string, unknown> = {}) =>
  kassier.post<Buchungskonto>(
    'Kassa/UpdateBuchungsKonto',
    { nummer: '7200', name: 'Versicherung', art: 'ausgabe', steuersatz: 0, parzellenspezifisch: false, ...over },
    { query: { kassaabrechnungID: periode } },
  );

describe('Buchungskonten', () => {
  it('creates, lists by number with filters, refuses a number twice and a bad rate', async () => {
    const neu = await neuesKonto();
    expect(neu.status, neu.text).toBe(200);
    expect(neu.body).toMatchObject({
      kassaabrechnungId: periode,
      nummer: '7200',
      art: 'ausgabe',
      steuersatz: 0,
      geloescht: false,
      klaerung: false,
      anzahlBuchungen: 0,
      anzahlParzellen: 0,
      version: 1,
    });
    const doppelt = await neuesKonto({ name: 'Nochmal' });
    expect(doppelt.status).toBe(422);
    expect((doppelt.body as unknown as Problem).errors?.nummer?.[0]).toContain('Versicherung');
    const satz = await neuesKonto({ nummer: '7300', steuersatz: 13 });
    expect(satz.status).toBe(422);
    expect(Object.keys((satz.body as unknown as Problem).errors ?? {})).toEqual(['steuersatz']);

    const alle = (await kassier.get<Buchungskonto[]>('Kassa/GetBuchungsKonten', { kassaabrechnungID: periode })).body;
    expect(alle.map((b) => b.nummer)).toEqual(['4000', '4100', '4200', '7000', '7100', '7200', '7900', '9999']);
    const ausgaben = (
      await kassier.get<Buchungskonto[]>('Kassa/GetBuchungsKonten', {
        kassaabrechnungID: periode,
        art: 'ausgabe',
        name: 'STR',
      })
    ).body;
    expect(ausgaben.map((b) => b.name)).toEqual(['Strom']);
    const edit = await kassier.post<Buchungskonto>('Kassa/UpdateBuchungsKonto', {
      ...neu.body,
      name: 'Versicherungen',
    });
    expect(edit.body).toMatchObject({ id: neu.body.id, name: 'Versicherungen', version: 2 });
    expect((await kassier.get<Buchungskonto>('Kassa/GetBuchungsKonto', { id: neu.body.id })).body.name).toBe(
      'Versicherungen',
    );
    // Another period's list is its own (2025 has none yet).
    expect(
      (
        await kassier.get<Buchungskonto[]>('Kassa/GetBuchungsKonten', { kassaabrechnungID: k.perioden[2025]! })
      ).body.map((b) => b.nummer),
    ).toEqual([]);
  });

  it('marks a used account deleted (showDeleted shows it, booking refuses it) and removes an unused one', async () => {
    await buche({ buchungskontoId: k.bk.strom });
    const used = await kassier.delete('Kassa/DeleteBuchungsKonto', { id: k.bk.strom, kassaabrechnungID: periode });
    expect(used.status, used.text).toBe(200);
    expect(used.body).toEqual({ entfernt: false });
    const ohne = (await kassier.get<Buchungskonto[]>('Kassa/GetBuchungsKonten', { kassaabrechnungID: periode })).body;
    expect(ohne.some((b) => b.id === k.bk.strom)).toBe(false);
    const mit = (
      await kassier.get<Buchungskonto[]>('Kassa/GetBuchungsKonten', { kassaabrechnungID: periode, showDeleted: true })
    ).body;
    expect(mit.find((b) => b.id === k.bk.strom)).toMatchObject({ geloescht: true, anzahlBuchungen: 1 });
    await expect(buche({ buchungskontoId: k.bk.strom })).rejects.toMatchObject({ status: 422 });
    expect((await kassier.get('Kassa/CheckDeletedBuchungskonten', { kassaabrechnungID: periode })).body).toEqual({
      vorhanden: true,
      anzahl: 1,
    });
    expect((await kassier.get('Kassa/CheckActiveBuchungskonten', { kassaabrechnungID: periode })).body).toEqual({
      vorhanden: true,
      anzahl: ohne.length,
    });
    // A new account may take the deleted one's number.
    expect((await neuesKonto({ nummer: '7100', name: 'Strom neu' })).status).toBe(200);

    const unused = await kassier.delete('Kassa/DeleteBuchungsKonto', { id: k.bk.finanzamt });
    expect(unused.body).toEqual({ entfernt: true });
    expect((await kassier.get('Kassa/GetBuchungsKonto', { id: k.bk.finanzamt })).status).toBe(404);
    // The clearing account stays.
    expect((await kassier.delete<Problem>('Kassa/DeleteBuchungsKonto', { id: k.bk.klaerung })).status).toBe(409);
  });

  it('assigns plots to a plot-specific account and answers them per plot', async () => {
    const p1 = await buildParzelle(app.services, { nummer: 'B-1' });
    const p2 = await buildParzelle(app.services, { nummer: 'B-2' });
    const strom = await neuesKonto({
      nummer: '4400',
      name: 'Stromanteil',
      art: 'einnahme',
      steuersatz: 20,
      parzellenspezifisch: true,
      jahresbetragCent: 4_800,
    });
    expect(strom.status, strom.text).toBe(200);
    const nicht = await kassier.post<Problem>('Kassa/UpdateBuchungskontenParzellenspezifischParzellen', {
      buchungskontoId: k.bk.pacht,
      parzellenIds: [p1.id],
    });
    expect(nicht.status).toBe(422);
    const unbekannt = await kassier.post<Problem>('Kassa/UpdateBuchungskontenParzellenspezifischParzellen', {
      buchungskontoId: strom.body.id,
      parzellenIds: [999_999],
    });
    expect(unbekannt.status).toBe(422);
    const ok = await kassier.post<BuchungskontoParzellen>('Kassa/UpdateBuchungskontenParzellenspezifischParzellen', {
      buchungskontoId: strom.body.id,
      parzellenIds: [p2.id, p1.id, p2.id],
    });
    expect(ok.status, ok.text).toBe(200);
    expect(ok.body).toEqual({
      buchungskontoId: strom.body.id,
      nummer: '4400',
      name: 'Stromanteil',
      jahresbetragCent: 4_800,
      parzellenIds: [p1.id, p2.id].sort((a, b) => a - b),
    });
    expect(
      (await kassier.get('Kassa/GetBuchungsKontenParzellenspezifischWithParzellen', { kassaabrechnungID: periode }))
        .body,
    ).toEqual([ok.body]);
    expect(
      (await kassier.get('Kassa/GetBuchungsKontenParzellenspezifischLookup', { kassaabrechnungID: periode })).body,
    ).toEqual([{ id: strom.body.id, nummer: '4400', name: 'Stromanteil', jahresbetragCent: 4_800 }]);
    expect((await kassier.get('Stammdaten/GetParzellenspezifischeKonten', { id: p1.id })).body).toEqual([
      {
        buchungskontoId: strom.body.id,
        kassaabrechnungId: periode,
        nummer: '4400',
        name: 'Stromanteil',
        jahresbetragCent: 4_800,
      },
    ]);
    expect((await kassier.get('Stammdaten/GetParzellenspezifischeKonten', { id: 999_999 })).status).toBe(404);
    // Turning it into an ordinary account drops the assignments.
    const aus = await kassier.post<Buchungskonto>('Kassa/UpdateBuchungsKonto', {
      ...strom.body,
      parzellenspezifisch: false,
    });
    expect(aus.body.anzahlParzellen).toBe(0);
    expect((await kassier.get('Stammdaten/GetParzellenspezifischeKonten', { id: p1.id })).body).toEqual([]);
  });

  it('answers the dropdown lookups without deleted accounts, per period or date range', async () => {
    const kassa = (await kassier.get<BuchungskontoLookup[]>('Kassa/Buchungskonten', { kassaabrechnungID: periode }))
      .body;
    expect(kassa.some((b) => b.id === k.bk.strom)).toBe(false);
    expect(kassa.find((b) => b.nummer === '9999')).toMatchObject({ klaerung: true, kassaabrechnungId: periode });
    const alt = await kassier.post<Buchungskonto>(
      'Kassa/UpdateBuchungsKonto',
      { nummer: '4000', name: 'Mitgliedsbeiträge', art: 'einnahme', steuersatz: 0 },
      { query: { kassaabrechnungID: k.perioden[2025]! } },
    );
    expect(alt.status, alt.text).toBe(200);
    const beide = (
      await kassier.get<BuchungskontoLookup[]>('Common/Buchungskonten', { von: '2025-06-01', bis: '2026-06-01' })
    ).body;
    expect(new Set(beide.map((b) => b.kassaabrechnungId))).toEqual(new Set([periode, k.perioden[2025]]));
    const nur2025 = (
      await kassier.get<BuchungskontoLookup[]>('Common/Buchungskonten', { von: '2025-01-01', bis: '2025-12-31' })
    ).body;
    expect(nur2025.map((b) => [b.id, b.nummer])).toEqual([[alt.body.id, '4000']]);
    expect((await kassier.get('Kassa/GetSteuersatzFlag')).body).toBe(false);
    expect((await kassier.get('Common/Buchungskonten', { von: '2026-02-30' })).status).toBe(422);
  });
});

describe('Kostenstellen', () => {
  it('creates with a unique number, lists, and deletes only unused ones', async () => {
    const neu = await kassier.post<Kostenstelle>('Kassa/UpdateKostenstelle', {
      kassaabrechnungId: periode,
      nummer: '10',
      name: 'Vereinsfest',
    });
    expect(neu.status, neu.text).toBe(200);
    expect(neu.body).toMatchObject({
      kassaabrechnungId: periode,
      nummer: '10',
      name: 'Vereinsfest',
      anzahlBuchungen: 0,
    });
    const doppelt = await kassier.post<Problem>('Kassa/UpdateKostenstelle', {
      kassaabrechnungId: periode,
      nummer: '10',
      name: 'Fest 2',
    });
    expect(doppelt.status).toBe(422);
    const list = (await kassier.get<Kostenstelle[]>('Kassa/GetKostenStellen', { kassaabrechnungID: periode })).body;
    expect(list.map((x) => x.nummer)).toEqual(['1', '2', '10']);
    const edit = await kassier.post<Kostenstelle>('Kassa/UpdateKostenstelle', { ...neu.body, name: 'Sommerfest' });
    expect(edit.body).toMatchObject({ name: 'Sommerfest', version: 2 });
    expect((await kassier.get<Kostenstelle>('Kassa/GetKostenstelle', { id: neu.body.id })).body.name).toBe(
      'Sommerfest',
    );

    await buche({ kostenstelleId: k.ks.wasser });
    const used = await kassier.delete<Problem>('Kassa/DeleteKostenstelle', { id: k.ks.wasser });
    expect([used.status, used.body.code]).toEqual([409, 'in_verwendung']);
    expect((await kassier.delete('Kassa/DeleteKostenstelle', { id: neu.body.id })).status).toBe(204);
    const lookup = (
      await kassier.get<KostenstelleLookup[]>('Common/Kostenstellen', { von: '2026-01-01', bis: '2026-12-31' })
    ).body;
    expect(lookup).toEqual([
      { id: k.ks.vereinshaus, nummer: '1', name: 'Vereinshaus', kassaabrechnungId: periode },
      { id: k.ks.wasser, nummer: '2', name: 'Wasserleitung', kassaabrechnungId: periode },
    ]);
  });

  it('lets a Rechnungsprüfer read but not write, and a Wasserwart not at all', async () => {
    const pruefer = await app.signedIn(['Rechnungsprüfer']);
    const wasserwart = await app.signedIn(['Wasserwart']);
    expect((await pruefer.get('Kassa/GetBuchungsKonten')).status).toBe(200);
    expect((await pruefer.get('Kassa/GetKostenStellen')).status).toBe(200);
    expect(
      (await pruefer.post('Kassa/UpdateKostenstelle', { kassaabrechnungId: periode, nummer: '5', name: 'X' })).status,
    ).toBe(403);
    expect((await pruefer.delete('Kassa/DeleteBuchungsKonto', { id: k.bk.pacht })).status).toBe(403);
    expect((await wasserwart.get('Kassa/GetBuchungsKonten')).status).toBe(403);
    expect((await wasserwart.get('Common/Kostenstellen')).status).toBe(403);
  });
});
