import type { Db } from '../../../platform/db/db';
import { getWasserabrechnungById, listWasserabrechnungStichtage } from '../../wasserbuch/services';
import type { WasserrechnungUebersicht } from '../schema/wasserrechnungen';
import { wasserSchluessel } from './wasserLauf';

// The Wasserrechnungen screen's settlement picker: every stored settlement, whether and by what it
// is billed, and how many Nachzahlungen and Guthaben its letters would bring.

export async function wasserrechnungenUebersicht(db: Db): Promise<WasserrechnungUebersicht[]> {
  const laeufe = new Set(
    (await db('abrechnungslaeufe').where({ art: 'Wasserrechnung' }).select('schluessel')).map((l) => l.schluessel),
  );
  const out: WasserrechnungUebersicht[] = [];
  for (const s of await listWasserabrechnungStichtage(db)) {
    const a = await getWasserabrechnungById(db, s.id);
    const nach = a.zeilen.filter((z) => z.differenzCent > 0);
    const gut = a.zeilen.filter((z) => z.differenzCent < 0);
    const eigenerLauf = laeufe.has(wasserSchluessel(s.id));
    out.push({
      wasserabrechnungId: s.id,
      stichtag: s.stichtag,
      von: s.von,
      gebucht: s.gebucht || eigenerLauf,
      gebuchtDurch: eigenerLauf ? 'Wasserrechnung' : s.gebucht ? 'Zahlungsvorschreibung' : null,
      anzahlNachzahlungen: nach.length,
      summeNachzahlungCent: nach.reduce((sum, z) => sum + z.differenzCent, 0),
      anzahlGuthaben: gut.length,
      summeGuthabenCent: gut.reduce((sum, z) => sum + z.differenzCent, 0),
    });
  }
  return out;
}
