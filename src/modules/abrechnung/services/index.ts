// The public face of the Abrechnung module: what other modules may call.

/** Parking-space fee lines and counts per address on a date (Weitere Mitgliedschaften, Zahlungsvorschreibung). */
export { abstellplaetzeJeAdresse, abstellplatzPositionen } from './abstellplatzPositionen';
/** The letters of a run as PDFs (one per letter, all in one, a ZIP per address). */
export { type BriefOptionen, briefePdf, briefeZip, renderBriefe } from './briefe';
/** The letters' print order (plot number or name) and the print call of every run (PDF or ZIP, protocol). */
export { sortiereEintraege } from './briefSortierung';
export { anschriften, anschriftVon, bevorzugtEmail, gebuchteEintraege } from './gebuchteEintraege';
/** 409 once the year's Zahlungsvorschreibung is booked (rates, surcharges, shares, club positions). */
export { assertZvNichtGebucht } from './jahrGesperrt';
/** The four runs behind one set of functions (letters, preview, booking once). */
export { eintraegeDesLaufs, laufDefinition, laufEinbuchen, laufVorschau, summenJeArt } from './laeufe';
/** Booking a billing run once (the receivables through Rechnungspruefung) and reading it back. */
export { bucheLauf, findeLauf, LAUF_HISTORY_TYPE, type LaufSchluessel, laufStatus } from './lauf';
export { laufBriefe } from './laufBriefe';
export type { LaufDefinition, LaufParams } from './laufDefinition';
export { adresseIdsAus, type LaufEingabe, laufParams } from './laufParams';
export {
  currentJahr,
  ensureYear,
  findYear,
  importPachtabrechnung,
  listPachtabrechnungen,
  resolveYear,
} from './pachtabrechnungen';
/** The year's rates; whether its Zahlungsvorschreibung is booked (then rates, surcharges, shares are fixed). */
export { istZvGebucht, ladePachtberechnung } from './pachtberechnungen';
/** The year's lease: rates, surcharges, effective common-area shares, and a plot's lease lines (ZvData). */
export { ladePachtDaten, type PachtDaten, type PachtRegel, pachtZvPositionen } from './pachtDaten';
/** The run protocol: printed and mailed letters after booking (S4's letters, issue 16's mails). */
export { type ProtokollEingabe, protokollDesLaufs, protokolliere, protokolliereGedruckt } from './protokoll';
/** The club positions of a year (the Vereinsabrechnung's), in their order. */
export { ladeVereinsPositionen } from './vereinsabrechnungen';
export type { VereinsPosition } from './vereinsPositionen';
