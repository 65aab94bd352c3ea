import { type AnyRoute, route } from '../../../http/router';
import { WASSER_VIEW, WASSERABRECHNUNG_VIEW } from '../rights';
import { fehlersucheQuery, verbrauchDetailsQuery } from '../schema/fehlersuche';
import { fehlersuche } from '../services/fehlersuche';
import { verbrauchDetailsPdf } from '../services/verbrauchDetails';

// Fehlersuche and the per-plot consumption PDF (docs/api/wasserbuch.md).

export const fehlersucheRoutes: AnyRoute[] = [
  route({
    method: 'GET',
    path: 'Wasserbuch/GetFehlersuche',
    rights: WASSER_VIEW,
    query: fehlersucheQuery,
    handler: ({ db, query }) => fehlersuche(db, query),
  }),
  route({
    method: 'GET',
    path: 'Wasserbuch/GetVerbrauchDetailsPDF',
    rights: WASSERABRECHNUNG_VIEW,
    query: verbrauchDetailsQuery,
    handler: ({ services, db, query }) => verbrauchDetailsPdf(services, db, query),
  }),
];
