// The public face of Wasserbuch's settlement services: what other modules and the other parts of
// the water book (Fehlersuche, VerbrauchDetails PDF, the Zahlungsvorschreibung) may call.

/** Stored settlements: by stichtag (null when none), by id, the list, and the dry run. */
export {
  getWasserabrechnung,
  getWasserabrechnungById,
  listWasserabrechnungStichtage,
  markiereGebucht,
  wasserabrechnungDetails,
} from './abrechnungStore';
/** The akonto calculation at a stichtag (proposal and stored values). */
export { getAkontoBerechnung, listAkontoStichtage } from './akonto';
/** Readings and consumption of a period as the settlement sees them (missing ends, sunk readings). */
export { loadSettlementInputs, type SettlementInputs } from './settlementInputs';
export { type BerechneParams, berechneAbrechnung, defaultVon } from './wasserabrechnung';
/** The Wassergrunddaten of a billing year (thresholds of the Fehlersuche), null when none. */
export { grunddatenFuerJahr } from './wassergrunddaten';
