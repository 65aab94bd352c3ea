import { type AnyRoute, route } from '../../../http/router';
import { KASSA_EDIT, KASSA_VIEW } from '../rights';
import { anlageBody, anlageberichtQuery, anlageIdQuery, anlageverzeichnisQuery } from '../schema/anlagen';
import { anlageKategorien, deleteAnlage, getAnlage, listAnlagen, saveAnlage } from '../services/anlagen';
import { anlageberichtBericht } from '../services/berichte/anlagebericht';

// The Anlageverzeichnis (fixed-asset register) and the Anlagebericht (docs/api/kassa.md
// "Anlageverzeichnis"). Writes run in the router's transaction.

export const anlagenRoutes: AnyRoute[] = [
  route({
    method: 'GET',
    path: 'Kassa/GetAnlageverzeichnis',
    rights: KASSA_VIEW,
    query: anlageverzeichnisQuery,
    handler: ({ db, query }) => listAnlagen(db, query),
  }),
  route({
    method: 'GET',
    path: 'Kassa/GetAnlageverzeichnisData',
    rights: KASSA_VIEW,
    query: anlageIdQuery,
    handler: ({ db, query }) => getAnlage(db, query.id, query.jahr),
  }),
  route({
    method: 'POST',
    path: 'Kassa/UpdateAnlageverzeichnis',
    rights: KASSA_EDIT,
    body: anlageBody,
    handler: ({ db, actor, body }) => saveAnlage(db, actor, body),
  }),
  route({
    method: 'DELETE',
    path: 'Kassa/DeleteAnlage',
    rights: KASSA_EDIT,
    query: anlageIdQuery,
    async handler({ db, actor, query }) {
      await deleteAnlage(db, actor, query.id);
    },
  }),
  route({
    method: 'GET',
    path: 'Kassa/GetAnlageKategorien',
    rights: KASSA_VIEW,
    handler: ({ db }) => anlageKategorien(db),
  }),
  route({
    method: 'GET',
    path: 'Kassa/Anlagebericht',
    rights: KASSA_VIEW,
    query: anlageberichtQuery,
    handler: ({ services, db, query }) => anlageberichtBericht(services, db, query),
  }),
];
