// Row types of the tables Abrechnung owns (CONTEXT.md; ADR 0005).

export type PachtabrechnungRow = {
  id: number;
  jahr: number;
  bezeichnung: string;
  created_at: string;
  updated_at: string;
};

/** The rates of a billing year; keyed by its Pachtabrechnung (1:1). Decimals are exact strings. */
export type PachtberechnungRow = {
  pachtabrechnung_id: number;
  version: number;
  pachtzins_pro_m2: string;
  grundsteuer_pro_m2: string | null;
  gemeinschaftsflaeche: string;
  zahlungsziel_tage: number | null;
  pacht_steuersatz: number;
  bk_pachtzins_id: number | null;
  bk_gemeinschaftsflaeche_id: number | null;
  bk_grundsteuer_id: number | null;
  created_at: string;
  updated_at: string;
};

export type PachtzuschlagRow = {
  id: number;
  version: number;
  pachtabrechnung_id: number;
  sortierung: number;
  bezeichnung: string;
  art: 'proM2' | 'proParzelle' | 'prozent';
  wert: string;
  /** Comma list of pachtzins | gemeinschaftsflaeche | grundsteuer ('' unless art is 'prozent'). */
  basis: string;
  parzellen_flag: number | null;
  /** JSON array of plot ids; null: every plot. */
  parzellen_ids: string | null;
  buchungskonto_id: number | null;
  steuersatz: number;
  created_at: string;
  updated_at: string;
};

export type VereinsabrechnungRow = {
  id: number;
  version: number;
  pachtabrechnung_id: number;
  bezeichnung: string;
  created_at: string;
  updated_at: string;
};

export type VereinsabrechnungPositionRow = {
  id: number;
  vereinsabrechnung_id: number;
  sortierung: number;
  text: string;
  art: 'proMitglied' | 'proWeiteresMitglied' | 'proParzelle' | 'proM2' | 'proAbstellplatz' | 'proAdresse';
  betrag_cent: number | string | null;
  satz: string | null;
  steuersatz: number;
  buchungskonto_id: number | null;
  nur_mitglieder: boolean | number;
};

export type GruppenabrechnungPositionRow = {
  id: number;
  version: number;
  pachtabrechnung_id: number;
  gruppe_id: number;
  sortierung: number;
  text: string;
  betrag_cent: number | string;
  verteilung: 'gleich' | 'flaeche';
  steuersatz: number;
  buchungskonto_id: number | null;
  created_at: string;
  updated_at: string;
};

/** A booked run: one per kind, year and key (`abrechnungslaeufe_einmal`). */
export type AbrechnungslaufRow = {
  id: number;
  art: 'Zahlungsvorschreibung' | 'Gruppenrechnung' | 'WeitereMitgliedschaft' | 'Wasserrechnung';
  pachtabrechnung_id: number;
  schluessel: string;
  datum: string;
  faellig_am: string;
  interim_billing: boolean | number;
  rechnungen_teilen: boolean | number;
  anzahl: number;
  summe_cent: number | string;
  gebucht_von: string;
  gebucht_am: string;
};

/** What a run did per recipient: booked, printed (the mail issue adds 'email'). */
export type VersandprotokollRow = {
  id: number;
  lauf_id: number;
  rechnung_id: number | null;
  adresse_id: number | null;
  adresse_name: string;
  aktion: 'gebucht' | 'gedruckt' | 'email';
  status: 'ok' | 'fehler';
  empfaenger: string;
  fehler: string | null;
  benutzer: string;
  zeitpunkt: string;
};

declare module 'knex/types/tables' {
  interface Tables {
    pachtabrechnungen: PachtabrechnungRow;
    pachtberechnungen: PachtberechnungRow;
    pachtzuschlaege: PachtzuschlagRow;
    vereinsabrechnungen: VereinsabrechnungRow;
    vereinsabrechnung_positionen: VereinsabrechnungPositionRow;
    gruppenabrechnung_positionen: GruppenabrechnungPositionRow;
    abrechnungslaeufe: AbrechnungslaufRow;
    versandprotokoll: VersandprotokollRow;
  }
}
