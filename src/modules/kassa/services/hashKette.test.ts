import { describe, expect, it } from 'vitest';
import { buchungHash, KETTEN_ANFANG, type KettenInhalt, kanonisch, pruefeKette, verkette } from './hashKette';

const eintrag = (belegnummer: number, overrides: Partial<KettenInhalt> = {}): KettenInhalt => ({
  kassaabrechnungId: 7,
  belegnummer,
  datum: `2026-03-${String(belegnummer).padStart(2, '0')}`,
  betragCent: belegnummer % 2 ? 12_000 : -4_550,
  kontoId: 1,
  buchungskontoId: 20,
  kostenstelleId: null,
  steuersatz: 20,
  steuerCent: belegnummer % 2 ? 2_000 : -758,
  nettoCent: belegnummer % 2 ? 10_000 : -3_792,
  text: `Beleg ${belegnummer} – Mitgliedsbeitrag Müller`,
  ...overrides,
});
const KETTE = verkette([1, 2, 3, 4, 5].map((n) => eintrag(n)));

describe('buchungHash', () => {
  it('is a SHA-256 over the content and the previous hash, stable and independent of key order', () => {
    const hash = buchungHash(eintrag(1), KETTEN_ANFANG);
    expect(hash).toMatch(/^[0-9a-f]{64}$/);
    const reordered = Object.fromEntries(Object.entries(eintrag(1)).reverse()) as KettenInhalt;
    expect(buchungHash(reordered, KETTEN_ANFANG)).toBe(hash);
    // Omitted optionals and nulls are the same content (a row read back from the database has nulls).
    expect(buchungHash({ ...eintrag(1), kommentar: null, parzelleId: undefined }, KETTEN_ANFANG)).toBe(hash);
    expect(buchungHash(eintrag(1), KETTE[0]!.hash)).not.toBe(hash);
  });

  it('changes with every booked field', () => {
    const base = buchungHash(eintrag(1), KETTEN_ANFANG);
    const changes: Partial<KettenInhalt>[] = [
      { kassaabrechnungId: 8 },
      { belegnummer: 2 },
      { datum: '2026-03-02' },
      { betragCent: 12_001 },
      { kontoId: 2 },
      { buchungskontoId: 21 },
      { kostenstelleId: 3 },
      { steuersatz: 10 },
      { steuerCent: 2_001 },
      { nettoCent: 9_999 },
      { text: 'Beleg 1 – Mitgliedsbeitrag Muller' },
      { kommentar: '' },
      { rechnungsdatum: '2026-02-28' },
      { parzelleId: 17 },
      { adresseId: 4 },
      { stornoVonId: 99 },
    ];
    const hashes = changes.map((change) => buchungHash({ ...eintrag(1), ...change }, KETTEN_ANFANG));
    expect(hashes).not.toContain(base);
    expect(new Set(hashes).size).toBe(changes.length);
  });

  it('serialises canonically: sorted keys, integers, date strings, nulls', () => {
    expect(kanonisch(eintrag(1))).toBe(
      '{"adresseId":null,"belegnummer":1,"betragCent":12000,"buchungskontoId":20,"datum":"2026-03-01",' +
        '"kassaabrechnungId":7,"kommentar":null,"kontoId":1,"kostenstelleId":null,"nettoCent":10000,' +
        '"parzelleId":null,"rechnungsdatum":null,"steuerCent":2000,"steuersatz":20,"stornoVonId":null,' +
        '"text":"Beleg 1 – Mitgliedsbeitrag Müller"}',
    );
  });

  it('refuses values a database driver might hand over in another shape', () => {
    const bad = (change: Record<string, unknown>) => () =>
      buchungHash({ ...eintrag(1), ...change } as KettenInhalt, KETTEN_ANFANG);
    expect(bad({ datum: new Date('2026-03-01') })).toThrow(TypeError);
    expect(bad({ betragCent: '12000' })).toThrow(TypeError);
    expect(bad({ betragCent: 120.5 })).toThrow(TypeError);
    expect(bad({ text: null })).toThrow(TypeError);
    expect(bad({ kontoId: null })).toThrow(TypeError);
    expect(() => buchungHash(eintrag(1), 'abc')).toThrow(TypeError);
  });
});

describe('pruefeKette', () => {
  it('finds an intact chain intact and answers its end', () => {
    expect(pruefeKette(KETTE)).toEqual({ intakt: true, anzahl: 5, kopf: KETTE[4]!.hash });
    expect(pruefeKette(KETTE, { kopf: KETTE[4]!.hash }).intakt).toBe(true);
    expect(pruefeKette([])).toEqual({ intakt: true, anzahl: 0, kopf: KETTEN_ANFANG });
  });

  it('continues a chain from its previous end', () => {
    const weiter = verkette([eintrag(6), eintrag(7)], KETTE[4]!.hash);
    expect(pruefeKette([...KETTE, ...weiter]).intakt).toBe(true);
  });

  it('finds a changed amount', () => {
    const kette = KETTE.map((e) => (e.belegnummer === 3 ? { ...e, betragCent: e.betragCent + 1 } : e));
    expect(pruefeKette(kette)).toMatchObject({
      intakt: false,
      ersterFehler: { kassaabrechnungId: 7, belegnummer: 3, grund: 'inhalt_geaendert' },
    });
    expect(pruefeKette(kette).ersterFehler?.meldung).toBe('Beleg 3: Die Buchung wurde nach der Prüfung verändert.');
  });

  it('finds a changed entry whose hash was recomputed, at the entry after it', () => {
    const kette = [...KETTE];
    const geaendert = { ...kette[1]!, text: 'anders' };
    kette[1] = { ...geaendert, hash: buchungHash(geaendert, geaendert.vorherigerHash) };
    expect(pruefeKette(kette).ersterFehler).toMatchObject({ belegnummer: 3, grund: 'vorgaenger_fehlt' });
  });

  it('finds a removed entry', () => {
    const kette = KETTE.filter((e) => e.belegnummer !== 2);
    expect(pruefeKette(kette)).toMatchObject({
      intakt: false,
      ersterFehler: { belegnummer: 3, grund: 'vorgaenger_fehlt' },
    });
    expect(pruefeKette(KETTE.slice(1)).ersterFehler).toMatchObject({ belegnummer: 2, grund: 'vorgaenger_fehlt' });
    // Re-pointing the next entry at the one before the gap does not help: its hash no longer matches.
    const umgehaengt = kette.map((e) => (e.belegnummer === 3 ? { ...e, vorherigerHash: KETTE[0]!.hash } : e));
    expect(pruefeKette(umgehaengt).ersterFehler).toMatchObject({ belegnummer: 3, grund: 'inhalt_geaendert' });
  });

  it('finds a swapped order', () => {
    const kette = [KETTE[0]!, KETTE[2]!, KETTE[1]!, KETTE[3]!, KETTE[4]!];
    expect(pruefeKette(kette)).toMatchObject({
      intakt: false,
      ersterFehler: { belegnummer: 3, grund: 'reihenfolge_geaendert' },
    });
  });

  it('finds a removed last entry only against the chain end kept elsewhere', () => {
    const gekuerzt = KETTE.slice(0, 4);
    expect(pruefeKette(gekuerzt).intakt).toBe(true);
    expect(pruefeKette(gekuerzt, { kopf: KETTE[4]!.hash })).toMatchObject({
      intakt: false,
      ersterFehler: {
        belegnummer: null,
        grund: 'ende_fehlt',
        meldung: 'Die zuletzt geprüften Buchungen nach Beleg 4 fehlen.',
      },
    });
  });
});
