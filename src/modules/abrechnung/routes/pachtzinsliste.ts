import { type AnyRoute, route } from '../../../http/router';
import { ABRECHNUNG_VIEW } from '../rights';
import { pachtzinslisteQuery } from '../schema/pachtzinsliste';
import { pachtzinslisteAntwort } from '../services/pachtzinsliste';

// The lease per plot for the Generalpächter (docs/api/abrechnung.md "Pachtzinsliste").

export const pachtzinslisteRoutes: AnyRoute[] = [
  route({
    method: 'GET',
    path: 'Abrechnung/Pachtzinsliste',
    rights: ABRECHNUNG_VIEW,
    query: pachtzinslisteQuery,
    handler: ({ services, db, query }) => pachtzinslisteAntwort(services, db, query),
  }),
];
