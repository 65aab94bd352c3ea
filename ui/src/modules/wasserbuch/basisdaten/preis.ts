import { formatDecimal, NBSP } from '../../../../../src/platform/money';

/**
 * A price per m³ as the club reads it: "€ 2,00", "€ 2,135" — at least two decimals, the third and
 * fourth only when set. '' when it is no number.
 */
export function formatPreis(preis: string | null | undefined): string {
  if (preis === null || preis === undefined || preis === '' || Number.isNaN(Number(preis))) return '';
  const text = formatDecimal(preis, 4)
    .replace(/(,\d\d\d?)0$/, '$1')
    .replace(/(,\d\d)0$/, '$1');
  return `€${NBSP}${text}`;
}
