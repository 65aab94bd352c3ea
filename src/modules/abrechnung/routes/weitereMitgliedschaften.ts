import { type AnyRoute, route } from '../../../http/router';
import { reportXlsx } from '../../../platform/report';
import { ABRECHNUNG_EDIT, ABRECHNUNG_VIEW } from '../rights';
import { laufJahrEinbuchenBody, weitereMitgliedschaftenQuery } from '../schema/vereinsabrechnung';
import { eintraegeDesLaufs, laufEinbuchen } from '../services/laeufe';
import { laufBriefePdf } from '../services/laufBriefeDatei';
import { laufParams } from '../services/laufParams';
import { weitereReport } from '../services/weitereReport';

// The Weitere Mitgliedschaften of a billing year (docs/api/abrechnung.md "Weitere Mitgliedschaften"):
// members without a plot billed their club positions and parking-space fees — the letters as JSON,
// PDF or a spreadsheet (one address with `adress`), and booking them once.

export const weitereMitgliedschaftenRoutes: AnyRoute[] = [
  route({
    method: 'GET',
    path: 'Abrechnung/WeitereMitgliedschaften',
    rights: ABRECHNUNG_VIEW,
    query: weitereMitgliedschaftenQuery,
    async handler({ db, services, query }) {
      const params = await laufParams(db, 'WeitereMitgliedschaft', {
        pachtabrechnungId: query.pachtabrechnungID,
        datum: query.date,
        adresseIds: query.adress === undefined ? undefined : [query.adress],
      });
      const eintraege = await eintraegeDesLaufs(db, 'WeitereMitgliedschaft', params);
      if (query.format === 'pdf')
        return laufBriefePdf(
          services,
          db,
          'WeitereMitgliedschaft',
          params,
          eintraege,
          `Weitere_Mitgliedschaften_${params.jahr}`,
        );
      if (query.format === 'xlsx') return reportXlsx(weitereReport(params.jahr, params.datum, eintraege));
      return eintraege;
    },
  }),
  route({
    method: 'POST',
    path: 'Abrechnung/ForderungenEinbuchenWeitereMitgliedschaften',
    rights: ABRECHNUNG_EDIT,
    body: laufJahrEinbuchenBody,
    async handler({ db, actor, body }) {
      const params = await laufParams(db, 'WeitereMitgliedschaft', {
        pachtabrechnungId: body.pachtabrechnungId,
        datum: body.datum,
      });
      return laufEinbuchen(db, actor, 'WeitereMitgliedschaft', params);
    },
  }),
];
