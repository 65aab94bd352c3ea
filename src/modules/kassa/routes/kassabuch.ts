import { type AnyRoute, route } from '../../../http/router';
import { todayIso } from '../../../platform/dates';
import { cachedJson } from '../../../platform/db/answerCache';
import { pdfFile, xlsxFile } from '../../../platform/files/fileResult';
import { KASSA_EDIT, KASSA_VIEW } from '../rights';
import {
  deleteFilteredQuery,
  kassabuchBody,
  kassabuchFilterQuery,
  kassabuchIdQuery,
  stornoBody,
} from '../schema/kassabuch';
import { belegdruckPdf } from '../services/belegdruck';
import { loescheGefiltert, speichereEintrag } from '../services/kassabuch';
import { kassabuchExcel, kassabuchPdf } from '../services/kassabuchDokumente';
import { ladeKassabuch } from '../services/kassabuchLesen';
import { pruefeZuordnungsRecht } from '../services/kassabuchZuordnungen';
import { schliesseGefilterte } from '../services/pruefen';
import { storniere } from '../services/storno';

// The Kassabuch (docs/api/kassa.md "Kassabuch"): entries, filters, checking with the hash chain,
// reversals, Eigenbeleg, Kassabuch PDF and Excel. Writes run in the router's transaction.

/** GetKassabuch's answer depends on these tables (receipts are files; names come from plots and addresses). */
const KASSABUCH_TABLES = [
  'kassabuch',
  'konten',
  'konto_anfangsbestaende',
  'buchungskonten',
  'kostenstellen',
  'files',
  'parzellen',
  'adressen',
  // The entries' allocations to receivables (issue 15) and the receivables' numbers.
  'zuordnungen',
  'rechnungen',
] as const;

export const kassabuchRoutes: AnyRoute[] = [
  route({
    method: 'GET',
    path: 'Kassa/GetKassabuch',
    rights: KASSA_VIEW,
    query: kassabuchFilterQuery,
    // 20,000 entries: the JSON is kept until a table it comes from changes (docs/architecture.md).
    handler: ({ db, query }) =>
      cachedJson(db, `GetKassabuch ${JSON.stringify(query)}`, KASSABUCH_TABLES, () => ladeKassabuch(db, query)),
  }),
  route({
    method: 'POST',
    path: 'Kassa/UpdateKassabuch',
    rights: KASSA_EDIT,
    body: kassabuchBody,
    // Changed allocations also need Rechnungspruefung.Edit (403 otherwise), like its Zuordnen.
    async handler({ db, actor, principal, body }) {
      await pruefeZuordnungsRecht(db, principal, body.id, body.zuordnungen);
      return speichereEintrag(db, actor, body);
    },
  }),
  route({
    method: 'POST',
    path: 'Kassa/StornoKassabuch',
    rights: KASSA_EDIT,
    body: stornoBody,
    handler: ({ db, actor, body }) => storniere(db, actor, body),
  }),
  route({
    method: 'DELETE',
    path: 'Kassa/DeleteKassabuchFiltered',
    rights: KASSA_EDIT,
    query: deleteFilteredQuery,
    handler: ({ services, db, actor, query }) => {
      const { dryRun, ...filter } = query;
      return loescheGefiltert(services, db, actor, filter, dryRun);
    },
  }),
  route({
    method: 'POST',
    path: 'Kassa/CloseFilteredEntries',
    rights: KASSA_EDIT,
    query: kassabuchFilterQuery,
    handler: ({ db, actor, query }) => schliesseGefilterte(db, actor, query),
  }),
  route({
    method: 'GET',
    path: 'Kassa/Belegdruck',
    rights: KASSA_VIEW,
    query: kassabuchIdQuery,
    handler: ({ services, db, query }) => belegdruckPdf(services, db, query.kassabuchID),
  }),
  route({
    method: 'GET',
    path: 'Kassa/Kassabuch',
    rights: KASSA_VIEW,
    query: kassabuchFilterQuery,
    handler: async ({ services, db, query }) =>
      pdfFile(await kassabuchPdf(services, db, query), `Kassabuch-${todayIso()}.pdf`),
  }),
  route({
    method: 'GET',
    path: 'Kassa/KassabuchExcelExport',
    rights: KASSA_VIEW,
    query: kassabuchFilterQuery,
    handler: async ({ db, query }) => xlsxFile(await kassabuchExcel(db, query), `Kassabuch-${todayIso()}.xlsx`),
  }),
];
