import { formatEuro, parseGermanAmount } from '../../../../../src/platform/money';

// The fast entry row's rules, pure so they can be tested alone: which booking account a typed
// "4000" or "Strom" means, and which sign a typed amount gets.

export interface KontoWahl {
  id: number;
  nummer: string | number;
  name: string;
}

/** "4000 Mitgliedsbeiträge": how a booking account or cost centre is shown and typed. */
export const wahlText = (k: KontoWahl) => `${k.nummer} ${k.name}`;

const norm = (text: string) => text.trim().toLocaleLowerCase('de-AT').replace(/\s+/g, ' ');

/**
 * The booking account (or cost centre) a typed text names: its number, "number name" as the
 * suggestion list writes it, or a part of the name that fits exactly one. Undefined = none fits
 * (or several: then `mehrdeutig` lists them); '' = nothing typed.
 */
export function findeWahl<T extends KontoWahl>(
  text: string,
  liste: readonly T[],
): { wahl: T } | { leer: true } | { fehlt: true; mehrdeutig: T[] } {
  const t = norm(text);
  if (t === '') return { leer: true };
  const exakt =
    liste.find((k) => norm(String(k.nummer)) === t) ??
    liste.find((k) => norm(wahlText(k)) === t) ??
    liste.find((k) => norm(k.name) === t);
  if (exakt) return { wahl: exakt };
  const passend = liste.filter((k) => norm(wahlText(k)).startsWith(t) || norm(k.name).includes(t));
  if (passend.length === 1 && passend[0]) return { wahl: passend[0] };
  return { fehlt: true, mehrdeutig: passend };
}

export type Richtung = 'einnahme' | 'ausgabe';

/** Cents as the Kassier types them into an amount field: "-12,50", "1.234,56" (no € sign). */
export const betragText = (cents: number) => formatEuro(cents, { nbsp: false }).replace('€ ', '');

/**
 * A typed amount → signed cents. "-12,50" is an expense and "+12,50" an income whatever the
 * booking account; without a sign the booking account's kind decides (an "ausgabe" account books
 * an expense), so the Kassier types amounts as they stand on the receipt. Null when no amount.
 */
export function betragCent(text: string, art: Richtung | undefined): number | null {
  const trimmed = text.trim();
  const explicit = /^[-\u2212]/.test(trimmed) ? 'ausgabe' : trimmed.startsWith('+') ? 'einnahme' : undefined;
  const rest = trimmed.replace(/^[+\-\u2212]/, '');
  // One sign only: "--5" is a typo, not an amount.
  const cents = /^[+\-\u2212]/.test(rest) ? null : parseGermanAmount(rest);
  if (cents === null || cents === 0) return null;
  const richtung = explicit ?? art ?? 'einnahme';
  return richtung === 'ausgabe' ? -Math.abs(cents) : Math.abs(cents);
}
