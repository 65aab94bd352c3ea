import type { Db } from '../../../platform/db/db';
import { buildWorkbook, type Column, type SheetSpec } from '../../../platform/excel/excelWriter';
import { decimal, isoDay } from './listen';

/**
 * How a column travels through the ExportAll workbook: the header is the database column, so the
 * import can write the rows back as they were (ids included).
 * - int / intNull: integers; text: a NOT NULL string ('' when empty); textNull: NULL when empty;
 * - date / dateNull: `YYYY-MM-DD` as an Excel date; dec / decNull: a DECIMAL (`places`); bool: ja/nein.
 */
export type FieldKind = 'int' | 'intNull' | 'text' | 'textNull' | 'date' | 'dateNull' | 'dec' | 'decNull' | 'bool';

export type Field = { name: string; kind: FieldKind; places?: number };

export type TableSpec = {
  sheet: string;
  table: string;
  fields: Field[];
  /** Which timestamp columns the table has (the import sets them to now). */
  timestamps: 'both' | 'created' | 'none';
  orderBy: string[];
};

const f = (name: string, kind: FieldKind, places?: number): Field => ({ name, kind, places });

/** Every table of the Stammdaten, in an order that inserts referenced rows first. */
export const EXPORT_TABLES: TableSpec[] = [
  {
    sheet: 'Pachtabrechnungen',
    table: 'pachtabrechnungen',
    fields: [f('id', 'int'), f('jahr', 'int'), f('bezeichnung', 'text')],
    timestamps: 'both',
    orderBy: ['jahr'],
  },
  {
    sheet: 'AbstellplatzKategorien',
    table: 'abstellplatz_kategorien',
    fields: [f('id', 'int'), f('name', 'text'), f('jahresgebuehr_cent', 'int'), f('aktiv', 'bool')],
    timestamps: 'both',
    orderBy: ['id'],
  },
  {
    sheet: 'Gruppen',
    table: 'gruppen',
    fields: [f('id', 'int'), f('name', 'text'), f('beschreibung', 'text')],
    timestamps: 'both',
    orderBy: ['id'],
  },
  {
    sheet: 'Hauptwasserzaehler',
    table: 'hauptwasserzaehler',
    fields: [
      f('id', 'int'),
      f('nummer', 'text'),
      f('bezeichnung', 'text'),
      f('standort', 'text'),
      f('eichdatum', 'dateNull'),
      f('aktiv', 'bool'),
      f('notiz', 'textNull'),
    ],
    timestamps: 'both',
    orderBy: ['id'],
  },
  {
    sheet: 'HWZAblesungen',
    table: 'hauptwasserzaehler_ablesungen',
    fields: [
      f('id', 'int'),
      f('hauptwasserzaehler_id', 'int'),
      f('datum', 'date'),
      f('stand', 'dec', 3),
      f('art', 'text'),
      f('zaehlernummer', 'text'),
    ],
    timestamps: 'created',
    orderBy: ['id'],
  },
  {
    sheet: 'Parzellen',
    table: 'parzellen',
    fields: [
      f('id', 'int'),
      f('nummer', 'text'),
      f('flaeche', 'dec', 2),
      f('flags', 'int'),
      f('wasserzaehler_nummer', 'textNull'),
      f('hauptwasserzaehler_id', 'intNull'),
      f('gruppe_id', 'intNull'),
      f('aktiv', 'bool'),
      f('notiz', 'textNull'),
    ],
    timestamps: 'both',
    orderBy: ['id'],
  },
  {
    sheet: 'ParzellenJahr',
    table: 'parzelle_jahr',
    fields: [
      f('parzelle_id', 'int'),
      f('pachtabrechnung_id', 'int'),
      f('gemeinschaftsflaeche', 'decNull', 2),
      f('anzahl_parkkarten', 'int'),
    ],
    timestamps: 'none',
    orderBy: ['parzelle_id', 'pachtabrechnung_id'],
  },
  {
    sheet: 'Adressen',
    table: 'adressen',
    fields: [
      f('id', 'int'),
      f('anrede', 'text'),
      f('titel', 'text'),
      f('vorname', 'text'),
      f('nachname', 'text'),
      f('strasse', 'text'),
      f('plz', 'text'),
      f('ort', 'text'),
      f('land', 'text'),
      f('telefon', 'text'),
      f('mobil', 'text'),
      f('email', 'text'),
      f('geburtsdatum', 'dateNull'),
      f('eintrittsdatum', 'dateNull'),
      f('austrittsdatum', 'dateNull'),
      f('flags', 'int'),
      f('adresstyp', 'int'),
      f('iban', 'text'),
      f('zeitung_erlaubt', 'bool'),
      f('notiz', 'textNull'),
    ],
    timestamps: 'both',
    orderBy: ['id'],
  },
  {
    sheet: 'WeiterePersonen',
    table: 'weitere_personen',
    fields: [
      f('id', 'int'),
      f('adresse_id', 'int'),
      f('anrede', 'text'),
      f('titel', 'text'),
      f('vorname', 'text'),
      f('nachname', 'text'),
      f('beziehung', 'text'),
      f('telefon', 'text'),
      f('email', 'text'),
      f('geburtsdatum', 'dateNull'),
      f('eintrittsdatum', 'dateNull'),
      f('flags', 'int'),
      f('zeitung_erlaubt', 'bool'),
      f('notiz', 'textNull'),
    ],
    timestamps: 'both',
    orderBy: ['id'],
  },
  {
    sheet: 'Pachtverhaeltnisse',
    table: 'pachtverhaeltnisse',
    fields: [f('id', 'int'), f('parzelle_id', 'int'), f('adresse_id', 'int'), f('von', 'date'), f('bis', 'dateNull')],
    timestamps: 'created',
    orderBy: ['id'],
  },
  {
    sheet: 'Abstellplaetze',
    table: 'abstellplaetze',
    fields: [f('id', 'int'), f('nummer', 'text'), f('kategorie_id', 'int'), f('aktiv', 'bool'), f('notiz', 'textNull')],
    timestamps: 'both',
    orderBy: ['id'],
  },
  {
    sheet: 'Abstellplatzzuordnungen',
    table: 'abstellplatz_zuordnungen',
    fields: [
      f('id', 'int'),
      f('abstellplatz_id', 'int'),
      f('adresse_id', 'int'),
      f('von', 'date'),
      f('bis', 'dateNull'),
    ],
    timestamps: 'created',
    orderBy: ['id'],
  },
  {
    sheet: 'Funktionen',
    table: 'funktionen',
    fields: [f('id', 'int'), f('name', 'text'), f('sortierung', 'int'), f('pflicht', 'bool')],
    timestamps: 'both',
    orderBy: ['id'],
  },
  {
    sheet: 'Funktionaere',
    table: 'funktionaere',
    fields: [
      f('id', 'int'),
      f('funktion_id', 'int'),
      f('adresse_id', 'int'),
      f('von', 'date'),
      f('bis', 'dateNull'),
      f('notiz', 'textNull'),
    ],
    timestamps: 'both',
    orderBy: ['id'],
  },
];

/** A database value as the canonical JS value of its field kind (shared by export, import and tests). */
export function canonical(kind: FieldKind, value: unknown, places = 2): string | number | boolean | null {
  switch (kind) {
    case 'int':
      return Number(value ?? 0);
    case 'intNull':
      return value == null ? null : Number(value);
    case 'text':
      return value == null ? '' : String(value);
    case 'textNull':
      return value == null || value === '' ? null : String(value);
    case 'date':
    case 'dateNull':
      return isoDay(value);
    case 'dec':
      return decimal(value ?? 0, places);
    case 'decNull':
      return decimal(value, places);
    case 'bool':
      return Boolean(Number(value));
  }
}

const columnKind = (kind: FieldKind): Column<unknown>['kind'] => {
  switch (kind) {
    case 'int':
    case 'intNull':
      return 'integer';
    case 'date':
    case 'dateNull':
      return 'date';
    case 'dec':
    case 'decNull':
      return 'decimal';
    case 'bool':
      return 'boolean';
    default:
      return 'text';
  }
};

/** A table's rows in canonical form, in export order. */
export async function tableRows(db: Db, spec: TableSpec): Promise<Record<string, unknown>[]> {
  const rows = await db(spec.table)
    .select(spec.fields.map((x) => x.name))
    .orderBy(spec.orderBy.map((column) => ({ column })));
  return rows.map((r) => Object.fromEntries(spec.fields.map((x) => [x.name, canonical(x.kind, r[x.name], x.places)])));
}

/** ExportAll: one workbook, a sheet per kind, ids included so that `kgv import stammdaten` can round-trip. */
export async function exportAll(db: Db): Promise<Buffer> {
  const sheets: SheetSpec<Record<string, unknown>>[] = [];
  for (const spec of EXPORT_TABLES) {
    sheets.push({
      name: spec.sheet,
      columns: spec.fields.map((x) => ({ header: x.name, key: x.name, kind: columnKind(x.kind), places: x.places })),
      rows: await tableRows(db, spec),
    });
  }
  return buildWorkbook(sheets);
}
