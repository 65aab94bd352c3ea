/** Display and wire formats of the Stammdaten screens (de-AT on screen; dots and ISO dates on the wire). */

const EURO = new Intl.NumberFormat('de-AT', { style: 'currency', currency: 'EUR' });
// de-DE groups with a dot ("12.340,000") as UI.md asks; de-AT would use a narrow space.
const CUBIC = new Intl.NumberFormat('de-DE', { minimumFractionDigits: 3, maximumFractionDigits: 3 });

/** 6000 → "€ 60,00". */
export function formatCents(cents: number): string {
  return EURO.format(cents / 100);
}

/** "2025-01-15" → "15.01.2025"; null → "". */
export function formatDate(iso: string | null | undefined): string {
  if (!iso) return '';
  const match = /^(\d{4})-(\d{2})-(\d{2})/.exec(iso);
  return match ? `${match[3]}.${match[2]}.${match[1]}` : iso;
}

/** "123.529" → "123,529 m³". */
export function formatCubic(stand: string | number | null | undefined): string {
  if (stand === null || stand === undefined || stand === '') return '';
  const value = Number(stand);
  return Number.isFinite(value) ? `${CUBIC.format(value)} m³` : '';
}

/**
 * A date as typed: "15.01.2025", "15.1.2025" or "2025-01-15" → "2025-01-15"; empty → null;
 * anything else (or an impossible day) → undefined.
 */
export function parseDate(text: string): string | null | undefined {
  const value = text.trim();
  if (value === '') return null;
  let parts: [number, number, number] | undefined;
  const de = /^(\d{1,2})\.(\d{1,2})\.(\d{4})$/.exec(value);
  const iso = /^(\d{4})-(\d{2})-(\d{2})$/.exec(value);
  if (de) parts = [Number(de[3]), Number(de[2]), Number(de[1])];
  else if (iso) parts = [Number(iso[1]), Number(iso[2]), Number(iso[3])];
  if (!parts) return undefined;
  const [year, month, day] = parts;
  const date = new Date(Date.UTC(year, month - 1, day));
  if (date.getUTCFullYear() !== year || date.getUTCMonth() !== month - 1 || date.getUTCDate() !== day) return undefined;
  return `${String(year).padStart(4, '0')}-${String(month).padStart(2, '0')}-${String(day).padStart(2, '0')}`;
}

/** Today in Vienna as YYYY-MM-DD. */
export function todayIso(): string {
  return new Intl.DateTimeFormat('en-CA', { timeZone: 'Europe/Vienna' }).format(new Date());
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

export const collator = new Intl.Collator('de-AT', { numeric: true, sensitivity: 'base' });

/** Compares texts the German way, numbers numerically, nulls last. */
export function compareValues(a: string | number | boolean | null, b: string | number | boolean | null): number {
  if (a === b) return 0;
  if (a === null || a === '') return 1;
  if (b === null || b === '') return -1;
  if (typeof a === 'number' && typeof b === 'number') return a - b;
  if (typeof a === 'boolean' && typeof b === 'boolean') return Number(b) - Number(a);
  return collator.compare(String(a), String(b));
}
