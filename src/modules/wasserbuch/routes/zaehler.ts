import { type AnyRoute, route } from '../../../http/router';
import { PARZELLE_ZAEHLER_VIEW } from '../rights';
import { eichungQuery, hauptwasserzaehlerIdQuery } from '../schema/zaehler';
import { hauptwasserzaehlerBilanz } from '../services/bilanz';
import { zaehlerEichung } from '../services/eichung';

// Main-meter balance and the meters' calibration (meter lifecycle); docs/api/wasserbuch.md
// "Main meters". Read with the water book's or Stammdaten's rights, as the meters themselves.

export const zaehlerRoutes: AnyRoute[] = [
  route({
    method: 'GET',
    path: 'Wasserbuch/GetHauptwasserzaehlerBilanz',
    rights: PARZELLE_ZAEHLER_VIEW,
    query: hauptwasserzaehlerIdQuery,
    handler: ({ db, query }) => hauptwasserzaehlerBilanz(db, query.id),
  }),
  route({
    method: 'GET',
    path: 'Wasserbuch/GetZaehlerEichung',
    rights: PARZELLE_ZAEHLER_VIEW,
    query: eichungQuery,
    handler: ({ db, query }) => zaehlerEichung(db, query),
  }),
];
