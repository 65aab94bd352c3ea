import type { KassabuchZuordnungenHook } from '../../kassa/services';
import { ersetzeZuordnungen, storniereZuordnungen, zuordnungenGeloescht } from './zuordnungen';
import { zuordnungenVon } from './zuordnungenEintrag';

/** What Kassa calls to show, edit and reverse an entry's allocations (registered by index.ts). */
export const kassabuchZuordnungenHook: KassabuchZuordnungenHook = {
  lese: (db, ids) => zuordnungenVon(db, ids),
  ersetze: ersetzeZuordnungen,
  storniert: storniereZuordnungen,
  vorLoeschen: zuordnungenGeloescht,
};
