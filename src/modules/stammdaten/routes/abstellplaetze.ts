import { pdfFile, xlsxFile } from '../../../http/fileResult';
import { type AnyRoute, route } from '../../../http/router';
import { STAMMDATEN_EDIT, STAMMDATEN_VIEW } from '../rights';
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

/** Abstellplätze with their assignments to addresses, and the yearly parking cards. */
export const abstellplatzRoutes: AnyRoute[] = [
  route({
    method: 'GET',
    path: 'Stammdaten/GetAbstellplaetze',
    rights: STAMMDATEN_VIEW,
    handler: ({ db }) => listAbstellplaetze(db),
  }),
  route({
    method: 'GET',
    path: 'Stammdaten/GetAbstellplatz',
    rights: STAMMDATEN_VIEW,
    query: idQuery,
    handler: ({ db, query }) => getAbstellplatz(db, query.id),
  }),
  route({
    method: 'GET',
    path: 'Stammdaten/Abstellplaetze',
    rights: STAMMDATEN_VIEW,
    handler: ({ db }) => abstellplatzLookup(db),
  }),
  route({
    method: 'GET',
    path: 'Stammdaten/GetAbstellplaetzeByAdresse',
    rights: STAMMDATEN_VIEW,
    query: adresseIdQuery,
    handler: ({ db, query }) => abstellplaetzeByAdresse(db, query.adresseId),
  }),
  route({
    method: 'GET',
    path: 'Stammdaten/GetAbstellplatzAdresse',
    rights: STAMMDATEN_VIEW,
    query: idQuery,
    handler: ({ db, query }) => getZuordnung(db, query.id),
  }),
  route({
    method: 'POST',
    path: 'Stammdaten/UpdateAbstellPlatz',
    rights: STAMMDATEN_EDIT,
    body: abstellplatzBody,
    handler: ({ db, actor, body }) => saveAbstellplatz(db, actor, body),
  }),
  route({
    method: 'POST',
    path: 'Stammdaten/UpdateNeuzuordnung',
    rights: STAMMDATEN_EDIT,
    body: neuzuordnungBody,
    handler: ({ db, actor, body }) => neuzuordnung(db, actor, body),
  }),
  route({
    method: 'POST',
    path: 'Stammdaten/UpdateAbstellplatzAdresse',
    rights: STAMMDATEN_EDIT,
    body: zuordnungBody,
    handler: ({ db, actor, body }) => saveZuordnung(db, actor, body),
  }),
  route({
    method: 'DELETE',
    path: 'Stammdaten/DeleteAbstellplatz',
    rights: STAMMDATEN_EDIT,
    query: idQuery,
    async handler({ db, actor, query }) {
      await deleteAbstellplatz(db, actor, query.id);
    },
  }),
  route({
    method: 'DELETE',
    path: 'Stammdaten/DeleteAbstellplatzAdresse',
    rights: STAMMDATEN_EDIT,
    query: idQuery,
    async handler({ db, actor, query }) {
      await deleteZuordnung(db, actor, query.id);
    },
  }),
  route({
    method: 'GET',
    path: 'Stammdaten/ExportAbstellplaetze',
    rights: STAMMDATEN_VIEW,
    handler: async ({ db }) => xlsxFile(await exportAbstellplaetze(db), 'Abstellplaetze.xlsx'),
  }),
  route({
    method: 'GET',
    path: 'Stammdaten/GetParkkartenInfo',
    rights: STAMMDATEN_VIEW,
    query: pachtabrechnungQuery,
    handler: ({ db, query }) => getParkkartenInfo(db, query.pachtabrechnungID),
  }),
  route({
    method: 'POST',
    path: 'Stammdaten/UpdateParkkartenInfo',
    rights: STAMMDATEN_EDIT,
    body: parkkartenInfoBody,
    handler: ({ db, actor, body }) => saveParkkartenInfo(db, actor, body),
  }),
  route({
    method: 'GET',
    path: 'Stammdaten/Parkkarten',
    rights: STAMMDATEN_VIEW,
    query: parkkartenQuery,
    async handler({ services, db, query }) {
      const { pdf, fileName } = await parkkartenPdf(services, db, query);
      return pdfFile(pdf, fileName);
    },
  }),
];
