import { compareText } from '../../../platform/collation';
import type { Db } from '../../../platform/db/db';
import type { Rechnung, RechnungFilter, RechnungStatusWert } from '../schema/rechnung';
import type { Rechnungsuebersicht, UebersichtSpalte } from '../schema/rechnungsuebersicht';
import { ladeRechnungen } from './rechnungenLaden';

// GET Rechnungsuebersicht as json: the receivables of the filter sorted by a column, the sums over
// them and the counts per status (for the screen's chips, over the filter without its status part).
// The PDF and the Excel (rechnungsuebersichtDokumente.tsx) print this very answer.

const STATUS_ORDNUNG: Record<RechnungStatusWert, number> = { offen: 0, teilbezahlt: 1, bezahlt: 2 };

const nachNummer = (a: Rechnung, b: Rechnung) =>
  a.jahr - b.jahr || a.nummer.length - b.nummer.length || a.nummer.localeCompare(b.nummer);

function vergleich(spalte: UebersichtSpalte): (a: Rechnung, b: Rechnung) => number {
  switch (spalte) {
    case 'nummer':
      return nachNummer;
    case 'datum':
    case 'faelligAm':
      return (a, b) => a[spalte].localeCompare(b[spalte]);
    case 'adresseName':
      return (a, b) => compareText(a.adresseName, b.adresseName);
    case 'status':
      return (a, b) => STATUS_ORDNUNG[a.status] - STATUS_ORDNUNG[b.status];
    default:
      return (a, b) => a[spalte] - b[spalte];
  }
}

/** Sorts by the column (descending when `fallend`), ties by number ascending. */
export function sortiereRechnungen(liste: Rechnung[], spalte: UebersichtSpalte, fallend: boolean): Rechnung[] {
  const cmp = vergleich(spalte);
  return [...liste].sort((a, b) => (fallend ? -cmp(a, b) : cmp(a, b)) || nachNummer(a, b));
}

export async function rechnungsuebersicht(
  db: Db,
  filter: Partial<RechnungFilter>,
  spalte: UebersichtSpalte = 'nummer',
  fallend = false,
  stichtag?: string,
): Promise<Rechnungsuebersicht> {
  const zeilen = sortiereRechnungen(await ladeRechnungen(db, filter, { stichtag }), spalte, fallend);
  const alle = await ladeRechnungen(db, filter, { stichtag, ohneStatusFilter: true });
  const jeStatus = {
    offen: { anzahl: 0, offenCent: 0 },
    teilbezahlt: { anzahl: 0, offenCent: 0 },
    bezahlt: { anzahl: 0, offenCent: 0 },
  };
  for (const r of alle) {
    jeStatus[r.status].anzahl += 1;
    jeStatus[r.status].offenCent += r.offenCent;
  }
  const summe = (f: (r: Rechnung) => number) => zeilen.reduce((s, r) => s + f(r), 0);
  return {
    zeilen,
    summen: {
      anzahl: zeilen.length,
      betragCent: summe((r) => r.betragCent),
      bezahltCent: summe((r) => r.bezahltCent),
      offenCent: summe((r) => r.offenCent),
      ueberfaelligCent: summe((r) => r.ueberfaelligCent),
    },
    jeStatus,
  };
}
