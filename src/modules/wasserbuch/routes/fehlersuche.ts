import { type AnyRoute, route } from '../../../http/router';
import { WASSER_VIEW } from '../rights';
import { fehlersucheQuery } from '../schema/fehlersuche';
import { fehlersuche } from '../services/fehlersuche';

// Fehlersuche and the per-plot consumption PDF (docs/api/wasserbuch.md).

export const fehlersucheRoutes: AnyRoute[] = [
  route({
    method: 'GET',
    path: 'Wasserbuch/GetFehlersuche',
    rights: WASSER_VIEW,
    query: fehlersucheQuery,
    handler: ({ db, query }) => fehlersuche(db, query),
  }),
];
