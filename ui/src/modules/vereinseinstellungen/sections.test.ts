import { describe, expect, it } from 'vitest';
import { SECTIONS } from './sections';
import { toFormValues, validateValues } from './sectionValues';

// The settings forms check with the server's own schemas: what the server refuses, the form
// refuses at the field, in the same words (money in euros, as the form shows it).

const section = (key: string) => SECTIONS.find((s) => s.key === key)!;
/** Intl writes "€ 0,00" with a no-break space. */
const plain = (errors: Record<string, string>) =>
  Object.fromEntries(Object.entries(errors).map(([k, v]) => [k, v.replace(/\u00a0/g, ' ')]));
const ANZAHL = {
  zahlungszielTage: 14,
  mahngebuehrStufe2Cent: 500,
  mahngebuehrStufe3Cent: 1000,
  parkkartenProParzelle: 2,
};

describe('settings sections check with the server schemas', () => {
  it('refuses Zahlungsziel 0 and a negative Mahngebühr instead of changing them', () => {
    const anzahl = section('anzahl');
    const values = { ...toFormValues(anzahl, ANZAHL), zahlungszielTage: 0, mahngebuehrStufe2Cent: -5 };
    expect(plain(validateValues(anzahl, values, ANZAHL))).toEqual({
      zahlungszielTage: 'Das Zahlungsziel muss 1 bis 365 Tage betragen.',
      mahngebuehrStufe2Cent: 'Erlaubt sind € 0,00 bis € 1.000,00.',
    });
    expect(
      plain(validateValues(anzahl, { ...values, zahlungszielTage: 366, mahngebuehrStufe2Cent: 1000.01 }, ANZAHL)),
    ).toEqual({
      zahlungszielTage: 'Das Zahlungsziel muss 1 bis 365 Tage betragen.',
      mahngebuehrStufe2Cent: 'Erlaubt sind € 0,00 bis € 1.000,00.',
    });
    expect(validateValues(anzahl, toFormValues(anzahl, ANZAHL), ANZAHL)).toEqual({});
  });

  it('allows a Kontoinhaber of 70 characters, as the EPC QR code does, and not 71', () => {
    const bank = section('bank');
    const saved = { kontoinhaber: '', iban: '', bic: '', bankname: '', glaeubigerId: '' };
    const values = toFormValues(bank, saved);
    expect(validateValues(bank, { ...values, kontoinhaber: 'K'.repeat(70) }, saved)).toEqual({});
    expect(validateValues(bank, { ...values, kontoinhaber: 'K'.repeat(71) }, saved)).toEqual({
      kontoinhaber: 'Höchstens 70 Zeichen.',
    });
  });

  it('says what the server says about IBAN, e-mail, PLZ and the club name', () => {
    const bank = section('bank');
    expect(validateValues(bank, { ...toFormValues(bank, {}), iban: 'AT61 1904 3002 3457 3209' }, {})).toEqual({
      iban: 'Die IBAN ist ungültig (Prüfziffer oder Länge stimmt nicht).',
    });
    const kontakt = section('kontakt');
    expect(validateValues(kontakt, { ...toFormValues(kontakt, {}), email: 'kein-at' }, {})).toEqual({
      email: 'Bitte geben Sie eine gültige E-Mail-Adresse ein.',
    });
    const adresse = section('adresse');
    expect(validateValues(adresse, { ...toFormValues(adresse, {}), name: ' ' }, {})).toEqual({
      name: 'Bitte geben Sie den Vereinsnamen ein.',
    });
    expect(
      validateValues(adresse, { ...toFormValues(adresse, {}), name: 'KGV', plz: '12345', land: 'Österreich' }, {}),
    ).toEqual({
      plz: 'Eine österreichische Postleitzahl hat vier Ziffern, z. B. 1140.',
    });
  });
});
