import type { Right } from '../../platform/auth/rights';

// The rights of Stammdaten's routes and entities, named once. Edit includes reading.

/** Reads Stammdaten (plots, addresses, parking spaces, groups, officials, lists). */
export const STAMMDATEN_VIEW: readonly Right[] = ['WebApp.Stammdaten.View', 'WebApp.Stammdaten.Edit'];
/** Changes Stammdaten. */
export const STAMMDATEN_EDIT: readonly Right[] = ['WebApp.Stammdaten.Edit'];
/** Main water meters are Stammdaten, and the Wasserwart keeps them too. */
export const HAUPTWASSERZAEHLER_VIEW: readonly Right[] = [
  ...STAMMDATEN_VIEW,
  'WebApp.Wasser.View',
  'WebApp.Wasser.Edit',
];
export const HAUPTWASSERZAEHLER_EDIT: readonly Right[] = [...STAMMDATEN_EDIT, 'WebApp.Wasser.Edit'];
/**
 * The plot lookup (id and number, nothing personal): every area that books or reads per plot
 * (water book, billing, cash book, receivables) needs to choose a plot.
 */
export const PARZELLEN_LOOKUP: readonly Right[] = [
  ...HAUPTWASSERZAEHLER_VIEW,
  'WebApp.Abrechnung.View',
  'WebApp.Abrechnung.Edit',
  'WebApp.Kassa.View',
  'WebApp.Kassa.Edit',
  'WebApp.Rechnungspruefung.View',
  'WebApp.Rechnungspruefung.Edit',
];
