/** Display and wire formats of the Stammdaten screens (de-AT on screen; dots and ISO dates on the wire). */
import { collator } from '../../../src/platform/collation';
import { formatM3 } from '../../../src/platform/money';

// Dates, money and the German order come from src/platform (dates, money, collation), as on the
// server; what is here only adapts them to the screens.

/** "123.529" → "123,529 m³" (exact, dot grouping as UI.md asks); "" for none or no number. */
export function formatCubic(stand: string | number | null | undefined): string {
  if (stand === null || stand === undefined || stand === '') return '';
  try {
    return formatM3(stand, { nbsp: false });
  } catch {
    return '';
  }
}

/**
 * A meter reading as typed with a comma ("12.340,5", "12340,5", "12340") → "12340.5" for the server;
 * undefined when it is no reading (at most 3 decimals).
 */
export function readingToWire(text: string): string | undefined {
  let value = text.replace(/\s+/g, '');
  if (value.includes(',')) value = value.replace(/\./g, '').replace(',', '.');
  return /^\d{1,9}(\.\d{1,3})?$/.test(value) ? value : undefined;
}

/** Compares texts the German way, numbers numerically, nulls last. */
export function compareValues(a: string | number | boolean | null, b: string | number | boolean | null): number {
  if (a === b) return 0;
  if (a === null || a === '') return 1;
  if (b === null || b === '') return -1;
  if (typeof a === 'number' && typeof b === 'number') return a - b;
  if (typeof a === 'boolean' && typeof b === 'boolean') return Number(b) - Number(a);
  return collator.compare(String(a), String(b));
}
