import { type AnyRoute, route } from '../../../http/router';
import { hasAnyRight } from '../../../platform/auth/principal';
import { HAUPTWASSERZAEHLER_VIEW, STAMMDATEN_VIEW } from '../rights';
import { uebersichtQuery } from '../schema/uebersicht';
import { uebersicht } from '../services/uebersicht';

/** The start page's overview: open to whoever reads a part of it; each part checks its own right. */
export const uebersichtRoutes: AnyRoute[] = [
  route({
    method: 'GET',
    path: 'Stammdaten/Uebersicht',
    rights: HAUPTWASSERZAEHLER_VIEW,
    query: uebersichtQuery,
    handler: ({ db, user, query }) =>
      uebersicht(db, {
        date: query.date,
        stammdaten: hasAnyRight(user, STAMMDATEN_VIEW),
        hauptwasserzaehler: hasAnyRight(user, HAUPTWASSERZAEHLER_VIEW),
      }),
  }),
];
