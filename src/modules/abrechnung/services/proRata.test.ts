import { describe, expect, it } from 'vitest';
import { monateJeHalter, proRataNachMonaten } from './proRata';

describe('proRataNachMonaten', () => {
  it('splits a year between the holder until 30 June and the one from 1 July, adding up exactly', () => {
    const r = proRataNachMonaten(83_013, 2026, [
      { adresseId: 1, von: '2019-03-01', bis: '2026-06-30' },
      { adresseId: 2, von: '2026-07-01', bis: null },
    ]);
    expect(r).toEqual([
      { adresseId: 1, monate: 6, betragCent: 41_507 },
      { adresseId: 2, monate: 6, betragCent: 41_506 },
    ]);
  });

  it('gives a month to whoever holds the plot on its first day', () => {
    expect(
      monateJeHalter(2026, [
        { adresseId: 1, von: '2020-01-01', bis: '2026-07-15' },
        { adresseId: 2, von: '2026-07-16', bis: null },
      ]),
    ).toEqual([
      { adresseId: 1, monate: 7 },
      { adresseId: 2, monate: 5 },
    ]);
    const drei = proRataNachMonaten(100_000, 2026, [
      { adresseId: 1, von: '2020-01-01', bis: '2026-04-30' },
      { adresseId: 2, von: '2026-05-01', bis: '2026-08-31' },
      { adresseId: 3, von: '2026-09-01', bis: null },
    ]);
    expect(drei.map((d) => d.betragCent)).toEqual([33_334, 33_333, 33_333]);
  });

  it('splits over the months held when the plot stood empty for a while, and bills someone when nobody held it on a first', () => {
    const luecke = proRataNachMonaten(12_000, 2026, [
      { adresseId: 1, von: '2020-01-01', bis: '2026-02-28' },
      { adresseId: 2, von: '2026-09-01', bis: null },
    ]);
    expect(luecke.map((l) => [l.monate, l.betragCent])).toEqual([
      [2, 4_000],
      [4, 8_000],
    ]);
    expect(proRataNachMonaten(5_000, 2026, [{ adresseId: 9, von: '2026-12-15', bis: null }])).toEqual([
      { adresseId: 9, monate: 0, betragCent: 5_000 },
    ]);
  });
});
