// The public face of Rechnungspruefung: what the billing runs (issue 14) may call. Issue 15 adds
// receivables, payments, reminders and insurances around the same tables.

/** Receivables still to be paid (payment slips; until issue 15: every one with an amount to pay). */
export { type OffeneRechnung, offeneRechnungen } from './offeneRechnungen';
/** Creates receivables with gapless numbers YYYY-NNNNN and their RF references (inside the caller's transaction). */
export {
  type AngelegteRechnung,
  legeRechnungenAn,
  type NeueRechnung,
  type NeueRechnungPosition,
  rechnungsnummer,
} from './rechnungenAnlegen';
