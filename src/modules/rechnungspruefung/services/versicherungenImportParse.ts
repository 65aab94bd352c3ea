import { decodeText, detectSeparator, parseCsv } from '../../../platform/csv/csvText';
import { validationFailed } from '../../../platform/errors';
import { type CellValue, normalizeHeader, readWorkbook } from '../../../platform/excel/excelReader';
import { parseGermanAmount } from '../../../platform/money';
import { isCleanText } from '../../../platform/validation';

// Reading an insurance list (CSV with ; or , in UTF-8 or Windows-1252, or XLSX) into rows of plot
// number, text, premium, insurer and policy. Nothing here knows the database; a row that cannot be
// read becomes a German message under „Zeile N“ (N as the Kassier sees it in Excel: header = 1).

export type GeleseneZeile = {
  zeile: number;
  parzelle: string;
  text: string;
  praemieCent: number;
  versicherer: string;
  polizze: string;
  /** What is wrong with the row (empty: fine as far as the file goes; the plot is checked later). */
  fehler: string[];
};
type Tabelle = { headers: string[]; rows: { zeile: number; cells: CellValue[] }[] };

const ZIP_SIGNATURE = [0x50, 0x4b, 0x03, 0x04];
const isXlsx = (buf: Buffer) => ZIP_SIGNATURE.every((b, i) => buf[i] === b);

/** The spellings of each column a club's sheet may use (compared after normalizeHeader). */
const SPALTEN = {
  parzelle: ['Parzelle', 'Parzellennummer', 'Parzellen-Nr', 'Parzelle Nr', 'Parz'],
  text: ['Text', 'Bezeichnung', 'Beschreibung'],
  praemie: ['Prämie', 'Praemie', 'Prämie (€)', 'Prämie EUR', 'Betrag'],
  versicherer: ['Versicherer', 'Versicherung', 'Gesellschaft'],
  polizze: ['Polizze', 'Polizzennummer', 'Polizzen-Nr', 'Polizze Nr', 'Polizzennr'],
} as const;
type Spalte = keyof typeof SPALTEN;
const PFLICHT: { spalte: Spalte; name: string }[] = [
  { spalte: 'parzelle', name: 'Parzelle' },
  { spalte: 'praemie', name: 'Prämie' },
];

function csvTabelle(buf: Buffer): Tabelle {
  const text = decodeText(buf, 'auto');
  const [head, ...records] = parseCsv(text, detectSeparator(text));
  if (!head) throw validationFailed({ file: ['Die Datei ist leer.'] });
  return {
    headers: head.fields.map((h) => h.trim()),
    rows: records.map((r) => ({ zeile: r.line, cells: r.fields.map((f) => (f.trim() === '' ? null : f.trim())) })),
  };
}

async function xlsxTabelle(buf: Buffer): Promise<Tabelle> {
  const [sheet] = await readWorkbook(buf);
  if (!sheet?.headers.length) throw validationFailed({ file: ['Die Datei ist leer.'] });
  return {
    headers: sheet.headers,
    rows: sheet.rows.map((r) => ({ zeile: r.rowNumber, cells: sheet.headers.map((h) => r.values[h] ?? null) })),
  };
}

function spaltenIndex(headers: string[]): Partial<Record<Spalte, number>> {
  const normal = headers.map(normalizeHeader);
  const out: Partial<Record<Spalte, number>> = {};
  for (const spalte of Object.keys(SPALTEN) as Spalte[]) {
    const namen = new Set<string>(SPALTEN[spalte].map(normalizeHeader));
    const i = normal.findIndex((h) => namen.has(h));
    if (i >= 0) out[spalte] = i;
  }
  return out;
}

const zelleText = (value: CellValue | undefined): string => {
  if (value === null || value === undefined) return '';
  if (value instanceof Date) return value.toISOString().slice(0, 10);
  return String(value).trim();
};

/**
 * A premium → cents: a number cell of an Excel sheet (euros), or text as typed in Austria
 * ("1.234,56", "12,50 €"); "12.50" (a dot and one or two decimals, as some exports write it) too.
 */
export function praemieAusZelle(value: CellValue | undefined): number | null {
  if (typeof value === 'number') {
    const cents = Math.round(value * 100);
    return Math.abs(value * 100 - cents) < 1e-6 ? cents : null;
  }
  const s = zelleText(value);
  if (s === '') return null;
  const punkt = /^\d+\.\d{1,2}$/.exec(s.replace(/\s/g, ''));
  if (punkt) return Math.round(Number(punkt[0]) * 100);
  return parseGermanAmount(s);
}

/**
 * Reads the file's rows; 422 for a file that is no table or lacks the required columns. Every row
 * carries its problems (all of them, so the Kassier fixes the file once).
 */
export async function leseVersicherungsDatei(buf: Buffer): Promise<GeleseneZeile[]> {
  if (!buf.length) throw validationFailed({ file: ['Die Datei ist leer.'] });
  const tabelle = isXlsx(buf) ? await xlsxTabelle(buf) : csvTabelle(buf);
  const index = spaltenIndex(tabelle.headers);
  const fehlt = PFLICHT.filter((p) => index[p.spalte] === undefined).map((p) => `„${p.name}“`);
  if (fehlt.length)
    throw validationFailed(
      {
        file: [
          `Die Spalte${fehlt.length > 1 ? 'n' : ''} ${fehlt.join(' und ')} fehl${fehlt.length > 1 ? 'en' : 't'} ` +
            '(erwartet: Parzelle, Text, Prämie, wahlweise Versicherer und Polizze in der ersten Zeile).',
        ],
      },
      'Die Datei hat nicht die erwarteten Spalten.',
    );
  const zelle = (cells: CellValue[], spalte: Spalte) => {
    const i = index[spalte];
    return i === undefined ? undefined : cells[i];
  };
  const zeilen: GeleseneZeile[] = [];
  for (const row of tabelle.rows) {
    // Excel saves rows it once touched as „;;;;“: an empty row is no insurance and no error.
    if (row.cells.every((c) => zelleText(c) === '')) continue;
    const msgs: string[] = [];
    const parzelle = zelleText(zelle(row.cells, 'parzelle'));
    const versicherer = zelleText(zelle(row.cells, 'versicherer'));
    const polizze = zelleText(zelle(row.cells, 'polizze'));
    const text = zelleText(zelle(row.cells, 'text')) || `Versicherung ${versicherer}`.trim();
    const rohPraemie = zelle(row.cells, 'praemie');
    const praemieCent = praemieAusZelle(rohPraemie);
    if (!parzelle) msgs.push('Die Parzelle fehlt.');
    if (zelleText(rohPraemie) === '') msgs.push('Die Prämie fehlt.');
    else if (praemieCent === null) msgs.push(`„${zelleText(rohPraemie)}“ ist kein Betrag (z. B. 12,50).`);
    else if (praemieCent <= 0) msgs.push('Die Prämie muss größer als 0 sein.');
    else if (praemieCent > 100_000_000) msgs.push('Die Prämie ist zu hoch (höchstens 1.000.000,00 €).');
    for (const [wert, name, max] of [
      [text, 'Text', 200],
      [versicherer, 'Versicherer', 200],
      [polizze, 'Polizze', 100],
    ] as const) {
      if (wert.length > max) msgs.push(`${name}: höchstens ${max} Zeichen.`);
      else if (!isCleanText(wert)) msgs.push(`${name}: Zeilenumbrüche und Steuerzeichen sind nicht erlaubt.`);
    }
    zeilen.push({
      zeile: row.zeile,
      parzelle,
      text,
      praemieCent: praemieCent ?? 0,
      versicherer,
      polizze,
      fehler: msgs,
    });
  }
  return zeilen;
}
