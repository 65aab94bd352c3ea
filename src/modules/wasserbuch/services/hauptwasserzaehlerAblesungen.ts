import type { Actor } from '../../../platform/auth/principal';
import type { Db } from '../../../platform/db/db';
import { nowDb } from '../../../platform/db/db';
import { isUniqueViolation } from '../../../platform/db/dbErrors';
import { withoutVersion } from '../../../platform/db/optimisticLock';
import { validationFailed } from '../../../platform/errors';
import { recordHistory } from '../../../platform/history/history';
import type {
  AblesungOwner,
  HwzAblesungSheetRow,
  HwzWechselReadings,
  LetzteAblesung,
  WasserablesungenProvider,
} from '../../stammdaten/services';
import { ABLESUNG_HISTORY_TYPE, fromLiter, getAblesung, toLiter } from './readingRows';
import { getWassergrunddaten } from './wassergrunddaten';

// The water book's answers to Stammdaten about readings (registered in ../index.ts): main-meter
// readings live in `wasserablesungen` with the plots' (one home), Stammdaten asks here.

const day = (v: unknown) => String(v).slice(0, 10);

async function letzteHwzAblesungen(db: Db, ids: number[]): Promise<Map<number, LetzteAblesung>> {
  const out = new Map<number, LetzteAblesung>();
  if (!ids.length) return out;
  const rows = await db('wasserablesungen')
    .whereIn('hauptwasserzaehler_id', ids)
    .whereNotNull('stand_liter')
    // Oldest first, so the newest is set last; on a change day the new meter's first reading wins.
    .orderBy([
      { column: 'datum', order: 'asc' },
      { column: 'is_zaehlerwechsel', order: 'desc' },
      { column: 'id', order: 'asc' },
    ])
    .select('hauptwasserzaehler_id', 'datum', 'stand_liter');
  for (const r of rows) {
    out.set(Number(r.hauptwasserzaehler_id), { datum: day(r.datum), stand: fromLiter(r.stand_liter ?? 0) });
  }
  return out;
}

async function ablesungenVon(db: Db, owner: AblesungOwner) {
  const q = db('wasserablesungen');
  if ('parzelleId' in owner) q.where('parzelle_id', owner.parzelleId);
  else q.where('hauptwasserzaehler_id', owner.hauptwasserzaehlerId);
  const row = await q.count({ n: '*' }).max({ zuletzt: 'datum' }).first();
  const anzahl = Number(row?.n ?? 0);
  return { anzahl, zuletzt: anzahl && row?.zuletzt ? day(row.zuletzt) : null };
}

async function abrechnungenVon(db: Db, parzelleId: number) {
  const abrechnung = await db('wasserabrechnung_zeilen')
    .join('wasserabrechnungen', 'wasserabrechnungen.id', 'wasserabrechnung_zeilen.wasserabrechnung_id')
    .where('wasserabrechnung_zeilen.parzelle_id', parzelleId)
    .max({ d: 'wasserabrechnungen.stichtag' })
    .first();
  const akonto = await db('wasserakonto').where({ parzelle_id: parzelleId }).max({ d: 'stichtag' }).first();
  return {
    abrechnung: abrechnung?.d ? day(abrechnung.d) : null,
    akonto: akonto?.d ? day(akonto.d) : null,
  };
}

async function wasserpreisJahreVon(db: Db, gruppeId: number): Promise<number[]> {
  const ids = await db('wassergrunddaten_gruppen').where({ gruppe_id: gruppeId }).pluck('wassergrunddaten_id');
  // The year through the Wassergrunddaten's own presenter (Pachtabrechnung is the Abrechnung module's).
  const jahre = await Promise.all(ids.map(async (id) => (await getWassergrunddaten(db, Number(id))).jahr));
  return jahre.sort((a, b) => a - b);
}

/**
 * WechselHWZ's readings (Stammdaten checked dates, stands and numbers): the old meter's final reading
 * (a row of the old meter that day — a round's empty row or a reading typed before — becomes it) and
 * the new meter's first reading, each with its history.
 */
async function hwzWechsel(db: Db, actor: Actor, data: HwzWechselReadings): Promise<void> {
  const key = `H${data.hauptwasserzaehlerId}`;
  const now = nowDb();
  const common = {
    datum: data.datum,
    parzelle_id: null,
    hauptwasserzaehler_id: data.hauptwasserzaehlerId,
    zaehler_key: key,
  };
  const neu = await db('wasserablesungen')
    .where({ zaehler_key: key, zaehlernummer: data.neueNummer, datum: data.datum })
    .first('id');
  if (neu) {
    throw validationFailed({
      neueNummer: [`Für den Zähler „${data.neueNummer}“ gibt es an diesem Tag bereits eine Ablesung.`],
    });
  }
  const existing = await db('wasserablesungen')
    .where({ zaehler_key: key, zaehlernummer: data.alteNummer, datum: data.datum })
    .first('id');
  const endBefore = existing ? await getAblesung(db, Number(existing.id)) : undefined;
  let endId: number;
  if (existing) {
    endId = Number(existing.id);
    await db('wasserablesungen')
      .where({ id: endId })
      .update({
        stand_liter: toLiter(data.endstand),
        is_zaehlerwechsel: true,
        updated_at: now,
        version: db.raw('version + 1'),
      });
  } else {
    const [id] = await db('wasserablesungen').insert({
      ...common,
      zaehlernummer: data.alteNummer,
      stand_liter: toLiter(data.endstand),
      is_zaehlerwechsel: true,
      quelle: 'manuell',
      created_at: now,
      updated_at: now,
    });
    endId = Number(id);
  }
  let startId: number;
  try {
    const [id] = await db('wasserablesungen').insert({
      ...common,
      zaehlernummer: data.neueNummer,
      stand_liter: toLiter(data.anfangsstand),
      is_zaehlerwechsel: false,
      quelle: 'manuell',
      created_at: now,
      updated_at: now,
    });
    startId = Number(id);
  } catch (err) {
    // MySQL compares meter numbers without case: "hwz-2" and "HWZ-2" are one meter.
    if (isUniqueViolation(err))
      throw validationFailed({ neueNummer: ['Der neue Zähler braucht eine andere Nummer als der alte.'] });
    throw err;
  }
  const ende = await getAblesung(db, endId);
  const start = await getAblesung(db, startId);
  await recordHistory(db, actor, {
    entityType: ABLESUNG_HISTORY_TYPE,
    entityId: endId,
    action: endBefore ? 'update' : 'create',
    before: withoutVersion(endBefore),
    after: withoutVersion(ende),
  });
  await recordHistory(db, actor, {
    entityType: ABLESUNG_HISTORY_TYPE,
    entityId: startId,
    action: 'create',
    after: withoutVersion(start),
  });
}

/** The sheet's `art`: the change row, the new meter's first reading on a change day, the rest. */
async function exportHwzAblesungen(db: Db): Promise<HwzAblesungSheetRow[]> {
  const rows = await db('wasserablesungen')
    .whereNotNull('hauptwasserzaehler_id')
    .whereNotNull('stand_liter')
    .orderBy('id')
    .select('id', 'hauptwasserzaehler_id', 'datum', 'stand_liter', 'is_zaehlerwechsel', 'zaehlernummer');
  const changeDays = new Set(
    rows.filter((r) => Boolean(r.is_zaehlerwechsel)).map((r) => `${r.hauptwasserzaehler_id}|${day(r.datum)}`),
  );
  return rows.map((r) => ({
    id: Number(r.id),
    hauptwasserzaehler_id: Number(r.hauptwasserzaehler_id),
    datum: day(r.datum),
    stand: fromLiter(r.stand_liter ?? 0),
    art: r.is_zaehlerwechsel
      ? 'wechsel-ende'
      : changeDays.has(`${r.hauptwasserzaehler_id}|${day(r.datum)}`)
        ? 'wechsel-start'
        : 'ablesung',
    zaehlernummer: r.zaehlernummer,
  }));
}

/** A DECIMAL(12,3) cell ("12340.5", a number) → "12340.500" for toLiter. */
function standText(stand: unknown): string {
  const text = typeof stand === 'number' ? stand.toFixed(3) : String(stand);
  const [whole = '0', frac = ''] = text.split('.');
  return `${whole}.${frac.padEnd(3, '0').slice(0, 3)}`;
}

/**
 * The sheet's rows as readings, ids kept (the target holds no readings yet: its Stammdaten must be
 * empty), so an export of the import gives the same workbook. An old row without a meter number
 * gets the meter the main meter had that day: the first change row after it names it, else the
 * main meter's current number.
 */
async function importHwzAblesungen(db: Db, rows: HwzAblesungSheetRow[], createdAt: string): Promise<void> {
  const changes = rows
    .filter((r) => r.art === 'wechsel-ende' && r.zaehlernummer)
    .map((r) => ({ hwz: Number(r.hauptwasserzaehler_id), datum: day(r.datum), nummer: r.zaehlernummer }))
    .sort((a, b) => (a.datum < b.datum ? -1 : a.datum > b.datum ? 1 : 0));
  const ids = [...new Set(rows.map((r) => Number(r.hauptwasserzaehler_id)))];
  const current = new Map(
    (await db('hauptwasserzaehler').whereIn('id', ids).select('id', 'nummer')).map((h) => [Number(h.id), h.nummer]),
  );
  const meterAt = (hwz: number, datum: string) =>
    changes.find((c) => c.hwz === hwz && c.datum > datum)?.nummer ?? current.get(hwz) ?? '';
  for (const row of rows) {
    const hwz = Number(row.hauptwasserzaehler_id);
    const datum = day(row.datum);
    await db('wasserablesungen').insert({
      id: Number(row.id),
      datum,
      parzelle_id: null,
      hauptwasserzaehler_id: hwz,
      zaehler_key: `H${hwz}`,
      zaehlernummer: row.zaehlernummer || meterAt(hwz, datum),
      stand_liter: toLiter(standText(row.stand)),
      is_zaehlerwechsel: row.art === 'wechsel-ende',
      quelle: 'manuell',
      created_at: createdAt,
      updated_at: createdAt,
    });
  }
}

export const wasserablesungenFuerStammdaten: WasserablesungenProvider = {
  letzteHwzAblesungen,
  ablesungenVon,
  abrechnungenVon,
  wasserpreisJahreVon,
  hwzWechsel,
  exportHwzAblesungen,
  importHwzAblesungen,
};
