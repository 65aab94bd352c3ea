import type { Db } from '../../../platform/db/db';
import type { ZvPosition } from '../schema/zvData';

// The parking-space fees of a letter (issue 14): every active parking space assigned to an address on
// the date costs its category's yearly fee (Vereinseinstellungen' Abstellplatz-Kategorien). The
// Weitere Mitgliedschaften run and the Zahlungsvorschreibung both bill them, so they come from here.

type Zuordnung = { adresseId: number; nummer: string; kategorie: string; gebuehrCent: number };

/** The active parking spaces assigned on `datum`, in natural number order. */
async function zuordnungenAm(db: Db, datum: string): Promise<Zuordnung[]> {
  const rows = await db('abstellplatz_zuordnungen as z')
    .join('abstellplaetze as a', 'a.id', 'z.abstellplatz_id')
    .join('abstellplatz_kategorien as k', 'k.id', 'a.kategorie_id')
    .where('z.von', '<=', datum)
    .andWhere((q) => q.whereNull('z.bis').orWhere('z.bis', '>=', datum))
    .andWhere('a.aktiv', true)
    .select('z.adresse_id', 'a.nummer', 'k.name as kategorie', 'k.jahresgebuehr_cent');
  return rows
    .map((r) => ({
      adresseId: Number(r.adresse_id),
      nummer: String(r.nummer),
      kategorie: String(r.kategorie),
      gebuehrCent: Number(r.jahresgebuehr_cent),
    }))
    .sort((x, y) => x.nummer.localeCompare(y.nummer, 'de', { numeric: true }));
}

/** Per address the number of parking spaces assigned on `datum` (the Vereinsabrechnung's 'proAbstellplatz'). */
export async function abstellplaetzeJeAdresse(db: Db, datum: string): Promise<Map<number, number>> {
  const out = new Map<number, number>();
  for (const z of await zuordnungenAm(db, datum)) out.set(z.adresseId, (out.get(z.adresseId) ?? 0) + 1);
  return out;
}

/** Per address the fee lines of its parking spaces on `datum` („Abstellplatz 12 (PKW)“), by space number. */
export async function abstellplatzPositionen(db: Db, datum: string): Promise<Map<number, ZvPosition[]>> {
  const out = new Map<number, ZvPosition[]>();
  for (const z of await zuordnungenAm(db, datum)) {
    const cent = z.gebuehrCent;
    // A free category bills nothing: no line on the letter.
    if (!cent) continue;
    const zeilen = out.get(z.adresseId) ?? [];
    zeilen.push({
      art: 'abstellplatz',
      text: `Abstellplatz ${z.nummer} (${z.kategorie})`,
      menge: '1',
      satz: (cent / 100).toFixed(2),
      betragCent: cent,
      steuersatz: 0,
      buchungskontoId: null,
    });
    out.set(z.adresseId, zeilen);
  }
  return out;
}
