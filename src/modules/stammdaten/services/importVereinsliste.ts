import { systemActor } from '../../../platform/auth/principal';
import { todayIso } from '../../../platform/dates';
import { type Db, nowDb } from '../../../platform/db/db';
import { type CellValue, normalizeHeader, type ReadSheet } from '../../../platform/excel/excelReader';
import { recordHistory } from '../../../platform/history/history';
import { roundDecimal } from '../../../platform/money';
import { ADRESSE_HISTORY_TYPE } from './adresseHistory';
import { parseDate, parseDecimal, text } from './importCells';
import { IMPORT_ACTOR_NAME, type ImportError, type ImportPlan } from './importPlan';
import { displayName } from './names';
import { PARZELLE_HISTORY_TYPE } from './parzellen';

// A club's own sheet, as it comes out of the Excel the board kept until now: German headers in any
// order and spelling, one row per member, the plot number and area when the member holds one.

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
  adresse: Record<string, unknown> & { titel: string; vorname: string; nachname: string };
  eintritt: string | null;
};

/** Checks a club's own member sheet (German headers, one row per person, the plot optional). */
export async function planVereinsliste(db: Db, sheet: ReadSheet): Promise<ImportPlan> {
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
  const existingParzellen = new Set(
    (await db('parzellen').select('nummer')).map((p) => String(p.nummer).toLowerCase()),
  );
  const seenParzellen = new Map<string, number>();
  const rows: ClubRow[] = [];
  const today = todayIso();
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
      if (existingParzellen.has(parzelle.toLowerCase())) err('parzelle', `Die Parzelle ${parzelle} gibt es bereits.`);
      const before = seenParzellen.get(parzelle.toLowerCase());
      if (before) err('parzelle', `Die Parzelle ${parzelle} steht schon in Zeile ${before}.`);
      else seenParzellen.set(parzelle.toLowerCase(), r.rowNumber);
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
      const actor = systemActor(IMPORT_ACTOR_NAME);
      for (const r of rows) {
        const [adresseId] = await trx('adressen').insert({ ...r.adresse, created_at: now, updated_at: now });
        const aid = Number(adresseId);
        await recordHistory(trx, actor, {
          entityType: ADRESSE_HISTORY_TYPE,
          entityId: aid,
          action: 'import',
          after: r.adresse,
        });
        if (r.parzelle) {
          const plot = { nummer: r.parzelle, flaeche: roundDecimal(r.flaeche ?? 0, 2) };
          const [parzelleId] = await trx('parzellen').insert({ ...plot, created_at: now, updated_at: now });
          const pid = Number(parzelleId);
          const von = r.eintritt ?? todayIso();
          await trx('pachtverhaeltnisse').insert({
            parzelle_id: pid,
            adresse_id: aid,
            von,
            bis: null,
            created_at: now,
          });
          await recordHistory(trx, actor, {
            entityType: PARZELLE_HISTORY_TYPE,
            entityId: pid,
            action: 'import',
            after: { ...plot, nutzungsberechtigter: { adresseId: aid, name: displayName(r.adresse), von } },
          });
        }
        progress?.();
      }
    },
  };
}
