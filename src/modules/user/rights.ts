import type { Right } from '../../platform/auth/rights';

// The rights of the user administration, named once. The spec has two names for each (User.* and
// WebApp.Userverwaltung.*); either one grants it.

/** Reads the users (editing includes reading). */
export const USER_VIEW: readonly Right[] = [
  'User.View',
  'WebApp.Userverwaltung.View',
  'User.Edit',
  'WebApp.Userverwaltung.Edit',
];
export const USER_EDIT: readonly Right[] = ['User.Edit', 'WebApp.Userverwaltung.Edit'];
/** Reads the roles: who may read users may read their roles. */
export const ROLLEN_VIEW: readonly Right[] = [...USER_VIEW, 'User.Rollen.View', 'User.Rollen.Edit'];
export const ROLLEN_EDIT: readonly Right[] = ['User.Rollen.Edit'];
/** The Rolle entity's history and files. */
export const ROLLE_ENTITY_VIEW: readonly Right[] = ['User.Rollen.View', 'User.View'];
