import { type AnyRoute, route } from '../../../http/router';
import { ABRECHNUNG_EDIT, ABRECHNUNG_VIEW } from '../rights';
import { gemeinschaftsflaecheBody, pachtVorschauBody, parzellenForZvQuery } from '../schema/parzellenZv';
import { pachtVorschau, parzellenForZv, speichereGemeinschaftsflaeche } from '../services/gemeinschaftsflaeche';

// The common-area shares and the lease per plot, and the surcharge preview (docs/api/abrechnung.md
// "Gemeinschaftsfläche und Vorschau").

export const parzellenZvRoutes: AnyRoute[] = [
  route({
    method: 'GET',
    path: 'Abrechnung/GetParzellenForZV',
    rights: ABRECHNUNG_VIEW,
    query: parzellenForZvQuery,
    handler: ({ db, query }) => parzellenForZv(db, query.pachtabrechnungID),
  }),
  route({
    method: 'POST',
    path: 'Abrechnung/UpdateGemeinschaftsflaeche',
    rights: ABRECHNUNG_EDIT,
    body: gemeinschaftsflaecheBody,
    handler: ({ db, actor, body }) => speichereGemeinschaftsflaeche(db, actor, body),
  }),
  // Computes only; a POST because it takes the dialog's draft surcharge as a body.
  route({
    method: 'POST',
    path: 'Abrechnung/PachtVorschau',
    rights: ABRECHNUNG_VIEW,
    body: pachtVorschauBody,
    transaction: false,
    handler: ({ db, body }) => pachtVorschau(db, body),
  }),
];
