import { type AnyRoute, route } from '../../../http/router';
import { idQuery } from '../../stammdaten/schema/abstellplaetze';
import { WASSERABRECHNUNG_EDIT, WASSERABRECHNUNG_VIEW } from '../rights';
import { berechneGruppeBody } from '../schema/abrechnung';
import {
  gruppeBody,
  gruppeDeleteQuery,
  newGrunddatenQuery,
  wasserberechnungIdQuery,
  wassergrunddatenBody,
} from '../schema/grunddaten';
import { berechneAbrechnung } from '../services/wasserabrechnung';
import {
  deleteWassergrunddaten,
  getWassergrunddaten,
  listWassergrunddaten,
  newWassergrunddaten,
  saveWassergrunddaten,
  wassergrunddatenIds,
} from '../services/wassergrunddaten';
import { deleteWassergruppe, listWassergruppen, saveWassergruppe } from '../services/wassergruppen';

// Wassergrunddaten and the water-group prices of a year (Abrechnung controller,
// docs/api/wasserbuch.md "Wassergrunddaten"). Writes run in the router's transaction.

const getNew = (method: 'GET' | 'POST') =>
  route({
    method,
    path: 'Abrechnung/GetNewWassergrunddaten',
    rights: WASSERABRECHNUNG_EDIT,
    query: newGrunddatenQuery,
    // The spec names it a GET, yet it creates the record: run it in a transaction and demand the
    // anti-forgery header as for any write.
    transaction: true,
    ...(method === 'GET' ? { requireXsrf: true as const } : {}),
    handler: ({ db, actor, query }) => newWassergrunddaten(db, actor, query.pachtabrechnungID),
  });

export const grunddatenRoutes: AnyRoute[] = [
  route({
    method: 'GET',
    path: 'Abrechnung/GetWassergrunddaten',
    rights: WASSERABRECHNUNG_VIEW,
    handler: ({ db }) => listWassergrunddaten(db),
  }),
  route({
    method: 'GET',
    path: 'Abrechnung/GetWassergrunddata',
    rights: WASSERABRECHNUNG_VIEW,
    query: idQuery,
    handler: ({ db, query }) => getWassergrunddaten(db, query.id),
  }),
  route({
    method: 'GET',
    path: 'Abrechnung/GetAllWassergrunddatenIDs',
    rights: WASSERABRECHNUNG_VIEW,
    handler: ({ db }) => wassergrunddatenIds(db),
  }),
  getNew('POST'),
  getNew('GET'),
  route({
    method: 'POST',
    path: 'Abrechnung/UpdateWassergrunddaten',
    rights: WASSERABRECHNUNG_EDIT,
    body: wassergrunddatenBody,
    handler: ({ db, actor, body }) => saveWassergrunddaten(db, actor, body),
  }),
  route({
    method: 'DELETE',
    path: 'Abrechnung/DeleteWassergrunddaten',
    rights: WASSERABRECHNUNG_EDIT,
    query: idQuery,
    async handler({ db, actor, query }) {
      await deleteWassergrunddaten(db, actor, query.id);
    },
  }),
  route({
    method: 'GET',
    path: 'Abrechnung/GetWasserabrechnungenGruppen',
    rights: WASSERABRECHNUNG_VIEW,
    query: wasserberechnungIdQuery,
    handler: ({ db, query }) => listWassergruppen(db, query.wasserberechnungID),
  }),
  route({
    method: 'POST',
    path: 'Abrechnung/UpdateWasserabrechnungGruppe',
    rights: WASSERABRECHNUNG_EDIT,
    body: gruppeBody,
    handler: ({ db, actor, body }) => saveWassergruppe(db, actor, body),
  }),
  route({
    method: 'DELETE',
    path: 'Abrechnung/DeleteWasserberechnungGruppe',
    rights: WASSERABRECHNUNG_EDIT,
    query: gruppeDeleteQuery,
    async handler({ db, actor, query }) {
      await deleteWassergruppe(db, actor, query.id, query.wasserberechnungID);
    },
  }),
  route({
    method: 'POST',
    path: 'Abrechnung/BerechneWasserabrechnungGruppe',
    rights: WASSERABRECHNUNG_VIEW,
    body: berechneGruppeBody,
    // A preview: it writes nothing.
    transaction: false,
    handler: ({ db, body }) =>
      berechneAbrechnung(db, {
        stichtag: body.stichtag,
        von: body.von,
        gruppeId: body.gruppeId,
        wassergrunddatenId: body.wasserberechnungID,
      }),
  }),
];
