import { type AnyRoute, route } from '../../../http/router';
import { ABRECHNUNG_VIEW } from '../rights';
import { zahlscheineQuery } from '../schema/briefe';
import { zahlscheinePdf } from '../services/zahlscheine';

// Payment slips of the open receivables (docs/api/abrechnung.md "Zahlscheine"); the Rechnungsprüfer
// print them too.

export const zahlscheineRoutes: AnyRoute[] = [
  route({
    method: 'GET',
    path: 'Abrechnung/Zahlscheine',
    rights: [...ABRECHNUNG_VIEW, 'WebApp.Rechnungspruefung.View', 'WebApp.Rechnungspruefung.Edit'],
    query: zahlscheineQuery,
    handler: ({ services, query }) => zahlscheinePdf(services, { datum: query.date, adresseId: query.adress }),
  }),
];
