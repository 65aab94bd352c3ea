import type { Right } from '../../platform/auth/rights';

// The rights of the E-Mail module's routes, named once (SPEC §6: WebApp.Email.Versenden).

/** Reads the mail templates (the editor, the dispatch screens). */
export const MAIL_TEMPLATE_VIEW: readonly Right[] = [
  'WebApp.Email.Versenden',
  'WebApp.Vereinseinstellungen.View',
  'WebApp.Vereinseinstellungen.Edit',
];
/** Saves or resets a mail template. */
export const MAIL_TEMPLATE_EDIT: readonly Right[] = ['WebApp.Email.Versenden', 'WebApp.Vereinseinstellungen.Edit'];
