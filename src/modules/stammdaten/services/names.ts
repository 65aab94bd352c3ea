import { collator } from '../../../platform/collation';
import type { Db } from '../../../platform/db/db';

/** The name a person is shown and sorted by: "Huber Maria", "Dr. Huber Maria" (Titel, Nachname, Vorname). */
export function displayName(person: {
  titel?: string | null;
  vorname?: string | null;
  nachname?: string | null;
}): string {
  return [person.titel, person.nachname, person.vorname]
    .map((part) => (part ?? '').trim())
    .filter(Boolean)
    .join(' ');
}

/** A person is active (still a member) without an Austrittsdatum or with one after `today` (YYYY-MM-DD). */
export function isActive(austrittsdatum: string | null | undefined, today: string): boolean {
  return !austrittsdatum || austrittsdatum.slice(0, 10) > today;
}

/** German order of display names (the same on SQLite and MySQL). */
export function compareNames(a: string, b: string): number {
  return collator.compare(a, b);
}

/**
 * Two names or numbers count as the same one when they differ only in case or accents ("Süd" and
 * "sud"): that is what MySQL's utf8mb4_unicode_ci unique indexes refuse, so SQLite behaves alike.
 */
export function sameName(a: string, b: string): boolean {
  return collator.compare(a.trim(), b.trim()) === 0;
}

/** Distinct names in German order, the first ten and "u. a." after them: for 409 sentences. */
export function nameList(names: string[]): string {
  const sorted = [...new Set(names)].sort(compareNames);
  return sorted.length > 10 ? `${sorted.slice(0, 10).join(', ')} u. a.` : sorted.join(', ');
}

/** The display names of these addresses. */
export async function adresseNamesOf(db: Db, adresseIds: number[]): Promise<string[]> {
  if (!adresseIds.length) return [];
  const rows = await db('adressen')
    .whereIn('id', [...new Set(adresseIds)])
    .select('titel', 'vorname', 'nachname');
  return rows.map(displayName);
}
