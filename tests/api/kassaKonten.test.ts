import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Konto, KontoLookup } from '../../src/modules/kassa/schema/konten';
import { bucheEintraege } from '../../src/modules/kassa/services/buchen';
import { systemActor } from '../../src/platform/auth/principal';
import { inTransaction } from '../../src/platform/db/db';
import type { ApiClient } from '../helpers/apiClient';
import { type KassaBeispiel, seedKassaBeispiel } from '../helpers/kassaBeispiel';
import { startTestApp, type TestApp } from '../helpers/testApp';

// Bank accounts and the cash box: IBAN checked and stored without spaces, the balance of a period
// (opening + entries) after booking and after a changed opening balance, deleting only unused ones.

type Problem = { title: string; code?: string; errors?: Record<string, string[]> };

let app: TestApp;
let kassier: ApiClient;
let k: KassaBeispiel;
let periode: number;

beforeAll(async () => {
  app = await startTestApp();
  kassier = await app.signedIn(['Kassier']);
  k = await seedKassaBeispiel(app.services.db, { jahre: [2026], bankAnfangCent: 100_000, kassaAnfangCent: 5_000 });
  periode = k.perioden[2026]!;
});
afterAll(() => app.stop());

describe('Konten', () => {
  it('creates a bank account with a checked IBAN stored without spaces and an opening balance', async () => {
    const bad = await kassier.post<Problem>('Kassa/UpdateKonto', {
      name: 'Sparbuch',
      art: 'bank',
      iban: 'AT61 1904 3002 3457 3202',
      aktiv: true,
    });
    expect(bad.status).toBe(422);
    expect(Object.keys(bad.body.errors ?? {})).toEqual(['iban']);
    expect((await kassier.post<Problem>('Kassa/UpdateKonto', { name: 'Ohne', art: 'bank', aktiv: true })).status).toBe(
      422,
    );
    expect(
      (await kassier.post<Problem>('Kassa/UpdateKonto', { name: 'Handkassa', art: 'kassa', aktiv: true })).body.errors,
    ).toHaveProperty('name');

    const neu = await kassier.post<Konto>('Kassa/UpdateKonto', {
      name: 'Sparbuch',
      art: 'bank',
      iban: 'at48 3200 0000 1234 5864',
      bic: 'rlnw at ww',
      aktiv: true,
      anfangsbestandCent: 20_000,
      kassaabrechnungId: periode,
    });
    expect(neu.status, neu.text).toBe(200);
    expect(neu.body).toMatchObject({
      name: 'Sparbuch',
      art: 'bank',
      iban: 'AT483200000012345864',
      bic: 'RLNWATWW',
      aktiv: true,
      anfangsbestandCent: 20_000,
      saldoCent: 20_000,
      bankMappingId: null,
      anzahlBuchungen: 0,
      version: 1,
    });
    const lookup = (await kassier.get<KontoLookup[]>('Common/Konten')).body;
    expect(lookup.map((x) => x.name)).toEqual(['Girokonto Erste', 'Handkassa', 'Sparbuch']);
    expect(lookup[2]).toEqual({
      id: neu.body.id,
      name: 'Sparbuch',
      art: 'bank',
      aktiv: true,
      iban: 'AT483200000012345864',
    });
  });

  it('answers opening + entries as the balance, also after the opening balance changed', async () => {
    await inTransaction(app.services.db, (trx) =>
      bucheEintraege(trx, systemActor('Test'), [
        { datum: '2026-02-01', betragCent: 12_345, kontoId: k.bank, buchungskontoId: k.bk.pacht, text: 'Pacht' },
        { datum: '2026-02-02', betragCent: -2_345, kontoId: k.bank, buchungskontoId: k.bk.material, text: 'Material' },
        { datum: '2026-02-03', betragCent: -500, kontoId: k.kassa, buchungskontoId: k.bk.material, text: 'Nägel' },
      ]),
    );
    const konten = (await kassier.get<Konto[]>('Kassa/GetKonten', { kassaabrechnungID: periode })).body;
    const bank = konten.find((x) => x.id === k.bank)!;
    expect([bank.anfangsbestandCent, bank.saldoCent, bank.anzahlBuchungen]).toEqual([100_000, 110_000, 2]);
    expect(konten.find((x) => x.id === k.kassa)?.saldoCent).toBe(4_500);
    // Without a period: the default one (the only one here).
    expect((await kassier.get<Konto>('Kassa/GetKonto', { id: k.bank })).body.saldoCent).toBe(110_000);

    const geaendert = await kassier.post<Konto>('Kassa/UpdateKonto', {
      ...bank,
      anfangsbestandCent: 90_000,
      kassaabrechnungId: periode,
    });
    expect(geaendert.status, geaendert.text).toBe(200);
    expect([geaendert.body.anfangsbestandCent, geaendert.body.saldoCent]).toEqual([90_000, 100_000]);
    // The stale version is refused.
    expect((await kassier.post('Kassa/UpdateKonto', { ...bank, anfangsbestandCent: 1 })).status).toBe(409);
    const history = await kassier.get<
      { before: { anfangsbestandCent?: number }; after: { anfangsbestandCent?: number } }[]
    >('Common/GetHistory', { entityID: `Konto:${k.bank}` });
    expect(
      history.body.some((h) => h.before?.anfangsbestandCent === 100_000 && h.after.anfangsbestandCent === 90_000),
    ).toBe(true);
  });

  it('deletes an unused account and refuses one with entries (409)', async () => {
    const used = await kassier.delete<Problem>('Kassa/DeleteKonto', { id: k.kassa });
    expect(used.status).toBe(409);
    expect(used.body.code).toBe('in_verwendung');
    const leer = await kassier.post<Konto>('Kassa/UpdateKonto', { name: 'Zweitkassa', art: 'kassa', aktiv: false });
    expect(leer.status, leer.text).toBe(200);
    expect((await kassier.delete('Kassa/DeleteKonto', { id: leer.body.id })).status).toBe(204);
    expect((await kassier.get('Kassa/GetKonto', { id: leer.body.id })).status).toBe(404);
  });

  it('lets a Rechnungsprüfer read but not write, and a Wasserwart not at all', async () => {
    const pruefer = await app.signedIn(['Rechnungsprüfer']);
    const wasserwart = await app.signedIn(['Wasserwart']);
    expect((await pruefer.get('Kassa/GetKonten')).status).toBe(200);
    expect((await pruefer.post('Kassa/UpdateKonto', { name: 'X', art: 'kassa', aktiv: true })).status).toBe(403);
    expect((await pruefer.delete('Kassa/DeleteKonto', { id: k.kassa })).status).toBe(403);
    expect((await wasserwart.get('Kassa/GetKonten')).status).toBe(403);
    expect((await wasserwart.get('Common/Konten')).status).toBe(403);
  });
});
