import type { Db } from '../../../platform/db/db';

// The receivables still to be paid, for payment slips and reminders. Until issue 15 records
// payments, every receivable with an amount to pay counts as open.

export type OffeneRechnung = {
  rechnungId: number;
  nummer: string;
  adresseId: number;
  adresseName: string;
  datum: string;
  faelligAm: string;
  betragCent: number;
  zahlungsreferenz: string;
};

/** Receivables with betrag > 0 dated up to `datum` (of one address, or all), by number. */
export async function offeneRechnungen(
  db: Db,
  { datum, adresseId }: { datum: string; adresseId?: number | null },
): Promise<OffeneRechnung[]> {
  const q = db('rechnungen').where('betrag_cent', '>', 0).andWhere('datum', '<=', datum);
  if (adresseId != null) q.andWhere('adresse_id', adresseId);
  const rows = await q
    .orderBy([{ column: 'jahr' }, { column: 'laufnummer' }])
    .select('id', 'nummer', 'adresse_id', 'adresse_name', 'datum', 'faellig_am', 'betrag_cent', 'zahlungsreferenz');
  return rows.map((r) => ({
    rechnungId: Number(r.id),
    nummer: r.nummer,
    adresseId: Number(r.adresse_id),
    adresseName: r.adresse_name,
    datum: String(r.datum).slice(0, 10),
    faelligAm: String(r.faellig_am).slice(0, 10),
    betragCent: Number(r.betrag_cent),
    zahlungsreferenz: r.zahlungsreferenz,
  }));
}
