import { type AnyRoute, route } from '../../../http/router';
import { STAMMDATEN_VIEW } from '../rights';
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

/** The Stammdaten lists (JSON rows, PDF or Excel) and the Excel exports. */
export const listenRoutes: AnyRoute[] = [
  route({
    method: 'GET',
    path: 'Stammdaten/Geburtstagsliste',
    rights: STAMMDATEN_VIEW,
    query: geburtstagslisteQuery,
    handler: ({ db, services, query }) => geburtstagslisteReport(services, db, query),
  }),
  route({
    method: 'GET',
    path: 'Stammdaten/Jubilaeumsliste',
    rights: STAMMDATEN_VIEW,
    query: jubilaeumslisteQuery,
    handler: ({ db, services, query }) => jubilaeumslisteReport(services, db, query),
  }),
  route({
    method: 'GET',
    path: 'Stammdaten/Unterschriftenliste',
    rights: STAMMDATEN_VIEW,
    query: unterschriftenlisteQuery,
    handler: ({ db, services, query }) => unterschriftenlisteReport(services, db, query),
  }),
  route({
    method: 'GET',
    path: 'Stammdaten/Summenblatt',
    rights: STAMMDATEN_VIEW,
    query: summenblattQuery,
    handler: ({ db, services, query }) => summenblattReport(services, db, query),
  }),
  route({
    method: 'GET',
    path: 'Stammdaten/Stammdatenblatt',
    rights: STAMMDATEN_VIEW,
    query: stammdatenblattQuery,
    handler: ({ db, services, query }) => stammdatenblattReport(services, db, query),
  }),
  route({
    method: 'GET',
    path: 'Stammdaten/ExportAdressen',
    rights: STAMMDATEN_VIEW,
    handler: ({ db }) => adressenWorkbook(db, false),
  }),
  route({
    method: 'GET',
    path: 'Stammdaten/ExportWeitereMitgliedschaften',
    rights: STAMMDATEN_VIEW,
    handler: ({ db }) => adressenWorkbook(db, true),
  }),
  route({
    method: 'GET',
    path: 'Stammdaten/ExportAll',
    rights: STAMMDATEN_VIEW,
    handler: ({ db }) => exportAllWorkbook(db),
  }),
];
