import { type AnyRoute, route } from '../../../http/router';
import type { Right } from '../../../platform/auth/rights';
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

/** Main water meters are Stammdaten, and the Wasserwart keeps them too. */
const VIEW: readonly Right[] = [
  'WebApp.Stammdaten.View',
  'WebApp.Stammdaten.Edit',
  'WebApp.Wasser.View',
  'WebApp.Wasser.Edit',
];
const EDIT: readonly Right[] = ['WebApp.Stammdaten.Edit', 'WebApp.Wasser.Edit'];

export const hauptwasserzaehlerRoutes: AnyRoute[] = [
  route({
    method: 'GET',
    path: 'Stammdaten/HauptWasserzaehler',
    rights: VIEW,
    handler: ({ db }) => listHauptwasserzaehler(db),
  }),
  route({
    method: 'GET',
    path: 'Stammdaten/GetHauptwasserZaehler',
    rights: VIEW,
    query: idQuery,
    handler: ({ db, query }) => getHauptwasserzaehler(db, query.id),
  }),
  route({
    method: 'POST',
    path: 'Stammdaten/UpdateHWZ',
    rights: EDIT,
    body: hauptwasserzaehlerBody,
    handler: ({ db, actor, body }) => saveHauptwasserzaehler(db, actor, body),
  }),
  route({
    method: 'POST',
    path: 'Stammdaten/WechselHWZ',
    rights: EDIT,
    body: wechselBody,
    handler: ({ db, actor, body }) => wechselHauptwasserzaehler(db, actor, body),
  }),
  route({
    method: 'DELETE',
    path: 'Stammdaten/DeleteHauptwasserzaehler',
    rights: EDIT,
    query: idQuery,
    async handler({ db, actor, query }) {
      await deleteHauptwasserzaehler(db, actor, query.id);
    },
  }),
  route({ method: 'GET', path: 'Common/HWZ', rights: VIEW, handler: ({ db }) => hwzLookup(db) }),
];
