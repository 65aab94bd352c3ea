import { type AnyRoute, route } from '../../../http/router';
import { ABRECHNUNG_EDIT, ABRECHNUNG_VIEW } from '../rights';
import { gruppenrechnungenQuery, laufJahrEinbuchenBody } from '../schema/gruppenabrechnung';
import { eintraegeDesLaufs, laufEinbuchen } from '../services/laeufe';
import { laufBriefePdf } from '../services/laufBriefeDatei';
import { laufParams } from '../services/laufParams';

// The Gruppenrechnungen of a billing year (docs/api/abrechnung.md "Gruppenrechnungen"): the letters
// (computed before booking, the booked receivables after) as JSON or PDF, and booking them once.

export const gruppenrechnungenRoutes: AnyRoute[] = [
  route({
    method: 'GET',
    path: 'Abrechnung/Gruppenrechnungen',
    rights: ABRECHNUNG_VIEW,
    query: gruppenrechnungenQuery,
    async handler({ db, services, query }) {
      const params = await laufParams(db, 'Gruppenrechnung', {
        pachtabrechnungId: query.pachtabrechnungID,
        datum: query.date,
      });
      const eintraege = await eintraegeDesLaufs(db, 'Gruppenrechnung', params);
      if (query.format !== 'pdf') return eintraege;
      return laufBriefePdf(services, db, 'Gruppenrechnung', params, eintraege, `Gruppenrechnungen_${params.jahr}`);
    },
  }),
  route({
    method: 'POST',
    path: 'Abrechnung/ForderungenEinbuchenGruppenrechnungen',
    rights: ABRECHNUNG_EDIT,
    body: laufJahrEinbuchenBody,
    async handler({ db, actor, body }) {
      const params = await laufParams(db, 'Gruppenrechnung', {
        pachtabrechnungId: body.pachtabrechnungId,
        datum: body.datum,
      });
      return laufEinbuchen(db, actor, 'Gruppenrechnung', params);
    },
  }),
];
