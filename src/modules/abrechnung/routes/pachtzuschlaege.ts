import { type AnyRoute, route } from '../../../http/router';
import { ABRECHNUNG_EDIT, ABRECHNUNG_LOOKUP, ABRECHNUNG_VIEW } from '../rights';
import {
  pachtzuschlaegeQuery,
  pachtzuschlagBody,
  pachtzuschlagEidQuery,
  pachtzuschlagIdQuery,
} from '../schema/pachtzuschlag';
import {
  getPachtzuschlag,
  listPachtzuschlaege,
  loeschePachtzuschlag,
  pachtzuschlaegeLookup,
  speicherePachtzuschlag,
} from '../services/pachtzuschlaege';

// The surcharges on the lease (docs/api/abrechnung.md "Pachtzuschläge").

export const pachtzuschlaegeRoutes: AnyRoute[] = [
  route({
    method: 'GET',
    path: 'Abrechnung/Pachtzuschlaege',
    rights: ABRECHNUNG_VIEW,
    query: pachtzuschlaegeQuery,
    handler: ({ db, query }) => listPachtzuschlaege(db, query.pachtabrechnungID),
  }),
  route({
    method: 'GET',
    path: 'Abrechnung/GetPachtzuschlag',
    rights: ABRECHNUNG_VIEW,
    query: pachtzuschlagEidQuery,
    handler: ({ db, query }) => getPachtzuschlag(db, query.eid),
  }),
  route({
    method: 'POST',
    path: 'Abrechnung/UpdatePachtzuschlag',
    rights: ABRECHNUNG_EDIT,
    body: pachtzuschlagBody,
    handler: ({ db, actor, body }) => speicherePachtzuschlag(db, actor, body),
  }),
  route({
    method: 'DELETE',
    path: 'Abrechnung/DeletePachtzuschlag',
    rights: ABRECHNUNG_EDIT,
    query: pachtzuschlagIdQuery,
    async handler({ db, actor, query }) {
      await loeschePachtzuschlag(db, actor, query.id);
    },
  }),
  route({
    method: 'GET',
    path: 'Common/Pachtzuschlaege',
    rights: ABRECHNUNG_LOOKUP,
    query: pachtzuschlaegeQuery,
    handler: ({ db, query }) => pachtzuschlaegeLookup(db, query.pachtabrechnungID),
  }),
];
