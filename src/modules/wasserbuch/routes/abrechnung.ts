import { type AnyRoute, route } from '../../../http/router';
import { WASSERABRECHNUNG_EDIT, WASSERABRECHNUNG_VIEW } from '../rights';
import {
  abrechnungIdQuery,
  abrechnungsdatumQuery,
  akontoBody,
  berechneBody,
  detailsQuery,
  erstelleAbrechnungQuery,
  stichtagQuery,
  updateAbrechnungBody,
  updateAbrechnungMitStichtagBody,
} from '../schema/abrechnung';
import {
  deleteAbrechnung,
  deleteAbrechnungById,
  erstelleAbrechnung,
  getWasserabrechnungById,
  listWasserabrechnungStichtage,
  updateWasserabrechnung,
  wasserabrechnungDetails,
} from '../services/abrechnungStore';
import { deleteAkonto, getAkontoBerechnung, listAkontoStichtage, saveAkonto } from '../services/akonto';
import { berechneAbrechnung, neueAbrechnung } from '../services/wasserabrechnung';

// The water settlement and the akonto (docs/api/wasserbuch.md "Settlement", "Akonto"), with the
// Abrechnung controller's names for the same services. Writes run in the router's transaction.

const settlementRoutes: AnyRoute[] = [
  route({
    method: 'POST',
    path: 'Wasserbuch/ErstelleAbrechnung',
    rights: WASSERABRECHNUNG_EDIT,
    query: erstelleAbrechnungQuery,
    handler: ({ db, actor, query }) => {
      const params = { stichtag: query.stichtag, von: query.von, akontoStichtag: query.akontoStichtag };
      return query.dryRun ? berechneAbrechnung(db, params) : erstelleAbrechnung(db, actor, params);
    },
  }),
  route({
    method: 'GET',
    path: 'Wasserbuch/GetWasserabrechnungStichtage',
    rights: WASSERABRECHNUNG_VIEW,
    handler: ({ db }) => listWasserabrechnungStichtage(db),
  }),
  route({
    method: 'GET',
    path: 'Wasserbuch/GetWasserabrechnungDetails',
    rights: WASSERABRECHNUNG_VIEW,
    query: detailsQuery,
    handler: ({ db, query }) => wasserabrechnungDetails(db, query.abrechnungStichtag, query.akontoStichtag),
  }),
  route({
    method: 'POST',
    path: 'Wasserbuch/UpdateWasserabrechnung',
    rights: WASSERABRECHNUNG_EDIT,
    query: stichtagQuery,
    body: updateAbrechnungBody,
    handler: ({ db, actor, query, body }) => updateWasserabrechnung(db, actor, query.stichtag, body),
  }),
  route({
    method: 'DELETE',
    path: 'Wasserbuch/DeleteAbrechnung',
    rights: WASSERABRECHNUNG_EDIT,
    query: abrechnungsdatumQuery,
    async handler({ db, actor, query }) {
      await deleteAbrechnung(db, actor, query.wasserabrechnungsdatum);
    },
  }),
];

const akontoRoutes: AnyRoute[] = [
  route({
    method: 'GET',
    path: 'Wasserbuch/GetWasserAkontoBerechnung',
    rights: WASSERABRECHNUNG_VIEW,
    query: stichtagQuery,
    handler: ({ db, query }) => getAkontoBerechnung(db, query.stichtag),
  }),
  route({
    method: 'POST',
    path: 'Wasserbuch/UpdateWasserakontoberechnung',
    rights: WASSERABRECHNUNG_EDIT,
    body: akontoBody,
    handler: ({ db, actor, body }) => saveAkonto(db, actor, body),
  }),
  route({
    method: 'GET',
    path: 'Wasserbuch/GetWasserakontoberechnungStichtage',
    rights: WASSERABRECHNUNG_VIEW,
    handler: ({ db }) => listAkontoStichtage(db),
  }),
  route({
    method: 'DELETE',
    path: 'Wasserbuch/DeleteWasserakontoberechnung',
    rights: WASSERABRECHNUNG_EDIT,
    query: stichtagQuery,
    async handler({ db, actor, query }) {
      await deleteAkonto(db, actor, query.stichtag);
    },
  }),
];

/** The Abrechnung controller's names (spec §7 Abrechnung, Wasser) over the same services. */
const abrechnungAliases: AnyRoute[] = [
  route({
    method: 'GET',
    path: 'Abrechnung/GetWasserabrechnungen',
    rights: WASSERABRECHNUNG_VIEW,
    handler: ({ db }) => listWasserabrechnungStichtage(db),
  }),
  route({
    method: 'GET',
    path: 'Abrechnung/GetWasserabrechnung',
    rights: WASSERABRECHNUNG_VIEW,
    query: abrechnungIdQuery,
    handler: ({ db, query }) => getWasserabrechnungById(db, query.id),
  }),
  route({
    method: 'GET',
    path: 'Abrechnung/GetAllWasserabrechnungen',
    rights: WASSERABRECHNUNG_VIEW,
    handler: async ({ db }) => (await listWasserabrechnungStichtage(db)).map(({ id, stichtag }) => ({ id, stichtag })),
  }),
  route({
    method: 'GET',
    path: 'Abrechnung/GetNewWasserabrechnung',
    rights: WASSERABRECHNUNG_VIEW,
    handler: ({ db }) => neueAbrechnung(db),
  }),
  route({
    method: 'POST',
    path: 'Abrechnung/BerechneWasserabrechnung',
    rights: WASSERABRECHNUNG_VIEW,
    body: berechneBody,
    // A preview: it writes nothing.
    transaction: false,
    handler: ({ db, body }) => berechneAbrechnung(db, body),
  }),
  route({
    method: 'POST',
    path: 'Abrechnung/UpdateWasserabrechnung',
    rights: WASSERABRECHNUNG_EDIT,
    body: updateAbrechnungMitStichtagBody,
    handler: ({ db, actor, body: { stichtag, ...body } }) => updateWasserabrechnung(db, actor, stichtag, body),
  }),
  route({
    method: 'DELETE',
    path: 'Abrechnung/DeleteWasserberechnung',
    rights: WASSERABRECHNUNG_EDIT,
    query: abrechnungIdQuery,
    async handler({ db, actor, query }) {
      await deleteAbrechnungById(db, actor, query.id);
    },
  }),
];

export const abrechnungRoutes: AnyRoute[] = [...settlementRoutes, ...akontoRoutes, ...abrechnungAliases];
