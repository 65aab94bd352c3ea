import type { Actor } from '../../../platform/auth/principal';
import { formatGermanDate } from '../../../platform/dates';
import { type Db, inTransaction, nowDb } from '../../../platform/db/db';
import { insertInChunks } from '../../../platform/db/insertInChunks';
import { AppError } from '../../../platform/errors';
import { recordHistoryMany } from '../../../platform/history/history';
import type { Ablesung } from '../schema/ablesungen';
import type { FunkImportOptions, FunkImportResult, FunkZeile, Meldung } from '../schema/dokumente';
import type { WasserablesungRow } from '../tables';
import { settlementDates } from './abrechnungUsage';
import { fehlersucheSchwellen } from './fehlersuche';
import { type ParsedRow, parseFunkFile } from './funkImportParse';
import { getFunkMapping, STANDARD_MAPPING } from './funkMapping';
import { meterPast, readingsBefore } from './readingHistory';
import { ABLESUNG_HISTORY_TYPE, fromLiter, toLiter } from './readingRows';

// ImportFunkwasserablesungData and `kgv import wasser`: a radio-meter export becomes readings
// (quelle 'funk'). Any bad row → 422 and nothing written; a dry run answers the preview only.

export const FEHLER_TITLE = 'Die Datei enthält fehlerhafte Zeilen; es wurde nichts gespeichert.';

/** `{ "zeile 7": [...] }`: the problem's field errors, one entry per row. */
export function rowErrors(fehler: Meldung[]): Record<string, string[]> {
  const errors: Record<string, string[]> = {};
  for (const f of fehler) {
    const key = `zeile ${f.zeile}`;
    errors[key] = [...(errors[key] ?? []), f.text];
  }
  return errors;
}

/** The 422 of an import with bad rows: `errors` per row ("zeile 7"), and the messages as a list. */
export class ImportRowsError extends AppError {
  constructor(readonly fehler: Meldung[]) {
    super(422, 'validation_failed', FEHLER_TITLE, undefined, rowErrors(fehler));
  }
  override get extra(): Record<string, unknown> {
    return { fehler: this.fehler };
  }
}

type Meter = {
  key: string;
  zaehlernummer: string;
  parzelleId: number | null;
  parzelleNummer: string | null;
  hauptwasserzaehlerId: number | null;
  hauptwasserzaehlerNummer: string | null;
};

const serialKey = (s: string) => s.trim().toLowerCase();
const german = (stand: string) => stand.replace('.', ',');

/** Serial → meter: the plots' current meters, then the main meters. */
async function meterIndex(db: Db): Promise<Map<string, Meter>> {
  const out = new Map<string, Meter>();
  for (const h of await db('hauptwasserzaehler').select('id', 'nummer')) {
    out.set(serialKey(h.nummer), {
      key: `H${h.id}`,
      zaehlernummer: h.nummer,
      parzelleId: null,
      parzelleNummer: null,
      hauptwasserzaehlerId: Number(h.id),
      hauptwasserzaehlerNummer: h.nummer,
    });
  }
  const plots = await db('parzellen')
    .whereNotNull('wasserzaehler_nummer')
    .whereNot('wasserzaehler_nummer', '')
    .select('id', 'nummer', 'wasserzaehler_nummer');
  for (const p of plots) {
    const nummer = p.wasserzaehler_nummer ?? '';
    out.set(serialKey(nummer), {
      key: `P${p.id}`,
      zaehlernummer: nummer,
      parzelleId: Number(p.id),
      parzelleNummer: p.nummer,
      hauptwasserzaehlerId: null,
      hauptwasserzaehlerNummer: null,
    });
  }
  return out;
}

type Planned = { row: ParsedRow; meter: Meter; zeile: FunkZeile; existing?: ExistingRow };
type ExistingRow = Pick<
  WasserablesungRow,
  'id' | 'zaehler_key' | 'zaehlernummer' | 'datum' | 'stand_liter' | 'is_zaehlerwechsel' | 'notiz' | 'quelle'
>;

function asAblesung(p: Planned, id: number, stand: string | null, quelle: Ablesung['quelle']): Ablesung {
  return {
    id,
    version: 0,
    datum: p.row.datum,
    parzelleId: p.meter.parzelleId,
    parzelleNummer: p.meter.parzelleNummer,
    hauptwasserzaehlerId: p.meter.hauptwasserzaehlerId,
    hauptwasserzaehlerNummer: p.meter.hauptwasserzaehlerNummer,
    zaehlernummer: p.meter.zaehlernummer,
    stand,
    isZaehlerwechsel: Boolean(p.existing?.is_zaehlerwechsel),
    quelle,
    notiz: p.existing?.notiz ?? '',
  };
}

/** Warnings of an implausible reading: below the last one, or far more than the period before. */
function plausibility(p: Planned, past: ReturnType<typeof meterPast>, faktor: number): string | undefined {
  const last = past.letzteAblesung;
  if (!last) return undefined;
  const liter = toLiter(p.row.stand);
  if (liter < last.liter) {
    return `Der Stand ${german(p.row.stand)} liegt unter der letzten Ablesung (${german(last.stand)} am ${formatGermanDate(last.datum)}).`;
  }
  const prev = past.letzterVerbrauchLiter;
  if (prev && liter - last.liter > faktor * prev) {
    return `Verbrauch ${german(fromLiter(liter - last.liter))} m³ seit ${formatGermanDate(last.datum)}: mehr als das ${String(faktor).replace('.', ',')}-fache der Periode davor (${german(fromLiter(prev))} m³).`;
  }
  return undefined;
}

/**
 * Reads the file, matches each serial to its meter, decides per row (neu, ersetzt, unverändert,
 * übersprungen) and, unless a dry run, writes the readings with their history in one transaction.
 */
export async function importFunk(
  db: Db,
  actor: Actor,
  file: Buffer,
  options: FunkImportOptions,
): Promise<FunkImportResult> {
  const mapping = await getFunkMapping(db, options.mapping || STANDARD_MAPPING.name);
  const parsed = await parseFunkFile(file, mapping, options.datum);
  const meters = await meterIndex(db);
  const fehler: Meldung[] = [...parsed.fehler];
  const planned: Planned[] = [];
  const seen = new Map<string, number>();
  for (const row of parsed.rows) {
    const meter = meters.get(serialKey(row.seriennummer));
    if (!meter) {
      fehler.push({
        zeile: row.zeile,
        text: `Zähler „${row.seriennummer}“ gehört zu keiner Parzelle und keinem Hauptwasserzähler.`,
      });
      continue;
    }
    const once = `${meter.key}|${row.datum}`;
    const first = seen.get(once);
    if (first !== undefined) {
      fehler.push({
        zeile: row.zeile,
        text: `Der Zähler „${row.seriennummer}“ steht für den ${formatGermanDate(row.datum)} schon in Zeile ${first}.`,
      });
      continue;
    }
    seen.set(once, row.zeile);
    const zeile: FunkZeile = {
      zeile: row.zeile,
      seriennummer: row.seriennummer,
      stand: row.stand,
      datum: row.datum,
      parzelleId: meter.parzelleId,
      parzelleNummer: meter.parzelleNummer,
      hauptwasserzaehlerId: meter.hauptwasserzaehlerId,
      status: 'neu',
      vorherStand: null,
    };
    planned.push({ row, meter, zeile });
  }
  fehler.sort((a, b) => a.zeile - b.zeile);

  const dates = [...new Set(planned.map((p) => p.row.datum))];
  const existing = new Map<string, ExistingRow>();
  if (dates.length) {
    const rows = await db('wasserablesungen')
      .whereIn('datum', dates)
      .select('id', 'zaehler_key', 'zaehlernummer', 'datum', 'stand_liter', 'is_zaehlerwechsel', 'notiz', 'quelle');
    for (const r of rows) existing.set(`${r.zaehler_key}|${r.zaehlernummer}|${String(r.datum).slice(0, 10)}`, r);
  }
  const overwrite = options.overwrite ?? false;
  const pinned = await settlementDates(db, dates);
  for (const p of planned) {
    p.existing = existing.get(`${p.meter.key}|${p.meter.zaehlernummer}|${p.row.datum}`);
    const before = p.existing?.stand_liter;
    if (before == null) continue;
    p.zeile.vorherStand = fromLiter(before);
    p.zeile.status = Number(before) === toLiter(p.row.stand) ? 'unveraendert' : overwrite ? 'ersetzt' : 'uebersprungen';
    const stichtag = pinned.get(p.row.datum);
    if (p.zeile.status === 'ersetzt' && stichtag) {
      // As for a reading typed in (abrechnungUsage.ts): a settlement's start or end stays as billed.
      fehler.push({
        zeile: p.row.zeile,
        text: `Die Wasserabrechnung zum ${formatGermanDate(stichtag)} verwendet die Ablesung des Zählers „${p.row.seriennummer}“ vom ${formatGermanDate(p.row.datum)}; sie wird nicht ersetzt.`,
      });
    }
  }
  fehler.sort((a, b) => a.zeile - b.zeile);

  const warnungen: Meldung[] = [];
  if (planned.length) {
    const latest = dates.reduce((a, b) => (a > b ? a : b));
    // The Fehlersuche's threshold: the year's Wassergrunddaten, else the settings.
    const faktor = Number((await fehlersucheSchwellen(db, latest)).verbrauchsfaktor) || 3;
    const past = await readingsBefore(db, latest, [...new Set(planned.map((p) => p.meter.key))]);
    for (const p of planned) {
      const own = past.get(p.meter.key)?.filter((r) => r.datum < p.row.datum);
      const text = plausibility(p, meterPast(own, p.meter.zaehlernummer), faktor);
      if (text) warnungen.push({ zeile: p.row.zeile, text });
    }
  }

  const result: FunkImportResult = {
    dryRun: options.dryRun ?? false,
    mapping: mapping.name,
    zeilen: planned.map((p) => p.zeile),
    fehler,
    warnungen,
    geschrieben: 0,
  };
  if (result.dryRun) return result;
  if (fehler.length) throw new ImportRowsError(fehler);
  return inTransaction(db, async (trx) => {
    result.geschrieben = await writeReadings(trx, actor, planned);
    return result;
  });
}

async function writeReadings(trx: Db, actor: Actor, planned: Planned[]): Promise<number> {
  const now = nowDb();
  const inserts = planned.filter((p) => p.zeile.status === 'neu' && !p.existing);
  const updates = planned.filter((p) => p.zeile.status === 'ersetzt' || (p.zeile.status === 'neu' && p.existing));
  const rows = inserts.map((p) => ({
    datum: p.row.datum,
    parzelle_id: p.meter.parzelleId,
    hauptwasserzaehler_id: p.meter.hauptwasserzaehlerId,
    zaehler_key: p.meter.key,
    zaehlernummer: p.meter.zaehlernummer,
    stand_liter: toLiter(p.row.stand),
    is_zaehlerwechsel: false,
    quelle: 'funk',
    notiz: null,
    created_at: now,
    updated_at: now,
  }));
  await insertInChunks(trx, 'wasserablesungen', rows);
  const history: Parameters<typeof recordHistoryMany>[2] = [];
  if (inserts.length) {
    // The new ids, found by the unique key (meter and date), for the history.
    const dates = [...new Set(inserts.map((p) => p.row.datum))];
    const ids = new Map<string, number>();
    for (const r of await trx('wasserablesungen')
      .whereIn('datum', dates)
      .where('quelle', 'funk')
      .select('id', 'zaehler_key', 'zaehlernummer', 'datum')) {
      ids.set(`${r.zaehler_key}|${r.zaehlernummer}|${String(r.datum).slice(0, 10)}`, Number(r.id));
    }
    history.push(
      ...inserts.map((p) => {
        const id = ids.get(`${p.meter.key}|${p.meter.zaehlernummer}|${p.row.datum}`) ?? 0;
        return {
          entityType: ABLESUNG_HISTORY_TYPE,
          entityId: id,
          action: 'create',
          after: withoutVersion(asAblesung(p, id, p.row.stand, 'funk')),
        };
      }),
    );
  }
  for (const p of updates) {
    const id = Number(p.existing?.id);
    await trx('wasserablesungen')
      .where({ id })
      .update({ stand_liter: toLiter(p.row.stand), quelle: 'funk', updated_at: now, version: trx.raw('version + 1') });
    history.push({
      entityType: ABLESUNG_HISTORY_TYPE,
      entityId: id,
      action: 'update',
      before: withoutVersion(
        asAblesung(p, id, p.zeile.vorherStand, (p.existing?.quelle ?? 'manuell') as Ablesung['quelle']),
      ),
      after: withoutVersion(asAblesung(p, id, p.row.stand, 'funk')),
    });
  }
  await recordHistoryMany(trx, actor, history);
  return inserts.length + updates.length;
}

const withoutVersion = ({ version: _v, ...rest }: Ablesung) => rest;
