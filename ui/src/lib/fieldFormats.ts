/** Display and wire formats of the settings screens (de-AT on screen, cents and dots on the wire). */

/** NumberField options for € amounts: "€ 5,00". */
export const EURO_FORMAT: Intl.NumberFormatOptions = { style: 'currency', currency: 'EUR' };

/** Cents from the server → euros for a NumberField (NaN when missing). */
export function centsToEuro(cents: unknown): number {
  return typeof cents === 'number' && Number.isFinite(cents) ? cents / 100 : Number.NaN;
}

/** Euros typed with at most two decimals → integer cents. */
export function euroToCents(euro: number): number {
  return Math.round(euro * 100);
}

/** "AT611904300234573201" → "AT61 1904 3002 3457 3201". */
export function formatIban(iban: unknown): string {
  const compact = compactIban(typeof iban === 'string' ? iban : '');
  return compact.replace(/(.{4})(?=.)/g, '$1 ');
}

/** What the server gets: no spaces, upper case. */
export function compactIban(iban: string): string {
  return iban.replace(/\s+/g, '').toUpperCase();
}

/** "3.0" (server) → "3,0" (screen). */
export function decimalToDisplay(value: unknown): string {
  if (typeof value === 'number') return String(value).replace('.', ',');
  return typeof value === 'string' ? value.replace('.', ',') : '';
}

/** "3,0" (screen) → "3.0" (server); spaces dropped. */
export function decimalToWire(value: string): string {
  return value.replace(/\s+/g, '').replace(',', '.');
}

/** A plain decimal with comma or dot and at most two decimals (as the server takes it): "3", "3,5", "0.25". */
export function isDecimal(value: string): boolean {
  return /^\d{1,3}([.,]\d{1,2})?$/.test(value.replace(/\s+/g, ''));
}

/** The e-mail shape the forms check before the server does. */
export function isEmail(value: string): boolean {
  return /^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(value.trim());
}
