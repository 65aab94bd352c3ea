import { z } from 'zod';
import { route } from '../../../http/router';
import { MAIL_TEMPLATE_EDIT, MAIL_TEMPLATE_VIEW } from '../rights';
import { mailTemplateQuery } from '../schema/mailTemplate';
import { ladeMailTemplate, resetMailTemplate, saveMailTemplate } from '../services';

export const mailTemplateRoutes = [
  route({
    method: 'GET',
    path: 'Email/GetMailTemplate',
    rights: MAIL_TEMPLATE_VIEW,
    query: mailTemplateQuery,
    handler: ({ db, query }) => ladeMailTemplate(db, query.mailTemplateTyp),
  }),
  route({
    method: 'POST',
    path: 'Email/UpdateMailTemplate',
    rights: MAIL_TEMPLATE_EDIT,
    // Placeholders are checked per type in the service; it parses the body.
    body: z.unknown(),
    handler: ({ db, actor, body }) => saveMailTemplate(db, actor, body),
  }),
  route({
    method: 'DELETE',
    path: 'Email/ResetMailTemplate',
    rights: MAIL_TEMPLATE_EDIT,
    query: mailTemplateQuery,
    handler: ({ db, actor, query }) => resetMailTemplate(db, actor, query.mailTemplateTyp),
  }),
];
