import { describe, expect, it } from 'vitest';
import { formatEuro } from '../../../src/platform/money';
import { ApiError } from '../api/errors';
import { formatFileSize, logoFileProblem } from '../modules/vereinseinstellungen/LogoSection';
import { SECTIONS } from '../modules/vereinseinstellungen/sections';
import { toFormValues, toPayload, validateValues } from '../modules/vereinseinstellungen/sectionValues';
import {
  centsToEuro,
  compactIban,
  decimalToDisplay,
  decimalToWire,
  euroToCents,
  formatIban,
  isDecimal,
  isEmail,
} from './fieldFormats';
import { matchFieldErrors } from './serverErrors';

const nbsp = (text: string) => text.replace(/\u00a0/g, ' ');

describe('formats', () => {
  it('shows cents as € in de-AT and turns typed euros back into whole cents', () => {
    expect(nbsp(formatEuro(6000))).toBe('€ 60,00');
    expect(nbsp(formatEuro(123456))).toBe('€ 1.234,56');
    expect(centsToEuro(505)).toBe(5.05);
    expect(centsToEuro(null)).toBeNaN();
    expect(euroToCents(5.05)).toBe(505);
    expect(euroToCents(0.29)).toBe(29);
    expect(euroToCents(1234.56)).toBe(123456);
  });

  it('groups the IBAN in fours for the eye and compacts it for the server', () => {
    expect(formatIban('AT611904300234573201')).toBe('AT61 1904 3002 3457 3201');
    expect(formatIban('at61 1904300234573201')).toBe('AT61 1904 3002 3457 3201');
    expect(formatIban(null)).toBe('');
    expect(compactIban('at61 1904 3002 3457 3201')).toBe('AT611904300234573201');
  });

  it('shows decimals with a comma and sends them with a dot', () => {
    expect(decimalToDisplay('3.0')).toBe('3,0');
    expect(decimalToDisplay(2.5)).toBe('2,5');
    expect(decimalToWire(' 3,25 ')).toBe('3.25');
    expect(isDecimal('3,5')).toBe(true);
    expect(isDecimal('3.5')).toBe(true);
    expect(isDecimal('drei')).toBe(false);
    expect(isDecimal('3,125')).toBe(false);
    expect(isEmail('a@b.at')).toBe(true);
    expect(isEmail('a@b')).toBe(false);
  });

  it('refuses logos that are too big or of another type, in German', () => {
    expect(formatFileSize(3 * 1024 * 1024)).toBe('3 MB');
    expect(formatFileSize(1500)).toBe('1 KB');
    expect(logoFileProblem(new File(['x'], 'logo.svg', { type: 'image/svg+xml' }))).toBeUndefined();
    expect(logoFileProblem(new File(['x'], 'logo.gif', { type: 'image/gif' }))).toContain(
      'kein PNG-, JPEG- oder SVG-Bild',
    );
    expect(
      logoFileProblem(new File([new Uint8Array(2 * 1024 * 1024 + 1)], 'gross.jpg', { type: 'image/jpeg' })),
    ).toContain('Erlaubt sind höchstens 2 MB');
  });
});

describe('sections', () => {
  const anzahl = SECTIONS.find((section) => section.key === 'anzahl')!;
  const optionen = SECTIONS.find((section) => section.key === 'optionen')!;

  it('round-trips a section and keeps fields the form does not show', () => {
    const saved = { mfa: 1, flags: 4096 };
    const values = toFormValues(optionen, saved);
    expect(values).toEqual({ mfa: '1' });
    expect(toPayload(optionen, saved, { mfa: '2' })).toEqual({ mfa: 2, flags: 4096 });
  });

  it('asks for missing amounts before saving', () => {
    const values = toFormValues(anzahl, { zahlungszielTage: 14, mahngebuehrStufe2Cent: null });
    expect(validateValues(anzahl, values)).toEqual({
      mahngebuehrStufe2Cent: 'Bitte geben Sie einen Betrag ein.',
      mahngebuehrStufe3Cent: 'Bitte geben Sie einen Betrag ein.',
      parkkartenProParzelle: 'Bitte geben Sie eine Zahl ein.',
    });
  });

  it('matches server errors to fields by any path segment, whatever the case', () => {
    const error = new ApiError({
      url: '/x',
      status: 422,
      statusText: '',
      body: {
        title: 'Ungültig',
        errors: { 'bank.Iban': ['IBAN falsch.'], bic: ['BIC falsch.'], other: ['Sonstwas.'] },
      },
    });
    expect(matchFieldErrors(error, ['iban', 'bic'])).toEqual({
      fields: { iban: 'IBAN falsch.', bic: 'BIC falsch.' },
      other: ['Sonstwas.'],
    });
  });
});
