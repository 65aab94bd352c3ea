// The public face of Rechnungspruefung: what the billing runs (issue 14) may call. Issue 15 adds
// receivables, payments, reminders and insurances around the same tables.

/** Creates receivables with gapless numbers YYYY-NNNNN and their RF references (inside the caller's transaction). */
export {
  type AngelegteRechnung,
  legeRechnungenAn,
  type NeueRechnung,
  type NeueRechnungPosition,
  rechnungsnummer,
} from './rechnungenAnlegen';
