import { describe, expect, it } from 'vitest';
import { AppError } from '../errors';
import { type EpcQrInput, epcQrPayload } from './epcQr';
import { rfFromNumber } from './rfReference';

const example: EpcQrInput = {
  bic: 'BKAUATWW',
  name: 'KGV Sonnenhang',
  iban: 'AT61 1904 3002 3457 3201',
  amountCents: 139779,
  reference: rfFromNumber('2025-00017'),
};

/** The German messages per field of the validation error `fn` throws. */
function errorsOf(fn: () => unknown): Record<string, string[]> | undefined {
  try {
    fn();
  } catch (error) {
    if (error instanceof AppError && error.status === 422) return error.errors;
    throw error;
  }
  throw new Error('expected a validation error');
}

describe('epcQrPayload', () => {
  it("writes DOMAIN.md's example exactly", () => {
    expect(epcQrPayload(example)).toBe(
      'BCD\n002\n1\nSCT\nBKAUATWW\nKGV Sonnenhang\nAT611904300234573201\nEUR1397.79\n\nRF90202500017',
    );
  });

  it('keeps an empty BIC line and puts text in the line after the empty reference', () => {
    const payload = epcQrPayload({ ...example, bic: '', reference: undefined, text: 'Rechnung 2025-00017' });
    expect(payload.split('\n')).toEqual([
      'BCD',
      '002',
      '1',
      'SCT',
      '',
      'KGV Sonnenhang',
      'AT611904300234573201',
      'EUR1397.79',
      '',
      '',
      'Rechnung 2025-00017',
    ]);
  });

  it('adds the info line, keeping the empty text line in between', () => {
    const payload = epcQrPayload({ ...example, info: 'Pacht 2025, Parzelle 17' });
    expect(payload.endsWith('\nEUR1397.79\n\nRF90202500017\n\nPacht 2025, Parzelle 17')).toBe(true);
  });

  it('drops trailing empty lines and writes small and large amounts with a dot', () => {
    const payload = epcQrPayload({ name: 'KGV', iban: 'AT611904300234573201', amountCents: 1, text: '  ' });
    expect(payload).toBe('BCD\n002\n1\nSCT\n\nKGV\nAT611904300234573201\nEUR0.01');
    expect(epcQrPayload({ ...example, amountCents: 99_999_999_999 })).toContain('\nEUR999999999.99\n');
    expect(epcQrPayload({ ...example, reference: 'rf18 5390 0754 7034' })).toMatch(/\nRF18539007547034$/);
  });

  it('names every invalid field in German', () => {
    expect(errorsOf(() => epcQrPayload({ ...example, iban: 'AT611904300234573202' }))).toEqual({
      iban: ['Die IBAN ist ungültig.'],
    });
    const errors = errorsOf(() =>
      epcQrPayload({
        bic: 'XXXX',
        name: '',
        iban: 'nonsense',
        amountCents: 0,
        reference: 'RF18539007547035',
        info: 'x'.repeat(71),
      }),
    );
    expect(Object.keys(errors ?? {}).sort()).toEqual(['amountCents', 'bic', 'iban', 'info', 'name', 'reference']);
    expect(errors?.name).toEqual(['Der Name des Zahlungsempfängers fehlt.']);
    expect(errors?.amountCents).toEqual(['Der Betrag muss zwischen € 0,01 und € 999.999.999,99 liegen.']);
    expect(errors?.info).toEqual(['Der Hinweis an den Zahler darf höchstens 70 Zeichen lang sein.']);
  });

  it('refuses reference and text together, amounts out of range and over-long fields', () => {
    expect(errorsOf(() => epcQrPayload({ ...example, text: 'Pacht' }))?.text).toEqual([
      'Zahlungsreferenz und Verwendungszweck können nicht gemeinsam angegeben werden.',
    ]);
    expect(errorsOf(() => epcQrPayload({ ...example, amountCents: 100_000_000_000 }))).toHaveProperty('amountCents');
    expect(errorsOf(() => epcQrPayload({ ...example, amountCents: 12.5 }))).toHaveProperty('amountCents');
    expect(errorsOf(() => epcQrPayload({ ...example, amountCents: -100 }))).toHaveProperty('amountCents');
    expect(errorsOf(() => epcQrPayload({ ...example, name: 'N'.repeat(71) }))?.name).toEqual([
      'Der Name des Zahlungsempfängers darf höchstens 70 Zeichen lang sein.',
    ]);
    expect(epcQrPayload({ ...example, name: 'Ä'.repeat(70) })).toContain(`\n${'Ä'.repeat(70)}\n`);
    expect(errorsOf(() => epcQrPayload({ ...example, reference: null, text: 'T'.repeat(141) }))?.text?.[0]).toContain(
      '140',
    );
    expect(errorsOf(() => epcQrPayload({ ...example, name: 'KGV\nSonnenhang' }))?.name?.[0]).toContain(
      'Zeilenumbrüche',
    );
  });

  it('refuses payloads over 331 bytes', () => {
    const long = { ...example, reference: null, name: 'Ö'.repeat(70), text: 'Ü'.repeat(140), info: 'ä'.repeat(70) };
    expect(errorsOf(() => epcQrPayload(long))?.info?.[0]).toContain('331 Bytes');
  });
});
