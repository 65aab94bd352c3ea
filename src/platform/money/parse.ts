import type { Cents } from './money';

// Spaces people paste from Excel, PDFs or our own output: normal, NBSP, narrow NBSP, thin space.
const SPACES = /[\s\u00a0\u202f\u2009]/g;

/**
 * Splits "-1.234,56" into sign, whole digits and decimal digits, or null when it is not a German
 * number. Grouping dots must stand every three digits ("1.234" is 1234, "1.23" is refused as
 * ambiguous), the decimal comma is optional.
 */
function splitGermanNumber(text: string): { negative: boolean; whole: string; frac: string } | null {
  const match = /^([-\u2212+]?)(\d{1,3}(?:\.\d{3})+|\d+)(?:,(\d+))?$/.exec(text);
  if (!match) return null;
  const [, sign = '', grouped = '', frac = ''] = match;
  const whole = grouped.replaceAll('.', '').replace(/^0+(?=\d)/, '');
  return { negative: sign === '-' || sign === '\u2212', whole, frac };
}

/**
 * An amount as people type it in Austria → cents, or null when it is not one: "1.234,56",
 * "1234,56", "€ 1.234,56", "-12,5", "1.234" (1234 €), " 12,50 € ". More than two decimals
 * ("12,345") is refused rather than rounded: it is a typo, not an amount.
 */
export function parseGermanAmount(text: string): Cents | null {
  let rest = text.replace(SPACES, '');
  let negative = false;
  // The sign may stand before the euro sign, as formatEuro writes it: "-€ 12,50".
  const leadingSign = /^[-\u2212]/.exec(rest);
  if (leadingSign && rest.slice(1).startsWith('€')) {
    negative = true;
    rest = rest.slice(1);
  }
  if (rest.startsWith('€')) rest = rest.slice(1);
  else if (rest.endsWith('€')) rest = rest.slice(0, -1);
  else if (/^EUR/i.test(rest)) rest = rest.slice(3);
  else if (/EUR$/i.test(rest)) rest = rest.slice(0, -3);

  const parts = splitGermanNumber(rest);
  if (!parts || parts.frac.length > 2 || (negative && rest.startsWith('-'))) return null;
  const cents = Number(parts.whole) * 100 + Number(parts.frac.padEnd(2, '0'));
  if (!Number.isSafeInteger(cents)) return null;
  return negative || parts.negative ? -cents + 0 : cents;
}

/**
 * A German decimal → dot string, or null: ("0,145", 4) → "0.145", ("8.000,5", 2) → "8000.5".
 * More than `places` decimals is refused. The result keeps the digits as typed (no padding), so
 * callers that store DECIMAL columns can pad or compare as they need.
 */
export function parseGermanDecimal(text: string, places: number): string | null {
  const parts = splitGermanNumber(text.replace(SPACES, ''));
  if (!parts || parts.frac.length > places) return null;
  const isZero = /^0*$/.test(parts.whole + parts.frac);
  const sign = parts.negative && !isZero ? '-' : '';
  return `${sign}${parts.whole}${parts.frac ? `.${parts.frac}` : ''}`;
}
