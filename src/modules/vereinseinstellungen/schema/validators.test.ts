import { describe, expect, it } from 'vitest';
import { adresseSchema, bankSchema, kontaktSchema, maileinstellungenBody } from '../schema';
import { isValidCreditorId, isValidHost, normalizeWebsite } from './validators';

describe('validators', () => {
  it('checks SEPA creditor ids with mod 97', () => {
    expect(isValidCreditorId('DE98ZZZ09999999999')).toBe(true);
    expect(isValidCreditorId('AT92ZZZ00000012345')).toBe(true);
    expect(isValidCreditorId('at92 zzz 0000 0012 345')).toBe(true);
    // The business code does not count: any three characters.
    expect(isValidCreditorId('AT92ABC00000012345')).toBe(true);
    expect(isValidCreditorId('AT93ZZZ00000012345')).toBe(false);
    expect(isValidCreditorId('AT92ZZZ')).toBe(false);
    expect(isValidCreditorId("'; DROP TABLE x; --")).toBe(false);
  });

  it('normalises websites to http(s) addresses with a domain', () => {
    expect(normalizeWebsite('www.kgv.at')).toBe('https://www.kgv.at');
    expect(normalizeWebsite('http://kgv.at/verein?x=1')).toBe('http://kgv.at/verein?x=1');
    expect(normalizeWebsite('javascript:alert(1)')).toBeUndefined();
    expect(normalizeWebsite('ftp://kgv.at')).toBeUndefined();
    expect(normalizeWebsite('https://user:pw@kgv.at')).toBeUndefined();
    expect(normalizeWebsite('kgv')).toBeUndefined();
    expect(normalizeWebsite('https://kgv .at')).toBeUndefined();
  });

  it('accepts host names and IP addresses as SMTP hosts', () => {
    for (const ok of ['smtp.example.at', '127.0.0.1', 'localhost', '::1', 'mail-1.kgv.at'])
      expect(isValidHost(ok)).toBe(true);
    for (const bad of ['smtp example.at', '-smtp.at', 'smtp..at', "'; DROP", 'a/b'])
      expect(isValidHost(bad)).toBe(false);
  });
});

describe('section schemas', () => {
  it('trims, fills absent optional texts with empty strings and refuses unknown fields', () => {
    expect(adresseSchema.parse({ name: ' KGV ', plz: null })).toEqual({
      name: 'KGV',
      zusatz: '',
      strasse: '',
      plz: '',
      ort: '',
      land: '',
      zvrZahl: '',
    });
    const r = adresseSchema.safeParse({ name: 'KGV', fax: '1' });
    expect(r.success).toBe(false);
    expect(r.error?.issues[0]?.message).toBe('Unbekannte Felder: fax.');
  });

  it('normalises IBAN, BIC and creditor id to their electronic form', () => {
    expect(
      bankSchema.parse({ iban: 'at61 1904-3002 3457 3201', bic: 'bkau at ww', glaeubigerId: 'at92zzz00000012345' }),
    ).toMatchObject({ iban: 'AT611904300234573201', bic: 'BKAUATWW', glaeubigerId: 'AT92ZZZ00000012345' });
  });

  it('keeps line breaks in multi-line texts only', () => {
    expect(kontaktSchema.safeParse({ sprechstunden: 'Sa\n10–12' }).success).toBe(true);
    expect(kontaktSchema.safeParse({ telefon: '01\n234' }).success).toBe(false);
  });

  it('leaves the SMTP password untrimmed and optional', () => {
    const base = { host: 'smtp.example.at', port: 587, security: 'starttls', fromAddress: 'a@example.at' };
    expect(maileinstellungenBody.parse({ ...base, password: ' mit Leerzeichen ' }).password).toBe(' mit Leerzeichen ');
    expect(maileinstellungenBody.parse(base).password).toBeUndefined();
  });
});
