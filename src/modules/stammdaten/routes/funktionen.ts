import { type AnyRoute, route } from '../../../http/router';
import type { Right } from '../../../platform/auth/rights';
import { idQuery } from '../schema/abstellplaetze';
import { funktionaerBody, funktionaerListQuery, funktionBody } from '../schema/funktionen';
import {
  deleteFunktion,
  deleteFunktionaer,
  funktionAlerts,
  funktionaerAlerts,
  getFunktion,
  getFunktionaer,
  listFunktionaere,
  listFunktionen,
  saveFunktion,
  saveFunktionaer,
} from '../services/funktionen';

const VIEW: readonly Right[] = ['WebApp.Stammdaten.View', 'WebApp.Stammdaten.Edit'];
const EDIT: readonly Right[] = ['WebApp.Stammdaten.Edit'];

/** Funktionen (Obmann, Kassier …) and the Funktionäre holding them, with their alerts. */
export const funktionRoutes: AnyRoute[] = [
  route({ method: 'GET', path: 'Stammdaten/Funktion', rights: VIEW, handler: ({ db }) => listFunktionen(db) }),
  route({
    method: 'GET',
    path: 'Stammdaten/GetFunktion',
    rights: VIEW,
    query: idQuery,
    handler: ({ db, query }) => getFunktion(db, query.id),
  }),
  route({
    method: 'POST',
    path: 'Stammdaten/UpdateFunktion',
    rights: EDIT,
    body: funktionBody,
    handler: ({ db, actor, body }) => saveFunktion(db, actor, body),
  }),
  route({
    method: 'DELETE',
    path: 'Stammdaten/DeleteFunktion',
    rights: EDIT,
    query: idQuery,
    async handler({ db, actor, query }) {
      await deleteFunktion(db, actor, query.id);
    },
  }),
  route({ method: 'GET', path: 'Stammdaten/GetFunktionAlert', rights: VIEW, handler: ({ db }) => funktionAlerts(db) }),
  route({
    method: 'GET',
    path: 'Stammdaten/Funktionaer',
    rights: VIEW,
    query: funktionaerListQuery,
    handler: ({ db, query }) => listFunktionaere(db, query),
  }),
  route({
    method: 'GET',
    path: 'Stammdaten/GetFunktionaer',
    rights: VIEW,
    query: idQuery,
    handler: ({ db, query }) => getFunktionaer(db, query.id),
  }),
  route({
    method: 'POST',
    path: 'Stammdaten/UpdateFunktionaer',
    rights: EDIT,
    body: funktionaerBody,
    handler: ({ db, actor, body }) => saveFunktionaer(db, actor, body),
  }),
  route({
    method: 'DELETE',
    path: 'Stammdaten/DeleteFunktionaer',
    rights: EDIT,
    query: idQuery,
    async handler({ db, actor, query }) {
      await deleteFunktionaer(db, actor, query.id);
    },
  }),
  route({
    method: 'GET',
    path: 'Stammdaten/GetFunktionaerAlert',
    rights: VIEW,
    handler: ({ db }) => funktionaerAlerts(db),
  }),
];
