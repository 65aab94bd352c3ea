import type { Knex } from 'knex';
import { type Db, nowDb } from '../../../platform/db/db';
import { type CellValue, normalizeHeader, type ReadSheet } from '../../../platform/excel/excelReader';
import { todayVienna } from '../../../platform/validation';
import { canonical, EXPORT_TABLES, type FieldKind, type TableSpec } from './exportAll';

/** One problem of one cell, in German: "Zeile 7, Spalte PLZ: …". */
export type ImportError = { sheet?: string; row: number; column: string; message: string };

export const formatError = (e: ImportError) =>
  `${e.sheet ? `Tabelle ${e.sheet}, ` : ''}Zeile ${e.row}, Spalte ${e.column}: ${e.message}`;

/** A checked import, ready to write: rows per table, in insert order. */
export type ImportPlan = {
  kind: 'exportAll' | 'vereinsliste';
  errors: ImportError[];
  counts: Record<string, number>;
  /** Writes everything; `progress` is called once per written row. */
  apply(trx: Knex.Transaction, progress?: () => void): Promise<void>;
  total: number;
};

// ---------------------------------------------------------------- cell parsing

function pad(n: number) {
  return String(n).padStart(2, '0');
}

/** A date from an Excel date, an Excel serial number, "dd.mm.yyyy" or "yyyy-mm-dd"; undefined when unreadable. */
export function parseDate(value: CellValue): string | null | undefined {
  if (value === null) return null;
  let y: number;
  let m: number;
  let d: number;
  if (value instanceof Date) {
    y = value.getUTCFullYear();
    m = value.getUTCMonth() + 1;
    d = value.getUTCDate();
  } else if (typeof value === 'number') {
    if (value < 1 || value > 100000) return undefined;
    const date = new Date(Date.UTC(1899, 11, 30) + Math.round(value) * 86400000);
    y = date.getUTCFullYear();
    m = date.getUTCMonth() + 1;
    d = date.getUTCDate();
  } else {
    const s = String(value).trim();
    const de = /^(\d{1,2})\.(\d{1,2})\.(\d{4})$/.exec(s);
    const iso = /^(\d{4})-(\d{2})-(\d{2})$/.exec(s);
    if (de) [d, m, y] = [Number(de[1]), Number(de[2]), Number(de[3])];
    else if (iso) [y, m, d] = [Number(iso[1]), Number(iso[2]), Number(iso[3])];
    else return undefined;
  }
  const text = `${y}-${pad(m)}-${pad(d)}`;
  const check = new Date(`${text}T00:00:00Z`);
  if (Number.isNaN(check.getTime()) || check.toISOString().slice(0, 10) !== text) return undefined;
  if (y < 1880 || y > 2200) return undefined;
  return text;
}

/** A decimal from a number or a German ("1.234,5") or plain ("400.5") string; undefined when unreadable. */
export function parseDecimal(value: CellValue): number | null | undefined {
  if (value === null) return null;
  if (typeof value === 'number') return value;
  if (typeof value !== 'string') return undefined;
  let s = value.replace(/\s|m²|m2/g, '');
  if (s.includes(',')) s = s.replace(/\./g, '').replace(',', '.');
  if (!/^-?\d+(\.\d+)?$/.test(s)) return undefined;
  return Number(s);
}

const text = (value: CellValue): string => {
  if (value === null) return '';
  if (value instanceof Date) return value.toISOString().slice(0, 10);
  return String(value).trim();
};

const parseBool = (value: CellValue): boolean | undefined => {
  if (value === null) return false;
  if (typeof value === 'boolean') return value;
  const s = String(value).trim().toLowerCase();
  if (['ja', 'true', '1', 'x', 'yes'].includes(s)) return true;
  if (['nein', 'false', '0', '', 'no'].includes(s)) return false;
  return undefined;
};

// ---------------------------------------------------------------- ExportAll workbook

export function isExportAllWorkbook(sheets: ReadSheet[]): boolean {
  const parzellen = sheets.find((s) => s.name === 'Parzellen');
  const adressen = sheets.find((s) => s.name === 'Adressen');
  return Boolean(parzellen?.headers.includes('id') && adressen?.headers.includes('id'));
}

function parseField(kind: FieldKind, value: CellValue, places = 2): { value?: unknown; error?: string } {
  switch (kind) {
    case 'int':
    case 'intNull': {
      if (value === null) return kind === 'int' ? { error: 'Eine ganze Zahl fehlt.' } : { value: null };
      const n = typeof value === 'number' ? value : Number(text(value));
      return Number.isInteger(n) ? { value: n } : { error: `„${text(value)}“ ist keine ganze Zahl.` };
    }
    case 'text':
      return { value: text(value) };
    case 'textNull':
      return { value: value === null ? null : text(value) };
    case 'date':
    case 'dateNull': {
      const d = parseDate(value);
      if (d === undefined) return { error: `„${text(value)}“ ist kein gültiges Datum (TT.MM.JJJJ).` };
      if (d === null && kind === 'date') return { error: 'Das Datum fehlt.' };
      return { value: d };
    }
    case 'dec':
    case 'decNull': {
      const n = parseDecimal(value);
      if (n === undefined) return { error: `„${text(value)}“ ist keine Zahl.` };
      if (n === null) return kind === 'dec' ? { error: 'Die Zahl fehlt.' } : { value: null };
      return { value: n.toFixed(places) };
    }
    case 'bool': {
      const b = parseBool(value);
      return b === undefined ? { error: `„${text(value)}“ ist weder ja noch nein.` } : { value: b };
    }
  }
}

const CORE_TABLES = ['parzellen', 'adressen', 'gruppen', 'hauptwasserzaehler', 'abstellplaetze', 'funktionen'];

async function planExportAll(db: Db, sheets: ReadSheet[]): Promise<ImportPlan> {
  const errors: ImportError[] = [];
  const data = new Map<TableSpec, Record<string, unknown>[]>();
  for (const spec of EXPORT_TABLES) {
    const sheet = sheets.find((s) => s.name === spec.sheet);
    const rows: Record<string, unknown>[] = [];
    data.set(spec, rows);
    if (!sheet) continue;
    for (const field of spec.fields) {
      if (!sheet.headers.includes(field.name) && sheet.rows.length) {
        errors.push({ sheet: spec.sheet, row: 1, column: field.name, message: 'Die Spalte fehlt.' });
      }
    }
    for (const r of sheet.rows) {
      const out: Record<string, unknown> = {};
      for (const field of spec.fields) {
        const parsed = parseField(field.kind, r.values[field.name] ?? null, field.places);
        if (parsed.error)
          errors.push({ sheet: spec.sheet, row: r.rowNumber, column: field.name, message: parsed.error });
        else out[field.name] = parsed.value;
      }
      rows.push(out);
    }
  }
  for (const table of CORE_TABLES) {
    const found = await db(table).first('id');
    if (found) {
      errors.push({
        row: 1,
        column: table,
        message: `Die Datenbank enthält bereits Stammdaten (${table}); eine Gesamtsicherung wird nur in eine leere Datenbank eingespielt.`,
      });
      break;
    }
  }
  const counts: Record<string, number> = {};
  for (const [spec, rows] of data) counts[spec.sheet] = rows.length;
  const total = [...data.values()].reduce((s, r) => s + r.length, 0);
  return {
    kind: 'exportAll',
    errors,
    counts,
    total,
    async apply(trx, progress) {
      const now = nowDb();
      // Years and parking categories may exist already: matched by Jahr / Name, their ids mapped.
      const yearIds = new Map<number, number>();
      const kategorieIds = new Map<number, number>();
      for (const [spec, rows] of data) {
        for (const row of rows) {
          const stamped: Record<string, unknown> = { ...row };
          if (spec.timestamps !== 'none') stamped.created_at = now;
          if (spec.timestamps === 'both') stamped.updated_at = now;
          if (spec.table === 'pachtabrechnungen') {
            const existing = await trx('pachtabrechnungen').where({ jahr: row.jahr }).first('id');
            if (existing) yearIds.set(Number(row.id), Number(existing.id));
            else {
              const [id] = await trx('pachtabrechnungen').insert(stamped);
              yearIds.set(Number(row.id), Number(row.id ?? id));
            }
          } else if (spec.table === 'abstellplatz_kategorien') {
            const existing = await trx('abstellplatz_kategorien').where({ name: row.name }).first('id');
            if (existing) kategorieIds.set(Number(row.id), Number(existing.id));
            else {
              const { id: _old, ...rest } = stamped;
              const [id] = await trx('abstellplatz_kategorien').insert(rest).returning('id');
              kategorieIds.set(Number(row.id), Number(typeof id === 'object' ? (id as { id: number }).id : id));
            }
          } else {
            if (spec.table === 'parzelle_jahr') {
              stamped.pachtabrechnung_id = yearIds.get(Number(row.pachtabrechnung_id)) ?? row.pachtabrechnung_id;
            }
            if (spec.table === 'abstellplaetze') {
              stamped.kategorie_id = kategorieIds.get(Number(row.kategorie_id)) ?? row.kategorie_id;
            }
            await trx(spec.table).insert(stamped);
          }
          progress?.();
        }
      }
    },
  };
}

// ---------------------------------------------------------------- a club's own sheet

/** Accepted spellings of each column, after normalizeHeader. */
const CLUB_COLUMNS: Record<string, string[]> = {
  parzelle: ['parzelle', 'parzellennr', 'parzellennummer', 'garten', 'gartennr', 'nr'],
  flaeche: ['flaeche', 'flaechem2', 'groesse', 'groessem2', 'm2'],
  anrede: ['anrede'],
  titel: ['titel'],
  vorname: ['vorname'],
  nachname: ['nachname', 'familienname', 'zuname'],
  strasse: ['strasse', 'adresse', 'anschrift'],
  plz: ['plz', 'postleitzahl'],
  ort: ['ort', 'wohnort', 'stadt'],
  email: ['email', 'mail'],
  telefon: ['telefon', 'tel', 'telefonnummer', 'mobil', 'handy'],
  geburtsdatum: ['geburtsdatum', 'geboren', 'geburtstag'],
  eintritt: ['eintritt', 'eintrittsdatum', 'mitgliedseit', 'seit'],
};

const LABEL: Record<string, string> = {
  parzelle: 'Parzelle',
  flaeche: 'Fläche',
  anrede: 'Anrede',
  titel: 'Titel',
  vorname: 'Vorname',
  nachname: 'Nachname',
  strasse: 'Straße',
  plz: 'PLZ',
  ort: 'Ort',
  email: 'E-Mail',
  telefon: 'Telefon',
  geburtsdatum: 'Geburtsdatum',
  eintritt: 'Eintritt',
};

const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

type ClubRow = {
  rowNumber: number;
  parzelle: string;
  flaeche: number | null;
  adresse: Record<string, unknown>;
  eintritt: string | null;
};

async function planClubSheet(db: Db, sheet: ReadSheet): Promise<ImportPlan> {
  const errors: ImportError[] = [];
  // Which sheet header feeds which field; the sheet's own spelling is used in messages.
  const headerOf: Record<string, string> = {};
  for (const h of sheet.headers) {
    const n = normalizeHeader(h);
    for (const [key, names] of Object.entries(CLUB_COLUMNS)) {
      if (!headerOf[key] && names.includes(n)) headerOf[key] = h;
    }
  }
  if (!headerOf.nachname) {
    errors.push({ row: 1, column: 'Nachname', message: 'Die Spalte Nachname fehlt in der Kopfzeile.' });
  }
  const label = (key: string) => headerOf[key] ?? LABEL[key] ?? key;
  const existingPlots = new Set((await db('parzellen').select('nummer')).map((p) => String(p.nummer).toLowerCase()));
  const seenPlots = new Map<string, number>();
  const rows: ClubRow[] = [];
  const today = todayVienna();
  for (const r of sheet.rows) {
    const cell = (key: string): CellValue => (headerOf[key] ? (r.values[headerOf[key]] ?? null) : null);
    const err = (key: string, message: string) => errors.push({ row: r.rowNumber, column: label(key), message });
    const nachname = text(cell('nachname'));
    if (!nachname) err('nachname', 'Der Nachname fehlt.');
    const plzValue = cell('plz');
    const plz = typeof plzValue === 'number' ? String(plzValue) : text(plzValue);
    if (plz && !/^\d{4,5}$/.test(plz)) err('plz', `„${plz}“ ist keine gültige Postleitzahl (4 oder 5 Ziffern).`);
    const email = text(cell('email'));
    if (email && !EMAIL.test(email)) err('email', `„${email}“ ist keine gültige E-Mail-Adresse.`);
    const geburtsdatum = parseDate(cell('geburtsdatum'));
    if (geburtsdatum === undefined)
      err('geburtsdatum', `„${text(cell('geburtsdatum'))}“ ist kein gültiges Datum (TT.MM.JJJJ).`);
    else if (geburtsdatum && geburtsdatum > today) err('geburtsdatum', 'Das Geburtsdatum liegt in der Zukunft.');
    const eintritt = parseDate(cell('eintritt'));
    if (eintritt === undefined) err('eintritt', `„${text(cell('eintritt'))}“ ist kein gültiges Datum (TT.MM.JJJJ).`);
    const parzelle = text(cell('parzelle'));
    const flaeche = parseDecimal(cell('flaeche'));
    if (flaeche === undefined) err('flaeche', `„${text(cell('flaeche'))}“ ist keine Fläche in m² (z. B. 400,5).`);
    else if (flaeche !== null && (flaeche <= 0 || flaeche >= 1e8)) err('flaeche', 'Die Fläche muss größer als 0 sein.');
    if (parzelle) {
      if (parzelle.length > 20) err('parzelle', 'Die Parzellennummer ist länger als 20 Zeichen.');
      if (existingPlots.has(parzelle.toLowerCase())) err('parzelle', `Die Parzelle ${parzelle} gibt es bereits.`);
      const before = seenPlots.get(parzelle.toLowerCase());
      if (before) err('parzelle', `Die Parzelle ${parzelle} steht schon in Zeile ${before}.`);
      else seenPlots.set(parzelle.toLowerCase(), r.rowNumber);
    } else if (flaeche != null) err('parzelle', 'Zur Fläche fehlt die Parzellennummer.');
    for (const [key, max] of [
      ['anrede', 20],
      ['titel', 50],
      ['vorname', 100],
      ['nachname', 100],
      ['strasse', 200],
      ['ort', 100],
      ['telefon', 50],
    ] as const) {
      if (text(cell(key)).length > max) err(key, `Der Text ist länger als ${max} Zeichen.`);
    }
    rows.push({
      rowNumber: r.rowNumber,
      parzelle,
      flaeche: flaeche ?? null,
      eintritt: eintritt ?? null,
      adresse: {
        anrede: text(cell('anrede')),
        titel: text(cell('titel')),
        vorname: text(cell('vorname')),
        nachname,
        strasse: text(cell('strasse')),
        plz,
        ort: text(cell('ort')),
        land: 'Österreich',
        email,
        telefon: text(cell('telefon')),
        geburtsdatum: geburtsdatum ?? null,
        eintrittsdatum: eintritt ?? null,
        flags: 256,
        adresstyp: 1,
      },
    });
  }
  const plots = rows.filter((r) => r.parzelle).length;
  return {
    kind: 'vereinsliste',
    errors,
    counts: { Parzellen: plots, Adressen: rows.length, Pachtverhaeltnisse: plots },
    total: rows.length,
    async apply(trx, progress) {
      const now = nowDb();
      for (const r of rows) {
        const [adresseId] = await trx('adressen')
          .insert({ ...r.adresse, created_at: now, updated_at: now })
          .returning('id');
        const aid = Number(typeof adresseId === 'object' ? (adresseId as { id: number }).id : adresseId);
        if (r.parzelle) {
          const [parzelleId] = await trx('parzellen')
            .insert({ nummer: r.parzelle, flaeche: (r.flaeche ?? 0).toFixed(2), created_at: now, updated_at: now })
            .returning('id');
          const pid = Number(typeof parzelleId === 'object' ? (parzelleId as { id: number }).id : parzelleId);
          await trx('pachtverhaeltnisse').insert({
            parzelle_id: pid,
            adresse_id: aid,
            von: r.eintritt ?? todayVienna(),
            bis: null,
            created_at: now,
          });
        }
        progress?.();
      }
    },
  };
}

/** Reads and checks every row of the workbook (ExportAll or a club's own sheet); writes nothing. */
export async function planImport(db: Db, sheets: ReadSheet[]): Promise<ImportPlan> {
  if (isExportAllWorkbook(sheets)) return planExportAll(db, sheets);
  const sheet = sheets.find((s) => s.rows.length > 0) ?? sheets[0];
  if (!sheet) throw new Error('Die Arbeitsmappe hat kein Blatt.');
  return planClubSheet(db, sheet);
}

/** Re-exported for tests comparing database contents. */
export { canonical };
