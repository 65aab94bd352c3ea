import { readFile } from 'node:fs/promises';
import { type AnyRoute, route, type UploadedFile } from '../../../http/router';
import { validationFailed } from '../../../platform/errors';
import { KASSA_EDIT, KASSA_VIEW } from '../rights';
import { bankMappingIdQuery, importBankQuery, updateBankMappingBody } from '../schema/bankimport';
import { importBank } from '../services/bankImport';
import { deleteBankMapping, listBankMappings, saveBankMapping } from '../services/bankMappings';

// ImportBank (with dryRun preview) and the stored CSV mappings (docs/api/kassa.md, "Bankimport").
// Writes run in the router's transaction; a dry run writes nothing.

/** A year of camt.053 for a busy account is a few MB; 20 MB is the platform's largest upload. */
const UPLOAD = { maxBytes: 20 * 1024 * 1024 };

async function uploaded(files: UploadedFile[]): Promise<{ buf: Buffer; name: string }> {
  const file = files.find((f) => f.field === 'file') ?? files[0];
  if (!file) throw validationFailed({ file: ['Bitte wählen Sie eine Datei aus.'] });
  return { buf: await readFile(file.path), name: file.name };
}

export const bankimportRoutes: AnyRoute[] = [
  route({
    method: 'POST',
    path: 'Kassa/ImportBank',
    rights: KASSA_EDIT,
    query: importBankQuery,
    upload: UPLOAD,
    async handler({ db, actor, query, files }) {
      const { buf, name } = await uploaded(files);
      return importBank(db, actor, buf, {
        kontoId: query.kontoID,
        dryRun: query.dryRun,
        format: query.format,
        mappingId: query.mappingID,
        ignoreIban: query.ignoreIban,
        dateiname: name,
      });
    },
  }),
  route({
    method: 'GET',
    path: 'Kassa/GetBankMappings',
    rights: KASSA_VIEW,
    handler: ({ db }) => listBankMappings(db),
  }),
  route({
    method: 'POST',
    path: 'Kassa/UpdateBankMapping',
    rights: KASSA_EDIT,
    body: updateBankMappingBody,
    handler: ({ db, actor, body }) => saveBankMapping(db, actor, body),
  }),
  route({
    method: 'DELETE',
    path: 'Kassa/DeleteBankMapping',
    rights: KASSA_EDIT,
    query: bankMappingIdQuery,
    async handler({ db, actor, query }) {
      await deleteBankMapping(db, actor, query.id);
    },
  }),
];
