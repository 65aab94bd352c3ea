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

declare module 'knex/types/tables' {
  interface Tables {
    wasserablesungen: WasserablesungRow;
  }
}
