import { collator } from '../../../platform/collation';
import type { ZvSortBy } from '../schema/briefe';
import type { ZvEintrag } from '../schema/zvData';

// The order letters print in: by the natural number of their first plot („2“ before „10“; letters
// without a plot last) or by name; ties by the other key, then the address id, so a reprint matches.

const ersteNummer = (e: ZvEintrag) => e.parzellen.find((p) => p.nummer !== '')?.nummer ?? null;

function nachParzelle(a: ZvEintrag, b: ZvEintrag): number {
  const x = ersteNummer(a);
  const y = ersteNummer(b);
  if (x === null || y === null) return x === y ? 0 : x === null ? 1 : -1;
  return collator.compare(x, y);
}

const nachName = (a: ZvEintrag, b: ZvEintrag) => collator.compare(a.name, b.name);

/** A sorted copy of the letters. */
export function sortiereEintraege(eintraege: readonly ZvEintrag[], sortBy: ZvSortBy): ZvEintrag[] {
  const [erst, dann] = sortBy === 'name' ? [nachName, nachParzelle] : [nachParzelle, nachName];
  return [...eintraege].sort((a, b) => erst(a, b) || dann(a, b) || a.adresseId - b.adresseId);
}
