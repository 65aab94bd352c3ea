import { type AnyRoute, route } from '../../../http/router';
import { ABRECHNUNG_EDIT, ABRECHNUNG_LOOKUP, ABRECHNUNG_VIEW } from '../rights';
import {
  vereinsabrechnungBody,
  vereinsabrechnungIdQuery,
  vereinsabrechnungNeuQuery,
} from '../schema/vereinsabrechnung';
import {
  alleVereinsabrechnungIds,
  deleteVereinsabrechnung,
  getVereinsabrechnung,
  listVereinsabrechnungen,
  neueVereinsabrechnung,
  saveVereinsabrechnung,
  vereinsabrechnungenLookup,
} from '../services/vereinsabrechnungen';

// The club positions of a billing year (Abrechnung controller, docs/api/abrechnung.md
// "Vereinsabrechnung"). Writes run in the router's transaction.

const getNew = (method: 'GET' | 'POST') =>
  route({
    method,
    path: 'Abrechnung/GetNewVereinsabrechnung',
    rights: ABRECHNUNG_EDIT,
    query: vereinsabrechnungNeuQuery,
    // The spec names it a GET, yet it creates the record: a transaction and the anti-forgery header as for any write.
    transaction: true,
    ...(method === 'GET' ? { requireXsrf: true as const } : {}),
    handler: ({ db, actor, query }) => neueVereinsabrechnung(db, actor, query.pachtabrechnungID),
  });

export const vereinsabrechnungRoutes: AnyRoute[] = [
  route({
    method: 'GET',
    path: 'Abrechnung/GetVereinsabrechnungen',
    rights: ABRECHNUNG_VIEW,
    handler: ({ db }) => listVereinsabrechnungen(db),
  }),
  route({
    method: 'GET',
    path: 'Abrechnung/GetVereinsabrechnung',
    rights: ABRECHNUNG_VIEW,
    query: vereinsabrechnungIdQuery,
    handler: ({ db, query }) => getVereinsabrechnung(db, query.id),
  }),
  getNew('GET'),
  getNew('POST'),
  route({
    method: 'GET',
    path: 'Abrechnung/GetAllVereinsabrechnungIDs',
    rights: ABRECHNUNG_VIEW,
    handler: ({ db }) => alleVereinsabrechnungIds(db),
  }),
  route({
    method: 'POST',
    path: 'Abrechnung/UpdateVereinsabrechnung',
    rights: ABRECHNUNG_EDIT,
    body: vereinsabrechnungBody,
    handler: ({ db, actor, body }) => saveVereinsabrechnung(db, actor, body),
  }),
  route({
    method: 'DELETE',
    path: 'Abrechnung/DeleteVereinsabrechnung',
    rights: ABRECHNUNG_EDIT,
    query: vereinsabrechnungIdQuery,
    async handler({ db, actor, query }) {
      await deleteVereinsabrechnung(db, actor, query.id);
    },
  }),
  route({
    method: 'GET',
    path: 'Common/Vereinsabrechnungen',
    rights: ABRECHNUNG_LOOKUP,
    handler: ({ db }) => vereinsabrechnungenLookup(db),
  }),
];
