import { describe, expect, it } from 'vitest';
import { EMPTY_DRAFT, validateDraft } from './draft';

describe('validateDraft', () => {
  it('accepts a plain new member', () => {
    expect(validateDraft({ ...EMPTY_DRAFT, nachname: 'Huber', plz: '1140', ort: 'Wien' })).toEqual({});
  });

  it('reports every mistake at once in the API’s words, dates in the form’s own', () => {
    const errors = validateDraft({
      ...EMPTY_DRAFT,
      nachname: '  ',
      plz: '114',
      email: 'huber@',
      iban: 'AT61 1904 3002 3457 3202',
      geburtsdatum: '31.02.1970',
    });
    expect(errors.nachname).toBe('Bitte geben Sie den Nachnamen ein.');
    expect(errors.plz).toBe('Eine österreichische Postleitzahl hat vier Ziffern, z. B. 1140.');
    expect(errors.email).toMatch(/E-Mail/);
    expect(errors.iban).toBe('Die IBAN ist ungültig (Prüfziffer oder Länge stimmt nicht).');
    expect(errors.geburtsdatum).toMatch(/TT\.MM\.JJJJ/);
  });

  it('takes a valid Austrian IBAN with spaces', () => {
    expect(validateDraft({ ...EMPTY_DRAFT, nachname: 'Huber', iban: 'AT61 1904 3002 3457 3201' }).iban).toBeUndefined();
  });
});
