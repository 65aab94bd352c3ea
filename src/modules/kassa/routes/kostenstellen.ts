import { type AnyRoute, route } from '../../../http/router';
import { idQuery } from '../../stammdaten/schema/abstellplaetze';
import { KASSA_EDIT, KASSA_VIEW } from '../rights';
import { kostenstelleBody, kostenstellenQuery } from '../schema/kostenstellen';
import { deleteKostenstelle, getKostenstelle, listKostenstellen, saveKostenstelle } from '../services/kostenstellen';

// Cost centres of a period (Kassa controller, docs/api/kassa.md "Buchungskonten und Kostenstellen").

export const kostenstellenRoutes: AnyRoute[] = [
  route({
    method: 'GET',
    path: 'Kassa/GetKostenStellen',
    rights: KASSA_VIEW,
    query: kostenstellenQuery,
    handler: ({ db, query }) => listKostenstellen(db, query.kassaabrechnungID),
  }),
  route({
    method: 'GET',
    path: 'Kassa/GetKostenstelle',
    rights: KASSA_VIEW,
    query: idQuery,
    handler: ({ db, query }) => getKostenstelle(db, query.id),
  }),
  route({
    method: 'POST',
    path: 'Kassa/UpdateKostenstelle',
    rights: KASSA_EDIT,
    body: kostenstelleBody,
    handler: ({ db, actor, body }) => saveKostenstelle(db, actor, body),
  }),
  route({
    method: 'DELETE',
    path: 'Kassa/DeleteKostenstelle',
    rights: KASSA_EDIT,
    query: idQuery,
    async handler({ db, actor, query }) {
      await deleteKostenstelle(db, actor, query.id);
    },
  }),
];
