import { type AnyRoute, route } from '../../../http/router';
import { idQuery } from '../../stammdaten/schema/abstellplaetze';
import { KASSA_EDIT, KASSA_VIEW } from '../rights';
import { kontenQuery, kontoBody, kontoQuery } from '../schema/konten';
import { deleteKonto, getKonto, listKonten, saveKonto } from '../services/konten';

// Bank accounts and the cash box (Kassa controller, docs/api/kassa.md "Konten").

export const kontenRoutes: AnyRoute[] = [
  route({
    method: 'GET',
    path: 'Kassa/GetKonten',
    rights: KASSA_VIEW,
    query: kontenQuery,
    handler: ({ db, query }) => listKonten(db, query.kassaabrechnungID),
  }),
  route({
    method: 'GET',
    path: 'Kassa/GetKonto',
    rights: KASSA_VIEW,
    query: kontoQuery,
    handler: ({ db, query }) => getKonto(db, query.id, query.kassaabrechnungID),
  }),
  route({
    method: 'POST',
    path: 'Kassa/UpdateKonto',
    rights: KASSA_EDIT,
    body: kontoBody,
    handler: ({ db, actor, body }) => saveKonto(db, actor, body),
  }),
  route({
    method: 'DELETE',
    path: 'Kassa/DeleteKonto',
    rights: KASSA_EDIT,
    query: idQuery,
    async handler({ db, actor, query }) {
      await deleteKonto(db, actor, query.id);
    },
  }),
];
