import { formatGermanDate } from '../../../../../src/platform/dates';
import { formatCubic, readingToWire } from '../../../lib/format';
import type { Ablesung } from './zaehlerwechselApi';

/**
 * The meter the plot has now, as its last readings tell it: a meter whose newest reading is a
 * final reading (`isZaehlerwechsel`) was changed; the newest of the others is the current one.
 * null when the plot's meter (`zaehlernummer` when known) has no reading yet.
 */
export function currentMeterReading(
  readings: readonly Ablesung[] | undefined,
  zaehlernummer?: string | null,
): Ablesung | null {
  const running = readings?.filter((r) => !r.isZaehlerwechsel && r.stand !== null) ?? [];
  // The meter the plot has now (from the meter list) wins; else the newest running one.
  return running.find((r) => r.zaehlernummer === zaehlernummer) ?? (zaehlernummer ? null : (running[0] ?? null));
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
