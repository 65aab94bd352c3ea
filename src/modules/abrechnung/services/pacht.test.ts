import { describe, expect, it } from 'vitest';
import { gemeinschaftsAnteile, type PachtzuschlagRegel, pachtPositionen, zuschlagGilt } from './pacht';

const verwaltung: PachtzuschlagRegel = {
  id: 1,
  bezeichnung: 'Verwaltungs- und Haftungszuschlag',
  art: 'prozent',
  wert: '14.5',
  basis: ['pachtzins', 'gemeinschaftsflaeche', 'grundsteuer'],
  parzellenFlag: null,
  parzellenIds: null,
};

describe('pachtPositionen', () => {
  it("reproduces DOMAIN.md's worked example for plot 17", () => {
    const r = pachtPositionen(
      { id: 17, flaeche: '400', anteil: '100.00', flags: 0 },
      { pachtzinsProM2: '1.31', grundsteuerProM2: '0.14' },
      [verwaltung],
    );
    expect(r).toEqual({
      pachtzinsCent: 52_400,
      gemeinschaftsflaecheCent: 13_100,
      grundsteuerCent: 7_000,
      // 14.5 % of 725.00 = 105.125 → 105.13 (half away from zero)
      zuschlaege: [{ zuschlagId: 1, bezeichnung: 'Verwaltungs- und Haftungszuschlag', betragCent: 10_513 }],
      summeCent: 83_013,
    });
    // With the club positions and the akonto of the example the letter's total is 1,397.79 €.
    expect(r.summeCent + 1_266 + 7_500 + 18_000 + 30_000).toBe(139_779);
  });

  it('charges no Grundsteuer when the year sets none, and a percentage only of the named bases', () => {
    const r = pachtPositionen(
      { id: 1, flaeche: '300', anteil: '75.25', flags: 0 },
      { pachtzinsProM2: '1.31', grundsteuerProM2: null },
      [{ ...verwaltung, basis: ['pachtzins'] }],
    );
    expect([r.pachtzinsCent, r.gemeinschaftsflaecheCent, r.grundsteuerCent]).toEqual([39_300, 9_858, 0]);
    expect(r.zuschlaege[0]?.betragCent).toBe(5_699); // 14.5 % of 393.00 = 56.985 → 56.99
  });

  it('per m² and per plot surcharges apply only to flagged or listed plots', () => {
    const wohnen: PachtzuschlagRegel = {
      ...verwaltung,
      id: 2,
      bezeichnung: 'Ständig wohnen',
      art: 'proM2',
      wert: '0.5',
      basis: [],
      parzellenFlag: 4,
    };
    const kanal: PachtzuschlagRegel = {
      ...verwaltung,
      id: 3,
      bezeichnung: 'Kanal',
      art: 'proParzelle',
      wert: '45',
      basis: [],
      parzellenIds: [7],
    };
    const saetze = { pachtzinsProM2: '1', grundsteuerProM2: null };
    const mit = pachtPositionen({ id: 7, flaeche: '250.5', anteil: '0', flags: 4 | 1 }, saetze, [wohnen, kanal]);
    expect(mit.zuschlaege.map((z) => [z.zuschlagId, z.betragCent])).toEqual([
      [2, 12_525],
      [3, 4_500],
    ]);
    expect(mit.summeCent).toBe(25_050 + 12_525 + 4_500);
    const ohne = pachtPositionen({ id: 8, flaeche: '250.5', anteil: '0', flags: 1 }, saetze, [wohnen, kanal]);
    expect(ohne.zuschlaege).toEqual([]);
    expect(zuschlagGilt(wohnen, { id: 8, flags: 4 })).toBe(true);
  });
});

describe('gemeinschaftsAnteile', () => {
  it("gives DOMAIN.md's plot 17 its 100 m² of 2,000 m² common area over 8,000 m² of plots", () => {
    expect(
      gemeinschaftsAnteile('2000', [
        { id: 17, flaeche: '400' },
        { id: 18, flaeche: '7600' },
      ]),
    ).toEqual([
      { id: 17, anteil: '100.00' },
      { id: 18, anteil: '1900.00' },
    ]);
  });

  it('adds up to the common area exactly by largest remainder', () => {
    const anteile = gemeinschaftsAnteile('1000.00', [
      { id: 1, flaeche: '300' },
      { id: 2, flaeche: '300' },
      { id: 3, flaeche: '300' },
    ]);
    expect(anteile.map((a) => a.anteil)).toEqual(['333.34', '333.33', '333.33']);
    const summe = anteile.reduce((s, a) => s + Math.round(Number(a.anteil) * 100), 0);
    expect(summe).toBe(100_000);
  });

  it('gives nothing to share when no plot has an area, and nothing without plots', () => {
    expect(gemeinschaftsAnteile('500', [{ id: 1, flaeche: '0' }])).toEqual([{ id: 1, anteil: '0.00' }]);
    expect(gemeinschaftsAnteile('500', [])).toEqual([]);
  });
});
