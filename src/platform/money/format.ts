import { type DecimalInput, fixed, toBig } from './decimal';
import { assertCents, type Cents } from './money';

export const NBSP = '\u00a0';

export type FormatOptions = {
  /** Non-breaking space between symbol/unit and number (default), so a line never breaks inside an amount. */
  nbsp?: boolean;
};

/** "1234567" → "1.234.567": German thousands grouping on a digit string. */
function groupThousands(digits: string): string {
  return digits.replace(/\B(?=(\d{3})+(?!\d))/g, '.');
}

/** A dot-decimal string such as "-1234.5" in German spelling: "-1.234,5". */
function germanize(dotDecimal: string): string {
  const negative = dotDecimal.startsWith('-');
  const [whole = '0', frac] = (negative ? dotDecimal.slice(1) : dotDecimal).split('.');
  return `${negative ? '-' : ''}${groupThousands(whole)}${frac === undefined ? '' : `,${frac}`}`;
}

/**
 * Cents as Intl de-AT writes euros: "€ 1.234,56", "-€ 1.234,56". Built from the digits of the
 * integer rather than through a float, so every safe-integer amount comes out exact.
 */
export function formatEuro(cents: Cents, options: FormatOptions = {}): string {
  assertCents(cents);
  const space = options.nbsp === false ? ' ' : NBSP;
  const digits = String(Math.abs(cents)).padStart(3, '0');
  const amount = `${groupThousands(digits.slice(0, -2))},${digits.slice(-2)}`;
  return `${cents < 0 ? '-' : ''}€${space}${amount}`;
}

/**
 * A non-money decimal in German spelling with exactly `places` decimals, rounded half away from
 * zero: ("400", 2) → "400,00", ("8000", 2) → "8.000,00". Grouped with dots like the euro amounts on
 * the same page (Intl de-AT would group plain numbers with a space, which reads oddly next to them).
 */
export function formatDecimal(value: DecimalInput, places: number): string {
  return germanize(fixed(toBig(value), places));
}

/** Square metres with two decimals: "400,00 m²". */
export function formatArea(value: DecimalInput, options: FormatOptions = {}): string {
  return `${formatDecimal(value, 2)}${options.nbsp === false ? ' ' : NBSP}m²`;
}

/** Cubic metres of water with three decimals, as meters are read: "123,529 m³". */
export function formatM3(value: DecimalInput, options: FormatOptions = {}): string {
  return `${formatDecimal(value, 3)}${options.nbsp === false ? ' ' : NBSP}m³`;
}

/** A percentage with up to `places` decimals and no trailing zeros: "14,5 %". */
export function formatPercent(value: DecimalInput, places = 2, options: FormatOptions = {}): string {
  const text = fixed(toBig(value), places)
    .replace(/(\.\d*?)0+$/, '$1')
    .replace(/\.$/, '');
  return `${germanize(text)}${options.nbsp === false ? ' ' : NBSP}%`;
}
