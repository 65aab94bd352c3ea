import type { Db } from '../../../platform/db/db';
import type { Rechnung } from '../schema/rechnung';
import { ladeRechnungen } from './rechnungenLaden';

/** GET FindTeilbezahlteRechnungen: partly paid receivables dated up to `date`, of an address / a group. */
export function teilbezahlteRechnungen(
  db: Db,
  f: { date?: string; adress?: number; group?: number },
): Promise<Rechnung[]> {
  return ladeRechnungen(db, {
    DatumBis: f.date,
    AdressenID: f.adress,
    GruppenID: f.group,
    Status: ['teilbezahlt'],
    IsOffen: false,
  });
}
