import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Kassabericht } from '../../src/modules/kassa/schema/berichte';
import type { Eintrag, KassabuchAntwort } from '../../src/modules/kassa/schema/kassabuch';
import type { Konto } from '../../src/modules/kassa/schema/konten';
import type { ApiClient } from '../helpers/apiClient';
import { generateCamt053 } from '../helpers/generateCamt053';
import { type KassaBeispiel, seedKassaBeispiel } from '../helpers/kassaBeispiel';
import { startTestApp, type TestApp } from '../helpers/testApp';

// The first test: opening balance + entries = closing balance for every account, after every
// kind of change (book, change, reversal, delete, bank import, new opening balance, check, the next
// period). Each time three answers must agree: GetKonten's balance, the sum of the account's
// GetKassabuch rows (with its running balance) and the Kassabericht's rows and check line.

let app: TestApp;
let k: KassaBeispiel;
let kassier: ApiClient;

beforeAll(async () => {
  app = await startTestApp();
  k = await seedKassaBeispiel(app.services.db, { jahre: [2026] });
  kassier = await app.signedIn(['Kassier']);
});
afterAll(() => app.stop());

const ok = <T>(res: { status: number; body: T; text: string }): T => {
  if (res.status !== 200) throw new Error(`${res.status}: ${res.text}`);
  return res.body;
};

const buche = async (over: Record<string, unknown> = {}) =>
  ok(
    await kassier.post<Eintrag>('Kassa/UpdateKassabuch', {
      datum: '2026-03-01',
      betragCent: 12_000,
      kontoId: k.bank,
      buchungskontoId: k.bk.pacht,
      text: 'Pacht',
      ...over,
    }),
  );

/** Checks every account of the period in the three answers; returns the closing balances by account. */
async function pruefeSalden(kassaabrechnungID: number): Promise<Map<number, number>> {
  const konten = ok(await kassier.get<Konto[]>('Kassa/GetKonten', { kassaabrechnungID }));
  const buch = ok(await kassier.get<KassabuchAntwort>('Kassa/GetKassabuch', { kassaabrechnungID }));
  const bericht = ok(await kassier.get<Kassabericht>('Kassa/Kassabericht', { kassaabrechnungID, format: 'json' }));
  const ende = new Map<number, number>();
  for (const konto of konten) {
    const eigene = buch.eintraege.filter((e) => e.kontoId === konto.id);
    const erwartet = konto.anfangsbestandCent + eigene.reduce((s, e) => s + e.betragCent, 0);
    expect(konto.saldoCent, konto.name).toBe(erwartet);
    if (eigene.length) expect(eigene.at(-1)?.kontoSaldoCent, konto.name).toBe(erwartet);
    const zeile = bericht.konten.find((z) => z.kontoId === konto.id);
    if (zeile || eigene.length || konto.anfangsbestandCent) {
      expect(zeile, konto.name).toMatchObject({ anfangCent: konto.anfangsbestandCent, endeCent: erwartet });
      expect((zeile?.anfangCent ?? 0) + (zeile?.einnahmenCent ?? 0) - (zeile?.ausgabenCent ?? 0)).toBe(erwartet);
    }
    ende.set(konto.id, erwartet);
  }
  expect(bericht.pruefung.salden).toMatchObject({ stimmt: true, abweichungen: [], uebertrag: [] });
  expect(bericht.pruefung.kette.intakt).toBe(true);
  return ende;
}

describe('balances', () => {
  it('opening + entries = closing for every account after every kind of change', async () => {
    const p2026 = k.perioden[2026] as number;
    let ende = await pruefeSalden(p2026);
    expect(ende.get(k.bank)).toBe(1_000_000);
    expect(ende.get(k.kassa)).toBe(50_000);

    // Book: income on the bank, expenses in the cash box.
    const pacht = await buche();
    const material = await buche({ kontoId: k.kassa, buchungskontoId: k.bk.material, betragCent: -4_560 });
    await buche({ datum: '2026-02-01', kontoId: k.kassa, buchungskontoId: k.bk.strom, betragCent: -1_000 });
    ende = await pruefeSalden(p2026);
    expect(ende.get(k.bank)).toBe(1_012_000);
    expect(ende.get(k.kassa)).toBe(50_000 - 4_560 - 1_000);

    // Change: another amount, then another account.
    ok(await kassier.post('Kassa/UpdateKassabuch', { ...pacht, betragCent: 15_000 }));
    const geaendert = ok(await kassier.get<KassabuchAntwort>('Kassa/GetKassabuch', { entryID: pacht.id })).eintraege[0];
    ok(await kassier.post('Kassa/UpdateKassabuch', { ...geaendert, kontoId: k.kassa }));
    ende = await pruefeSalden(p2026);
    expect(ende.get(k.bank)).toBe(1_000_000);
    expect(ende.get(k.kassa)).toBe(50_000 + 15_000 - 4_560 - 1_000);

    // Check, then reverse a checked entry.
    ok(await kassier.request('POST', 'Kassa/CloseFilteredEntries', { query: { entryID: material.id } }));
    ok(await kassier.post('Kassa/StornoKassabuch', { id: material.id, datum: '2026-03-02' }));
    ende = await pruefeSalden(p2026);
    expect(ende.get(k.kassa)).toBe(50_000 + 15_000 - 1_000);

    // Bank import onto the clearing account.
    const camt = generateCamt053({ eintraege: 6, iban: 'AT611904300234573201', anfangCent: 0, von: '2026-01-02' });
    const form = new FormData();
    form.append('file', new Blob([new Uint8Array(Buffer.from(camt))]), 'auszug.xml');
    const importiert = ok(
      await kassier.request<{ importiert: number; saldo: { summeCent: number } }>('POST', 'Kassa/ImportBank', {
        rawBody: form,
        query: { kontoID: k.bank },
      }),
    );
    expect(importiert.importiert).toBe(6);
    ende = await pruefeSalden(p2026);
    expect(ende.get(k.bank)).toBe(1_000_000 + importiert.saldo.summeCent);

    // Delete by filter: the imported entries go again.
    ok(await kassier.delete('Kassa/DeleteKassabuchFiltered', { kassaabrechnungID: p2026, kontoOption: 'klaerung' }));
    ende = await pruefeSalden(p2026);
    expect(ende.get(k.bank)).toBe(1_000_000);

    // A new opening balance.
    const bank = ok(await kassier.get<Konto>('Kassa/GetKonto', { id: k.bank, kassaabrechnungID: p2026 }));
    ok(
      await kassier.post('Kassa/UpdateKonto', {
        ...bank,
        anfangsbestandCent: 900_000,
        kassaabrechnungId: p2026,
      }),
    );
    await buche({ datum: '2026-12-31', betragCent: 777 });
    ende = await pruefeSalden(p2026);
    expect(ende.get(k.bank)).toBe(900_777);

    // The next period opens with these closing balances and checks its carry-over.
    const neu = ok(
      await kassier.post<{ id: number }>('Abrechnung/GetNewKassaabrechnung', {}, { query: { jahr: 2027 } }),
    );
    const ende2027 = await pruefeSalden(neu.id);
    const konten2027 = ok(await kassier.get<Konto[]>('Kassa/GetKonten', { kassaabrechnungID: neu.id }));
    for (const konto of konten2027) expect(konto.anfangsbestandCent, konto.name).toBe(ende.get(konto.id));
    expect(ende2027.get(k.bank)).toBe(900_777);
  });
});
