import { type AnyRoute, route } from '../../../http/router';
import { notFound } from '../../../platform/errors';
import { RECHNUNGEN_EDIT, RECHNUNGEN_VIEW } from '../rights';
import { deleteRechnungenFilteredBody, rechnungBody, rechnungFilterQuery, rechnungIdQuery } from '../schema/rechnung';
import { loescheRechnung, loescheRechnungenGefiltert, speichereRechnung } from '../services/rechnungenBearbeiten';
import { ladeRechnungDetail, ladeRechnungen } from '../services/rechnungenLaden';

// The receivables (docs/api/rechnungspruefung.md "Rechnungen"): list, detail, manual receivables,
// deleting. Writes run in the router's transaction.

export const rechnungenRoutes: AnyRoute[] = [
  route({
    method: 'GET',
    path: 'Rechnungspruefung/GetRechnungen',
    rights: RECHNUNGEN_VIEW,
    query: rechnungFilterQuery,
    handler: ({ db, query }) => ladeRechnungen(db, query),
  }),
  route({
    method: 'GET',
    path: 'Rechnungspruefung/GetRechnung',
    rights: RECHNUNGEN_VIEW,
    query: rechnungIdQuery,
    async handler({ db, query }) {
      const r = await ladeRechnungDetail(db, query.id);
      if (!r) throw notFound('Die Rechnung wurde nicht gefunden.');
      return r;
    },
  }),
  route({
    method: 'POST',
    path: 'Rechnungspruefung/UpdateRechnung',
    rights: RECHNUNGEN_EDIT,
    body: rechnungBody,
    handler: ({ db, actor, body }) => speichereRechnung(db, actor, body),
  }),
  route({
    method: 'DELETE',
    path: 'Rechnungspruefung/DeleteRechnung',
    rights: RECHNUNGEN_EDIT,
    query: rechnungIdQuery,
    async handler({ db, actor, query }) {
      await loescheRechnung(db, actor, query.id);
    },
  }),
  route({
    method: 'DELETE',
    path: 'Rechnungspruefung/DeleteRechnungenFiltered',
    rights: RECHNUNGEN_EDIT,
    body: deleteRechnungenFilteredBody,
    handler: ({ db, actor, body }) => {
      const { dryRun, ...filter } = body;
      return loescheRechnungenGefiltert(db, actor, filter, dryRun ?? false);
    },
  }),
];
