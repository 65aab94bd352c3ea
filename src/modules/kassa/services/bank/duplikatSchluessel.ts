import { createHash } from 'node:crypto';
import type { BankBuchung } from './bankTypes';

/**
 * What makes a booking the same when a file is imported again: the bank's own reference, else a
 * hash of date, amount, counterparty and text (spacing and case ignored, so a re-export that
 * wraps lines differently is still the same booking). Prefixed so the two kinds never collide.
 */
export function duplikatSchluessel(b: BankBuchung): string {
  if (b.bankReferenz) return `ref:${b.bankReferenz}`;
  const norm = (s: string | null) => (s ?? '').replace(/\s+/g, ' ').trim().toLowerCase();
  const content = [b.datum, String(b.betragCent), norm(b.name), norm(b.iban), norm(b.verwendungszweck)].join('\u001f');
  return `hash:${createHash('sha256').update(content).digest('hex').slice(0, 40)}`;
}

/**
 * The keys of one file's bookings in order: a key that repeats within the file (two equal
 * payments on one day without bank reference) gets its occurrence number, so both are imported
 * the first time and neither the second time.
 */
export function duplikatSchluesselListe(buchungen: BankBuchung[]): string[] {
  const seen = new Map<string, number>();
  return buchungen.map((b) => {
    const key = duplikatSchluessel(b);
    const n = (seen.get(key) ?? 0) + 1;
    seen.set(key, n);
    return n === 1 ? key : `${key}#${n}`;
  });
}
