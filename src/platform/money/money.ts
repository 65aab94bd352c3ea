import type Big from 'big.js';
import { type DecimalInput, fixed, ROUND_HALF_AWAY_FROM_ZERO, toBig } from './decimal';

/** Money: whole euro cents in a safe integer. Never a binary float of euros. */
export type Cents = number;

/** Throws unless `value` is a safe integer, so a float of euros cannot sneak in as cents. */
export function assertCents(value: number, what = 'Betrag'): Cents {
  if (!Number.isSafeInteger(value)) throw new RangeError(`${what} ist kein ganzzahliger Cent-Betrag: ${value}`);
  return value;
}

/** A Big holding whole cents (already rounded) as a safe-integer number; -0 becomes 0. */
function bigToCents(cents: Big): Cents {
  const value = Number(fixed(cents, 0)) + 0;
  return assertCents(value);
}

/** Euros (any precision) rounded half away from zero to whole cents: 0.005 → 1, -0.005 → -1. */
export function roundCents(euros: DecimalInput): Cents {
  return bigToCents(toBig(euros).times(100).round(0, ROUND_HALF_AWAY_FROM_ZERO));
}

/** Quantity × rate in euros, rounded to cents once: ('400', '1.31') → 52400. */
export function mulToCents(quantity: DecimalInput, rateEuro: DecimalInput): Cents {
  return roundCents(toBig(quantity).times(toBig(rateEuro)));
}

/** `percent` % of an amount, rounded to cents: 14.5 % of 72500 → 10513 (105.125 € rounds up). */
export function percentOfCents(cents: Cents, percent: DecimalInput): Cents {
  assertCents(cents);
  // Division by 100 only moves the decimal point, so Big's division precision never bites here.
  return bigToCents(toBig(cents).times(toBig(percent)).div(100).round(0, ROUND_HALF_AWAY_FROM_ZERO));
}

/** Sum of cent amounts; checks each part and the total stay safe integers. */
export function sumCents(values: Iterable<Cents>): Cents {
  let total = 0;
  for (const value of values) total = assertCents(total + assertCents(value), 'Summe');
  return total;
}

/** 139779 → "1397.79", -5 → "-0.05": the dot form used by the EPC QR code and DECIMAL columns. */
export function centsToDecimalString(cents: Cents): string {
  assertCents(cents);
  const digits = String(Math.abs(cents)).padStart(3, '0');
  return `${cents < 0 ? '-' : ''}${digits.slice(0, -2)}.${digits.slice(-2)}`;
}

/**
 * "1397.79" → 139779. Accepts at most two decimals; more is not an amount of money and is refused
 * rather than silently rounded (use roundCents for computed values). Numbers (e.g. SQLite DECIMAL)
 * are read by their shortest spelling.
 */
export function decimalToCents(value: string | number): Cents {
  const text = typeof value === 'number' ? String(value) : value.trim();
  const match = /^([+-]?)(\d+)(?:\.(\d{1,2}))?$/.exec(text);
  if (!match) throw new RangeError(`Kein Geldbetrag mit höchstens zwei Nachkommastellen: "${text}"`);
  const [, sign, whole = '0', frac = ''] = match;
  const cents = Number(whole) * 100 + Number(frac.padEnd(2, '0'));
  if (!Number.isSafeInteger(cents)) throw new RangeError(`Betrag zu groß: "${text}"`);
  return sign === '-' && cents !== 0 ? -cents : cents;
}
