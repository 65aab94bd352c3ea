import { type AnyRoute, route } from '../../../http/router';
import { ABRECHNUNG_EDIT, ABRECHNUNG_VIEW } from '../rights';
import { newPachtberechnungQuery, pachtberechnungBody, pachtberechnungIdQuery } from '../schema/pachtberechnung';
import {
  allePachtberechnungIds,
  ladePachtberechnung,
  listPachtberechnungen,
  speicherePachtberechnung,
} from '../services/pachtberechnungen';
import { loeschePachtberechnung, neuePachtberechnung } from '../services/pachtberechnungJahr';

// The rates of a billing year (docs/api/abrechnung.md "Pachtberechnung").

export const pachtberechnungRoutes: AnyRoute[] = [
  route({
    method: 'GET',
    path: 'Abrechnung/GetPachtberechnungen',
    rights: ABRECHNUNG_VIEW,
    handler: ({ db }) => listPachtberechnungen(db),
  }),
  route({
    method: 'GET',
    path: 'Abrechnung/GetPachtberechnung',
    rights: ABRECHNUNG_VIEW,
    query: pachtberechnungIdQuery,
    handler: ({ db, query }) => ladePachtberechnung(db, query.id),
  }),
  route({
    method: 'GET',
    path: 'Abrechnung/GetAllPachtberechnungIDs',
    rights: ABRECHNUNG_VIEW,
    handler: ({ db }) => allePachtberechnungIds(db),
  }),
  // A GET that writes (the spec names it so): it creates the year, hence a transaction and the
  // anti-forgery header like a POST.
  route({
    method: 'GET',
    path: 'Abrechnung/GetNewPachtberechnung',
    rights: ABRECHNUNG_EDIT,
    query: newPachtberechnungQuery,
    requireXsrf: true,
    transaction: true,
    handler: ({ db, actor, query }) => neuePachtberechnung(db, actor, query.jahr),
  }),
  route({
    method: 'POST',
    path: 'Abrechnung/GetNewPachtberechnung',
    rights: ABRECHNUNG_EDIT,
    query: newPachtberechnungQuery,
    handler: ({ db, actor, query }) => neuePachtberechnung(db, actor, query.jahr),
  }),
  route({
    method: 'POST',
    path: 'Abrechnung/UpdatePachtberechnung',
    rights: ABRECHNUNG_EDIT,
    body: pachtberechnungBody,
    handler: ({ db, actor, body }) => speicherePachtberechnung(db, actor, body),
  }),
  route({
    method: 'DELETE',
    path: 'Abrechnung/DeletePachtberechnung',
    rights: ABRECHNUNG_EDIT,
    query: pachtberechnungIdQuery,
    async handler({ db, actor, query }) {
      await loeschePachtberechnung(db, actor, query.id);
    },
  }),
];
