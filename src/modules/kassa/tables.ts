// Row types of the tables Kassa owns (CONTEXT.md; ADR 0005). DATE and DATETIME columns are strings
// on both databases; BIGINT answers a number on SQLite and may answer a string on MySQL.

/** BOOLEAN columns answer 0/1 on SQLite, true/false or 0/1 on MySQL. */
type Bool = boolean | number;

export type KassaabrechnungRow = {
  id: number;
  version: number;
  jahr: number;
  bezeichnung: string;
  von: string;
  bis: string;
  geschlossen: Bool;
  geschlossen_am: string | null;
  ketten_kopf: string | null;
  naechste_belegnummer: number;
  created_at: string;
  updated_at: string;
};

export type KontoRow = {
  id: number;
  version: number;
  name: string;
  /** bank | kassa */
  art: string;
  iban: string | null;
  bic: string | null;
  aktiv: Bool;
  bank_mapping_id: number | null;
  created_at: string;
  updated_at: string;
};

export type KontoAnfangsbestandRow = {
  id: number;
  konto_id: number;
  kassaabrechnung_id: number;
  anfangsbestand_cent: number;
};

export type BuchungskontoRow = {
  id: number;
  version: number;
  kassaabrechnung_id: number;
  nummer: string;
  name: string;
  /** einnahme | ausgabe */
  art: string;
  steuersatz: number;
  parzellenspezifisch: Bool;
  jahresbetrag_cent: number;
  geloescht: Bool;
  klaerung: Bool;
  /** 9998 "Zahlungen auf Forderungen": payments of receivables spanning several booking accounts (issue 15). */
  forderungseingang: Bool;
  created_at: string;
  updated_at: string;
};

export type BuchungskontoParzelleRow = {
  id: number;
  buchungskonto_id: number;
  parzelle_id: number;
};

export type KostenstelleRow = {
  id: number;
  version: number;
  kassaabrechnung_id: number;
  nummer: string;
  name: string;
  created_at: string;
  updated_at: string;
};

export type BankMappingRow = {
  id: number;
  name: string;
  /** JSON of a BankCsvMapping. */
  mapping: string;
  created_at: string;
  updated_at: string;
};

export type BankImportRow = {
  id: number;
  konto_id: number;
  dateiname: string;
  format: string;
  importiert: number;
  duplikate: number;
  anfang_cent: number | string | null;
  ende_cent: number | string | null;
  saldo_stimmt: Bool | null;
  created_at: string;
  created_by: number | null;
};

export type KassabuchRow = {
  id: number;
  version: number;
  kassaabrechnung_id: number;
  belegnummer: number;
  datum: string;
  betrag_cent: number;
  konto_id: number;
  buchungskonto_id: number;
  kostenstelle_id: number | null;
  steuersatz: number;
  steuer_cent: number;
  netto_cent: number;
  text: string;
  kommentar: string | null;
  rechnungsdatum: string | null;
  parzelle_id: number | null;
  adresse_id: number | null;
  storno_von_id: number | null;
  /** manuell | bank */
  quelle: string;
  geprueft: Bool;
  geprueft_am: string | null;
  geprueft_von: number | null;
  ketten_position: number | null;
  vorheriger_hash: string | null;
  hash: string | null;
  bank_schluessel: string | null;
  bank_import_id: number | null;
  bank_name: string | null;
  bank_iban: string | null;
  bank_verwendungszweck: string | null;
  bank_referenz: string | null;
  /** A bank credit the Kassier marked as no payment of a receivable: off the "zu klären" list (issue 15). */
  ohne_forderung: Bool;
  created_at: string;
  updated_at: string;
  created_by: number | null;
};

export type AnlageRow = {
  id: number;
  version: number;
  bezeichnung: string;
  kategorie: string;
  anschaffungsdatum: string;
  anschaffungskosten_cent: number;
  nutzungsdauer_jahre: number;
  abgangsdatum: string | null;
  abgangserloes_cent: number | null;
  kassabuch_id: number | null;
  notiz: string | null;
  created_at: string;
  updated_at: string;
};

declare module 'knex/types/tables' {
  interface Tables {
    kassaabrechnungen: KassaabrechnungRow;
    konten: KontoRow;
    konto_anfangsbestaende: KontoAnfangsbestandRow;
    buchungskonten: BuchungskontoRow;
    buchungskonto_parzellen: BuchungskontoParzelleRow;
    kostenstellen: KostenstelleRow;
    bank_mappings: BankMappingRow;
    bank_importe: BankImportRow;
    kassabuch: KassabuchRow;
    anlagen: AnlageRow;
  }
}
