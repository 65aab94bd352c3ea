import { type AnyRoute, route } from '../../../http/router';
import { notFound } from '../../../platform/errors';
import { RECHNUNGEN_EDIT, RECHNUNGEN_VIEW } from '../rights';
import { ratenVorschlagQuery, updateRatenBody } from '../schema/raten';
import { ladeRechnung } from '../services';
import { ratenVorschlag, speichereRaten } from '../services/raten';

// Instalments (docs/api/rechnungspruefung.md "Raten"): store a receivable's instalment plan, and
// suggest monthly instalments for it.

export const ratenRoutes: AnyRoute[] = [
  route({
    method: 'POST',
    path: 'Rechnungspruefung/UpdateRaten',
    rights: RECHNUNGEN_EDIT,
    body: updateRatenBody,
    async handler({ db, actor, body }) {
      await speichereRaten(db, actor, body.rechnungId, body.raten);
      const r = await ladeRechnung(db, body.rechnungId);
      if (!r) throw notFound('Diese Rechnung gibt es nicht.');
      return r;
    },
  }),
  route({
    method: 'GET',
    path: 'Rechnungspruefung/RatenVorschlag',
    rights: RECHNUNGEN_VIEW,
    query: ratenVorschlagQuery,
    async handler({ db, query }) {
      return ratenVorschlag(db, query.rechnungId, query.anzahl, query.ersteFaelligkeit);
    },
  }),
];
