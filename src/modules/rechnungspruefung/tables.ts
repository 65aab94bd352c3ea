// Row types of the tables Rechnungspruefung owns (CONTEXT.md; ADR 0005). The billing runs of issue
// 14 create receivables through services/index.ts; issue 15 adds payments, instalments and reminders.

import type { RechnungArt } from './schema/rechnung';

// The kinds are defined in the schema, which the UI may import (tests/architecture/imports.test.ts).
export type { RechnungArt };

export type RechnungRow = {
  id: number;
  version: number;
  nummer: string;
  jahr: number;
  laufnummer: number;
  art: RechnungArt;
  adresse_id: number;
  adresse_name: string;
  parzelle_id: number | null;
  gruppe_id: number | null;
  pachtabrechnung_id: number | null;
  lauf_id: number | null;
  datum: string;
  faellig_am: string;
  /** Signed: a credit note is negative. BIGINT: may answer a string on MySQL. */
  betrag_cent: number | string;
  zahlungsreferenz: string;
  mahnstufe: number;
  letzte_mahnung_am: string | null;
  mahnsperre_bis: string | null;
  notiz: string | null;
  versendet_am: string | null;
  created_at: string;
  updated_at: string;
};

export type RechnungPositionRow = {
  id: number;
  rechnung_id: number;
  sortierung: number;
  parzelle_id: number | null;
  parzelle_nummer: string;
  art: string;
  text: string;
  menge: string | null;
  satz: string | null;
  betrag_cent: number | string;
  steuersatz: number;
  buchungskonto_id: number | null;
};

/** The next free running number per year (gapless: read FOR UPDATE in the booking's transaction). */
export type RechnungsnummerRow = { jahr: number; naechste: number };

export type VersicherungRow = {
  id: number;
  version: number;
  jahr: number;
  parzelle_id: number;
  versicherer: string;
  polizze: string;
  text: string;
  praemie_cent: number | string;
  created_at: string;
  updated_at: string;
};

/** Part of a cash-book entry paying a receivable, or parked as an address's credit (Guthaben). */
export type ZuordnungRow = {
  id: number;
  kassabuch_id: number | null;
  rechnung_id: number | null;
  adresse_id: number | null;
  art: 'zahlung' | 'guthaben';
  quelle: 'bank' | 'manuell' | 'barzahlung' | 'verrechnung' | 'storno';
  /** Signed like the money. BIGINT: may answer a string on MySQL. */
  betrag_cent: number | string;
  verrechnung_id: string | null;
  benutzer: string;
  created_at: string;
};

export type RechnungRateRow = {
  id: number;
  rechnung_id: number;
  nummer: number;
  faellig_am: string;
  betrag_cent: number | string;
};

export type MahnungRow = {
  id: number;
  rechnung_id: number;
  stufe: number;
  datum: string;
  offen_cent: number | string;
  gebuehr_cent: number | string;
  zinsen_cent: number | string;
  zinsen_bis: string | null;
  /** What the letter asked to pay now (instalments); null = offen_cent. */
  faellig_cent: number | string | null;
  benutzer: string;
  created_at: string;
};

declare module 'knex/types/tables' {
  interface Tables {
    rechnungen: RechnungRow;
    rechnung_positionen: RechnungPositionRow;
    rechnungsnummern: RechnungsnummerRow;
    versicherungen: VersicherungRow;
    zuordnungen: ZuordnungRow;
    rechnung_raten: RechnungRateRow;
    mahnungen: MahnungRow;
  }
}
