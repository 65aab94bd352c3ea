// Which cached reads can contain an entity, so that a save revalidates every answer that shows it:
// saving a Gruppe refreshes the plot list's group names, a Kategorie the parking spaces. One table
// for the whole UI; each save names the entities it changes (`mutateApi(url, { saves: … })`).
// The entries are URL prefixes, matched case-insensitively against the cached keys.

const S = '/api/Stammdaten';
const C = '/api/Common';

/** Every save changes the Verlauf of what it saved. */
const HISTORY = `${C}/GetHistory`;

export const DEPENDENTS = {
  Parzelle: [
    `${S}/Parzellen`,
    `${S}/GetParzelle`,
    `${S}/GetGartenhistorie`,
    // A group's plot count.
    `${S}/Gruppe`,
    `${S}/GetGruppe`,
    `${C}/Parzellen`,
    // An address shows its plots; the Parkkarten info counts the plots' cards.
    `${S}/ActiveAdressen`,
    `${S}/GetAdresse`,
    `${S}/GetParkkartenInfo`,
  ],
  /** A Gartenwechsel: who holds a plot from when. */
  Pachtverhaeltnis: [
    `${S}/Parzellen`,
    `${S}/GetParzelle`,
    `${S}/GetGartenhistorie`,
    `${S}/ActiveAdressen`,
    `${S}/GetAdresse`,
    `${S}/Gartenwechsel`,
  ],
  Gruppe: [`${S}/Gruppe`, `${S}/GetGruppe`, `${C}/Gruppen`, `${S}/Parzellen`, `${S}/GetParzelle`],
  Adresse: [
    `${S}/ActiveAdressen`,
    `${S}/GetAdresse`,
    `${S}/GetWeiterePersonenByAdresse`,
    // Holder names in the plot list, the plot, its history, parking spaces and officials.
    `${S}/Parzellen`,
    `${S}/GetParzelle`,
    `${S}/GetGartenhistorie`,
    `${S}/GetAbstellplaetze`,
    `${S}/GetAbstellplatz`,
    `${S}/Funktionaer`,
    `${S}/GetFunktionaerAlert`,
    `${C}/GetFilesByAdress`,
    `${C}/Addressen`,
    `${C}/AlleAdressen`,
    `${C}/Personen`,
    `${C}/ActivePersonen`,
  ],
  WeiterePerson: [
    `${S}/GetWeiterePersonenByAdresse`,
    `${S}/GetAdresse`,
    `${S}/ActiveAdressen`,
    `${C}/Personen`,
    `${C}/ActivePersonen`,
  ],
  /** A file of a record (an address's documents). */
  Datei: [`${C}/GetFilesByAdress`, `${S}/GetAdresse`],
  /** A parking space and who uses it when (Neuzuordnung, Zuordnungen). */
  Abstellplatz: [
    `${S}/GetAbstellplaetze`,
    // Also GetAbstellplatzAdresse (same prefix).
    `${S}/GetAbstellplatz`,
    `${S}/GetAbstellplaetzeByAdresse`,
    `${S}/GetAdresse`,
  ],
  AbstellplatzKategorie: [
    '/api/Vereinseinstellungen/AbstellplatzKategorien',
    '/api/Vereinseinstellungen/GetAbstellplatzKategorie',
    // The spaces show their category's name and fee.
    `${S}/GetAbstellplaetze`,
    `${S}/GetAbstellplatz`,
    `${S}/GetAbstellplaetzeByAdresse`,
  ],
  // Funktionen and Funktionäre feed each other's names and alerts ('Funktion' covers 'Funktionaer').
  Funktion: [`${S}/Funktion`, `${S}/GetFunktion`],
  Funktionaer: [`${S}/Funktion`, `${S}/GetFunktion`, `${S}/GetAdresse`],
  Hauptwasserzaehler: [
    `${S}/HauptWasserzaehler`,
    `${S}/GetHauptwasserZaehler`,
    `${C}/HWZ`,
    `${S}/Parzellen`,
    `${S}/GetParzelle`,
  ],
  ParkkartenInfo: [`${S}/GetParkkartenInfo`],
} as const satisfies Record<string, readonly string[]>;

export type Entity = keyof typeof DEPENDENTS;

/** The URL prefixes to revalidate after saving these entities, the Verlauf included. */
export function dependentsOf(entities: Entity | readonly Entity[]): string[] {
  const list: readonly Entity[] = typeof entities === 'string' ? [entities] : entities;
  return [...new Set([...list.flatMap((e) => DEPENDENTS[e]), HISTORY])];
}
