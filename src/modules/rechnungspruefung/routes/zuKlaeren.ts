import { type AnyRoute, route } from '../../../http/router';
import { RECHNUNGEN_VIEW } from '../rights';
import { zuKlaerenQuery } from '../schema/zuKlaeren';
import { ladeZuKlaeren } from '../services/zuKlaeren';

// "Zu klären" (docs/api/rechnungspruefung.md "Bankabgleich und „Zu klären“"): the bank credits the
// matcher could not allocate, with suggestions.

export const zuKlaerenRoutes: AnyRoute[] = [
  route({
    method: 'GET',
    path: 'Rechnungspruefung/ZuKlaeren',
    rights: RECHNUNGEN_VIEW,
    query: zuKlaerenQuery,
    handler: ({ db, query }) => ladeZuKlaeren(db, query),
  }),
];
