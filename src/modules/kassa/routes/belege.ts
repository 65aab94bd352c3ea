import { type AnyRoute, route } from '../../../http/router';
import { KASSA_EDIT, KASSA_VIEW } from '../rights';
import { belegIdQuery, belegUploadQuery } from '../schema/belege';
import { BELEG_MAX_BYTES, belegDatei, ladeBelegeHoch, listeBelege, loescheBeleg } from '../services/belege';

// Receipts of Kassabuch entries (docs/api/kassa.md "Belege"): files of the platform file store.

export const belegRoutes: AnyRoute[] = [
  route({
    method: 'POST',
    path: 'Kassa/UpdateKassabuchBeleg',
    rights: KASSA_EDIT,
    query: belegUploadQuery,
    // Several receipts in one request (field `files`).
    upload: { maxBytes: BELEG_MAX_BYTES },
    handler: ({ services, db, actor, query, files }) => ladeBelegeHoch(services, db, actor, query.kassabuchID, files),
  }),
  route({
    method: 'GET',
    path: 'Kassa/KassabuchBelegUpdate',
    rights: KASSA_VIEW,
    query: belegUploadQuery,
    handler: ({ services, db, query }) => listeBelege(services, db, query.kassabuchID),
  }),
  route({
    method: 'GET',
    path: 'Kassa/GetBeleg',
    rights: KASSA_VIEW,
    query: belegIdQuery,
    handler: ({ services, db, query }) => belegDatei(services, db, query.belegID, query.inline ?? false),
  }),
  route({
    method: 'DELETE',
    path: 'Kassa/DeleteBeleg',
    rights: KASSA_EDIT,
    query: belegIdQuery,
    async handler({ services, db, actor, query }) {
      await loescheBeleg(services, db, actor, query.belegID);
    },
  }),
];
