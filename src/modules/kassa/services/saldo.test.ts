import { describe, expect, it } from 'vitest';
import { kontoSalden, pruefeSalden, pruefeUebertrag, summenNach } from './saldo';

const KONTEN = [
  { id: 1, anfangsbestandCent: 150_000 }, // Girokonto
  { id: 2, anfangsbestandCent: 20_050 }, // Handkassa
  { id: 3, anfangsbestandCent: 0 }, // Sparbuch, no entries
];
const BUCHUNGEN = [
  { kontoId: 1, betragCent: 45_000, buchungskontoId: 10, kostenstelleId: 1 },
  { kontoId: 1, betragCent: -12_345, buchungskontoId: 20, kostenstelleId: 2 },
  { kontoId: 2, betragCent: 1_001, buchungskontoId: 10, kostenstelleId: null },
  { kontoId: 1, betragCent: -99, buchungskontoId: 20, kostenstelleId: 2 },
  { kontoId: 2, betragCent: -5_000, buchungskontoId: 30, kostenstelleId: 1 },
  { kontoId: 1, betragCent: 0, buchungskontoId: 30, kostenstelleId: 1 },
];

describe('kontoSalden', () => {
  it('gives every account its opening, income, expenses (positive) and closing balance', () => {
    const { konten, summe } = kontoSalden(KONTEN, BUCHUNGEN);
    expect(konten).toEqual([
      { kontoId: 1, anfangCent: 150_000, einnahmenCent: 45_000, ausgabenCent: 12_444, endeCent: 182_556 },
      { kontoId: 2, anfangCent: 20_050, einnahmenCent: 1_001, ausgabenCent: 5_000, endeCent: 16_051 },
      { kontoId: 3, anfangCent: 0, einnahmenCent: 0, ausgabenCent: 0, endeCent: 0 },
    ]);
    expect(summe).toEqual({ anfangCent: 170_050, einnahmenCent: 46_001, ausgabenCent: 17_444, endeCent: 198_607 });
  });

  it('keeps opening + entries = closing for every account after each added, changed or removed entry', () => {
    const variants = [
      BUCHUNGEN,
      [...BUCHUNGEN, { kontoId: 3, betragCent: -1 }],
      BUCHUNGEN.map((b, i) => (i === 1 ? { ...b, betragCent: -12_346 } : b)),
      BUCHUNGEN.slice(1),
      [],
    ];
    for (const buchungen of variants) {
      const { konten } = kontoSalden(KONTEN, buchungen);
      for (const row of konten) {
        const entries = buchungen.filter((b) => b.kontoId === row.kontoId).reduce((s, b) => s + b.betragCent, 0);
        expect(row.endeCent).toBe(row.anfangCent + entries);
        expect(row.anfangCent + row.einnahmenCent - row.ausgabenCent).toBe(row.endeCent);
      }
    }
  });

  it('refuses an entry on an account that is not listed and a listed account twice', () => {
    expect(() => kontoSalden(KONTEN, [{ kontoId: 9, betragCent: 1 }])).toThrow(RangeError);
    expect(() => kontoSalden([...KONTEN, { id: 1, anfangsbestandCent: 0 }], [])).toThrow(RangeError);
    expect(() => kontoSalden(KONTEN, [{ kontoId: 1, betragCent: 0.5 }])).toThrow(RangeError);
  });
});

describe('pruefeSalden', () => {
  it('accepts rows that match the entries', () => {
    const { konten } = kontoSalden(KONTEN, BUCHUNGEN);
    expect(pruefeSalden(konten, KONTEN, BUCHUNGEN)).toEqual({ stimmt: true, abweichungen: [] });
  });

  it('finds a closing balance that does not follow from the entries, a changed entry and a missing account', () => {
    const { konten } = kontoSalden(KONTEN, BUCHUNGEN);
    const falsch = konten.map((k) => (k.kontoId === 2 ? { ...k, endeCent: k.endeCent + 1 } : k));
    expect(pruefeSalden(falsch, KONTEN, BUCHUNGEN)).toEqual({
      stimmt: false,
      abweichungen: [{ kontoId: 2, feld: 'endeCent', erwartetCent: 16_051, gefundenCent: 16_052 }],
    });
    const geaendert = BUCHUNGEN.map((b, i) => (i === 0 ? { ...b, betragCent: 40_000 } : b));
    expect(pruefeSalden(konten, KONTEN, geaendert).abweichungen.map((a) => a.feld)).toEqual([
      'einnahmenCent',
      'endeCent',
    ]);
    const ohneKonto = pruefeSalden(konten.slice(0, 2), KONTEN, BUCHUNGEN);
    expect(ohneKonto.abweichungen).toEqual([{ kontoId: 3, feld: 'konto', erwartetCent: 0, gefundenCent: null }]);
  });
});

describe('pruefeUebertrag', () => {
  it('finds an account whose opening balance is not the previous closing balance', () => {
    const { konten } = kontoSalden(KONTEN, BUCHUNGEN);
    const naechste = [
      { id: 1, anfangsbestandCent: 182_556 },
      { id: 2, anfangsbestandCent: 16_050 },
      { id: 4, anfangsbestandCent: 777 }, // new account
    ];
    expect(pruefeUebertrag(konten, naechste)).toEqual([{ kontoId: 2, endeVorperiodeCent: 16_051, anfangCent: 16_050 }]);
  });
});

describe('summenNach', () => {
  it('sums per booking account, signed, with every listed key and the rest under null', () => {
    expect(summenNach(BUCHUNGEN, (b) => b.buchungskontoId, [10, 20, 30, 40])).toEqual([
      { schluessel: 10, einnahmenCent: 46_001, ausgabenCent: 0, summeCent: 46_001 },
      { schluessel: 20, einnahmenCent: 0, ausgabenCent: 12_444, summeCent: -12_444 },
      { schluessel: 30, einnahmenCent: 0, ausgabenCent: 5_000, summeCent: -5_000 },
      { schluessel: 40, einnahmenCent: 0, ausgabenCent: 0, summeCent: 0 },
    ]);
    expect(summenNach(BUCHUNGEN, (b) => b.kostenstelleId, [1, 2])).toEqual([
      { schluessel: 1, einnahmenCent: 45_000, ausgabenCent: 5_000, summeCent: 40_000 },
      { schluessel: 2, einnahmenCent: 0, ausgabenCent: 12_444, summeCent: -12_444 },
      { schluessel: null, einnahmenCent: 1_001, ausgabenCent: 0, summeCent: 1_001 },
    ]);
  });
});
