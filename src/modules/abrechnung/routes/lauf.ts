import { type AnyRoute, route } from '../../../http/router';
import { WASSERRECHNUNG_EDIT, WASSERRECHNUNG_VIEW } from '../rights';
import { laufEinbuchenBody, laufQuery } from '../schema/zvData';
import { laufEinbuchen, laufVorschau } from '../services/laeufe';
import { laufStatus } from '../services/lauf';
import { adresseIdsAus, laufParams } from '../services/laufParams';
import { assertLaufRecht } from './laufRecht';

// The generic run calls behind every guided run screen (docs/api/abrechnung.md "Läufe"): the
// state (booked or not: the basis-data screens lock what a booked run froze), the preview (state, problems, letters, totals) and the booking of any of the four runs. The
// spec-named calls (ZvData, ForderungenEinbuchen*, …) use the same services. A Wasserrechnung run
// is also open to the Wasserwart: the route admits both lists and the handler narrows per kind.

export const laufRoutes: AnyRoute[] = [
  route({
    method: 'GET',
    path: 'Abrechnung/LaufStatus',
    rights: WASSERRECHNUNG_VIEW,
    query: laufQuery,
    async handler({ db, query, user }) {
      assertLaufRecht(user, query.art, 'lesen');
      const params = await laufParams(db, query.art, {
        pachtabrechnungId: query.pachtabrechnungID,
        stichtag: query.stichtag,
      });
      return laufStatus(db, {
        art: query.art,
        pachtabrechnungId: params.pachtabrechnungId,
        schluessel: params.schluessel,
      });
    },
  }),
  route({
    method: 'GET',
    path: 'Abrechnung/LaufVorschau',
    rights: WASSERRECHNUNG_VIEW,
    query: laufQuery,
    async handler({ db, query, user }) {
      assertLaufRecht(user, query.art, 'lesen');
      const params = await laufParams(db, query.art, {
        pachtabrechnungId: query.pachtabrechnungID,
        datum: query.date,
        stichtag: query.stichtag,
        interimBilling: query.interimBilling,
        rechnungenTeilen: query.rechnungenTeilen,
        adresseIds: adresseIdsAus(query.adressen),
      });
      return laufVorschau(db, query.art, params);
    },
  }),
  route({
    method: 'POST',
    path: 'Abrechnung/LaufEinbuchen',
    rights: WASSERRECHNUNG_EDIT,
    body: laufEinbuchenBody,
    async handler({ db, actor, body, user }) {
      assertLaufRecht(user, body.art, 'buchen');
      const params = await laufParams(db, body.art, {
        pachtabrechnungId: body.pachtabrechnungId,
        datum: body.datum,
        stichtag: body.stichtag,
        interimBilling: body.interimBilling,
        rechnungenTeilen: body.rechnungenTeilen,
      });
      return laufEinbuchen(db, actor, body.art, params);
    },
  }),
];
