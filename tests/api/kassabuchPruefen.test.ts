import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Eintrag, KassabuchAntwort } from '../../src/modules/kassa/schema/kassabuch';
import { bucheEintraege } from '../../src/modules/kassa/services/buchen';
import { type KettenEintrag, pruefeKette } from '../../src/modules/kassa/services/hashKette';
import { kettePruefen } from '../../src/modules/kassa/services/pruefen';
import { systemActor } from '../../src/platform/auth/principal';
import { inTransaction } from '../../src/platform/db/db';
import type { ApiClient } from '../helpers/apiClient';
import { type KassaBeispiel, seedKassaBeispiel } from '../helpers/kassaBeispiel';
import { startTestApp, type TestApp } from '../helpers/testApp';

// Checking (CloseFilteredEntries) chains the entries with SHA-256 after the chain's end; a row
// changed in the database afterwards is found. Checked entries are frozen: a correction is a
// reversal (StornoKassabuch). DeleteKassabuchFiltered skips checked entries and counts them.

let app: TestApp;
let k: KassaBeispiel;
let kassier: ApiClient;

type Problem = { title?: string; code?: string; errors?: Record<string, string[]> };

beforeAll(async () => {
  app = await startTestApp();
  k = await seedKassaBeispiel(app.services.db, { jahre: [2026, 2025] });
  kassier = await app.signedIn(['Kassier']);
});
afterAll(() => app.stop());

const buche = async (over: Record<string, unknown> = {}) => {
  const res = await kassier.post<Eintrag>('Kassa/UpdateKassabuch', {
    datum: '2026-04-01',
    betragCent: 12_000,
    kontoId: k.bank,
    buchungskontoId: k.bk.pacht,
    text: 'Pacht',
    ...over,
  });
  if (res.status !== 200) throw new Error(res.text);
  return res.body;
};
const schliesse = (query: Record<string, string | number>) =>
  kassier.request<{ geprueft: number; kettenKopf: string | null } & Problem>('POST', 'Kassa/CloseFilteredEntries', {
    query,
  });

/** The stored chain, read back in ketten_position order as hashKette.ts wants it. */
async function gespeicherteKette(): Promise<KettenEintrag[]> {
  const rows = await app.services.db('kassabuch').whereNotNull('ketten_position').orderBy('ketten_position');
  const n = (v: unknown) => (v == null ? null : Number(v));
  return rows.map((r) => ({
    kassaabrechnungId: Number(r.kassaabrechnung_id),
    belegnummer: Number(r.belegnummer),
    datum: String(r.datum).slice(0, 10),
    betragCent: Number(r.betrag_cent),
    kontoId: Number(r.konto_id),
    buchungskontoId: Number(r.buchungskonto_id),
    kostenstelleId: n(r.kostenstelle_id),
    steuersatz: Number(r.steuersatz) as 0 | 10 | 20 | 100,
    steuerCent: Number(r.steuer_cent),
    nettoCent: Number(r.netto_cent),
    text: r.text,
    kommentar: r.kommentar,
    rechnungsdatum: r.rechnungsdatum == null ? null : String(r.rechnungsdatum).slice(0, 10),
    parzelleId: n(r.parzelle_id),
    adresseId: n(r.adresse_id),
    stornoVonId: n(r.storno_von_id),
    vorherigerHash: String(r.vorheriger_hash),
    hash: String(r.hash),
  }));
}

describe('CloseFilteredEntries', () => {
  it('chains the selection by period and number after the chain’s end; a later change is found', async () => {
    const a = await buche({ datum: '2026-04-02', text: 'A', kommentar: 'mit Kommentar', rechnungsdatum: '2026-03-30' });
    const b = await buche({
      datum: '2026-04-01',
      betragCent: -2_345,
      buchungskontoId: k.bk.material,
      kostenstelleId: k.ks.wasser,
      text: 'B',
    });
    const c = await buche({ text: 'C (bleibt offen)', betragCent: 100 });
    const erste = await schliesse({ BelegnummerFilterBis: b.belegnummer });
    expect(erste.status).toBe(200);
    expect(erste.body.geprueft).toBe(2);
    let kette = await gespeicherteKette();
    // Ordered by Belegnummer (a before b), not by date.
    expect(kette.map((e) => e.belegnummer)).toEqual([a.belegnummer, b.belegnummer]);
    expect(pruefeKette(kette)).toMatchObject({ intakt: true, anzahl: 2, kopf: erste.body.kettenKopf });
    const stored = await app.services.db('kassabuch').where({ id: a.id }).first();
    expect(stored).toMatchObject({ ketten_position: 1 });
    expect(stored?.geprueft_von).not.toBeNull();

    // Nothing left to check: 0, the end unchanged.
    expect((await schliesse({ BelegnummerFilterBis: b.belegnummer })).body).toEqual({
      geprueft: 0,
      kettenKopf: erste.body.kettenKopf,
    });

    const zweite = await schliesse({ entryID: c.id });
    expect(zweite.body.geprueft).toBe(1);
    kette = await gespeicherteKette();
    expect(kette.map((e) => e.belegnummer)).toEqual([a.belegnummer, b.belegnummer, c.belegnummer]);
    expect(kette[2]?.vorherigerHash).toBe(erste.body.kettenKopf);
    expect(pruefeKette(kette)).toMatchObject({ intakt: true, anzahl: 3, kopf: zweite.body.kettenKopf });
    expect(await kettePruefen(app.services.db)).toMatchObject({ intakt: true, anzahl: 3 });

    // Somebody edits a checked row in the database: the chain names it.
    await app.services.db('kassabuch').where({ id: b.id }).update({ betrag_cent: -2_300 });
    const kaputt = pruefeKette(await gespeicherteKette());
    expect(kaputt).toMatchObject({
      intakt: false,
      ersterFehler: { belegnummer: b.belegnummer, grund: 'inhalt_geaendert' },
    });
    expect((await kettePruefen(app.services.db)).ersterFehler?.belegnummer).toBe(b.belegnummer);
    await app.services.db('kassabuch').where({ id: b.id }).update({ betrag_cent: -2_345 });
    expect((await kettePruefen(app.services.db)).intakt).toBe(true);
  });

  it('keeps one chain when two checks run at once', async () => {
    const neue = [];
    for (let i = 0; i < 6; i++) neue.push(await buche({ datum: '2026-10-01', text: `Parallel ${i}` }));
    const [eins, zwei] = await Promise.all([
      schliesse({ entryID: (neue[0] as Eintrag).id }),
      schliesse({ kassabuchFilterVon: '2026-10-01', kassabuchFilterBis: '2026-10-01', kontoOption: 'ungeprueft' }),
    ]);
    expect([eins.status, zwei.status]).toEqual([200, 200]);
    expect((eins.body.geprueft ?? 0) + (zwei.body.geprueft ?? 0)).toBe(6);
    const kette = await gespeicherteKette();
    expect(pruefeKette(kette).intakt).toBe(true);
    const positionen = (await app.services.db('kassabuch').whereNotNull('ketten_position').pluck('ketten_position'))
      .map(Number)
      .sort((a, b) => a - b);
    expect(positionen).toEqual(Array.from({ length: positionen.length }, (_, i) => i + 1));
  });

  it('checks more entries than one UPDATE carries (500): positions run on without a gap, the chain stays intact', async () => {
    const db = app.services.db;
    const [spitze] = await db('kassabuch').max({ m: 'ketten_position' });
    const vorher = Number(spitze?.m ?? 0);
    const neue = await inTransaction(db, (trx) =>
      bucheEintraege(
        trx,
        systemActor('Test'),
        Array.from({ length: 1_203 }, (_, i) => ({
          datum: '2026-11-02',
          betragCent: i + 1,
          kontoId: k.kassa,
          buchungskontoId: k.bk.pacht,
          text: `Viele ${i}`,
        })),
      ),
    );
    const res = await schliesse({ kassabuchFilterVon: '2026-11-02', kassabuchFilterBis: '2026-11-02' });
    expect(res.status).toBe(200);
    expect(res.body.geprueft).toBe(1_203);
    const rows = await db('kassabuch')
      .whereIn(
        'id',
        neue.map((e) => e.id),
      )
      .orderBy('belegnummer')
      .select('ketten_position', 'geprueft', 'hash');
    // By Belegnummer, each the next position; every row got its own hash.
    expect(rows.map((r) => Number(r.ketten_position))).toEqual(Array.from({ length: 1_203 }, (_, i) => vorher + i + 1));
    expect(rows.every((r) => Boolean(r.geprueft))).toBe(true);
    expect(new Set(rows.map((r) => r.hash)).size).toBe(1_203);
    expect(rows.at(-1)?.hash).toBe(res.body.kettenKopf);
    expect(await kettePruefen(db)).toMatchObject({ intakt: true, kopf: res.body.kettenKopf });
  });

  it('refuses change and delete of checked entries with 409, and checking in a closed period', async () => {
    const e = await buche({ text: 'geprüft' });
    await schliesse({ entryID: e.id });
    const aendern = await kassier.post<Problem>('Kassa/UpdateKassabuch', { ...e, version: null, text: 'anders' });
    expect(aendern.status).toBe(409);
    expect(aendern.body.code).toBe('kassabuch_geprueft');
    const loeschen = await kassier.delete<{ geloescht: number; uebersprungen: number }>(
      'Kassa/DeleteKassabuchFiltered',
      { entryID: e.id },
    );
    expect(loeschen.body).toEqual({ geloescht: 0, uebersprungen: 1 });
    expect(await app.services.db('kassabuch').where({ id: e.id }).first()).toBeDefined();

    const offen = await buche({ text: 'offen in geschlossener Periode' });
    await app.services.db('kassaabrechnungen').where({ id: k.perioden[2026] }).update({ geschlossen: true });
    try {
      const zu = await schliesse({ entryID: offen.id });
      expect(zu.status).toBe(409);
      expect(zu.body.code).toBe('kassaabrechnung_geschlossen');
      const del = await kassier.delete<Problem>('Kassa/DeleteKassabuchFiltered', { entryID: offen.id });
      expect(del.status).toBe(409);
      expect(del.body.code).toBe('kassaabrechnung_geschlossen');
    } finally {
      await app.services.db('kassaabrechnungen').where({ id: k.perioden[2026] }).update({ geschlossen: false });
    }
  });
});

describe('StornoKassabuch', () => {
  it('reverses a checked entry once: negated amount, same accounts, named original', async () => {
    const e = await buche({
      betragCent: -6_000,
      buchungskontoId: k.bk.strom,
      kostenstelleId: k.ks.vereinshaus,
      text: 'Strom',
    });
    await schliesse({ entryID: e.id });
    const res = await kassier.post<Eintrag>('Kassa/StornoKassabuch', { id: e.id, datum: '2026-05-01' });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({
      betragCent: 6_000,
      steuerCent: 1_000,
      nettoCent: 5_000,
      kontoId: k.bank,
      buchungskontoId: k.bk.strom,
      kostenstelleId: k.ks.vereinshaus,
      stornoVonId: e.id,
      datum: '2026-05-01',
      geprueft: false,
      text: `Storno Beleg ${e.belegnummer}: Strom`,
    });
    expect(res.body.belegnummer).toBeGreaterThan(e.belegnummer);
    const buch = await kassier.get<KassabuchAntwort>('Kassa/GetKassabuch', { entryID: e.id });
    expect(buch.body.eintraege[0]?.storniertDurchId).toBe(res.body.id);

    const nochmal = await kassier.post<Problem>('Kassa/StornoKassabuch', { id: e.id });
    expect(nochmal.status).toBe(409);
    const stornoDesStornos = await kassier.post<Problem>('Kassa/StornoKassabuch', { id: res.body.id });
    expect(stornoDesStornos.status).toBe(409);
    expect((await kassier.post<Problem>('Kassa/StornoKassabuch', { id: 999_999 })).status).toBe(404);
  });

  it('keeps an original whose reversal stays when deleting by filter', async () => {
    const e = await buche({ text: 'Fehlbuchung', datum: '2026-06-01' });
    const s = await kassier.post<Eintrag>('Kassa/StornoKassabuch', {
      id: e.id,
      datum: '2026-06-02',
      text: 'Korrektur',
    });
    expect(s.body.text).toBe('Korrektur');
    const nurOriginal = await kassier.delete('Kassa/DeleteKassabuchFiltered', { entryID: e.id });
    expect(nurOriginal.body).toEqual({ geloescht: 0, uebersprungen: 1 });
    const beide = await kassier.delete('Kassa/DeleteKassabuchFiltered', {
      kassabuchFilterVon: '2026-06-01',
      kassabuchFilterBis: '2026-06-02',
    });
    expect(beide.body).toEqual({ geloescht: 2, uebersprungen: 0 });
  });

  it('keeps a reversal the negation of its original: neither may be changed (409); without the reversal the original may', async () => {
    const e = await buche({ text: 'Doppelt gebucht', datum: '2026-06-10', betragCent: 5_000 });
    const s = (await kassier.post<Eintrag>('Kassa/StornoKassabuch', { id: e.id, datum: '2026-06-11' })).body;
    const original = await kassier.post<Problem>('Kassa/UpdateKassabuch', { ...e, betragCent: 6_000 });
    expect([original.status, original.body.code]).toEqual([409, 'kassabuch_storniert']);
    const storno = await kassier.post<Problem>('Kassa/UpdateKassabuch', { ...s, betragCent: -1 });
    expect([storno.status, storno.body.code]).toEqual([409, 'kassabuch_storno']);
    const beide = await kassier.get<KassabuchAntwort>('Kassa/GetKassabuch', { entryID: e.id });
    expect(beide.body.eintraege[0]?.betragCent).toBe(5_000);
    expect(
      (await kassier.get<KassabuchAntwort>('Kassa/GetKassabuch', { entryID: s.id })).body.eintraege[0]?.betragCent,
    ).toBe(-5_000);
    // The unchecked reversal deleted, the original is an ordinary entry again.
    expect((await kassier.delete('Kassa/DeleteKassabuchFiltered', { entryID: s.id })).body).toEqual({
      geloescht: 1,
      uebersprungen: 0,
    });
    const danach = await kassier.post<Eintrag>('Kassa/UpdateKassabuch', { ...e, betragCent: 6_000 });
    expect(danach.status, danach.text).toBe(200);
    expect(danach.body.betragCent).toBe(6_000);
  });
});

describe('DeleteKassabuchFiltered', () => {
  it('counts with dryRun, then deletes the unchecked ones and skips the checked', async () => {
    const a = await buche({ datum: '2026-07-01', text: 'Juli 1' });
    await buche({ datum: '2026-07-02', text: 'Juli 2' });
    await buche({ datum: '2026-07-03', text: 'Juli 3' });
    await schliesse({ entryID: a.id });
    const filter = { kassabuchFilterVon: '2026-07-01', kassabuchFilterBis: '2026-07-31' };
    const trocken = await kassier.delete('Kassa/DeleteKassabuchFiltered', { ...filter, dryRun: true });
    expect(trocken.status).toBe(200);
    expect(trocken.body).toEqual({ geloescht: 2, uebersprungen: 1 });
    expect((await kassier.get<KassabuchAntwort>('Kassa/GetKassabuch', filter)).body.summe.anzahl).toBe(3);
    const geloeschtVorher = await app.services.db('history').where({ entity_type: 'Kassabuch', action: 'delete' });
    const echt = await kassier.delete('Kassa/DeleteKassabuchFiltered', filter);
    expect(echt.body).toEqual({ geloescht: 2, uebersprungen: 1 });
    const rest = (await kassier.get<KassabuchAntwort>('Kassa/GetKassabuch', filter)).body;
    expect(rest.eintraege.map((e) => e.id)).toEqual([a.id]);
    // The numbers of deleted entries are never given again.
    const danach = await buche({ datum: '2026-07-04' });
    expect(danach.belegnummer).toBeGreaterThan(a.belegnummer + 2);
    const history = await app.services.db('history').where({ entity_type: 'Kassabuch', action: 'delete' });
    expect(history).toHaveLength(geloeschtVorher.length + 2);
  });
});
