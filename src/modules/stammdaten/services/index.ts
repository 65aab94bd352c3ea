// The public face of Stammdaten: the read models the modules built on it (Wasserbuch, Kassa,
// Jahresvorschreibung, Rechnungsprüfung, E-Mail) use. Other modules import only this file, the
// schemas (`../schema/*`: answer types, ADRESSE_FLAGS) and `../rights.ts`, never another file of
// Stammdaten and never its tables (tests/architecture/imports.test.ts checks the imports).

/** Addresses with their flags (ADRESSE_FLAGS in schema/adressen), active state and current plots. */
export { type Adresse, type AdressenFilter, adressenLookup, getAdresse, listAdressen } from './adressen';
/** Main water meters with their calibration and last reading. */
export {
  EICH_JAHRE,
  EICH_WARNUNG_TAGE,
  getHauptwasserzaehler,
  type Hauptwasserzaehler,
  listHauptwasserzaehler,
} from './hauptwasserzaehler';
/** A person's name written the one way ("Dr. Huber Maria") and whether an address is active on a day. */
export { displayName, isActive, sameName } from './names';
/** Holders (Pachtverhältnisse with the holder's name) of the plots on a day or over a period. */
export { nutzungsberechtigteOn, nutzungsberechtigteOver, type Pachtverhaeltnis } from './pachtverhaeltnisse';
/** The yearly plot values the Jahresvorschreibung sets: common-area shares, the copy into a new year. */
export { kopiereParzelleJahr, setzeGemeinschaftsanteile } from './parzelleJahr';
/** Plots with their values of a billing year (Gemeinschaftsfläche, Parkkarten) and today's holder. */
export { getParzelle, listParzellen, PARZELLE_HISTORY_TYPE, type ParzellenFilter, parzellenLookup } from './parzellen';
/** The water book answers Stammdaten's questions about readings through this (it registers itself). */
export {
  type AblesungOwner,
  type HwzAblesungSheetRow,
  type HwzWechselReadings,
  type LetzteAblesung,
  registerWasserablesungen,
  type WasserablesungenProvider,
} from './wasserablesungenProvider';
