import type { Db } from '../../../platform/db/db';
import { ABSTELLPLATZ_HISTORY_TYPE } from './abstellplaetze';
import { ADRESSE_HISTORY_TYPE } from './adresseHistory';
import { FUNKTION_HISTORY_TYPE, FUNKTIONAER_HISTORY_TYPE } from './funktionen';
import { GRUPPE_HISTORY_TYPE } from './gruppen';
import { HWZ_HISTORY_TYPE } from './hauptwasserzaehler';
import { PARZELLE_HISTORY_TYPE } from './parzellen';
import { type HwzAblesungSheetRow, wasserablesungen } from './wasserablesungenProvider';
import { WEITERE_PERSON_HISTORY_TYPE } from './weiterePersonen';

/**
 * How a column travels through the ExportAll workbook: the header is the database column, so the
 * import can write the rows back as they were (ids included).
 * - int / intNull: integers; text: a NOT NULL string ('' when empty); textNull: NULL when empty;
 * - date / dateNull: `YYYY-MM-DD` as an Excel date; dec / decNull: a DECIMAL (`places`); bool: ja/nein.
 */
export type FieldKind = 'int' | 'intNull' | 'text' | 'textNull' | 'date' | 'dateNull' | 'dec' | 'decNull' | 'bool';

export type Field = {
  name: string;
  kind: FieldKind;
  places?: number;
  /** The column's length in the database (MySQL refuses longer text; SQLite would keep it). */
  max?: number;
  /** Text that must not be empty. */
  required?: boolean;
  /** The table whose `id` this column holds: the import checks the row exists in the workbook. */
  ref?: string;
};

export type TableSpec = {
  sheet: string;
  table: string;
  fields: Field[];
  /** Which timestamp columns the table has (the import sets them to now). */
  timestamps: 'both' | 'created' | 'updated' | 'none';
  orderBy: string[];
  /** Columns (or column pairs) unique in the database, compared like MySQL: case and accents aside. */
  unique?: (string | string[])[];
  /** Periods `von`–`bis` that must not overlap per value of this column (one holder at a time). */
  periodsPer?: string;
  /** The history type the import notes each row under (so the Verlauf starts with "importiert"). */
  historyType?: string;
  /**
   * A sheet whose rows another module keeps: it answers them (export) and stores one (import)
   * instead of the table named above, which is then only the sheet's name for references.
   */
  provided?: {
    rows(db: Db): Promise<Record<string, unknown>[]>;
    /** All rows of the sheet at once, in sheet order (a row may need a later one, e.g. a meter change). */
    insertAll(db: Db, rows: Record<string, unknown>[], createdAt: string): Promise<void>;
  };
};

const f = (name: string, kind: FieldKind, places?: number): Field => ({ name, kind, places });
/** A text column of `max` characters; `required` when it must not be empty. */
const t = (name: string, max: number, required = false): Field => ({ name, kind: 'text', max, required });
/** An id of a row of `table`. */
const r = (name: string, table: string, kind: 'int' | 'intNull' = 'int'): Field => ({ name, kind, ref: table });

/** Every table of the Stammdaten, in an order that inserts referenced rows first. */
export const EXPORT_TABLES: TableSpec[] = [
  {
    sheet: 'Pachtabrechnungen',
    table: 'pachtabrechnungen',
    fields: [f('id', 'int'), f('jahr', 'int'), t('bezeichnung', 100)],
    timestamps: 'both',
    orderBy: ['jahr'],
    unique: ['jahr'],
  },
  {
    sheet: 'AbstellplatzKategorien',
    table: 'abstellplatz_kategorien',
    fields: [f('id', 'int'), t('name', 100, true), f('jahresgebuehr_cent', 'int'), f('aktiv', 'bool')],
    timestamps: 'both',
    orderBy: ['id'],
    unique: ['name'],
  },
  {
    sheet: 'Gruppen',
    table: 'gruppen',
    fields: [f('id', 'int'), t('name', 100, true), t('beschreibung', 500)],
    timestamps: 'both',
    orderBy: ['id'],
    unique: ['name'],
    historyType: GRUPPE_HISTORY_TYPE,
  },
  {
    sheet: 'Hauptwasserzaehler',
    table: 'hauptwasserzaehler',
    fields: [
      f('id', 'int'),
      t('nummer', 50, true),
      t('bezeichnung', 200),
      t('standort', 200),
      f('eichdatum', 'dateNull'),
      f('aktiv', 'bool'),
      f('notiz', 'textNull'),
    ],
    timestamps: 'both',
    orderBy: ['id'],
    unique: ['nummer'],
    historyType: HWZ_HISTORY_TYPE,
  },
  {
    // The old table's columns: the rows are the water book's main-meter readings now (one table
    // with the plots' readings), so old workbooks still import and the format stays.
    sheet: 'HWZAblesungen',
    table: 'hauptwasserzaehler_ablesungen',
    fields: [
      f('id', 'int'),
      r('hauptwasserzaehler_id', 'hauptwasserzaehler'),
      f('datum', 'date'),
      f('stand', 'dec', 3),
      t('art', 20, true),
      t('zaehlernummer', 50),
    ],
    timestamps: 'created',
    orderBy: ['id'],
    // One reading per meter and date (the water book's unique key).
    unique: [['hauptwasserzaehler_id', 'zaehlernummer', 'datum']],
    provided: {
      rows: (db) => wasserablesungen().exportHwzAblesungen(db),
      insertAll: (db, rows, createdAt) =>
        wasserablesungen().importHwzAblesungen(db, rows as HwzAblesungSheetRow[], createdAt),
    },
  },
  {
    sheet: 'Parzellen',
    table: 'parzellen',
    fields: [
      f('id', 'int'),
      t('nummer', 20, true),
      f('flaeche', 'dec', 2),
      f('flags', 'int'),
      { name: 'wasserzaehler_nummer', kind: 'textNull', max: 50 },
      r('hauptwasserzaehler_id', 'hauptwasserzaehler', 'intNull'),
      r('gruppe_id', 'gruppen', 'intNull'),
      f('aktiv', 'bool'),
      f('notiz', 'textNull'),
    ],
    timestamps: 'both',
    orderBy: ['id'],
    unique: ['nummer'],
    historyType: PARZELLE_HISTORY_TYPE,
  },
  {
    sheet: 'ParzellenJahr',
    table: 'parzelle_jahr',
    fields: [
      r('parzelle_id', 'parzellen'),
      r('pachtabrechnung_id', 'pachtabrechnungen'),
      f('gemeinschaftsflaeche', 'decNull', 2),
      f('anzahl_parkkarten', 'int'),
    ],
    timestamps: 'none',
    orderBy: ['parzelle_id', 'pachtabrechnung_id'],
    unique: [['parzelle_id', 'pachtabrechnung_id']],
  },
  {
    sheet: 'Adressen',
    table: 'adressen',
    fields: [
      f('id', 'int'),
      t('anrede', 20),
      t('titel', 50),
      t('vorname', 100),
      t('nachname', 100, true),
      t('strasse', 200),
      t('plz', 10),
      t('ort', 100),
      t('land', 100),
      t('telefon', 50),
      t('mobil', 50),
      t('email', 254),
      f('geburtsdatum', 'dateNull'),
      f('eintrittsdatum', 'dateNull'),
      f('austrittsdatum', 'dateNull'),
      f('flags', 'int'),
      f('adresstyp', 'int'),
      t('iban', 34),
      f('zeitung_erlaubt', 'bool'),
      f('notiz', 'textNull'),
    ],
    timestamps: 'both',
    orderBy: ['id'],
    historyType: ADRESSE_HISTORY_TYPE,
  },
  {
    sheet: 'WeiterePersonen',
    table: 'weitere_personen',
    fields: [
      f('id', 'int'),
      r('adresse_id', 'adressen'),
      t('anrede', 20),
      t('titel', 50),
      t('vorname', 100),
      t('nachname', 100, true),
      t('beziehung', 50),
      t('telefon', 50),
      t('email', 254),
      f('geburtsdatum', 'dateNull'),
      f('eintrittsdatum', 'dateNull'),
      f('flags', 'int'),
      f('zeitung_erlaubt', 'bool'),
      f('notiz', 'textNull'),
    ],
    timestamps: 'both',
    orderBy: ['id'],
    historyType: WEITERE_PERSON_HISTORY_TYPE,
  },
  {
    sheet: 'Pachtverhaeltnisse',
    table: 'pachtverhaeltnisse',
    fields: [
      f('id', 'int'),
      r('parzelle_id', 'parzellen'),
      r('adresse_id', 'adressen'),
      f('von', 'date'),
      f('bis', 'dateNull'),
    ],
    timestamps: 'created',
    orderBy: ['id'],
    periodsPer: 'parzelle_id',
  },
  {
    sheet: 'Abstellplaetze',
    table: 'abstellplaetze',
    fields: [
      f('id', 'int'),
      t('nummer', 20, true),
      r('kategorie_id', 'abstellplatz_kategorien'),
      f('aktiv', 'bool'),
      f('notiz', 'textNull'),
    ],
    timestamps: 'both',
    orderBy: ['id'],
    unique: ['nummer'],
    historyType: ABSTELLPLATZ_HISTORY_TYPE,
  },
  {
    sheet: 'Abstellplatzzuordnungen',
    table: 'abstellplatz_zuordnungen',
    fields: [
      f('id', 'int'),
      r('abstellplatz_id', 'abstellplaetze'),
      r('adresse_id', 'adressen'),
      f('von', 'date'),
      f('bis', 'dateNull'),
    ],
    timestamps: 'created',
    orderBy: ['id'],
    periodsPer: 'abstellplatz_id',
  },
  {
    sheet: 'Parkkarten',
    table: 'parkkarten_info',
    fields: [
      r('pachtabrechnung_id', 'pachtabrechnungen'),
      f('gebuehr_cent', 'int'),
      f('gueltig_bis', 'dateNull'),
      f('hinweis', 'textNull'),
    ],
    timestamps: 'updated',
    orderBy: ['pachtabrechnung_id'],
    unique: ['pachtabrechnung_id'],
  },
  {
    sheet: 'Funktionen',
    table: 'funktionen',
    fields: [f('id', 'int'), t('name', 100, true), f('sortierung', 'int'), f('pflicht', 'bool')],
    timestamps: 'both',
    orderBy: ['id'],
    unique: ['name'],
    historyType: FUNKTION_HISTORY_TYPE,
  },
  {
    sheet: 'Funktionaere',
    table: 'funktionaere',
    fields: [
      f('id', 'int'),
      r('funktion_id', 'funktionen'),
      r('adresse_id', 'adressen'),
      f('von', 'date'),
      f('bis', 'dateNull'),
      f('notiz', 'textNull'),
    ],
    timestamps: 'both',
    orderBy: ['id'],
    historyType: FUNKTIONAER_HISTORY_TYPE,
  },
];
