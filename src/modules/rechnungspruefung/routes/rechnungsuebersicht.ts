import { type AnyRoute, route } from '../../../http/router';
import { todayIso } from '../../../platform/dates';
import { validationFailed } from '../../../platform/errors';
import { pdfFile, xlsxFile } from '../../../platform/files/fileResult';
import { RECHNUNGEN_VIEW } from '../rights';
import { rechnungenPdfQuery, zahlscheineQuery } from '../schema/rechnung';
import { rechnungsuebersichtQuery } from '../schema/rechnungsuebersicht';
import { rechnungenDateiName, rechnungenPdf } from '../services/rechnungBrief';
import { ladeRechnungen } from '../services/rechnungenLaden';
import { rechnungsuebersicht } from '../services/rechnungsuebersicht';
import { rechnungsuebersichtExcel, rechnungsuebersichtPdf } from '../services/rechnungsuebersichtDokumente';
import { zahlscheinePdf } from '../services/zahlscheine';

// The Rechnungsübersicht (screen JSON, PDF, Excel), the invoice letters of the selected receivables
// and the payment slips for open amounts (docs/api/rechnungspruefung.md "Rechnungsübersicht,
// Rechnungen (PDF), Zahlscheine"). Reading only: no transaction needed.

const idListe = (ids?: string) => (ids ? ids.split(',').map(Number) : undefined);

export const rechnungsuebersichtRoutes: AnyRoute[] = [
  route({
    method: 'GET',
    path: 'Rechnungspruefung/Rechnungsuebersicht',
    rights: RECHNUNGEN_VIEW,
    query: rechnungsuebersichtQuery,
    async handler({ services, db, query }) {
      const { spalte, fallend, format, ...filter } = query;
      const u = await rechnungsuebersicht(db, filter, spalte, fallend ?? false);
      if (format === 'pdf')
        return pdfFile(await rechnungsuebersichtPdf(services, db, filter, u), `Rechnungsuebersicht_${todayIso()}.pdf`);
      if (format === 'xlsx')
        return xlsxFile(await rechnungsuebersichtExcel(u), `Rechnungsuebersicht_${todayIso()}.xlsx`);
      return u;
    },
  }),
  route({
    method: 'GET',
    path: 'Rechnungspruefung/Rechnungen',
    rights: RECHNUNGEN_VIEW,
    query: rechnungenPdfQuery,
    async handler({ services, db, query }) {
      const { ids, ...filter } = query;
      const liste = idListe(ids);
      // Selected ids print whatever their status (a paid receivable's letter too); else the filter.
      const rechnungen = liste
        ? await ladeRechnungen(db, { IsOffen: false }, { ids: liste })
        : await ladeRechnungen(db, filter);
      if (!rechnungen.length)
        throw validationFailed({ ids: ['Keine Rechnung gefunden.'] }, 'Es gibt keine Rechnungen zu drucken.');
      return pdfFile(await rechnungenPdf(services, db, rechnungen), rechnungenDateiName(rechnungen, todayIso()));
    },
  }),
  route({
    method: 'GET',
    path: 'Rechnungspruefung/Zahlscheine',
    rights: RECHNUNGEN_VIEW,
    query: zahlscheineQuery,
    handler: ({ services, db, query }) =>
      zahlscheinePdf(services, { db, datum: query.datum, adresseId: query.adress, ids: idListe(query.ids) }),
  }),
];
