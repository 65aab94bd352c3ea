import { readFile } from 'node:fs/promises';
import { type AnyRoute, route, type UploadedFile } from '../../../http/router';
import { VERSICHERUNGEN_EDIT, VERSICHERUNGEN_VIEW } from '../rights';
import {
  versicherungBody,
  versicherungenImportBody,
  versicherungenImportFields,
  versicherungenQuery,
  versicherungIdQuery,
} from '../schema/versicherungen';
import {
  deleteVersicherung,
  getVersicherung,
  listVersicherungen,
  saveVersicherung,
  versicherungenImportJahre,
} from '../services/versicherungen';
import { importiereVersicherungen, type VersicherungenImportArt } from '../services/versicherungenImport';

// Insurances and their import (docs/api/rechnungspruefung.md "Versicherungen"). Writes run in the
// router's transaction: an import with one bad row writes nothing.

/** An insurer's list is a few hundred rows; 5 MB leaves room for an XLSX with formatting. */
const UPLOAD = { maxBytes: 5 * 1024 * 1024 };

async function datei(files: UploadedFile[]): Promise<Buffer | undefined> {
  const file = files.find((f) => f.field === 'file') ?? files[0];
  return file ? readFile(file.path) : undefined;
}

const importRoute = (path: string, art: VersicherungenImportArt) =>
  route({
    method: 'POST',
    path,
    rights: VERSICHERUNGEN_EDIT,
    query: versicherungenImportFields,
    body: versicherungenImportBody,
    upload: UPLOAD,
    async handler({ db, actor, query, body, files }) {
      return importiereVersicherungen(db, actor, {
        jahr: body.jahr ?? query.jahr,
        art,
        dryRun: body.dryRun ?? query.dryRun ?? false,
        datei: await datei(files),
      });
    },
  });

export const versicherungenRoutes: AnyRoute[] = [
  route({
    method: 'GET',
    path: 'Rechnungspruefung/GetVersicherungen',
    rights: VERSICHERUNGEN_VIEW,
    query: versicherungenQuery,
    handler: ({ db, query }) => listVersicherungen(db, query),
  }),
  route({
    method: 'GET',
    path: 'Rechnungspruefung/GetVersicherung',
    rights: VERSICHERUNGEN_VIEW,
    query: versicherungIdQuery,
    handler: ({ db, query }) => getVersicherung(db, query.id),
  }),
  route({
    method: 'POST',
    path: 'Rechnungspruefung/UpdateVersicherung',
    rights: VERSICHERUNGEN_EDIT,
    body: versicherungBody,
    handler: ({ db, actor, body }) => saveVersicherung(db, actor, body),
  }),
  route({
    method: 'DELETE',
    path: 'Rechnungspruefung/DeleteVersicherung',
    rights: VERSICHERUNGEN_EDIT,
    query: versicherungIdQuery,
    async handler({ db, actor, query }) {
      await deleteVersicherung(db, actor, query.id);
    },
  }),
  importRoute('Rechnungspruefung/ImportAddVersicherungen', 'hinzufuegen'),
  importRoute('Rechnungspruefung/ImportVersicherungenDeleteExisting', 'ersetzen'),
  route({
    method: 'GET',
    path: 'Rechnungspruefung/GetVersicherungenImportJahre',
    rights: VERSICHERUNGEN_VIEW,
    handler: ({ db }) => versicherungenImportJahre(db),
  }),
];
