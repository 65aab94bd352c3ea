import type { Right } from '../../platform/auth/rights';

// The rights of the club settings' routes and entities, named once.

export const VEREINSEINSTELLUNGEN_VIEW: readonly Right[] = ['WebApp.Vereinseinstellungen.View'];
export const VEREINSEINSTELLUNGEN_EDIT: readonly Right[] = ['WebApp.Vereinseinstellungen.Edit'];
/** Stammdaten screens pick a category for an Abstellplatz. */
export const KATEGORIE_VIEW: readonly Right[] = ['WebApp.Vereinseinstellungen.View', 'WebApp.Stammdaten.View'];
export const KATEGORIE_EDIT: readonly Right[] = VEREINSEINSTELLUNGEN_EDIT;
