import { formatArea as formatPlatformArea, roundDecimal } from '../../../../../src/platform/money';

/** "400.00" → "400,00 m²", "8000.5" → "8.000,50 m²" (exact, dot grouping as UI.md asks); "–" for none. */
export function formatArea(value: string | null | undefined): string {
  if (value === null || value === undefined || value === '') return '–';
  try {
    return formatPlatformArea(value, { nbsp: false });
  } catch {
    return value;
  }
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
  return roundDecimal(cleaned, 2);
}
