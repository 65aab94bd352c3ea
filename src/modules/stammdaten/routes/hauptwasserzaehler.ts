import { type AnyRoute, route } from '../../../http/router';
import { HAUPTWASSERZAEHLER_EDIT, HAUPTWASSERZAEHLER_VIEW } from '../rights';
import { idQuery } from '../schema/abstellplaetze';
import { hauptwasserzaehlerBody, wechselBody } from '../schema/hauptwasserzaehler';
import {
  deleteHauptwasserzaehler,
  getHauptwasserzaehler,
  hwzLookup,
  listHauptwasserzaehler,
  saveHauptwasserzaehler,
  wechselHauptwasserzaehler,
} from '../services/hauptwasserzaehler';

export const hauptwasserzaehlerRoutes: AnyRoute[] = [
  route({
    method: 'GET',
    path: 'Stammdaten/HauptWasserzaehler',
    rights: HAUPTWASSERZAEHLER_VIEW,
    handler: ({ db }) => listHauptwasserzaehler(db),
  }),
  route({
    method: 'GET',
    path: 'Stammdaten/GetHauptwasserZaehler',
    rights: HAUPTWASSERZAEHLER_VIEW,
    query: idQuery,
    handler: ({ db, query }) => getHauptwasserzaehler(db, query.id),
  }),
  route({
    method: 'POST',
    path: 'Stammdaten/UpdateHWZ',
    rights: HAUPTWASSERZAEHLER_EDIT,
    body: hauptwasserzaehlerBody,
    handler: ({ db, actor, body }) => saveHauptwasserzaehler(db, actor, body),
  }),
  route({
    method: 'POST',
    path: 'Stammdaten/WechselHWZ',
    rights: HAUPTWASSERZAEHLER_EDIT,
    body: wechselBody,
    handler: ({ db, actor, body }) => wechselHauptwasserzaehler(db, actor, body),
  }),
  route({
    method: 'DELETE',
    path: 'Stammdaten/DeleteHauptwasserzaehler',
    rights: HAUPTWASSERZAEHLER_EDIT,
    query: idQuery,
    async handler({ db, actor, query }) {
      await deleteHauptwasserzaehler(db, actor, query.id);
    },
  }),
  route({ method: 'GET', path: 'Common/HWZ', rights: HAUPTWASSERZAEHLER_VIEW, handler: ({ db }) => hwzLookup(db) }),
];
