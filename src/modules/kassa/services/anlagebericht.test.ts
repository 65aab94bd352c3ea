import { describe, expect, it } from 'vitest';
import type { Anlage } from './afa';
import { anlagebericht } from './anlagebericht';

const OPT = { geringwertigGrenzeCent: 100_000, historisch: false, anzahlJahre: 3 };
const ANLAGEN: Anlage[] = [
  // DOMAIN.md's example: 225.00 in 2025, 450.00 a year 2026–2032, 225.00 in 2033.
  {
    id: 1,
    bezeichnung: 'Rasenmäher',
    kategorie: 'Geräte',
    anschaffungsdatum: '2025-08-20',
    anschaffungskostenCent: 360_000,
    nutzungsdauerJahre: 8,
  },
  // Low-value: all in 2026.
  {
    id: 2,
    bezeichnung: 'Heckenschere',
    kategorie: 'Geräte',
    anschaffungsdatum: '2026-03-01',
    anschaffungskostenCent: 45_000,
    nutzungsdauerJahre: 5,
  },
  // Full rate from 2020 (bought in February), 1,000.00 a year; sold 2026-10-01 for 500.00.
  {
    id: 3,
    bezeichnung: 'Vereinshütte Dach',
    kategorie: 'Gebäude',
    anschaffungsdatum: '2020-02-01',
    anschaffungskostenCent: 1_000_000,
    nutzungsdauerJahre: 10,
    abgangsdatum: '2026-10-01',
    abgangserloesCent: 50_000,
  },
  // Disposed of before 2026: only with `historisch`.
  {
    id: 4,
    bezeichnung: 'Alter Anhänger',
    kategorie: 'Fahrzeuge',
    anschaffungsdatum: '2015-05-05',
    anschaffungskostenCent: 500_000,
    nutzungsdauerJahre: 5,
    abgangsdatum: '2024-02-01',
    abgangserloesCent: 0,
  },
  // Bought after the report year: not listed, but in the forecast.
  {
    id: 5,
    bezeichnung: 'Pumpe',
    kategorie: 'Geräte',
    anschaffungsdatum: '2027-01-10',
    anschaffungskostenCent: 300_000,
    nutzungsdauerJahre: 3,
  },
];

describe('anlagebericht', () => {
  it('lists the assets owned in the year with their book values and the year’s depreciation', () => {
    const bericht = anlagebericht(ANLAGEN, 2026, OPT);
    expect(bericht.anlagen.map((a) => a.id)).toEqual([3, 1, 2]);
    expect(bericht.anlagen).toEqual([
      expect.objectContaining({
        id: 3,
        buchwertAnfangCent: 400_000,
        afaCent: 100_000,
        abgangCent: 300_000,
        buchwertEndeCent: 0,
        abgangsdatum: '2026-10-01',
      }),
      expect.objectContaining({
        id: 1,
        bezeichnung: 'Rasenmäher',
        buchwertAnfangCent: 337_500,
        zugangCent: 0,
        afaCent: 45_000,
        buchwertEndeCent: 292_500,
      }),
      expect.objectContaining({
        id: 2,
        buchwertAnfangCent: 0,
        zugangCent: 45_000,
        afaCent: 45_000,
        buchwertEndeCent: 0,
      }),
    ]);
    expect(bericht.summe).toEqual({
      buchwertAnfangCent: 737_500,
      zugangCent: 45_000,
      afaCent: 190_000,
      abgangCent: 300_000,
      buchwertEndeCent: 292_500,
    });
    // 2027: 450.00 + the pump's 1,000.00 (bought in January: full rate); 2028 the same; 2029 450.00 + 1,000.00.
    expect(bericht.prognose).toEqual([
      { jahr: 2027, afaCent: 145_000 },
      { jahr: 2028, afaCent: 145_000 },
      { jahr: 2029, afaCent: 145_000 },
    ]);
  });

  it('opens a year with the previous year’s closing total', () => {
    const vorjahr = anlagebericht(ANLAGEN, 2025, OPT);
    const jahr = anlagebericht(ANLAGEN, 2026, OPT);
    expect(jahr.summe.buchwertAnfangCent).toBe(vorjahr.summe.buchwertEndeCent);
    for (const z of jahr.anlagen) {
      expect(z.buchwertAnfangCent + z.zugangCent - z.afaCent - z.abgangCent).toBe(z.buchwertEndeCent);
    }
  });

  it('shows assets disposed of in earlier years only when historisch, with zeros', () => {
    expect(anlagebericht(ANLAGEN, 2026, OPT).anlagen.some((a) => a.id === 4)).toBe(false);
    const historisch = anlagebericht(ANLAGEN, 2026, { ...OPT, historisch: true });
    expect(historisch.anlagen.find((a) => a.id === 4)).toMatchObject({
      abgangsdatum: '2024-02-01',
      buchwertAnfangCent: 0,
      afaCent: 0,
      buchwertEndeCent: 0,
    });
  });

  it('filters by category and forecasts only those', () => {
    const bericht = anlagebericht(ANLAGEN, 2026, { ...OPT, kategorien: ['Gebäude'], anzahlJahre: 1 });
    expect(bericht.anlagen.map((a) => a.id)).toEqual([3]);
    expect(bericht.prognose).toEqual([{ jahr: 2027, afaCent: 0 }]);
  });

  it('reproduces DOMAIN.md’s example year by year', () => {
    const jahre = [2025, 2026, 2032, 2033, 2034].map((jahr) => anlagebericht([ANLAGEN[0]!], jahr, OPT).summe.afaCent);
    expect(jahre).toEqual([22_500, 45_000, 45_000, 22_500, 0]);
  });
});
