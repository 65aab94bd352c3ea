import { RIGHTS, type Right } from '../../platform/auth/rights';

// The rights of common's routes and entities, named once.

/** Administration calls (ClearCache, SendTestMail, Throw). */
export const ADMIN: readonly Right[] = ['WebApp.Admin'];
/** Sends a test mail with the club's mail settings. */
export const SEND_TEST_MAIL: readonly Right[] = ['WebApp.Vereinseinstellungen.Edit', 'WebApp.Admin.Global'];
/** Any view right reads the history and files of the entities it guards (checked per entity). */
export const ANY_VIEW: readonly Right[] = RIGHTS.filter((r) => r.endsWith('.View'));
/** Any edit right deletes files of the entities it guards (checked per entity). */
export const ANY_EDIT: readonly Right[] = RIGHTS.filter((r) => r.endsWith('.Edit'));
/** The Benutzer entity's history and files. */
export const BENUTZER_VIEW: readonly Right[] = ['User.View', 'WebApp.Userverwaltung.View'];
export const BENUTZER_EDIT: readonly Right[] = ['User.Edit', 'WebApp.Userverwaltung.Edit'];
