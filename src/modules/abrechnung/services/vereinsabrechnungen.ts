import type { Db } from '../../../platform/db/db';
import type { VereinsabrechnungPositionRow } from '../tables';
import type { VereinsPosition } from './vereinsPositionen';

// The Vereinsabrechnung of a billing year: its club positions (docs/api/abrechnung.md
// "Vereinsabrechnung"). The runs read the positions through `ladeVereinsPositionen`.

/** A stored position as the pure arithmetic (vereinsPositionen) takes it. */
export function vereinsPositionVon(r: VereinsabrechnungPositionRow): VereinsPosition {
  return {
    id: Number(r.id),
    text: r.text,
    art: r.art,
    betragCent: r.betrag_cent === null ? null : Number(r.betrag_cent),
    satz: r.satz,
    steuersatz: Number(r.steuersatz),
    buchungskontoId: r.buchungskonto_id === null ? null : Number(r.buchungskonto_id),
    nurMitglieder: Boolean(r.nur_mitglieder),
  };
}

/** The club positions of the year in their order; none when the year has no Vereinsabrechnung. */
export async function ladeVereinsPositionen(db: Db, pachtabrechnungId: number): Promise<VereinsPosition[]> {
  const rows = await db('vereinsabrechnung_positionen as p')
    .join('vereinsabrechnungen as v', 'v.id', 'p.vereinsabrechnung_id')
    .where('v.pachtabrechnung_id', pachtabrechnungId)
    .orderBy([{ column: 'p.sortierung' }, { column: 'p.id' }])
    .select('p.*');
  return (rows as VereinsabrechnungPositionRow[]).map(vereinsPositionVon);
}
