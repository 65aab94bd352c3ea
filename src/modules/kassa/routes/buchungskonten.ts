import { type AnyRoute, route } from '../../../http/router';
import { KASSA_EDIT, KASSA_VIEW } from '../rights';
import {
  buchungskontenQuery,
  buchungskontoBody,
  buchungskontoQuery,
  parzellenZuordnungBody,
  periodeQuery,
} from '../schema/buchungskonten';
import {
  buchungskontenVorhanden,
  deleteBuchungskonto,
  getBuchungskonto,
  listBuchungskonten,
  saveBuchungskonto,
} from '../services/buchungskonten';
import { parzellenspezifischeMitParzellen, saveParzellenZuordnung } from '../services/buchungskontoParzellen';

// Booking accounts of a period and their plot assignments (Kassa controller, docs/api/kassa.md
// "Buchungskonten und Kostenstellen"). The dropdown lookups are in lookups.ts.

export const buchungskontenRoutes: AnyRoute[] = [
  route({
    method: 'GET',
    path: 'Kassa/GetBuchungsKonten',
    rights: KASSA_VIEW,
    query: buchungskontenQuery,
    handler: ({ db, query }) => listBuchungskonten(db, query),
  }),
  route({
    method: 'GET',
    path: 'Kassa/GetBuchungsKonto',
    rights: KASSA_VIEW,
    query: buchungskontoQuery,
    handler: ({ db, query }) => getBuchungskonto(db, query.id),
  }),
  route({
    method: 'POST',
    path: 'Kassa/UpdateBuchungsKonto',
    rights: KASSA_EDIT,
    query: periodeQuery,
    body: buchungskontoBody,
    handler: ({ db, actor, query, body }) => saveBuchungskonto(db, actor, query.kassaabrechnungID, body),
  }),
  route({
    method: 'DELETE',
    path: 'Kassa/DeleteBuchungsKonto',
    rights: KASSA_EDIT,
    query: buchungskontoQuery,
    handler: ({ db, actor, query }) => deleteBuchungskonto(db, actor, query.id),
  }),
  route({
    method: 'GET',
    path: 'Kassa/CheckActiveBuchungskonten',
    rights: KASSA_VIEW,
    query: periodeQuery,
    handler: ({ db, query }) => buchungskontenVorhanden(db, query.kassaabrechnungID, false),
  }),
  route({
    method: 'GET',
    path: 'Kassa/CheckDeletedBuchungskonten',
    rights: KASSA_VIEW,
    query: periodeQuery,
    handler: ({ db, query }) => buchungskontenVorhanden(db, query.kassaabrechnungID, true),
  }),
  route({
    method: 'GET',
    path: 'Kassa/GetBuchungsKontenParzellenspezifischWithParzellen',
    rights: KASSA_VIEW,
    query: periodeQuery,
    handler: ({ db, query }) => parzellenspezifischeMitParzellen(db, query.kassaabrechnungID),
  }),
  route({
    method: 'POST',
    path: 'Kassa/UpdateBuchungskontenParzellenspezifischParzellen',
    rights: KASSA_EDIT,
    body: parzellenZuordnungBody,
    handler: ({ db, actor, body }) => saveParzellenZuordnung(db, actor, body),
  }),
];
