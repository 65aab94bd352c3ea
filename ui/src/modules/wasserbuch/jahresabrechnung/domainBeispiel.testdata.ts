import type { AbrechnungZeile, Wasserabrechnung } from './api';

// DOMAIN.md's water example (proportional, 2,00 €/m³, fee 10,00 €, 300,00 € akonto each) as the
// server answers it: the fixture of the screen tests.

const zeile = (
  z: Partial<AbrechnungZeile> & Pick<AbrechnungZeile, 'parzelleId' | 'parzelleNummer'>,
): AbrechnungZeile => ({
  adresseId: z.parzelleId + 100,
  adresseName: `Mitglied ${z.parzelleNummer}`,
  hauptwasserzaehlerId: 7,
  zaehler: [],
  verbrauch: '150.000',
  schwund: '25.610',
  preisProM3: '2.00',
  verbrauchCent: 30000,
  schwundCent: 5122,
  grundgebuehrCent: 1000,
  korrekturCent: 0,
  korrekturGrund: '',
  betragCent: 36122,
  akontoCent: 30000,
  differenzCent: 6122,
  ...z,
});

export const BEISPIEL: Wasserabrechnung = {
  id: 0,
  version: 1,
  stichtag: '2026-10-31',
  von: '2026-04-01',
  pachtabrechnungId: 3,
  wassergrunddatenId: 5,
  schwundMethode: 'proportional',
  preisProM3: '2.00',
  akontoStichtag: '2026-01-01',
  gebuchtAm: null,
  erstelltAm: '2026-11-02T10:00:00Z',
  zeilen: [
    zeile({
      parzelleId: 1,
      parzelleNummer: '1',
      adresseName: 'Huber Maria',
      zaehler: [
        {
          zaehlernummer: 'WZ-1',
          anfang: { datum: '2026-04-01', stand: '100.000' },
          ende: { datum: '2026-10-31', stand: '250.000' },
          verbrauch: '150.000',
        },
      ],
    }),
    zeile({
      parzelleId: 2,
      parzelleNummer: '2',
      adresseName: 'Gruber Karl',
      zaehler: [
        {
          zaehlernummer: 'WZ-2',
          anfang: { datum: '2026-04-01', stand: '834.500' },
          ende: { datum: '2026-07-15', stand: '901.300' },
          verbrauch: '66.800',
        },
        {
          zaehlernummer: 'WZ-2N',
          anfang: { datum: '2026-07-15', stand: '0.000' },
          ende: { datum: '2026-10-31', stand: '83.200' },
          verbrauch: '83.200',
        },
      ],
    }),
    zeile({
      parzelleId: 3,
      parzelleNummer: '10',
      adresseName: 'Wagner Eva',
      verbrauch: '110.000',
      schwund: '18.780',
      verbrauchCent: 22000,
      schwundCent: 3756,
      betragCent: 26756,
      differenzCent: -3244,
      zaehler: [
        {
          zaehlernummer: 'WZ-3',
          anfang: { datum: '2026-04-01', stand: '40.000' },
          ende: { datum: '2026-10-31', stand: '150.000' },
          verbrauch: '110.000',
        },
      ],
    }),
  ],
  hauptwasserzaehler: [
    {
      id: 7,
      nummer: 'HWZ-1',
      zaehler: [
        {
          zaehlernummer: 'HWZ-1',
          anfang: { datum: '2026-04-01', stand: '12340.000' },
          ende: { datum: '2026-10-31', stand: '12820.000' },
          verbrauch: '480.000',
        },
      ],
      verbrauch: '480.000',
      summeParzellen: '410.000',
      schwund: '70.000',
      schwundProzent: '14.58',
    },
  ],
  summen: {
    verbrauch: '410.000',
    schwund: '70.000',
    verbrauchCent: 82000,
    schwundCent: 14000,
    grundgebuehrCent: 3000,
    korrekturCent: 0,
    betragCent: 99000,
    akontoCent: 90000,
    differenzCent: 9000,
  },
};
