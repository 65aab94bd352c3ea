// The public face of Kassa: what the billing runs (issue 14), the receivables (issue 15) and the
// year-end (issue 17) may call. Everything else in services/ is Kassa's own.

/** Matchers run after a bank import with its new entries (the receivables issue adds one). */
export { BANK_IMPORT_ABGLEICHE, type BankImportAbgleich } from './bankImportAbgleich';
/** Books new Kassabuch entries (gapless Belegnummern, tax, period by date); inside the caller's transaction. */
export { bucheEintraege, KASSABUCH_HISTORY_TYPE, type NeueBuchung } from './buchen';
/** The period's 9998 "Zahlungen auf Forderungen" account; moves an allocated entry off the clearing account. */
export {
  bucheVonKlaerungUm,
  bucheVonKlaerungUmViele,
  FORDERUNGSEINGANGSKONTO,
  forderungseingangKontoId,
} from './forderungseingang';
/** The hook through which Rechnungspruefung shows, edits and reverses an entry's allocations. */
export {
  KASSABUCH_ZUORDNUNGEN,
  type KassabuchZuordnung,
  type KassabuchZuordnungenHook,
} from './kassabuchZuordnungen';
/** The period's "offen/zu klären" booking account (created when missing). */
export { KLAERUNGSKONTO, klaerungskontoId } from './klaerung';
/** Opening, income, expenses and closing per account of a period. */
export { type KontoSaldenDerPeriode, kontoSaldenDerPeriode } from './kontoSaldenDerPeriode';
/** The period containing a date (422 none), a period by id (404), and the closed-period rule (409). */
export { assertOffen, istGeschlossen, ladePeriode, periodeFuerDatum } from './periode';
