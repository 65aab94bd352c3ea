import { type AnyRoute, route } from '../../../http/router';
import { STAMMDATEN_EDIT, STAMMDATEN_VIEW } from '../rights';
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

/** Funktionen (Obmann, Kassier …) and the Funktionäre holding them, with their alerts. */
export const funktionRoutes: AnyRoute[] = [
  route({
    method: 'GET',
    path: 'Stammdaten/Funktion',
    rights: STAMMDATEN_VIEW,
    handler: ({ db }) => listFunktionen(db),
  }),
  route({
    method: 'GET',
    path: 'Stammdaten/GetFunktion',
    rights: STAMMDATEN_VIEW,
    query: idQuery,
    handler: ({ db, query }) => getFunktion(db, query.id),
  }),
  route({
    method: 'POST',
    path: 'Stammdaten/UpdateFunktion',
    rights: STAMMDATEN_EDIT,
    body: funktionBody,
    handler: ({ db, actor, body }) => saveFunktion(db, actor, body),
  }),
  route({
    method: 'DELETE',
    path: 'Stammdaten/DeleteFunktion',
    rights: STAMMDATEN_EDIT,
    query: idQuery,
    async handler({ db, actor, query }) {
      await deleteFunktion(db, actor, query.id);
    },
  }),
  route({
    method: 'GET',
    path: 'Stammdaten/GetFunktionAlert',
    rights: STAMMDATEN_VIEW,
    handler: ({ db }) => funktionAlerts(db),
  }),
  route({
    method: 'GET',
    path: 'Stammdaten/Funktionaer',
    rights: STAMMDATEN_VIEW,
    query: funktionaerListQuery,
    handler: ({ db, query }) => listFunktionaere(db, query),
  }),
  route({
    method: 'GET',
    path: 'Stammdaten/GetFunktionaer',
    rights: STAMMDATEN_VIEW,
    query: idQuery,
    handler: ({ db, query }) => getFunktionaer(db, query.id),
  }),
  route({
    method: 'POST',
    path: 'Stammdaten/UpdateFunktionaer',
    rights: STAMMDATEN_EDIT,
    body: funktionaerBody,
    handler: ({ db, actor, body }) => saveFunktionaer(db, actor, body),
  }),
  route({
    method: 'DELETE',
    path: 'Stammdaten/DeleteFunktionaer',
    rights: STAMMDATEN_EDIT,
    query: idQuery,
    async handler({ db, actor, query }) {
      await deleteFunktionaer(db, actor, query.id);
    },
  }),
  route({
    method: 'GET',
    path: 'Stammdaten/GetFunktionaerAlert',
    rights: STAMMDATEN_VIEW,
    handler: ({ db }) => funktionaerAlerts(db),
  }),
];
