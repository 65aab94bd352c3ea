import { collator } from '../../../platform/collation';
import type { Db } from '../../../platform/db/db';
import { readSection } from '../../vereinseinstellungen/services';
import type { ZvEintrag } from '../schema/zvData';
import type { ZvSortBy } from '../schema/zvQuery';

// The order of the letters (ZvData, the printed run): by the natural number of the first plot
// ("2" before "10") or by name; absent, the settings' choice (optionenAbrechnung.zvSortierung).

export async function sortiereEintraege(db: Db, eintraege: ZvEintrag[], sortBy?: ZvSortBy): Promise<ZvEintrag[]> {
  const nach = sortBy ?? ((await readSection(db, 'optionenAbrechnung')).zvSortierung as ZvSortBy);
  const parzelle = (e: ZvEintrag) => e.parzellen[0]?.nummer ?? '';
  return [...eintraege].sort((a, b) =>
    nach === 'name'
      ? collator.compare(a.name, b.name) || collator.compare(parzelle(a), parzelle(b))
      : collator.compare(parzelle(a), parzelle(b)) || collator.compare(a.name, b.name),
  );
}
