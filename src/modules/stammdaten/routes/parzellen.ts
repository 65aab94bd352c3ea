import { route } from '../../../http/router';
import type { Right } from '../../../platform/auth/rights';
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
import { listPachtabrechnungen } from '../services/pachtabrechnungen';
import {
  deleteParzelle,
  gartenhistorie,
  getParzelle,
  listParzellen,
  parzellenLookup,
  parzellenspezifischeKonten,
  saveParzelle,
} from '../services/parzellen';

const VIEW: readonly Right[] = ['WebApp.Stammdaten.View', 'WebApp.Stammdaten.Edit'];
const EDIT: readonly Right[] = ['WebApp.Stammdaten.Edit'];

/** Plots, the year scope, Gartenwechsel and groups (docs/api/stammdaten.md). */
export const parzellenRoutes = [
  route({
    method: 'GET',
    path: 'Common/Pachtabrechnungen',
    signedIn: true,
    handler: ({ db }) => listPachtabrechnungen(db),
  }),
  route({
    method: 'GET',
    path: 'Stammdaten/Parzellen',
    rights: VIEW,
    query: parzellenQuery,
    handler: ({ db, query }) => listParzellen(db, query),
  }),
  route({
    method: 'GET',
    path: 'Stammdaten/GetParzelle',
    rights: VIEW,
    query: parzelleQuery,
    handler: ({ db, query }) => getParzelle(db, query.id, query.pachtabrechnungID),
  }),
  route({
    method: 'POST',
    path: 'Stammdaten/UpdateParzelle',
    rights: EDIT,
    body: parzelleBody,
    handler: ({ db, actor, body }) => saveParzelle(db, actor, body),
  }),
  route({
    method: 'DELETE',
    path: 'Stammdaten/DeleteParzelle',
    rights: EDIT,
    query: idQuery,
    async handler({ db, actor, query }) {
      await deleteParzelle(db, actor, query.id);
    },
  }),
  route({
    method: 'GET',
    path: 'Stammdaten/GetParzellenspezifischeKonten',
    rights: VIEW,
    query: idQuery,
    handler: ({ db, query }) => parzellenspezifischeKonten(db, query.id),
  }),
  route({
    method: 'GET',
    path: 'Stammdaten/GetGartenhistorie',
    rights: VIEW,
    query: gartenhistorieQuery,
    handler: ({ db, query }) => gartenhistorie(db, query.parzelleId),
  }),
  route({
    method: 'GET',
    path: 'Stammdaten/Gartenwechsel',
    rights: VIEW,
    query: gartenwechselQuery,
    handler: ({ db, query }) => gartenwechselInfo(db, query.adresse),
  }),
  route({
    method: 'POST',
    path: 'Stammdaten/ExecuteGartenwechsel',
    rights: EDIT,
    body: gartenwechselBody,
    handler: ({ db, actor, body }) => executeGartenwechsel(db, actor, body),
  }),
  route({
    method: 'GET',
    path: 'Common/Parzellen',
    rights: VIEW,
    handler: ({ db }) => parzellenLookup(db),
  }),
  route({
    method: 'GET',
    path: 'Stammdaten/Gruppe',
    rights: VIEW,
    handler: ({ db }) => listGruppen(db),
  }),
  route({
    method: 'GET',
    path: 'Stammdaten/GetGruppe',
    rights: VIEW,
    query: idQuery,
    handler: ({ db, query }) => getGruppe(db, query.id),
  }),
  route({
    method: 'POST',
    path: 'Stammdaten/UpdateGruppe',
    rights: EDIT,
    body: gruppeBody,
    handler: ({ db, actor, body }) => saveGruppe(db, actor, body),
  }),
  route({
    method: 'DELETE',
    path: 'Stammdaten/DeleteGruppe',
    rights: EDIT,
    query: idQuery,
    async handler({ db, actor, query }) {
      await deleteGruppe(db, actor, query.id);
    },
  }),
  route({
    method: 'GET',
    path: 'Common/Gruppen',
    rights: VIEW,
    handler: ({ db }) => gruppenLookup(db),
  }),
];
