import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { modules } from '../../src/modules';
import type { Buchungskonto, BuchungskontoParzellen } from '../../src/modules/kassa/schema/buchungskonten';
import type { Kassaabrechnung } from '../../src/modules/kassa/schema/kassaabrechnung';
import type { Konto } from '../../src/modules/kassa/schema/konten';
import type { Kostenstelle } from '../../src/modules/kassa/schema/kostenstellen';
import { todayIso } from '../../src/platform/dates';
import type { ApiClient } from '../helpers/apiClient';
import { startTestApp, type TestApp } from '../helpers/testApp';

// The demo club's cash book: every module's demo part in order (as `kgv seed demo`), twice; the
// Kassier then finds last year closed and this year open with the balances carried over, the
// booking accounts, cost centres, plot assignments, about 60 entries and three fixed assets.

let app: TestApp;
let kassier: ApiClient;
beforeAll(async () => {
  app = await startTestApp();
  kassier = await app.signedIn(['Kassier']);
});
afterAll(() => app.stop());

const seed = () =>
  app.services.db.transaction(async (trx) => {
    for (const m of modules) await m.seedDemo?.(app.services, trx);
  });

describe('demo cash book', () => {
  it('has last year closed, this year open with carried-over balances, accounts and entries, also when seeded twice', async () => {
    await seed();
    await seed();
    const jahr = Number(todayIso().slice(0, 4));
    const perioden = (await kassier.get<Kassaabrechnung[]>('Abrechnung/GetKassaabrechnungen')).body;
    expect(perioden.map((p) => [p.jahr, p.geschlossen])).toEqual([
      [jahr, false],
      [jahr - 1, true],
    ]);
    const [neu, alt] = perioden as [Kassaabrechnung, Kassaabrechnung];
    expect(alt.anzahlBuchungen).toBeGreaterThanOrEqual(30);
    expect(alt.anzahlBuchungen + neu.anzahlBuchungen).toBeGreaterThanOrEqual(40);
    expect(alt.anzahlBuchungen + neu.anzahlBuchungen).toBeLessThanOrEqual(70);
    // The auditors checked last year before it was closed: all its entries, chained, the chain end kept.
    const geprueft = (
      await kassier.get<{ summe: { anzahl: number } }>('Kassa/GetKassabuch', {
        kassaabrechnungID: alt.id,
        kontoOption: 'geprueft',
      })
    ).body;
    expect(geprueft.summe.anzahl).toBe(alt.anzahlBuchungen);
    expect(alt.kettenKopf).toMatch(/^[0-9a-f]{64}$/);

    const kontenAlt = (await kassier.get<Konto[]>('Kassa/GetKonten', { kassaabrechnungID: alt.id })).body;
    const kontenNeu = (await kassier.get<Konto[]>('Kassa/GetKonten', { kassaabrechnungID: neu.id })).body;
    expect(kontenAlt.map((k) => [k.name, k.art])).toEqual([
      ['Girokonto Raiffeisen', 'bank'],
      ['Handkassa', 'kassa'],
    ]);
    expect(kontenAlt[0]?.iban).toBe('AT611904300234573201');
    expect(kontenNeu.map((k) => k.anfangsbestandCent)).toEqual(kontenAlt.map((k) => k.saldoCent));
    for (const k of [...kontenAlt, ...kontenNeu]) expect(k.saldoCent).toBeGreaterThan(0);

    const bks = (await kassier.get<Buchungskonto[]>('Kassa/GetBuchungsKonten', { kassaabrechnungID: neu.id })).body;
    expect(bks.length).toBeGreaterThanOrEqual(15);
    expect(bks.map((b) => b.name)).toEqual(
      expect.arrayContaining(['Mitgliedsbeiträge', 'Wassergeld', 'Versicherung', 'Instandhaltung', 'Bankspesen']),
    );
    const parzellen = (
      await kassier.get<BuchungskontoParzellen[]>('Kassa/GetBuchungsKontenParzellenspezifischWithParzellen', {
        kassaabrechnungID: neu.id,
      })
    ).body;
    expect(parzellen.map((p) => [p.nummer, p.parzellenIds.length])).toEqual([
      ['4030', 12],
      ['4040', 6],
    ]);
    const ks = (await kassier.get<Kostenstelle[]>('Kassa/GetKostenStellen', { kassaabrechnungID: neu.id })).body;
    expect(ks.map((k) => k.name)).toEqual(['Vereinshaus', 'Wasserleitung', 'Vereinsfest']);

    const db = app.services.db;
    // No entry lies in the future, and every one is on its own period's booking account.
    const spaet = await db('kassabuch').where('datum', '>', todayIso()).count({ n: '*' }).first();
    expect(Number(spaet?.n)).toBe(0);
    const falsch = await db('kassabuch as e')
      .join('buchungskonten as b', 'b.id', 'e.buchungskonto_id')
      .whereRaw('b.kassaabrechnung_id <> e.kassaabrechnung_id')
      .count({ n: '*' })
      .first();
    expect(Number(falsch?.n)).toBe(0);
    const anlagen = await db('anlagen').orderBy('anschaffungsdatum').select('bezeichnung');
    expect(anlagen.map((a) => a.bezeichnung)).toEqual([
      'Küche Vereinshaus',
      'Rasentraktor Husqvarna TC 138',
      'Motorheckenschere',
    ]);
  });
});
