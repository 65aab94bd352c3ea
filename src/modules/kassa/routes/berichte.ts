import { type AnyRoute, route } from '../../../http/router';
import { KASSA_VIEW } from '../rights';
import {
  kassaberichtQuery,
  kontoberichtQuery,
  kostenaufstellungQuery,
  pruefpaketQuery,
  steuerberichtQuery,
} from '../schema/berichte';
import { kassabericht } from '../services/berichte/kassabericht';
import { kontobericht } from '../services/berichte/kontobericht';
import { kostenaufstellung } from '../services/berichte/kostenaufstellung';
import { steuerberichtBericht } from '../services/berichte/steuerbericht';
import { pruefpaket } from '../services/pruefpaket';

// The Kassa reports as JSON (format=json: the numbers the PDF prints), PDF (default) and Excel, and
// the audit package (docs/api/kassa.md "Berichte"). All read-only: the Rechnungsprüfer (View rights)
// may call every one of them.

export const berichtRoutes: AnyRoute[] = [
  route({
    method: 'GET',
    path: 'Kassa/Kassabericht',
    rights: KASSA_VIEW,
    query: kassaberichtQuery,
    handler: ({ services, db, query }) => kassabericht(services, db, query),
  }),
  route({
    method: 'GET',
    path: 'Kassa/Kontobericht',
    rights: KASSA_VIEW,
    query: kontoberichtQuery,
    handler: ({ services, db, query }) => kontobericht(services, db, query),
  }),
  route({
    method: 'GET',
    path: 'Kassa/Steuerbericht',
    rights: KASSA_VIEW,
    query: steuerberichtQuery,
    handler: ({ services, db, query }) => steuerberichtBericht(services, db, query),
  }),
  route({
    method: 'GET',
    path: 'Kassa/Kostenaufstellung',
    rights: KASSA_VIEW,
    query: kostenaufstellungQuery,
    handler: ({ services, db, query }) => kostenaufstellung(services, db, query),
  }),
  route({
    method: 'GET',
    path: 'Kassa/Pruefpaket',
    rights: KASSA_VIEW,
    query: pruefpaketQuery,
    handler: ({ services, db, query }) => pruefpaket(services, db, query.kassaabrechnungID),
  }),
];
