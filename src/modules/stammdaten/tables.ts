// Row types of the tables Stammdaten owns (CONTEXT.md; ADR 0005). `pachtabrechnungen` belongs to
// Abrechnung (abrechnung/tables.ts), `abstellplatz_kategorien` to Vereinseinstellungen.
// DATE and DATETIME columns are strings on both databases (`dateStrings` on MySQL).

/** BOOLEAN columns answer 0/1 on SQLite, true/false or 0/1 on MySQL. */
type Bool = boolean | number;
/** DECIMAL: a number on SQLite, a string on MySQL. */
type Decimal = number | string;

export type GruppeRow = {
  id: number;
  version: number;
  name: string;
  beschreibung: string;
  created_at: string;
  updated_at: string;
};

export type HauptwasserzaehlerRow = {
  id: number;
  version: number;
  nummer: string;
  bezeichnung: string;
  standort: string;
  eichdatum: string | null;
  aktiv: Bool;
  notiz: string | null;
  created_at: string;
  updated_at: string;
};

export type ParzelleRow = {
  id: number;
  version: number;
  nummer: string;
  flaeche: Decimal;
  /** 1 ständig wohnen, 2 größer bauen, 4 Kanalanschluss */
  flags: number;
  wasserzaehler_nummer: string | null;
  hauptwasserzaehler_id: number | null;
  gruppe_id: number | null;
  aktiv: Bool;
  notiz: string | null;
  created_at: string;
  updated_at: string;
};

export type ParzelleJahrRow = {
  parzelle_id: number;
  pachtabrechnung_id: number;
  gemeinschaftsflaeche: Decimal | null;
  anzahl_parkkarten: number;
};

export type AdresseRow = {
  id: number;
  version: number;
  anrede: string;
  titel: string;
  vorname: string;
  nachname: string;
  strasse: string;
  plz: string;
  ort: string;
  land: string;
  telefon: string;
  mobil: string;
  email: string;
  geburtsdatum: string | null;
  eintrittsdatum: string | null;
  austrittsdatum: string | null;
  /** Hauptwohnsitz 1, BevorzugtEmail 2, KGVMitglied 256, KGVMitarbeiter 512 */
  flags: number;
  /** 0 None, 1 Wohnadresse, 2 Parzelle, 3 Sonstiges */
  adresstyp: number;
  iban: string;
  zeitung_erlaubt: Bool;
  notiz: string | null;
  created_at: string;
  updated_at: string;
};

export type WeiterePersonRow = {
  id: number;
  version: number;
  adresse_id: number;
  anrede: string;
  titel: string;
  vorname: string;
  nachname: string;
  beziehung: string;
  telefon: string;
  email: string;
  geburtsdatum: string | null;
  eintrittsdatum: string | null;
  flags: number;
  zeitung_erlaubt: Bool;
  notiz: string | null;
  created_at: string;
  updated_at: string;
};

export type PachtverhaeltnisRow = {
  id: number;
  parzelle_id: number;
  adresse_id: number;
  von: string;
  bis: string | null;
  created_at: string;
};

export type AbstellplatzRow = {
  id: number;
  version: number;
  nummer: string;
  kategorie_id: number;
  aktiv: Bool;
  notiz: string | null;
  created_at: string;
  updated_at: string;
};

export type AbstellplatzZuordnungRow = {
  id: number;
  version: number;
  abstellplatz_id: number;
  adresse_id: number;
  von: string;
  bis: string | null;
  created_at: string;
};

export type ParkkartenInfoRow = {
  pachtabrechnung_id: number;
  version: number;
  /** BIGINT: a string on MySQL. */
  gebuehr_cent: number | string;
  gueltig_bis: string | null;
  hinweis: string | null;
  updated_at: string;
};

export type FunktionRow = {
  id: number;
  version: number;
  name: string;
  sortierung: number;
  /** Required office: an alert when nobody holds it. */
  pflicht: Bool;
  created_at: string;
  updated_at: string;
};

export type FunktionaerRow = {
  id: number;
  version: number;
  funktion_id: number;
  adresse_id: number;
  von: string;
  bis: string | null;
  notiz: string | null;
  created_at: string;
  updated_at: string;
};

declare module 'knex/types/tables' {
  interface Tables {
    gruppen: GruppeRow;
    hauptwasserzaehler: HauptwasserzaehlerRow;
    parzellen: ParzelleRow;
    parzelle_jahr: ParzelleJahrRow;
    adressen: AdresseRow;
    weitere_personen: WeiterePersonRow;
    pachtverhaeltnisse: PachtverhaeltnisRow;
    abstellplaetze: AbstellplatzRow;
    abstellplatz_zuordnungen: AbstellplatzZuordnungRow;
    parkkarten_info: ParkkartenInfoRow;
    funktionen: FunktionRow;
    funktionaere: FunktionaerRow;
  }
}
