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

const collator = new Intl.Collator('de-AT', { sensitivity: 'base', numeric: true });

/** German order of display names (the same on SQLite and MySQL). */
export function compareNames(a: string, b: string): number {
  return collator.compare(a, b);
}
