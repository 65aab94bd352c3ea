import type { KgvModule } from '../manifest';
import { MAIL_TEMPLATE_EDIT, MAIL_TEMPLATE_VIEW } from './rights';
import { mailTemplateRoutes } from './routes/mailTemplates';

/** E-Mail (issue 16; CONTEXT.md): mail templates so far. */
export const emailModule: KgvModule = {
  name: 'email',
  routes: [...mailTemplateRoutes],
  entities: {
    MailTemplate: { label: 'Mail-Vorlage', view: MAIL_TEMPLATE_VIEW, edit: MAIL_TEMPLATE_EDIT },
  },
};
