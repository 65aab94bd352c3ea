import { describe, expect, it } from 'vitest';
import { type Anlage, afaPlan } from './afa';

const GRENZE = { geringwertigGrenzeCent: 100_000 }; // 1,000.00 €
const anlage = (overrides: Partial<Anlage>): Anlage => ({
  id: 1,
  bezeichnung: 'Rasenmäher',
  anschaffungsdatum: '2025-08-20',
  anschaffungskostenCent: 360_000,
  nutzungsdauerJahre: 8,
  ...overrides,
});
const afaJeJahr = (plan: ReturnType<typeof afaPlan>) => Object.fromEntries(plan.jahre.map((j) => [j.jahr, j.afaCent]));
const summe = (plan: ReturnType<typeof afaPlan>) => plan.jahre.reduce((s, j) => s + j.afaCent + j.abgangCent, 0);

describe('afaPlan', () => {
  it("follows DOMAIN.md's example: 20 Aug 2025, 3,600.00 €, 8 years", () => {
    const plan = afaPlan(anlage({}), GRENZE);
    expect(plan.halbjahr).toBe(true);
    expect(afaJeJahr(plan)).toEqual({
      2025: 22_500,
      2026: 45_000,
      2027: 45_000,
      2028: 45_000,
      2029: 45_000,
      2030: 45_000,
      2031: 45_000,
      2032: 45_000,
      2033: 22_500,
    });
    expect(plan.jahre[0]).toEqual({
      jahr: 2025,
      buchwertAnfangCent: 0,
      zugangCent: 360_000,
      afaCent: 22_500,
      abgangCent: 0,
      buchwertEndeCent: 337_500,
    });
    expect(plan.jahre[1]).toMatchObject({ buchwertAnfangCent: 337_500, zugangCent: 0, buchwertEndeCent: 292_500 });
    expect(plan.jahre.at(-1)).toMatchObject({ jahr: 2033, buchwertAnfangCent: 22_500, buchwertEndeCent: 0 });
    expect(plan.abgang).toBeNull();
  });

  it('each year ends where the next begins', () => {
    const plan = afaPlan(anlage({ anschaffungskostenCent: 123_457, nutzungsdauerJahre: 7 }), GRENZE);
    for (const [i, j] of plan.jahre.entries()) {
      expect(j.buchwertAnfangCent + j.zugangCent - j.afaCent - j.abgangCent).toBe(j.buchwertEndeCent);
      if (i > 0) expect(j.buchwertAnfangCent).toBe(plan.jahre[i - 1]?.buchwertEndeCent);
    }
  });

  it('gives the full rate when used more than 6 months in the first year (bought by 30 June)', () => {
    const plan = afaPlan(
      anlage({ anschaffungsdatum: '2025-06-30', nutzungsdauerJahre: 4, anschaffungskostenCent: 400_000 }),
      GRENZE,
    );
    expect(plan.halbjahr).toBe(false);
    expect(afaJeJahr(plan)).toEqual({ 2025: 100_000, 2026: 100_000, 2027: 100_000, 2028: 100_000 });
  });

  it('gives half a rate when bought on 1 July (exactly 6 months of use)', () => {
    const plan = afaPlan(
      anlage({ anschaffungsdatum: '2025-07-01', nutzungsdauerJahre: 4, anschaffungskostenCent: 400_000 }),
      GRENZE,
    );
    expect(afaJeJahr(plan)).toEqual({ 2025: 50_000, 2026: 100_000, 2027: 100_000, 2028: 100_000, 2029: 50_000 });
  });

  it('adds up to the cost to the cent, with the rounding difference in the last year', () => {
    // 1,000.01 € over 3 years: 333.34 (rounded half up from 333.336…), 333.34, then the rest 333.33.
    const voll = afaPlan(
      anlage({ anschaffungsdatum: '2024-01-15', anschaffungskostenCent: 100_001, nutzungsdauerJahre: 3 }),
      {
        geringwertigGrenzeCent: 0,
      },
    );
    expect(afaJeJahr(voll)).toEqual({ 2024: 33_334, 2025: 33_334, 2026: 33_333 });
    // 2,000.00 € over 3 years from November: half 333.33, 666.67, 666.67, rest 333.33.
    const halb = afaPlan(
      anlage({ anschaffungsdatum: '2024-11-02', anschaffungskostenCent: 200_000, nutzungsdauerJahre: 3 }),
      GRENZE,
    );
    expect(afaJeJahr(halb)).toEqual({ 2024: 33_333, 2025: 66_667, 2026: 66_667, 2027: 33_333 });
    for (const kosten of [100_001, 123_457, 99_999_999, 7]) {
      for (const dauer of [1, 3, 7, 8, 13]) {
        for (const datum of ['2025-03-01', '2025-09-30']) {
          const plan = afaPlan(
            anlage({ anschaffungsdatum: datum, anschaffungskostenCent: kosten, nutzungsdauerJahre: dauer }),
            {
              geringwertigGrenzeCent: 0,
            },
          );
          expect(summe(plan)).toBe(kosten);
          expect(plan.jahre.every((j) => j.afaCent >= 0 && j.buchwertEndeCent >= 0)).toBe(true);
          expect(plan.jahre.at(-1)?.buchwertEndeCent).toBe(0);
        }
      }
    }
  });

  it('never depreciates below zero when the rounded rate is too big (7 ct over 8 years)', () => {
    const plan = afaPlan(anlage({ anschaffungskostenCent: 7, anschaffungsdatum: '2025-02-01' }), {
      geringwertigGrenzeCent: 0,
    });
    expect(plan.jahre.map((j) => j.afaCent)).toEqual([1, 1, 1, 1, 1, 1, 1]);
    expect(plan.jahre.at(-1)?.buchwertEndeCent).toBe(0);
  });

  it('writes a low-value item off at once, up to and including the limit', () => {
    const genau = afaPlan(anlage({ anschaffungskostenCent: 100_000, anschaffungsdatum: '2025-11-30' }), GRENZE);
    expect(genau.geringwertig).toBe(true);
    expect(genau.jahre).toEqual([
      { jahr: 2025, buchwertAnfangCent: 0, zugangCent: 100_000, afaCent: 100_000, abgangCent: 0, buchwertEndeCent: 0 },
    ]);
    const drueber = afaPlan(anlage({ anschaffungskostenCent: 100_001, anschaffungsdatum: '2025-11-30' }), GRENZE);
    expect(drueber.geringwertig).toBe(false);
    expect(drueber.jahre).toHaveLength(9);
  });

  it('ends the plan at disposal with the book value leaving and the gain or loss', () => {
    // Disposed 15 Sep 2028 (more than 6 months used that year: full rate), sold for 2,000.00 €.
    const plan = afaPlan(anlage({ abgangsdatum: '2028-09-15', abgangserloesCent: 200_000 }), GRENZE);
    expect(plan.jahre.map((j) => j.jahr)).toEqual([2025, 2026, 2027, 2028]);
    expect(plan.jahre.at(-1)).toEqual({
      jahr: 2028,
      buchwertAnfangCent: 247_500,
      zugangCent: 0,
      afaCent: 45_000,
      abgangCent: 202_500,
      buchwertEndeCent: 0,
    });
    expect(plan.abgang).toEqual({
      datum: '2028-09-15',
      jahr: 2028,
      buchwertCent: 202_500,
      erloesCent: 200_000,
      ergebnisCent: -2_500,
    });
    expect(summe(plan)).toBe(360_000);
  });

  it('gives half a rate in a disposal year of 6 months or less, and a gain when sold above book value', () => {
    const plan = afaPlan(anlage({ abgangsdatum: '2028-06-30', abgangserloesCent: 250_000 }), GRENZE);
    expect(plan.jahre.at(-1)).toMatchObject({ jahr: 2028, afaCent: 22_500, abgangCent: 225_000, buchwertEndeCent: 0 });
    expect(plan.abgang?.ergebnisCent).toBe(25_000);
  });

  it('counts the months from purchase to disposal when both fall in one year; no proceeds count as 0', () => {
    const kurz = afaPlan(anlage({ anschaffungsdatum: '2025-02-10', abgangsdatum: '2025-05-31' }), GRENZE);
    expect(kurz.jahre).toEqual([
      {
        jahr: 2025,
        buchwertAnfangCent: 0,
        zugangCent: 360_000,
        afaCent: 22_500,
        abgangCent: 337_500,
        buchwertEndeCent: 0,
      },
    ]);
    expect(kurz.abgang).toMatchObject({ erloesCent: 0, ergebnisCent: -337_500 });
    const lang = afaPlan(anlage({ anschaffungsdatum: '2025-01-10', abgangsdatum: '2025-07-31' }), GRENZE);
    expect(lang.jahre[0]?.afaCent).toBe(45_000);
  });

  it('disposes of a fully depreciated asset at book value 0', () => {
    const plan = afaPlan(anlage({ abgangsdatum: '2040-03-01', abgangserloesCent: 5_000 }), GRENZE);
    expect(plan.jahre.at(-1)).toMatchObject({ jahr: 2033, buchwertEndeCent: 0, abgangCent: 0 });
    expect(plan.abgang).toEqual({
      datum: '2040-03-01',
      jahr: 2040,
      buchwertCent: 0,
      erloesCent: 5_000,
      ergebnisCent: 5_000,
    });
  });

  it('refuses bad dates, useful lives and costs', () => {
    expect(() => afaPlan(anlage({ anschaffungsdatum: '2025-02-30' }), GRENZE)).toThrow(RangeError);
    expect(() => afaPlan(anlage({ anschaffungsdatum: '20.08.2025' }), GRENZE)).toThrow(RangeError);
    expect(() => afaPlan(anlage({ nutzungsdauerJahre: 0 }), GRENZE)).toThrow(RangeError);
    expect(() => afaPlan(anlage({ nutzungsdauerJahre: 2.5 }), GRENZE)).toThrow(RangeError);
    expect(() => afaPlan(anlage({ anschaffungskostenCent: -1 }), GRENZE)).toThrow(RangeError);
    expect(() => afaPlan(anlage({ abgangsdatum: '2025-08-19' }), GRENZE)).toThrow(RangeError);
  });
});
