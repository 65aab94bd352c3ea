import { type AnyRoute, route } from '../../../http/router';
import { WASSER_EDIT, WASSER_VIEW } from '../rights';
import { ablesebogenQuery, rundeQuery } from '../schema/dokumente';
import { ablesebogenPdf } from '../services/ablesebogen';
import { ablesungsrunde } from '../services/ablesungsrunde';

// Reading sheet, radio-meter import, meter-change import, export and protocol
// (docs/api/wasserbuch.md, "dokumente"). Writes run in the router's transaction.

void WASSER_EDIT;

export const dokumentRoutes: AnyRoute[] = [
  route({
    method: 'GET',
    path: 'Wasserbuch/GetAblesungsrunde',
    rights: WASSER_VIEW,
    query: rundeQuery,
    handler: ({ db, query }) => ablesungsrunde(db, query.datum),
  }),
  route({
    method: 'GET',
    path: 'Wasserbuch/Wasserablesungen',
    rights: WASSER_VIEW,
    query: ablesebogenQuery,
    handler: ({ services, db, query }) => ablesebogenPdf(services, db, query.date),
  }),
];
