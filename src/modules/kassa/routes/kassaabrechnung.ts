import { type AnyRoute, route } from '../../../http/router';
import { KASSA_LOOKUP, KASSAABRECHNUNG_EDIT, KASSAABRECHNUNG_VIEW } from '../rights';
import {
  kassaabrechnungBody,
  kassaabrechnungIdQuery,
  newKassaabrechnungQuery,
  optionalIdQuery,
} from '../schema/kassaabrechnung';
import {
  closeKassaabrechnung,
  deleteKassaabrechnung,
  getKassaabrechnung,
  kassaabrechnungDatum,
  kassaabrechnungIds,
  listKassaabrechnungen,
  openKassaabrechnung,
  saveKassaabrechnung,
} from '../services/kassaabrechnungen';
import { newKassaabrechnung } from '../services/kassaabrechnungNeu';

// The cash periods (Abrechnung controller, docs/api/kassa.md "Kassaabrechnung"). Writes run in the
// router's transaction.

const getNew = (method: 'GET' | 'POST') =>
  route({
    method,
    path: 'Abrechnung/GetNewKassaabrechnung',
    rights: KASSAABRECHNUNG_EDIT,
    query: newKassaabrechnungQuery,
    // The spec names it a GET, yet it creates the period: a transaction and the anti-forgery header as for any write.
    transaction: true,
    ...(method === 'GET' ? { requireXsrf: true as const } : {}),
    handler: ({ db, actor, query }) => newKassaabrechnung(db, actor, query.jahr),
  });

export const kassaabrechnungRoutes: AnyRoute[] = [
  route({
    method: 'GET',
    path: 'Abrechnung/GetKassaabrechnungen',
    rights: KASSAABRECHNUNG_VIEW,
    handler: ({ db }) => listKassaabrechnungen(db),
  }),
  route({
    method: 'GET',
    path: 'Abrechnung/GetKassaabrechnung',
    rights: KASSAABRECHNUNG_VIEW,
    query: kassaabrechnungIdQuery,
    handler: ({ db, query }) => getKassaabrechnung(db, query.id),
  }),
  getNew('GET'),
  getNew('POST'),
  route({
    method: 'POST',
    path: 'Abrechnung/UpdateKassaabrechnung',
    rights: KASSAABRECHNUNG_EDIT,
    body: kassaabrechnungBody,
    handler: ({ db, actor, body }) => saveKassaabrechnung(db, actor, body),
  }),
  route({
    method: 'POST',
    path: 'Abrechnung/CloseKassaabrechnung',
    rights: KASSAABRECHNUNG_EDIT,
    query: kassaabrechnungIdQuery,
    handler: ({ db, actor, query }) => closeKassaabrechnung(db, actor, query.id),
  }),
  route({
    method: 'POST',
    path: 'Abrechnung/OpenKassaabrechnung',
    rights: KASSAABRECHNUNG_EDIT,
    query: kassaabrechnungIdQuery,
    handler: ({ db, actor, query }) => openKassaabrechnung(db, actor, query.id),
  }),
  route({
    method: 'DELETE',
    path: 'Abrechnung/DeleteKassaabrechnung',
    rights: KASSAABRECHNUNG_EDIT,
    query: kassaabrechnungIdQuery,
    async handler({ db, actor, query }) {
      await deleteKassaabrechnung(db, actor, query.id);
    },
  }),
  route({
    method: 'GET',
    path: 'Abrechnung/GetAllKassaabrechnungIDs',
    rights: KASSAABRECHNUNG_VIEW,
    handler: ({ db }) => kassaabrechnungIds(db),
  }),
  route({
    method: 'GET',
    path: 'Abrechnung/GetKassaabrechnungDatum',
    rights: KASSA_LOOKUP,
    query: optionalIdQuery,
    handler: ({ db, query }) => kassaabrechnungDatum(db, query.id),
  }),
];
