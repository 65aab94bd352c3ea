import { type AnyRoute, route } from '../../../http/router';
import { zahlscheinePdf } from '../../rechnungspruefung/services';
import { ZAHLSCHEINE_VIEW } from '../rights';
import { zahlscheineQuery } from '../schema/briefe';

// Payment slips of the open receivables (docs/api/abrechnung.md "Zahlscheine"); the Rechnungsprüfer
// print them too.

export const zahlscheineRoutes: AnyRoute[] = [
  route({
    method: 'GET',
    path: 'Abrechnung/Zahlscheine',
    rights: ZAHLSCHEINE_VIEW,
    query: zahlscheineQuery,
    handler: ({ services, query }) => zahlscheinePdf(services, { datum: query.date, adresseId: query.adress }),
  }),
];
