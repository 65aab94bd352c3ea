import { FileResult, pdfFile } from '../../http/fileResult';
import { route } from '../../http/router';
import { todayIso } from '../../platform/dates';
import { validationFailed } from '../../platform/errors';
import { ADMIN, ANY_EDIT, ANY_VIEW, SEND_TEST_MAIL } from './rights';
import {
  appVersionInfoQuery,
  dateInPastQuery,
  deleteFileQuery,
  fileQuery,
  getRightsBody,
  getRightsQuery,
  historyQuery,
  listExportBody,
  sendTestMailQuery,
  type TestMailResult,
} from './schema';
import {
  appVersionInfo,
  deleteFileFor,
  getFileFor,
  getLogo,
  handbuchPdf,
  historyFor,
  listExport,
  vereinsName,
} from './services';

export const commonRoutes = [
  route({
    method: 'GET',
    path: 'Common/AppVersionInfo',
    public: true,
    query: appVersionInfoQuery,
    async handler({ koa, services, query }) {
      if (query.reload) services.cache.delete('supplier');
      return appVersionInfo(services, koa.get('X-Api-Version') || undefined);
    },
  }),
  route({
    method: 'GET',
    path: 'Common/GetVereinsName',
    public: true,
    handler: async ({ services }) => ({ vereinsName: await vereinsName(services) }),
  }),
  route({
    method: 'GET',
    path: 'Common/GetLogo',
    public: true,
    async handler({ services, koa }) {
      const logo = await getLogo(services);
      koa.set('Cache-Control', 'public, max-age=300');
      koa.set('Content-Security-Policy', "default-src 'none'; style-src 'unsafe-inline'");
      koa.type = logo.contentType;
      koa.body = logo.body;
    },
  }),
  route({
    method: 'POST',
    path: 'Common/GetRights',
    signedIn: true,
    allowWithoutMfa: true,
    query: getRightsQuery,
    body: getRightsBody,
    // A read of the session's rights (a POST only because the spec says so): no write lock.
    transaction: false,
    handler({ user, body }) {
      const held = [...user.rights];
      return body.length === 0 ? held : held.filter((r) => body.includes(r));
    },
  }),
  route({
    method: 'GET',
    path: 'Common/ClearCache',
    rights: ADMIN,
    // A GET in the spec, but it changes state: a foreign page must not trigger it (issue 9).
    requireXsrf: true,
    handler({ services }) {
      services.cache.clear();
    },
  }),
  route({
    method: 'GET',
    path: 'Common/DateInPast',
    signedIn: true,
    query: dateInPastQuery,
    handler: ({ query }) => query.date < todayIso(),
  }),
  route({
    method: 'GET',
    path: 'Common/Throw',
    rights: ADMIN,
    handler() {
      throw new Error('Testfehler: absichtlich ausgelöst über /api/Common/Throw');
    },
  }),
  route({
    method: 'GET',
    path: 'Common/GetFile',
    rights: ANY_VIEW,
    query: fileQuery,
    async handler({ services, user, query }) {
      const record = await getFileFor(services, user, query.fileID);
      return new FileResult(services.files.stream(record), record.mime, record.name, query.inline ?? false);
    },
  }),
  route({
    method: 'DELETE',
    path: 'Common/DeleteFile',
    rights: ANY_EDIT,
    query: deleteFileQuery,
    async handler({ services, db, user, actor, query }) {
      await deleteFileFor(services, db, user, actor, query.fileID);
    },
  }),
  route({
    method: 'GET',
    path: 'Common/GetHistory',
    rights: ANY_VIEW,
    query: historyQuery,
    handler: ({ services, user, query }) => historyFor(services, user, query.entityID, query.entityType),
  }),
  route({
    method: 'GET',
    path: 'Common/Handbuch',
    signedIn: true,
    handler: async ({ services }) => pdfFile(await handbuchPdf(services), 'Handbuch.pdf', true),
  }),
  route({
    method: 'POST',
    path: 'Common/ListExport',
    // Every signed-in user: the body holds only rows the list screen already showed them (read
    // with their own rights); the server formats them and reads nothing from the database.
    signedIn: true,
    body: listExportBody,
    // Formats only, writes nothing: no transaction (and no write lock while Chromium prints).
    transaction: false,
    handler: ({ services, body }) => listExport(services, body),
  }),
  route({
    method: 'GET',
    path: 'Common/SendTestMail',
    rights: SEND_TEST_MAIL,
    // A GET in the spec, but it sends a mail: it must carry the anti-forgery header like a POST.
    requireXsrf: true,
    query: sendTestMailQuery,
    async handler({ services, query, user }): Promise<TestMailResult> {
      const name = await vereinsName(services);
      const result = await services.mail.send({
        to: query.mailTo,
        subject: `Testnachricht von ${name}`,
        text: `Diese Testnachricht wurde von ${user.name} über die Vereinsverwaltung kgv gesendet.\n\nWenn Sie sie lesen, funktioniert der E-Mail-Versand.`,
      });
      if (result.rejected.length) throw validationFailed({ mailTo: ['Der Mailserver hat die Adresse abgelehnt.'] });
      return { transport: result.transport, messageId: result.messageId, file: result.file ?? null };
    },
  }),
];
