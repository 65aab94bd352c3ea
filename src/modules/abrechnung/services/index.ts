// The public face of the Abrechnung module: what other modules may call.

export { anschriften, anschriftVon, bevorzugtEmail, gebuchteEintraege } from './gebuchteEintraege';
/** Booking a billing run once (the receivables through Rechnungspruefung) and reading it back. */
export { bucheLauf, findeLauf, LAUF_HISTORY_TYPE, type LaufSchluessel, laufStatus } from './lauf';
export {
  currentJahr,
  ensureYear,
  findYear,
  importPachtabrechnung,
  listPachtabrechnungen,
  resolveYear,
} from './pachtabrechnungen';
