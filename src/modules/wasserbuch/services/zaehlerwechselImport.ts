import type { Actor } from '../../../platform/auth/principal';
import { formatGermanDate } from '../../../platform/dates';
import { type Db, inTransaction } from '../../../platform/db/db';
import { AppError, validationFailed } from '../../../platform/errors';
import type { CellValue } from '../../../platform/excel/excelReader';
import type { Meldung, ZaehlerwechselImportResult } from '../schema/dokumente';
import { ImportRowsError } from './funkImport';
import { columnIndex, parseStand, parseZeitstempel, readTable } from './funkImportParse';
import { STANDARD_MAPPING } from './funkMapping';
import { zaehlerwechselParzelle } from './zaehlerwechsel';
import { WECHSEL_SPALTEN } from './zaehlerwechselListe';

// ImportZaehlerwechselData: the export's rows (or a club's own list with the same columns) become
// meter changes through UpdateZaehlerwechsel's service, all in one transaction; a change already
// there (plot, date, new meter) is skipped, so importing the export again adds nothing.

type Row = {
  zeile: number;
  parzelle: string;
  datum?: string;
  alteNummer: string;
  endstand?: string;
  neueNummer: string;
  anfangsstand?: string;
  plombe: string;
};

const FIELD_LABELS: Record<string, string> = {
  parzelleId: WECHSEL_SPALTEN.parzelle,
  datum: WECHSEL_SPALTEN.datum,
  endstand: WECHSEL_SPALTEN.endstand,
  neueNummer: WECHSEL_SPALTEN.neueNummer,
  anfangsstand: WECHSEL_SPALTEN.anfangsstand,
  plombe: WECHSEL_SPALTEN.plombe,
};

const text = (v: CellValue | undefined) =>
  v == null ? '' : v instanceof Date ? v.toISOString().slice(0, 10) : String(v).trim();

async function readRows(file: Buffer): Promise<Row[]> {
  const table = await readTable(file, { ...STANDARD_MAPPING });
  const s = WECHSEL_SPALTEN;
  const missing: string[] = [];
  const col = (header: string, required = true) => {
    const i = columnIndex(table.headers, header);
    const found = i !== undefined && i < table.headers.length ? i : undefined;
    if (found === undefined && required) missing.push(`Die Spalte „${header}“ fehlt in der Datei.`);
    return found ?? -1;
  };
  const c = {
    parzelle: col(s.parzelle),
    datum: col(s.datum),
    alteNummer: col(s.alteNummer, false),
    endstand: col(s.endstand),
    neueNummer: col(s.neueNummer),
    anfangsstand: col(s.anfangsstand),
    plombe: col(s.plombe, false),
  };
  if (missing.length) throw validationFailed({ file: missing }, 'Die Datei passt nicht zur Zählerwechsel-Liste.');
  return table.rows.map(({ zeile, cells }) => ({
    zeile,
    parzelle: text(cells[c.parzelle]),
    datum: parseZeitstempel(cells[c.datum] ?? null),
    alteNummer: c.alteNummer < 0 ? '' : text(cells[c.alteNummer]),
    endstand: parseStand(cells[c.endstand] ?? null, 'auto'),
    neueNummer: text(cells[c.neueNummer]),
    anfangsstand: parseStand(cells[c.anfangsstand] ?? null, 'auto'),
    plombe: c.plombe < 0 ? '' : text(cells[c.plombe]),
  }));
}

/** What is wrong with a row before it reaches the service. */
function rowProblems(r: Row): string[] {
  const out: string[] = [];
  if (!r.parzelle) out.push('Die Parzelle fehlt.');
  if (!r.datum) out.push('Das Datum fehlt oder ist kein Datum.');
  if (r.endstand === undefined) out.push('Der Endstand ist keine Zahl mit höchstens 3 Nachkommastellen.');
  if (!r.neueNummer) out.push('Die neue Zählernummer fehlt.');
  if (r.anfangsstand === undefined) out.push('Der Anfangsstand ist keine Zahl mit höchstens 3 Nachkommastellen.');
  return out;
}

export async function importZaehlerwechsel(db: Db, actor: Actor, file: Buffer): Promise<ZaehlerwechselImportResult> {
  const rows = await readRows(file);
  if (!rows.length) throw validationFailed({ file: ['Die Datei enthält keine Zählerwechsel.'] });
  return inTransaction(db, async (trx) => {
    const plots = new Map<string, number>();
    for (const p of await trx('parzellen').select('id', 'nummer'))
      plots.set(p.nummer.trim().toLowerCase(), Number(p.id));
    const fehler: Meldung[] = [];
    const result: ZaehlerwechselImportResult = { zeilen: [], angelegt: 0 };
    // Oldest first, so a plot changed twice gets its changes in order (the export is newest first).
    const ordered = [...rows].sort((a, b) =>
      (a.datum ?? '') < (b.datum ?? '') ? -1 : (a.datum ?? '') > (b.datum ?? '') ? 1 : a.zeile - b.zeile,
    );
    for (const r of ordered) {
      const problems = rowProblems(r);
      const parzelleId = plots.get(r.parzelle.toLowerCase());
      if (r.parzelle && parzelleId === undefined) problems.push(`Die Parzelle „${r.parzelle}“ gibt es nicht.`);
      if (problems.length || parzelleId === undefined || !r.datum || !r.endstand || !r.anfangsstand) {
        for (const t of problems) fehler.push({ zeile: r.zeile, text: t });
        continue;
      }
      const key = `P${parzelleId}`;
      const there = await trx('wasserablesungen as n')
        .join('wasserablesungen as e', (j) => {
          j.on('e.zaehler_key', 'n.zaehler_key').andOn('e.datum', 'n.datum');
        })
        .where({
          'n.zaehler_key': key,
          'n.datum': r.datum,
          'n.zaehlernummer': r.neueNummer,
          'e.is_zaehlerwechsel': true,
        })
        .first('n.id');
      const zeile = {
        zeile: r.zeile,
        parzelleNummer: r.parzelle,
        datum: r.datum,
        alteNummer: r.alteNummer,
        neueNummer: r.neueNummer,
      };
      if (there) {
        result.zeilen.push({ ...zeile, status: 'vorhanden' });
        continue;
      }
      const plot = await trx('parzellen').where({ id: parzelleId }).first('wasserzaehler_nummer');
      const current = plot?.wasserzaehler_nummer ?? '';
      if (r.alteNummer && current && r.alteNummer.toLowerCase() !== current.toLowerCase()) {
        fehler.push({
          zeile: r.zeile,
          text: `${WECHSEL_SPALTEN.alteNummer}: die Parzelle hat am ${formatGermanDate(r.datum)} den Zähler „${current}“.`,
        });
        continue;
      }
      try {
        await zaehlerwechselParzelle(trx, actor, {
          parzelleId,
          datum: r.datum,
          endstand: r.endstand,
          neueNummer: r.neueNummer,
          anfangsstand: r.anfangsstand,
          plombe: r.plombe,
        });
      } catch (e) {
        // The service's field errors, named by the file's column, belong to this row.
        if (!(e instanceof AppError) || e.status !== 422) throw e;
        for (const [field, messages] of Object.entries(e.errors ?? { '': [e.title] })) {
          for (const m of messages)
            fehler.push({ zeile: r.zeile, text: FIELD_LABELS[field] ? `${FIELD_LABELS[field]}: ${m}` : m });
        }
        continue;
      }
      result.zeilen.push({ ...zeile, status: 'angelegt' });
      result.angelegt++;
    }
    if (fehler.length) throw new ImportRowsError(fehler.sort((a, b) => a.zeile - b.zeile));
    result.zeilen.sort((a, b) => a.zeile - b.zeile);
    return result;
  });
}
