import { type AnyRoute, route } from '../../../http/router';
import type { Right } from '../../../platform/auth/rights';
import {
  geburtstagslisteQuery,
  jubilaeumslisteQuery,
  stammdatenblattQuery,
  summenblattQuery,
  unterschriftenlisteQuery,
} from '../schema/listen';
import {
  adressenWorkbook,
  exportAllWorkbook,
  geburtstagslisteReport,
  jubilaeumslisteReport,
  stammdatenblattReport,
  summenblattReport,
  unterschriftenlisteReport,
} from '../services/listenReports';

const view: readonly Right[] = ['WebApp.Stammdaten.View', 'WebApp.Stammdaten.Edit'];

/** The Stammdaten lists (JSON rows, PDF or Excel) and the Excel exports. */
export const listenRoutes: AnyRoute[] = [
  route({
    method: 'GET',
    path: 'Stammdaten/Geburtstagsliste',
    rights: view,
    query: geburtstagslisteQuery,
    handler: ({ db, services, query }) => geburtstagslisteReport(services, db, query),
  }),
  route({
    method: 'GET',
    path: 'Stammdaten/Jubilaeumsliste',
    rights: view,
    query: jubilaeumslisteQuery,
    handler: ({ db, services, query }) => jubilaeumslisteReport(services, db, query),
  }),
  route({
    method: 'GET',
    path: 'Stammdaten/Unterschriftenliste',
    rights: view,
    query: unterschriftenlisteQuery,
    handler: ({ db, services, query }) => unterschriftenlisteReport(services, db, query),
  }),
  route({
    method: 'GET',
    path: 'Stammdaten/Summenblatt',
    rights: view,
    query: summenblattQuery,
    handler: ({ db, services, query }) => summenblattReport(services, db, query),
  }),
  route({
    method: 'GET',
    path: 'Stammdaten/Stammdatenblatt',
    rights: view,
    query: stammdatenblattQuery,
    handler: ({ db, services, query }) => stammdatenblattReport(services, db, query),
  }),
  route({
    method: 'GET',
    path: 'Stammdaten/ExportAdressen',
    rights: view,
    handler: ({ db }) => adressenWorkbook(db, false),
  }),
  route({
    method: 'GET',
    path: 'Stammdaten/ExportWeitereMitgliedschaften',
    rights: view,
    handler: ({ db }) => adressenWorkbook(db, true),
  }),
  route({
    method: 'GET',
    path: 'Stammdaten/ExportAll',
    rights: view,
    handler: ({ db }) => exportAllWorkbook(db),
  }),
];
