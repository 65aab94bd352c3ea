import type { MailTemplate, MailTemplateTyp, UpdateMailTemplate } from '../../../src/modules/email/schema/mailTemplate';
import { mutateApi } from './mutateApi';
import { useApi } from './useApi';

// Shapes of docs/api/email.md; the types are the server's (ADR 0005).
export type { MailTemplate, MailTemplateTyp, UpdateMailTemplate } from '../../../src/modules/email/schema/mailTemplate';

export const MAIL_TEMPLATE_URL = '/api/Email/GetMailTemplate';

export const mailTemplateKey = (typ: MailTemplateTyp) => `${MAIL_TEMPLATE_URL}?mailTemplateTyp=${typ}`;

export function useMailTemplate(typ: MailTemplateTyp) {
  return useApi<MailTemplate>(mailTemplateKey(typ));
}

export function updateMailTemplate(body: UpdateMailTemplate) {
  return mutateApi<MailTemplate>('/api/Email/UpdateMailTemplate', {
    json: body,
    revalidate: [mailTemplateKey(body.typ)],
  });
}

export function resetMailTemplate(typ: MailTemplateTyp) {
  return mutateApi<MailTemplate>('/api/Email/ResetMailTemplate', {
    method: 'DELETE',
    query: { mailTemplateTyp: typ },
    revalidate: [mailTemplateKey(typ)],
  });
}
