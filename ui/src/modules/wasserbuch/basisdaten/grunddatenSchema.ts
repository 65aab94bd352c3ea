import type { SchwundMethode } from './api';

// The loss methods in words for the club, and the conversions between the NumberFields and the wire.

export const SCHWUND_METHODEN: readonly { key: SchwundMethode; name: string; text: string }[] = [
  {
    key: 'keine',
    name: 'Keine',
    text: 'Der Verein trägt den Schwund; jede Parzelle zahlt nur ihren eigenen Verbrauch.',
  },
  {
    key: 'proportional',
    name: 'Proportional',
    text: 'Die Parzellen zahlen den ganzen Hauptzähler-Verbrauch, aufgeteilt nach ihrem eigenen Verbrauch: wer mehr braucht, zahlt mehr Schwund.',
  },
  {
    key: 'gleichverteilt',
    name: 'Gleich verteilt',
    text: 'Jede Parzelle zahlt ihren eigenen Verbrauch und den gleichen Anteil am Schwund ihres Hauptzählers.',
  },
];

// The forms check their bodies with the API's own schemas (same rules, same German messages).
export { gruppeBody, wassergrunddatenBody } from '../../../../../src/modules/wasserbuch/schema/grunddaten';

/**
 * What the NumberFields cannot hand the schema in words a user understands: an empty field (NaN)
 * would read "Erwartet wird eine Zahl …" there.
 */
export function leereFelder<K extends string>(values: Record<K, number>, messages: Record<K, string>) {
  const out: Partial<Record<K, string>> = {};
  for (const key of Object.keys(messages) as K[]) {
    if (!Number.isFinite(values[key])) out[key] = messages[key];
  }
  return out;
}

/**
 * A number from a NumberField as the decimal string the server takes ("2.1" → "2.1", NaN → "").
 * Rounded to `places` first: the float 2.1 is 2.1000000000000000888… and must not leak digits.
 */
export function numberToDecimal(value: number, places: number): string {
  if (!Number.isFinite(value)) return '';
  return value
    .toFixed(places)
    .replace(/(\.\d*?)0+$/, '$1')
    .replace(/\.$/, '');
}

/** "2.40" → 2.4 for a NumberField; NaN when empty. */
export function decimalToNumber(value: string | null | undefined): number {
  return value === null || value === undefined || value === '' ? Number.NaN : Number(value);
}
