import { describe, expect, it } from 'vitest';
import { sumCents } from '../../../platform/money';
import { pachtPositionen } from './pacht';
import { type VereinsPosition, vereinsPositionen } from './vereinsPositionen';

const pos = (over: Partial<VereinsPosition> & Pick<VereinsPosition, 'id' | 'text' | 'art'>): VereinsPosition => ({
  betragCent: null,
  satz: null,
  steuersatz: 0,
  buchungskontoId: null,
  nurMitglieder: false,
  ...over,
});

const JAHR = [
  pos({ id: 1, text: 'Verbandsbeitrag', art: 'proMitglied', betragCent: 1_266, nurMitglieder: true }),
  pos({ id: 2, text: 'Mitgliedsbeitrag', art: 'proMitglied', betragCent: 7_500, nurMitglieder: true }),
  pos({ id: 3, text: 'Instandhaltungsbeitrag', art: 'proParzelle', betragCent: 18_000 }),
];

describe('vereinsPositionen', () => {
  it("gives DOMAIN.md's plot 17 its club positions: with lease and akonto the letter is 1,397.79 €", () => {
    const zeilen = vereinsPositionen(JAHR, {
      istMitglied: true,
      weitereMitglieder: 0,
      parzellen: [{ parzelleId: 17, flaeche: '400' }],
      abstellplaetze: 0,
    });
    expect(zeilen.map((z) => [z.text, z.parzelleId, z.betragCent])).toEqual([
      ['Verbandsbeitrag', null, 1_266],
      ['Mitgliedsbeitrag', null, 7_500],
      ['Instandhaltungsbeitrag', 17, 18_000],
    ]);
    const pacht = pachtPositionen(
      { id: 17, flaeche: '400', anteil: '100', flags: 0 },
      { pachtzinsProM2: '1.31', grundsteuerProM2: '0.14' },
      [
        {
          id: 1,
          bezeichnung: 'Verwaltungs- und Haftungszuschlag',
          art: 'prozent',
          wert: '14.5',
          basis: ['pachtzins', 'gemeinschaftsflaeche', 'grundsteuer'],
          parzellenFlag: null,
          parzellenIds: null,
        },
      ],
    );
    const wasserAkontoCent = 30_000;
    expect(sumCents([pacht.summeCent, ...zeilen.map((z) => z.betragCent), wasserAkontoCent])).toBe(139_779);
  });

  it('charges members only where the position says so, per further member, per m² and parking space, per plot each', () => {
    const zeilen = vereinsPositionen(
      [
        ...JAHR,
        pos({ id: 4, text: 'Weiteres Mitglied', art: 'proWeiteresMitglied', betragCent: 2_000 }),
        pos({ id: 5, text: 'Wegerhaltung', art: 'proM2', satz: '0.035' }),
        pos({ id: 6, text: 'Abstellplatz', art: 'proAbstellplatz', betragCent: 4_500 }),
        pos({ id: 7, text: 'Porto', art: 'proAdresse', betragCent: 150 }),
      ],
      {
        istMitglied: false,
        weitereMitglieder: 2,
        parzellen: [
          { parzelleId: 3, flaeche: '250.5' },
          { parzelleId: 4, flaeche: '300' },
        ],
        abstellplaetze: 1,
      },
    );
    expect(zeilen.map((z) => [z.positionId, z.parzelleId, z.menge, z.satz, z.betragCent])).toEqual([
      [3, 3, '1', '180.00', 18_000],
      [3, 4, '1', '180.00', 18_000],
      [4, null, '2', '20.00', 4_000],
      [5, 3, '250.5', '0.035', 877], // 8.7675 → 8.77
      [5, 4, '300', '0.035', 1_050],
      [6, null, '1', '45.00', 4_500],
      [7, null, '1', '1.50', 150],
    ]);
  });

  it('gives no line where there is nothing to bill', () => {
    expect(
      vereinsPositionen(
        [
          pos({ id: 4, text: 'Weiteres Mitglied', art: 'proWeiteresMitglied', betragCent: 2_000 }),
          pos({ id: 6, text: 'Abstellplatz', art: 'proAbstellplatz', betragCent: 4_500 }),
          pos({ id: 3, text: 'Instandhaltungsbeitrag', art: 'proParzelle', betragCent: 18_000 }),
        ],
        { istMitglied: true, weitereMitglieder: 0, parzellen: [], abstellplaetze: 0 },
      ),
    ).toEqual([]);
  });
});
