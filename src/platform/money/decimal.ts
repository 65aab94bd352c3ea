import Big from 'big.js';

/** A non-money decimal (m², €/m², %, m³) as it crosses the API: a string with a dot, e.g. "0.1450". */
export type DecimalString = string;

/** Anything the decimal helpers accept. Numbers are taken by their shortest decimal spelling (0.1 is "0.1"). */
export type DecimalInput = Big | string | number;

/** Big's rounding modes, named, so call sites say what they mean. */
export const ROUND_HALF_AWAY_FROM_ZERO = Big.roundHalfUp;
export const ROUND_DOWN = Big.roundDown;
export const ROUND_UP = Big.roundUp;

/**
 * Converts to Big. Strings must use a dot; a German comma or grouping dots are refused here rather
 * than misread (use parseGermanDecimal for user input).
 */
export function toBig(value: DecimalInput): Big {
  if (value instanceof Big) return value;
  if (typeof value === 'number' && !Number.isFinite(value)) {
    throw new TypeError(`Keine endliche Zahl: ${value}`);
  }
  const text = typeof value === 'number' ? String(value) : value.trim();
  try {
    return new Big(text);
  } catch {
    throw new TypeError(`Keine Dezimalzahl mit Punkt: "${text}"`);
  }
}

/** `toFixed` without the "-0.00" that Big writes for tiny negative values. */
export function fixed(value: Big, places: number, roundingMode: Big.RoundingMode = ROUND_HALF_AWAY_FROM_ZERO): string {
  const text = value.toFixed(places, roundingMode);
  return /^-0(\.0*)?$/.test(text) ? text.slice(1) : text;
}

/** Rounds half away from zero to `places` decimals, e.g. a Gemeinschaftsflächenanteil to 2 places. */
export function roundDecimal(value: DecimalInput, places: number): DecimalString {
  return fixed(toBig(value), places);
}

/**
 * A DECIMAL column as its dot string with exactly `places` decimals, null for none. SQLite may answer
 * a number (400.5), MySQL a string ("400.50"); both are read by their decimal spelling, never as a
 * float product.
 */
export function decimalOf(value: unknown, places: number): DecimalString | null {
  if (value == null || value === '') return null;
  if (typeof value !== 'number' && typeof value !== 'string' && !(value instanceof Big)) {
    throw new TypeError(`Keine Dezimalzahl: ${String(value)}`);
  }
  return roundDecimal(value, places);
}

/** The exact sum of decimals (null counts as 0), written with `places` decimals: areas of many plots. */
export function sumDecimals(values: Iterable<DecimalInput | null | undefined>, places: number): DecimalString {
  let total = new Big(0);
  for (const value of values) if (value != null && value !== '') total = total.plus(toBig(value));
  return fixed(total, places);
}

/** The canonical dot spelling of a decimal without exponent and without trailing zeros ("1.50" → "1.5"). */
export function decimalString(value: DecimalInput): DecimalString {
  const text = toBig(value).toFixed();
  return text === '-0' ? '0' : text;
}

/** Number of decimal places a value is written with ("0.1450" counts as 3: Big drops the trailing zero). */
export function decimalPlaces(value: DecimalInput): number {
  const text = toBig(value).toFixed();
  const dot = text.indexOf('.');
  return dot < 0 ? 0 : text.length - dot - 1;
}
