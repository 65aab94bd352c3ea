import { type AnyRoute, route } from '../../../http/router';
import { ABRECHNUNG_EDIT, ABRECHNUNG_VIEW } from '../rights';
import { gruppenabrechnungBody, gruppenabrechnungIdQuery, gruppenabrechnungQuery } from '../schema/gruppenabrechnung';
import { deleteGruppenposition, listGruppenabrechnung, saveGruppenposition } from '../services/gruppenabrechnung';

// The positions a group's plots share in a billing year (Abrechnung controller, docs/api/abrechnung.md
// "Gruppenabrechnung"). Writes run in the router's transaction.

export const gruppenabrechnungRoutes: AnyRoute[] = [
  route({
    method: 'GET',
    path: 'Abrechnung/GetGruppenabrechnung',
    rights: ABRECHNUNG_VIEW,
    query: gruppenabrechnungQuery,
    handler: ({ db, query }) => listGruppenabrechnung(db, query.pachtabrechnungID, query.gruppeID),
  }),
  route({
    method: 'POST',
    path: 'Abrechnung/UpdateGruppenabrechnung',
    rights: ABRECHNUNG_EDIT,
    body: gruppenabrechnungBody,
    handler: ({ db, actor, body }) => saveGruppenposition(db, actor, body),
  }),
  route({
    method: 'DELETE',
    path: 'Abrechnung/DeleteGruppenabrechnung',
    rights: ABRECHNUNG_EDIT,
    query: gruppenabrechnungIdQuery,
    async handler({ db, actor, query }) {
      await deleteGruppenposition(db, actor, query.id);
    },
  }),
];
