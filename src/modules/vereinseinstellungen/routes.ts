import { readFile, unlink } from 'node:fs/promises';
import { z } from 'zod';
import { route, type UploadedFile } from '../../http/router';
import { MAX_UPLOAD_BYTES } from '../../http/upload';
import { validationFailed } from '../../platform/errors';
import { KATEGORIE_VIEW, VEREINSEINSTELLUNGEN_EDIT, VEREINSEINSTELLUNGEN_VIEW } from './rights';
import {
  abstellplatzKategorieBody,
  kategorieIdQuery,
  updateVereinseinstellungenQuery,
  vereinseinstellungenQuery,
} from './schema';
import {
  deleteAbstellplatzKategorie,
  editableSection,
  getAbstellplatzKategorie,
  getVereinseinstellungen,
  LOGO_MAX_BYTES,
  listAbstellplatzKategorien,
  resetMaileinstellungen,
  saveAbstellplatzKategorie,
  saveMaileinstellungen,
  saveSection,
  saveVereinsLogo,
} from './services';

/** The one logo file of the request; temp files of the upload are removed whatever happens. */
async function readLogoUpload(files: UploadedFile[]): Promise<{ name: string; content: Buffer }> {
  try {
    const logos = files.filter((f) => f.field === 'file');
    if (logos.length !== 1) {
      throw validationFailed({
        file: [
          logos.length ? 'Bitte nur eine Datei hochladen.' : 'Bitte wählen Sie eine Bilddatei (PNG, JPEG oder SVG).',
        ],
      });
    }
    const logo = logos[0]!;
    if (logo.size > LOGO_MAX_BYTES) throw validationFailed({ file: ['Die Datei ist zu groß (höchstens 2 MB).'] });
    return { name: logo.name, content: await readFile(logo.path) };
  } finally {
    await Promise.all(files.map((f) => unlink(f.path).catch(() => undefined)));
  }
}

export const vereinseinstellungenRoutes = [
  route({
    method: 'GET',
    path: 'Vereinseinstellungen/Vereinseinstellungen',
    rights: VEREINSEINSTELLUNGEN_VIEW,
    query: vereinseinstellungenQuery,
    handler: ({ services }) => getVereinseinstellungen(services),
  }),
  route({
    method: 'POST',
    path: 'Vereinseinstellungen/UpdateVereinseinstellungen',
    rights: VEREINSEINSTELLUNGEN_EDIT,
    query: updateVereinseinstellungenQuery,
    // The body's schema depends on `edit`; the service validates it.
    body: z.unknown(),
    async handler({ services, db, actor, query, body }) {
      const section = editableSection(query.edit);
      if (section === 'mail') await saveMaileinstellungen(services, db, actor, body);
      else await saveSection(services, db, actor, section, body);
      return getVereinseinstellungen(services, db);
    },
  }),
  route({
    method: 'POST',
    path: 'Vereinseinstellungen/UpdateMaileinstellungen',
    rights: VEREINSEINSTELLUNGEN_EDIT,
    body: z.unknown(),
    async handler({ services, db, actor, body }) {
      await saveMaileinstellungen(services, db, actor, body);
      return getVereinseinstellungen(services, db);
    },
  }),
  route({
    method: 'DELETE',
    path: 'Vereinseinstellungen/ResetMaileinstellungen',
    rights: VEREINSEINSTELLUNGEN_EDIT,
    async handler({ services, db, actor }) {
      await resetMaileinstellungen(services, db, actor);
      return getVereinseinstellungen(services, db);
    },
  }),
  route({
    method: 'POST',
    path: 'Vereinseinstellungen/UpdateVereinsLogo',
    rights: VEREINSEINSTELLUNGEN_EDIT,
    // The 2 MB of a logo are checked with a field message; the cut-off for reading is the general one.
    upload: { maxBytes: MAX_UPLOAD_BYTES },
    async handler({ services, db, actor, files }) {
      await saveVereinsLogo(services, db, actor, await readLogoUpload(files));
      return getVereinseinstellungen(services, db);
    },
  }),
  route({
    method: 'GET',
    path: 'Vereinseinstellungen/AbstellplatzKategorien',
    rights: KATEGORIE_VIEW,
    handler: ({ db }) => listAbstellplatzKategorien(db),
  }),
  route({
    method: 'GET',
    path: 'Vereinseinstellungen/GetAbstellplatzKategorie',
    rights: KATEGORIE_VIEW,
    query: kategorieIdQuery,
    handler: ({ db, query }) => getAbstellplatzKategorie(db, query.id),
  }),
  route({
    method: 'POST',
    path: 'Vereinseinstellungen/UpdateAbstellPlatzKategorie',
    rights: VEREINSEINSTELLUNGEN_EDIT,
    body: abstellplatzKategorieBody,
    handler: ({ db, actor, body }) => saveAbstellplatzKategorie(db, actor, body),
  }),
  route({
    method: 'DELETE',
    path: 'Vereinseinstellungen/DeleteAbstellplatzKategorie',
    rights: VEREINSEINSTELLUNGEN_EDIT,
    query: kategorieIdQuery,
    async handler({ db, actor, query }) {
      await deleteAbstellplatzKategorie(db, actor, query.id);
    },
  }),
];
