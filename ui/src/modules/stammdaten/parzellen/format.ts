/** "2025-01-15" → "15.01.2025"; "–" for none. */
export function formatDate(value: string | null | undefined): string {
  if (!value) return '–';
  const match = /^(\d{4})-(\d{2})-(\d{2})/.exec(value);
  return match ? `${match[3]}.${match[2]}.${match[1]}` : value;
}

const AREA = new Intl.NumberFormat('de-AT', { minimumFractionDigits: 2, maximumFractionDigits: 2 });

/** "400.00" → "400,00 m²"; "–" for none. */
export function formatArea(value: string | null | undefined): string {
  if (value === null || value === undefined || value === '') return '–';
  const number = Number(value);
  return Number.isFinite(number) ? `${AREA.format(number)} m²` : value;
}

/** "400.00" → "400,00" for an input field. */
export function areaToInput(value: string | null | undefined): string {
  return value ? value.replace('.', ',') : '';
}

/**
 * What the user typed ("400", "400,5", "1.234,50") → the API's "400.00"; null when empty,
 * undefined when it is no valid area.
 */
export function inputToArea(text: string): string | null | undefined {
  let cleaned = text.replace(/[\s\u00a0\u202f]|m²/g, '');
  if (cleaned === '') return null;
  // German input: a dot groups thousands when there is a comma too.
  if (cleaned.includes(',')) cleaned = cleaned.replace(/\./g, '').replace(',', '.');
  if (!/^\d{1,8}(\.\d{1,2})?$/.test(cleaned)) return undefined;
  return Number(cleaned).toFixed(2);
}

/** Today as YYYY-MM-DD in local time. */
export function todayIso(now = new Date()): string {
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${now.getFullYear()}-${pad(now.getMonth() + 1)}-${pad(now.getDate())}`;
}

/** The day before a YYYY-MM-DD date, as YYYY-MM-DD. */
export function dayBefore(iso: string): string {
  const [y, m, d] = iso.split('-').map(Number);
  const date = new Date(Date.UTC(y ?? 1970, (m ?? 1) - 1, (d ?? 1) - 1));
  return date.toISOString().slice(0, 10);
}
