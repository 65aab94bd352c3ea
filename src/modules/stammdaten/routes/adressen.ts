import { z } from 'zod';
import { type AnyRoute, route } from '../../../http/router';
import { todayIso } from '../../../platform/dates';
import { cachedJson } from '../../../platform/db/answerCache';
import { STAMMDATEN_EDIT, STAMMDATEN_VIEW } from '../rights';
import {
  activeAdressenQuery,
  adresseIdQuery,
  filesByAdressQuery,
  getAdresseQuery,
  idQuery,
  weiterePersonBody,
} from '../schema/adressen';
import {
  ADRESSE_FILE_MAX_BYTES,
  ADRESSEN_LIST_TABLES,
  adressenLookup,
  filesByAdresse,
  getAdresse,
  getAdresseDetail,
  listAdressen,
  personenLookup,
  readAdresseRequest,
} from '../services/adressen';
import { deleteAdresse } from '../services/deleteAdresse';
import { saveAdresse } from '../services/saveAdresse';
import {
  deleteWeiterePerson,
  getWeiterePerson,
  listWeiterePersonen,
  saveWeiterePerson,
} from '../services/weiterePersonen';

/** Addresses (Nutzungsberechtigte and other contacts), their further persons and files; see docs/api/stammdaten.md. */
export const adressenRoutes: AnyRoute[] = [
  route({
    method: 'GET',
    path: 'Stammdaten/ActiveAdressen',
    rights: STAMMDATEN_VIEW,
    query: activeAdressenQuery,
    // 2,500 addresses: the JSON is kept until a table it comes from changes (docs/architecture.md).
    handler: ({ db, query }) =>
      cachedJson(db, `ActiveAdressen ${JSON.stringify(query)} ${todayIso()}`, ADRESSEN_LIST_TABLES, () =>
        listAdressen(db, query),
      ),
  }),
  route({
    method: 'GET',
    path: 'Stammdaten/GetAdresse',
    rights: STAMMDATEN_VIEW,
    query: getAdresseQuery,
    handler: ({ services, db, query }) => getAdresseDetail(services, db, query.id, query.pachtabrechnungID),
  }),
  route({
    method: 'POST',
    path: 'Stammdaten/UpdateAdresse',
    rights: STAMMDATEN_EDIT,
    // JSON, or multipart with the JSON in `data`: the service validates it.
    body: z.unknown(),
    upload: { maxBytes: ADRESSE_FILE_MAX_BYTES },
    async handler({ koa, services, db, actor, body, files }) {
      const multipart = Boolean(koa.request.is('multipart/*'));
      const { data, uploads } = await readAdresseRequest(body, files, multipart);
      return saveAdresse(services, db, actor, data, uploads);
    },
  }),
  route({
    method: 'DELETE',
    path: 'Stammdaten/DeleteAdresse',
    rights: STAMMDATEN_EDIT,
    query: idQuery,
    async handler({ services, db, actor, query }) {
      await deleteAdresse(services, db, actor, query.id);
    },
  }),
  route({
    method: 'GET',
    path: 'Stammdaten/GetWeiterePersonenByAdresse',
    rights: STAMMDATEN_VIEW,
    query: adresseIdQuery,
    async handler({ db, query }) {
      await getAdresse(db, query.adresseId);
      return listWeiterePersonen(db, query.adresseId);
    },
  }),
  route({
    method: 'GET',
    path: 'Stammdaten/GetWeiterePerson',
    rights: STAMMDATEN_VIEW,
    query: idQuery,
    handler: ({ db, query }) => getWeiterePerson(db, query.id),
  }),
  route({
    method: 'POST',
    path: 'Stammdaten/UpdateWeiterePerson',
    rights: STAMMDATEN_EDIT,
    body: weiterePersonBody,
    handler: ({ db, actor, body }) => saveWeiterePerson(db, actor, body),
  }),
  route({
    method: 'DELETE',
    path: 'Stammdaten/DeleteWeiterePerson',
    rights: STAMMDATEN_EDIT,
    query: idQuery,
    async handler({ db, actor, query }) {
      await deleteWeiterePerson(db, actor, query.id);
    },
  }),
  route({
    method: 'GET',
    path: 'Common/Addressen',
    rights: STAMMDATEN_VIEW,
    handler: async ({ db }) => (await adressenLookup(db)).map(({ id, name }) => ({ id, name })),
  }),
  route({
    method: 'GET',
    path: 'Common/AlleAdressen',
    rights: STAMMDATEN_VIEW,
    handler: ({ db }) => adressenLookup(db),
  }),
  route({
    method: 'GET',
    path: 'Common/Personen',
    rights: STAMMDATEN_VIEW,
    handler: ({ db }) => personenLookup(db, false),
  }),
  route({
    method: 'GET',
    path: 'Common/ActivePersonen',
    rights: STAMMDATEN_VIEW,
    handler: ({ db }) => personenLookup(db, true),
  }),
  route({
    method: 'GET',
    path: 'Common/GetFilesByAdress',
    rights: STAMMDATEN_VIEW,
    query: filesByAdressQuery,
    handler: ({ services, db, query }) => filesByAdresse(services, db, query.adressID),
  }),
];
