import { z } from 'zod';
import type { Actor } from '../../../platform/auth/principal';
import { collator } from '../../../platform/collation';
import { addDays, addYears, dateOf, formatGermanDate, todayIso } from '../../../platform/dates';
import { type Db, inTransaction, nowDb } from '../../../platform/db/db';
import { isUniqueViolation } from '../../../platform/db/dbErrors';
import { claimVersion, withoutVersion } from '../../../platform/db/optimisticLock';
import { conflict, notFound, validationFailed } from '../../../platform/errors';
import { recordHistory } from '../../../platform/history/history';
import { decimalOf } from '../../../platform/money';
import type { Hauptwasserzaehler } from '../schema/hauptwasserzaehler';
import type { HauptwasserzaehlerRow } from '../tables';
import { nameList, sameName } from './names';
import { type LetzteAblesung, wasserablesungen } from './wasserablesungenProvider';

export const HWZ_HISTORY_TYPE = 'Hauptwasserzaehler';
/** Austria: a water meter is re-verified or replaced every 5 years (MEG); warn 90 days before. */
export const EICH_JAHRE = 5;
export const EICH_WARNUNG_TAGE = 90;

export type { Hauptwasserzaehler };

export type HwzInput = {
  id: number;
  version?: number;
  nummer: string;
  bezeichnung: string;
  standort: string;
  eichdatum: string | null;
  aktiv: boolean;
  notiz: string;
};

export type WechselInput = {
  id: number;
  datum: string;
  endstand: string;
  neueNummer: string;
  anfangsstand: string;
  eichdatum: string | null;
};

const NOT_FOUND = 'Der Hauptwasserzähler wurde nicht gefunden.';

/** A DECIMAL(12,3) value (number from SQLite, string from MySQL) as "12340.000". */
export const stand3 = (v: unknown) => decimalOf(v ?? 0, 3) ?? '0.000';
/** Thousandths as an integer, so readings compare exactly. */
const milli = (v: unknown) => Math.round(Number(v) * 1000);

export function eichung(eichdatum: string | null, today = todayIso()) {
  if (!eichdatum) return { eichungFaelligAm: null, eichungWarnung: false };
  const faellig = addYears(eichdatum, EICH_JAHRE);
  return { eichungFaelligAm: faellig, eichungWarnung: faellig <= addDays(today, EICH_WARNUNG_TAGE) };
}

type Row = Pick<
  HauptwasserzaehlerRow,
  'id' | 'version' | 'nummer' | 'bezeichnung' | 'standort' | 'eichdatum' | 'aktiv' | 'notiz'
>;

/** Plots per meter (aggregated, so parsed: ADR 0005). */
const countRow = z.object({ hauptwasserzaehler_id: z.coerce.number(), n: z.coerce.number() });

/** The one shape of a Hauptwasserzähler in every answer: its row, last reading and count of plots. */
export function presentHauptwasserzaehler(
  r: Row,
  last: LetzteAblesung | undefined,
  anzahlParzellen: number,
  today = todayIso(),
): Hauptwasserzaehler {
  const eichdatum = dateOf(r.eichdatum);
  return {
    id: Number(r.id),
    version: Number(r.version),
    nummer: r.nummer,
    bezeichnung: r.bezeichnung,
    standort: r.standort,
    eichdatum,
    aktiv: Boolean(r.aktiv),
    notiz: r.notiz ?? '',
    ...eichung(eichdatum, today),
    letzteAblesung: last ? { datum: last.datum, stand: last.stand } : null,
    anzahlParzellen,
  };
}

async function load(db: Db, id?: number): Promise<Hauptwasserzaehler[]> {
  const q = db('hauptwasserzaehler').select(
    'id',
    'version',
    'nummer',
    'bezeichnung',
    'standort',
    'eichdatum',
    'aktiv',
    'notiz',
  );
  if (id !== undefined) q.where({ id });
  const rows = await q;
  const ids = rows.map((r) => Number(r.id));
  // Main-meter readings are the water book's (one table with the plots' readings).
  const last = await wasserablesungen().letzteHwzAblesungen(db, ids);
  const counts = ids.length
    ? z
        .array(countRow)
        .parse(
          await db('parzellen')
            .whereIn('hauptwasserzaehler_id', ids)
            .groupBy('hauptwasserzaehler_id')
            .select('hauptwasserzaehler_id')
            .count({ n: '*' }),
        )
    : [];
  const countOf = new Map(counts.map((c) => [c.hauptwasserzaehler_id, c.n]));
  const today = todayIso();
  return rows
    .map((r) => presentHauptwasserzaehler(r, last.get(Number(r.id)), countOf.get(Number(r.id)) ?? 0, today))
    .sort((a, b) => collator.compare(a.nummer, b.nummer) || a.id - b.id);
}

export const listHauptwasserzaehler = (db: Db) => load(db);

export async function getHauptwasserzaehler(db: Db, id: number): Promise<Hauptwasserzaehler> {
  const [one] = await load(db, id);
  if (!one) throw notFound(NOT_FOUND);
  return one;
}

export async function hwzLookup(db: Db): Promise<{ id: number; name: string }[]> {
  const rows = await db('hauptwasserzaehler').select('id', 'nummer');
  return rows.map((r) => ({ id: Number(r.id), name: r.nummer })).sort((a, b) => collator.compare(a.name, b.name));
}

async function nummerTaken(db: Db, nummer: string, exceptId: number): Promise<string | undefined> {
  const others = await db('hauptwasserzaehler').whereNot({ id: exceptId }).select('nummer');
  return others.find((o) => sameName(o.nummer, nummer))?.nummer;
}

export async function saveHauptwasserzaehler(db: Db, actor: Actor, data: HwzInput): Promise<Hauptwasserzaehler> {
  return inTransaction(db, (trx) => saveHauptwasserzaehlerInTransaction(trx, actor, data));
}

async function saveHauptwasserzaehlerInTransaction(db: Db, actor: Actor, data: HwzInput): Promise<Hauptwasserzaehler> {
  if (data.id) {
    await claimVersion(db, {
      table: 'hauptwasserzaehler',
      id: data.id,
      expected: data.version,
      entityType: HWZ_HISTORY_TYPE,
      label: 'Der Hauptwasserzähler',
      notFound: NOT_FOUND,
    });
  }
  const before = data.id ? await getHauptwasserzaehler(db, data.id) : undefined;
  const clash = await nummerTaken(db, data.nummer, data.id);
  if (clash) throw validationFailed({ nummer: [`Den Hauptwasserzähler „${clash}“ gibt es bereits.`] });
  const values = {
    nummer: data.nummer,
    bezeichnung: data.bezeichnung,
    standort: data.standort,
    eichdatum: data.eichdatum,
    aktiv: data.aktiv,
    notiz: data.notiz,
    updated_at: nowDb(),
  };
  let id = data.id;
  try {
    if (before) await db('hauptwasserzaehler').where({ id }).update(values);
    else {
      const [newId] = await db('hauptwasserzaehler').insert({ ...values, created_at: values.updated_at });
      id = Number(newId);
    }
  } catch (err) {
    if (isUniqueViolation(err)) throw validationFailed({ nummer: ['Diese Zählernummer ist bereits vergeben.'] });
    throw err;
  }
  const after = await getHauptwasserzaehler(db, id);
  await recordHistory(db, actor, {
    entityType: HWZ_HISTORY_TYPE,
    entityId: id,
    action: before ? 'update' : 'create',
    before: withoutVersion(before),
    after: withoutVersion(after),
  });
  return after;
}

/**
 * Replaces the meter: the old one's final reading and the new one's first reading at `datum`, the
 * new number and calibration date (the change date when none is given: a new meter is verified).
 * All in one transaction (the caller's, when it passes one).
 */
export async function wechselHauptwasserzaehler(db: Db, actor: Actor, data: WechselInput): Promise<Hauptwasserzaehler> {
  return inTransaction(db, (trx) => wechselHauptwasserzaehlerInTransaction(trx, actor, data));
}

async function wechselHauptwasserzaehlerInTransaction(
  db: Db,
  actor: Actor,
  data: WechselInput,
): Promise<Hauptwasserzaehler> {
  const before = await getHauptwasserzaehler(db, data.id);
  const errors: Record<string, string[]> = {};
  const last = before.letzteAblesung;
  if (last && data.datum < last.datum) {
    errors.datum = [`Der Wechsel darf nicht vor der letzten Ablesung (${formatGermanDate(last.datum)}) liegen.`];
  }
  if (last && milli(data.endstand) < milli(last.stand)) {
    errors.endstand = [`Der Endstand darf nicht unter der letzten Ablesung (${last.stand}) liegen.`];
  }
  const clash = await nummerTaken(db, data.neueNummer, data.id);
  if (clash) errors.neueNummer = [`Den Hauptwasserzähler „${clash}“ gibt es bereits.`];
  // Both readings of the change day would name the same meter (one reading per meter and date).
  else if (sameName(data.neueNummer, before.nummer))
    errors.neueNummer = ['Der neue Zähler braucht eine andere Nummer als der alte.'];
  if (Object.keys(errors).length) throw validationFailed(errors);
  const now = nowDb();
  await wasserablesungen().hwzWechsel(db, actor, {
    hauptwasserzaehlerId: data.id,
    datum: data.datum,
    alteNummer: before.nummer,
    endstand: stand3(data.endstand),
    neueNummer: data.neueNummer,
    anfangsstand: stand3(data.anfangsstand),
  });
  try {
    await db('hauptwasserzaehler')
      .where({ id: data.id })
      .update({
        nummer: data.neueNummer,
        eichdatum: data.eichdatum ?? data.datum,
        updated_at: now,
        // A dialog still open on the old meter must not save over the change.
        version: db.raw('version + 1'),
      });
  } catch (err) {
    if (isUniqueViolation(err)) throw validationFailed({ neueNummer: ['Diese Zählernummer ist bereits vergeben.'] });
    throw err;
  }
  const after = await getHauptwasserzaehler(db, data.id);
  await recordHistory(db, actor, {
    entityType: HWZ_HISTORY_TYPE,
    entityId: data.id,
    action: 'wechsel',
    before: withoutVersion(before),
    after: {
      ...withoutVersion(after),
      wechsel: { datum: data.datum, endstand: data.endstand, anfangsstand: data.anfangsstand },
    },
  });
  return after;
}

export async function deleteHauptwasserzaehler(db: Db, actor: Actor, id: number): Promise<void> {
  return inTransaction(db, (trx) => deleteHauptwasserzaehlerInTransaction(trx, actor, id));
}

async function deleteHauptwasserzaehlerInTransaction(db: Db, actor: Actor, id: number): Promise<void> {
  const before = await getHauptwasserzaehler(db, id);
  const plots = await db('parzellen').where({ hauptwasserzaehler_id: id }).select('nummer');
  if (plots.length) {
    const names = plots.map((p) => p.nummer);
    throw conflict(
      `Am Hauptwasserzähler „${before.nummer}“ ${names.length === 1 ? 'hängt die Parzelle' : 'hängen die Parzellen'} ${nameList(names)}; er kann nicht gelöscht werden.`,
      undefined,
      'still_referenced',
    );
  }
  // Readings belong to the water book (losses, meter changes): a meter with readings is set
  // inactive, never deleted with them.
  const { anzahl: readings, zuletzt } = await wasserablesungen().ablesungenVon(db, { hauptwasserzaehlerId: id });
  if (readings) {
    throw conflict(
      `Der Hauptwasserzähler „${before.nummer}“ hat ${readings === 1 ? 'eine Ablesung' : `${readings} Ablesungen`}${zuletzt ? ` (zuletzt am ${formatGermanDate(zuletzt)})` : ''}; sie gehören zum Wasserbuch. Setzen Sie ihn auf inaktiv, statt ihn zu löschen.`,
      undefined,
      'still_referenced',
    );
  }
  await db('hauptwasserzaehler').where({ id }).delete();
  await recordHistory(db, actor, {
    entityType: HWZ_HISTORY_TYPE,
    entityId: id,
    action: 'delete',
    before: withoutVersion(before),
  });
}
