import type { Right } from '../../platform/auth/rights';
import { STAMMDATEN_EDIT, STAMMDATEN_VIEW } from '../stammdaten/rights';

// The rights of Wasserbuch's routes, named once (SPEC §6: WebApp.Wasser.Edit/View). Edit includes reading.

/** Reads the water book (readings, rounds). */
export const WASSER_VIEW: readonly Right[] = ['WebApp.Wasser.View', 'WebApp.Wasser.Edit'];
/** Writes readings. */
export const WASSER_EDIT: readonly Right[] = ['WebApp.Wasser.Edit'];
/** A plot's meters are Stammdaten, and the Wasserwart keeps them too (like the main meters). */
export const PARZELLE_ZAEHLER_VIEW: readonly Right[] = [...STAMMDATEN_VIEW, ...WASSER_VIEW];
export const PARZELLE_ZAEHLER_EDIT: readonly Right[] = [...STAMMDATEN_EDIT, ...WASSER_EDIT];
/** Reads the Wassergrunddaten, settlements and akonto: the Wasserwart and the Kassier. */
export const WASSERABRECHNUNG_VIEW: readonly Right[] = [
  ...WASSER_VIEW,
  'WebApp.Abrechnung.View',
  'WebApp.Abrechnung.Edit',
];
/** Writes them. */
export const WASSERABRECHNUNG_EDIT: readonly Right[] = [...WASSER_EDIT, 'WebApp.Abrechnung.Edit'];
