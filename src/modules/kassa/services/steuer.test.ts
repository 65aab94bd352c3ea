import { describe, expect, it } from 'vitest';
import { type Steuersatz, steuerAnteil, steuerbericht } from './steuer';

describe('steuerAnteil', () => {
  it('takes no tax at 0 %', () => {
    expect(steuerAnteil(12345, 0)).toEqual({ steuerCent: 0, nettoCent: 12345 });
  });

  it('takes gross × 10 / 110 at 10 % and gross × 20 / 120 at 20 %', () => {
    expect(steuerAnteil(11000, 10)).toEqual({ steuerCent: 1000, nettoCent: 10000 });
    expect(steuerAnteil(12000, 20)).toEqual({ steuerCent: 2000, nettoCent: 10000 });
  });

  it('rounds odd cents half away from zero', () => {
    // 1 € at 20 %: 16.666… ct → 17; at 10 %: 9.09… ct → 9.
    expect(steuerAnteil(100, 20)).toEqual({ steuerCent: 17, nettoCent: 83 });
    expect(steuerAnteil(100, 10)).toEqual({ steuerCent: 9, nettoCent: 91 });
    // Exact halves round up: 3 ct × 20 / 120 = 0.5 → 1; 165 ct × 20 / 120 = 27.5 → 28. 33 × 10 / 110 = 3 exactly.
    expect(steuerAnteil(3, 20)).toEqual({ steuerCent: 1, nettoCent: 2 });
    expect(steuerAnteil(33, 10)).toEqual({ steuerCent: 3, nettoCent: 30 });
    expect(steuerAnteil(165, 20)).toEqual({ steuerCent: 28, nettoCent: 137 });
    expect(steuerAnteil(1, 20)).toEqual({ steuerCent: 0, nettoCent: 1 });
  });

  it('treats an expense like the income of the same size, with the opposite sign', () => {
    expect(steuerAnteil(-3, 20)).toEqual({ steuerCent: -1, nettoCent: -2 });
    expect(steuerAnteil(-100, 20)).toEqual({ steuerCent: -17, nettoCent: -83 });
    expect(steuerAnteil(-165, 20)).toEqual({ steuerCent: -28, nettoCent: -137 });
    expect(steuerAnteil(-12345, 10)).toEqual({ steuerCent: -1122, nettoCent: -11223 });
    expect(Object.is(steuerAnteil(-1, 20).steuerCent, 0)).toBe(true); // no -0 in JSON or comparisons
  });

  it('takes all of it as tax at 100 %', () => {
    expect(steuerAnteil(54321, 100)).toEqual({ steuerCent: 54321, nettoCent: 0 });
    expect(steuerAnteil(-54321, 100)).toEqual({ steuerCent: -54321, nettoCent: 0 });
  });

  it('always adds up to the gross', () => {
    for (const satz of [0, 10, 20, 100] as const) {
      for (let brutto = -250; brutto <= 250; brutto += 1) {
        const { steuerCent, nettoCent } = steuerAnteil(brutto, satz);
        expect(steuerCent + nettoCent).toBe(brutto);
      }
    }
  });

  it('refuses rates and amounts that are not allowed', () => {
    expect(() => steuerAnteil(100, 13 as Steuersatz)).toThrow(RangeError);
    expect(() => steuerAnteil(1.5, 20)).toThrow(RangeError);
  });
});

describe('steuerbericht', () => {
  it('sums the entries per rate, income and expense apart, with rounded taxes added up', () => {
    const saetze = steuerbericht([
      { betragCent: 100, steuersatz: 20 }, // tax 17
      { betragCent: 100, steuersatz: 20 }, // tax 17: 34 in all, not the 33 of 200 ct
      { betragCent: -12000, steuersatz: 20, steuerCent: -2000 },
      { betragCent: 11000, steuersatz: 10 },
      { betragCent: -5000, steuersatz: 100 },
      { betragCent: 700, steuersatz: 0 },
    ]);
    expect(saetze.map((s) => s.steuersatz)).toEqual([0, 10, 20, 100]);
    expect(saetze.find((s) => s.steuersatz === 20)).toEqual({
      steuersatz: 20,
      einnahmen: { bruttoCent: 200, nettoCent: 166, steuerCent: 34 },
      ausgaben: { bruttoCent: 12000, nettoCent: 10000, steuerCent: 2000 },
    });
    expect(saetze.find((s) => s.steuersatz === 10)?.einnahmen).toEqual({
      bruttoCent: 11000,
      nettoCent: 10000,
      steuerCent: 1000,
    });
    expect(saetze.find((s) => s.steuersatz === 100)?.ausgaben).toEqual({
      bruttoCent: 5000,
      nettoCent: 0,
      steuerCent: 5000,
    });
    expect(saetze.find((s) => s.steuersatz === 0)).toEqual({
      steuersatz: 0,
      einnahmen: { bruttoCent: 700, nettoCent: 700, steuerCent: 0 },
      ausgaben: { bruttoCent: 0, nettoCent: 0, steuerCent: 0 },
    });
  });
});
