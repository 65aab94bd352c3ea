import { route } from '../../../http/router';
import { todayIso } from '../../../platform/dates';
import { cachedJson } from '../../../platform/db/answerCache';
import { PARZELLEN_LOOKUP, STAMMDATEN_EDIT, STAMMDATEN_VIEW } from '../rights';
import {
  gartenhistorieQuery,
  gartenwechselBody,
  gartenwechselQuery,
  gruppeBody,
  idQuery,
  parzelleBody,
  parzellenQuery,
  parzelleQuery,
} from '../schema/parzellen';
import { executeGartenwechsel, gartenwechselInfo } from '../services/gartenwechsel';
import { deleteGruppe, getGruppe, gruppenLookup, listGruppen, saveGruppe } from '../services/gruppen';
import {
  deleteParzelle,
  gartenhistorie,
  getParzelle,
  listParzellen,
  PARZELLEN_LIST_TABLES,
  parzellenLookup,
  saveParzelle,
} from '../services/parzellen';

/** Plots, Gartenwechsel and groups (docs/api/stammdaten.md). */
export const parzellenRoutes = [
  route({
    method: 'GET',
    path: 'Stammdaten/Parzellen',
    rights: STAMMDATEN_VIEW,
    query: parzellenQuery,
    // 2,000 plots: the JSON is kept until a table it comes from changes (docs/architecture.md).
    handler: ({ db, query }) =>
      cachedJson(db, `Parzellen ${JSON.stringify(query)} ${todayIso()}`, PARZELLEN_LIST_TABLES, () =>
        listParzellen(db, query),
      ),
  }),
  route({
    method: 'GET',
    path: 'Stammdaten/GetParzelle',
    rights: STAMMDATEN_VIEW,
    query: parzelleQuery,
    handler: ({ db, query }) => getParzelle(db, query.id, query.pachtabrechnungID),
  }),
  route({
    method: 'POST',
    path: 'Stammdaten/UpdateParzelle',
    rights: STAMMDATEN_EDIT,
    body: parzelleBody,
    handler: ({ db, actor, body }) => saveParzelle(db, actor, body),
  }),
  route({
    method: 'DELETE',
    path: 'Stammdaten/DeleteParzelle',
    rights: STAMMDATEN_EDIT,
    query: idQuery,
    async handler({ db, actor, query }) {
      await deleteParzelle(db, actor, query.id);
    },
  }),
  route({
    method: 'GET',
    path: 'Stammdaten/GetGartenhistorie',
    rights: STAMMDATEN_VIEW,
    query: gartenhistorieQuery,
    handler: ({ db, query }) => gartenhistorie(db, query.parzelleId),
  }),
  route({
    method: 'GET',
    path: 'Stammdaten/Gartenwechsel',
    rights: STAMMDATEN_VIEW,
    query: gartenwechselQuery,
    handler: ({ db, query }) => gartenwechselInfo(db, query.adresse),
  }),
  route({
    method: 'POST',
    path: 'Stammdaten/ExecuteGartenwechsel',
    rights: STAMMDATEN_EDIT,
    body: gartenwechselBody,
    handler: ({ db, actor, body }) => executeGartenwechsel(db, actor, body),
  }),
  route({
    method: 'GET',
    path: 'Common/Parzellen',
    rights: PARZELLEN_LOOKUP,
    handler: ({ db }) => parzellenLookup(db),
  }),
  route({
    method: 'GET',
    path: 'Stammdaten/Gruppe',
    rights: STAMMDATEN_VIEW,
    handler: ({ db }) => listGruppen(db),
  }),
  route({
    method: 'GET',
    path: 'Stammdaten/GetGruppe',
    rights: STAMMDATEN_VIEW,
    query: idQuery,
    handler: ({ db, query }) => getGruppe(db, query.id),
  }),
  route({
    method: 'POST',
    path: 'Stammdaten/UpdateGruppe',
    rights: STAMMDATEN_EDIT,
    body: gruppeBody,
    handler: ({ db, actor, body }) => saveGruppe(db, actor, body),
  }),
  route({
    method: 'DELETE',
    path: 'Stammdaten/DeleteGruppe',
    rights: STAMMDATEN_EDIT,
    query: idQuery,
    async handler({ db, actor, query }) {
      await deleteGruppe(db, actor, query.id);
    },
  }),
  route({
    method: 'GET',
    path: 'Common/Gruppen',
    rights: STAMMDATEN_VIEW,
    handler: ({ db }) => gruppenLookup(db),
  }),
];
