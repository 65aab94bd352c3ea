import { formatGermanDate } from '../../../../../src/platform/dates';
import { formatCubic, readingToWire } from '../../../lib/format';
import type { Ablesung } from './zaehlerwechselApi';

/**
 * The meter the plot has now, as its last readings tell it: a meter whose newest reading is a
 * final reading (`isZaehlerwechsel`) was changed; the newest of the others is the current one.
 * null when the plot has no reading of a running meter (the server still knows its number).
 */
export function currentMeterReading(readings: readonly Ablesung[] | undefined): Ablesung | null {
  return readings?.find((r) => !r.isZaehlerwechsel && r.stand !== null) ?? null;
}

/**
 * "Endstand must not be below the last reading", checked as the user types (the server refuses it
 * too): the German sentence, or undefined when the value is fine or not a reading yet.
 */
export function endstandBelowLast(endstand: string, last: Ablesung | null): string | undefined {
  const wire = readingToWire(endstand);
  if (!wire || !last?.stand) return undefined;
  if (Number(wire) >= Number(last.stand)) return undefined;
  return `Der Endstand ist kleiner als die letzte Ablesung (${formatCubic(last.stand)} am ${formatGermanDate(last.datum)}).`;
}

export const READING_HINT = 'Zählerstand in m³ mit Komma, z. B. 150,25 (höchstens 3 Nachkommastellen).';
