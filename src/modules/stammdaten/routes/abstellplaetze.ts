import { pdfFile, xlsxFile } from '../../../http/fileResult';
import { type AnyRoute, route } from '../../../http/router';
import type { Right } from '../../../platform/auth/rights';
import {
  abstellplatzBody,
  adresseIdQuery,
  idQuery,
  neuzuordnungBody,
  pachtabrechnungQuery,
  parkkartenInfoBody,
  parkkartenQuery,
  zuordnungBody,
} from '../schema/abstellplaetze';
import {
  abstellplaetzeByAdresse,
  abstellplatzLookup,
  deleteAbstellplatz,
  exportAbstellplaetze,
  getAbstellplatz,
  getZuordnung,
  listAbstellplaetze,
  saveAbstellplatz,
} from '../services/abstellplaetze';
import { deleteZuordnung, neuzuordnung, saveZuordnung } from '../services/abstellplatzZuordnungen';
import { getParkkartenInfo, parkkartenPdf, saveParkkartenInfo } from '../services/parkkarten';

const VIEW: readonly Right[] = ['WebApp.Stammdaten.View', 'WebApp.Stammdaten.Edit'];
const EDIT: readonly Right[] = ['WebApp.Stammdaten.Edit'];

/** Abstellplätze with their assignments to addresses, and the yearly parking cards. */
export const abstellplatzRoutes: AnyRoute[] = [
  route({
    method: 'GET',
    path: 'Stammdaten/GetAbstellplaetze',
    rights: VIEW,
    handler: ({ db }) => listAbstellplaetze(db),
  }),
  route({
    method: 'GET',
    path: 'Stammdaten/GetAbstellplatz',
    rights: VIEW,
    query: idQuery,
    handler: ({ db, query }) => getAbstellplatz(db, query.id),
  }),
  route({
    method: 'GET',
    path: 'Stammdaten/Abstellplaetze',
    rights: VIEW,
    handler: ({ db }) => abstellplatzLookup(db),
  }),
  route({
    method: 'GET',
    path: 'Stammdaten/GetAbstellplaetzeByAdresse',
    rights: VIEW,
    query: adresseIdQuery,
    handler: ({ db, query }) => abstellplaetzeByAdresse(db, query.adresseId),
  }),
  route({
    method: 'GET',
    path: 'Stammdaten/GetAbstellplatzAdresse',
    rights: VIEW,
    query: idQuery,
    handler: ({ db, query }) => getZuordnung(db, query.id),
  }),
  route({
    method: 'POST',
    path: 'Stammdaten/UpdateAbstellPlatz',
    rights: EDIT,
    body: abstellplatzBody,
    handler: ({ db, actor, body }) => saveAbstellplatz(db, actor, body),
  }),
  route({
    method: 'POST',
    path: 'Stammdaten/UpdateNeuzuordnung',
    rights: EDIT,
    body: neuzuordnungBody,
    handler: ({ db, actor, body }) => neuzuordnung(db, actor, body),
  }),
  route({
    method: 'POST',
    path: 'Stammdaten/UpdateAbstellplatzAdresse',
    rights: EDIT,
    body: zuordnungBody,
    handler: ({ db, actor, body }) => saveZuordnung(db, actor, body),
  }),
  route({
    method: 'DELETE',
    path: 'Stammdaten/DeleteAbstellplatz',
    rights: EDIT,
    query: idQuery,
    async handler({ db, actor, query }) {
      await deleteAbstellplatz(db, actor, query.id);
    },
  }),
  route({
    method: 'DELETE',
    path: 'Stammdaten/DeleteAbstellplatzAdresse',
    rights: EDIT,
    query: idQuery,
    async handler({ db, actor, query }) {
      await deleteZuordnung(db, actor, query.id);
    },
  }),
  route({
    method: 'GET',
    path: 'Stammdaten/ExportAbstellplaetze',
    rights: VIEW,
    handler: async ({ db }) => xlsxFile(await exportAbstellplaetze(db), 'Abstellplaetze.xlsx'),
  }),
  route({
    method: 'GET',
    path: 'Stammdaten/GetParkkartenInfo',
    rights: VIEW,
    query: pachtabrechnungQuery,
    handler: ({ db, query }) => getParkkartenInfo(db, query.pachtabrechnungID),
  }),
  route({
    method: 'POST',
    path: 'Stammdaten/UpdateParkkartenInfo',
    rights: EDIT,
    body: parkkartenInfoBody,
    handler: ({ db, actor, body }) => saveParkkartenInfo(db, actor, body),
  }),
  route({
    method: 'GET',
    path: 'Stammdaten/Parkkarten',
    rights: VIEW,
    query: parkkartenQuery,
    async handler({ services, db, query }) {
      const { pdf, fileName } = await parkkartenPdf(services, db, query);
      return pdfFile(pdf, fileName);
    },
  }),
];
