/**
 * The one German order of the app, for the server and the UI: "Ärger" beside "Arger", "2" before
 * "10" ("B-2" before "B-10"), case and accents ignored. Creating a collator is costly, so everything
 * shares this instance instead of building its own.
 */
export const collator = new Intl.Collator('de-AT', { sensitivity: 'base', numeric: true });

/** Compares two texts in the German order (for `Array.prototype.sort`). */
export const compareText = (a: string, b: string): number => collator.compare(a, b);
