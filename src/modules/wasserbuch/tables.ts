// Row types of the tables Wasserbuch owns (CONTEXT.md; ADR 0005). DATE and DATETIME columns are
// strings on both databases; BIGINT answers a number on SQLite and may answer a string on MySQL.

/** BOOLEAN columns answer 0/1 on SQLite, true/false or 0/1 on MySQL. */
type Bool = boolean | number;

export type WasserablesungRow = {
  id: number;
  version: number;
  datum: string;
  parzelle_id: number | null;
  hauptwasserzaehler_id: number | null;
  /** 'P<parzelle_id>' or 'H<hauptwasserzaehler_id>': the unique key's meter owner. */
  zaehler_key: string;
  zaehlernummer: string;
  /** The reading in litres (m³ × 1000); null: not read yet. */
  stand_liter: number | string | null;
  is_zaehlerwechsel: Bool;
  /** manuell | funk | import */
  quelle: string;
  notiz: string | null;
  created_at: string;
  updated_at: string;
};

/** The water basis data of a billing year; rates are exact decimal strings. */
export type WassergrunddatenRow = {
  id: number;
  version: number;
  pachtabrechnung_id: number;
  preis_pro_m3: string;
  grundgebuehr_cent: number;
  /** keine | proportional | gleichverteilt */
  schwund_methode: string;
  akonto_mindest_cent: number;
  verbrauchsfaktor_warnung: string;
  schwund_warnung_prozent: string;
  created_at: string;
  updated_at: string;
};

/** A water group's own price in a year (a Stammdaten Gruppe). */
export type WassergrunddatenGruppeRow = {
  id: number;
  wassergrunddaten_id: number;
  gruppe_id: number;
  preis_pro_m3: string;
  created_at: string;
  updated_at: string;
};

/** A stored settlement: the head with what it was computed from. */
export type WasserabrechnungRow = {
  id: number;
  version: number;
  stichtag: string;
  von: string;
  pachtabrechnung_id: number;
  wassergrunddaten_id: number;
  schwund_methode: string;
  preis_pro_m3: string;
  akonto_stichtag: string | null;
  gebucht_am: string | null;
  created_at: string;
  updated_at: string;
};

/** One plot of a stored settlement; `zaehler` is the JSON of its meter segments. */
export type WasserabrechnungZeileRow = {
  id: number;
  wasserabrechnung_id: number;
  parzelle_id: number;
  parzelle_nummer: string;
  adresse_id: number | null;
  adresse_name: string;
  hauptwasserzaehler_id: number | null;
  zaehler: string;
  verbrauch_liter: number | string;
  schwund_liter: number | string;
  preis_pro_m3: string;
  verbrauch_cent: number;
  schwund_cent: number;
  grundgebuehr_cent: number;
  korrektur_cent: number;
  korrektur_grund: string | null;
  akonto_cent: number;
};

/** One main meter of a stored settlement. */
export type WasserabrechnungHauptzaehlerRow = {
  id: number;
  wasserabrechnung_id: number;
  hauptwasserzaehler_id: number | null;
  nummer: string;
  zaehler: string;
  verbrauch_liter: number | string;
  summe_parzellen_liter: number | string;
  schwund_liter: number | string;
  schwund_prozent: string;
};

/** The akonto of one plot at one stichtag. */
export type WasserakontoRow = {
  id: number;
  stichtag: string;
  parzelle_id: number;
  akonto_cent: number;
  created_at: string;
  updated_at: string;
};

/** A calibration reminder already mailed: one per meter (owner key + number) and due date. */
export type WasserzaehlerEichungErinnerungRow = {
  id: number;
  /** 'P<parzelle_id>' or 'H<hauptwasserzaehler_id>', as in wasserablesungen. */
  zaehler_key: string;
  zaehlernummer: string;
  eichung_faellig_am: string;
  gemeldet_am: string;
};

declare module 'knex/types/tables' {
  interface Tables {
    wasserablesungen: WasserablesungRow;
    wassergrunddaten: WassergrunddatenRow;
    wassergrunddaten_gruppen: WassergrunddatenGruppeRow;
    wasserabrechnungen: WasserabrechnungRow;
    wasserabrechnung_zeilen: WasserabrechnungZeileRow;
    wasserabrechnung_hauptzaehler: WasserabrechnungHauptzaehlerRow;
    wasserakonto: WasserakontoRow;
    wasserzaehler_eichung_erinnerungen: WasserzaehlerEichungErinnerungRow;
  }
}
