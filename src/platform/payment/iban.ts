import { isValidBIC, isValidIBAN } from 'ibantools';

/** "at61 1904 3002 3457 3201" → "AT611904300234573201": the electronic form stored and put in QR codes. */
export function normalizeIban(iban: string): string {
  return iban.replace(/[\s\u00a0\u202f-]/g, '').toUpperCase();
}

/** Country format and the mod-97 check digits (ISO 13616), after normalizing. */
export function isValidIban(iban: string): boolean {
  return isValidIBAN(normalizeIban(iban));
}

/** The printed form in groups of four: "AT61 1904 3002 3457 3201". */
export function formatIban(iban: string): string {
  return normalizeIban(iban).replace(/(.{4})(?=.)/g, '$1 ');
}

/** "bkau at ww" → "BKAUATWW". */
export function normalizeBic(bic: string): string {
  return bic.replace(/[\s\u00a0]/g, '').toUpperCase();
}

/** 8 or 11 characters: bank, country (checked against ISO 3166), location, optional branch. */
export function isValidBic(bic: string): boolean {
  return isValidBIC(normalizeBic(bic));
}
