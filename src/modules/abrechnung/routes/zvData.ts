import { type AnyRoute, route } from '../../../http/router';
import { todayIso } from '../../../platform/dates';
import { xlsxFile } from '../../../platform/files/fileResult';
import { readSection } from '../../vereinseinstellungen/services';
import { ABRECHNUNG_EDIT, ABRECHNUNG_VIEW } from '../rights';
import { forderungenEinbuchenBody, forderungenExportQuery, zvDataQuery, zvStatusQuery } from '../schema/zvQuery';
import { sortiereEintraege } from '../services/briefSortierung';
import { eintraegeDesLaufs, laufEinbuchen } from '../services/laeufe';
import { laufStatus } from '../services/lauf';
import { laufParams } from '../services/laufParams';
import { resolveYear } from '../services/pachtabrechnungen';
import { forderungenListe, forderungenXlsx } from '../services/zvExcel';

// The Zahlungsvorschreibung's own calls (docs/api/abrechnung.md "ZvData und Buchung", "Forderungsliste
// (Excel)"): its letters, its state, booking it, and the list of receivables. The guided screen's
// check step is the generic LaufVorschau.

export const zvDataRoutes: AnyRoute[] = [
  route({
    method: 'GET',
    path: 'Abrechnung/ZvData',
    rights: ABRECHNUNG_VIEW,
    query: zvDataQuery,
    async handler({ db, query }) {
      const params = await laufParams(db, 'Zahlungsvorschreibung', {
        pachtabrechnungId: query.pachtabrechnungID,
        datum: query.date,
        interimBilling: query.interimBilling,
        rechnungenTeilen: query.rechnungenTeilen,
        adresseIds: query.adress === undefined ? undefined : [query.adress],
      });
      const sortBy = query.sortBy ?? (await readSection(db, 'optionenAbrechnung')).zvSortierung;
      return sortiereEintraege(await eintraegeDesLaufs(db, 'Zahlungsvorschreibung', params), sortBy);
    },
  }),
  route({
    method: 'GET',
    path: 'Abrechnung/ZvStatus',
    rights: ABRECHNUNG_VIEW,
    query: zvStatusQuery,
    async handler({ db, query }) {
      const year = await resolveYear(db, query.pachtabrechnungID);
      return laufStatus(db, { art: 'Zahlungsvorschreibung', pachtabrechnungId: year.id });
    },
  }),
  route({
    method: 'POST',
    path: 'Abrechnung/ForderungenEinbuchen',
    rights: ABRECHNUNG_EDIT,
    body: forderungenEinbuchenBody,
    async handler({ db, actor, body }) {
      const params = await laufParams(db, 'Zahlungsvorschreibung', {
        pachtabrechnungId: body.pachtabrechnungId,
        datum: body.datum,
        interimBilling: body.interimBilling,
        rechnungenTeilen: body.rechnungenTeilen,
      });
      return laufEinbuchen(db, actor, 'Zahlungsvorschreibung', params);
    },
  }),
  route({
    method: 'GET',
    path: 'Abrechnung/ForderungenExcelExport',
    rights: ABRECHNUNG_VIEW,
    query: forderungenExportQuery,
    async handler({ db, query }) {
      const params = await laufParams(db, 'Zahlungsvorschreibung', {
        pachtabrechnungId: query.pachtabrechnungID,
        datum: query.date,
        interimBilling: query.interimBilling,
        rechnungenTeilen: query.rechnungenTeilen,
      });
      const liste = await forderungenListe(db, params);
      if (query.format === 'json') {
        const { positionen: _positionen, ...json } = liste;
        return json;
      }
      return xlsxFile(await forderungenXlsx(liste), `Forderungen-${params.jahr}-${todayIso()}.xlsx`);
    },
  }),
];
