import { readFile } from 'node:fs/promises';
import type { UploadedFile } from '../../../http/router';
import { type AnyRoute, route } from '../../../http/router';
import { validationFailed } from '../../../platform/errors';
import { WASSER_EDIT, WASSER_VIEW } from '../rights';
import {
  ablesebogenQuery,
  funkImportQuery,
  funkMappingBody,
  mappingNameQuery,
  rundeQuery,
  zaehlerwechselProtokollQuery,
  zaehlerwechselQuery,
} from '../schema/dokumente';
import { ablesebogenPdf } from '../services/ablesebogen';
import { ablesungsrunde } from '../services/ablesungsrunde';
import { importFunk } from '../services/funkImport';
import { deleteFunkMapping, listFunkMappings, saveFunkMapping } from '../services/funkMapping';
import { importZaehlerwechsel } from '../services/zaehlerwechselImport';
import { exportZaehlerwechsel, listZaehlerwechsel } from '../services/zaehlerwechselListe';
import { zaehlerwechselProtokollPdf } from '../services/zaehlerwechselProtokoll';

// Reading sheet, radio-meter import, meter-change import, export and protocol
// (docs/api/wasserbuch.md, "dokumente"). Writes run in the router's transaction.

/** Radio exports and meter-change lists are small; 5 MB is far above 2,000 rows. */
const UPLOAD = { maxBytes: 5 * 1024 * 1024 };

/** The one uploaded file (field `file`) as bytes; 422 `file` when none came. */
async function uploaded(files: UploadedFile[]): Promise<Buffer> {
  const file = files.find((f) => f.field === 'file') ?? files[0];
  if (!file) throw validationFailed({ file: ['Bitte wählen Sie eine Datei aus.'] });
  return readFile(file.path);
}

export const dokumentRoutes: AnyRoute[] = [
  route({
    method: 'GET',
    path: 'Wasserbuch/GetAblesungsrunde',
    rights: WASSER_VIEW,
    query: rundeQuery,
    handler: ({ db, query }) => ablesungsrunde(db, query.datum),
  }),
  route({
    method: 'GET',
    path: 'Wasserbuch/Wasserablesungen',
    rights: WASSER_VIEW,
    query: ablesebogenQuery,
    handler: ({ services, db, query }) => ablesebogenPdf(services, db, query.date),
  }),
  route({
    method: 'POST',
    path: 'Wasserbuch/ImportFunkwasserablesungData',
    rights: WASSER_EDIT,
    query: funkImportQuery,
    upload: UPLOAD,
    handler: async ({ db, actor, query, files }) => importFunk(db, actor, await uploaded(files), query),
  }),
  route({
    method: 'GET',
    path: 'Wasserbuch/GetFunkImportMappings',
    rights: WASSER_VIEW,
    handler: ({ db }) => listFunkMappings(db),
  }),
  route({
    method: 'POST',
    path: 'Wasserbuch/UpdateFunkImportMapping',
    rights: WASSER_EDIT,
    body: funkMappingBody,
    handler: ({ db, actor, body }) => saveFunkMapping(db, actor, body),
  }),
  route({
    method: 'DELETE',
    path: 'Wasserbuch/DeleteFunkImportMapping',
    rights: WASSER_EDIT,
    query: mappingNameQuery,
    async handler({ db, actor, query }) {
      await deleteFunkMapping(db, actor, query.name);
    },
  }),
  route({
    method: 'GET',
    path: 'Wasserbuch/GetZaehlerwechsel',
    rights: WASSER_VIEW,
    query: zaehlerwechselQuery,
    handler: ({ db, query }) => listZaehlerwechsel(db, query),
  }),
  route({
    method: 'GET',
    path: 'Wasserbuch/ExportZaehlerwechsel',
    rights: WASSER_VIEW,
    query: zaehlerwechselQuery,
    handler: ({ db, query }) => exportZaehlerwechsel(db, query),
  }),
  route({
    method: 'POST',
    path: 'Wasserbuch/ImportZaehlerwechselData',
    rights: WASSER_EDIT,
    upload: UPLOAD,
    handler: async ({ db, actor, files }) => importZaehlerwechsel(db, actor, await uploaded(files)),
  }),
  route({
    method: 'GET',
    path: 'Wasserbuch/Zaehlerwechsel',
    rights: WASSER_VIEW,
    query: zaehlerwechselProtokollQuery,
    handler: ({ services, db, query }) => zaehlerwechselProtokollPdf(services, db, query),
  }),
];
