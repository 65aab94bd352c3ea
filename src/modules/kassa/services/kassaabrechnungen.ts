import type { Actor } from '../../../platform/auth/principal';
import { type Db, nowDb, toIso } from '../../../platform/db/db';
import { isUniqueViolation } from '../../../platform/db/dbErrors';
import { claimVersion, withoutVersion } from '../../../platform/db/optimisticLock';
import { conflict, notFound, validationFailed } from '../../../platform/errors';
import { recordHistory } from '../../../platform/history/history';
import type {
  Kassaabrechnung,
  KassaabrechnungDatum,
  KassaabrechnungInput,
  KassaabrechnungLookup,
} from '../schema/kassaabrechnung';
import type { KassaabrechnungRow } from '../tables';
import { klaerungskontoId } from './klaerung';
import { assertOffen, istGeschlossen, ladePeriode, PERIODE_NICHT_GEFUNDEN } from './periode';
import { kettenEnde } from './pruefen';
import { datumOf, KEINE_KASSAABRECHNUNG, standardPeriodeOderNull, zaehleJe } from './standardPeriode';

// The cash periods (Abrechnung controller): list, save, close/open, delete, the default period.
// GetNewKassaabrechnung (the carry-over into the next year) is in kassaabrechnungNeu.ts.

export const KASSAABRECHNUNG_HISTORY_TYPE = 'Kassaabrechnung';

export function toKassaabrechnung(row: KassaabrechnungRow, anzahlBuchungen: number): Kassaabrechnung {
  return {
    id: Number(row.id),
    jahr: Number(row.jahr),
    bezeichnung: row.bezeichnung,
    von: datumOf(row.von),
    bis: datumOf(row.bis),
    geschlossen: istGeschlossen(row),
    geschlossenAm: toIso(row.geschlossen_am),
    kettenKopf: row.ketten_kopf ?? null,
    anzahlBuchungen,
    version: Number(row.version),
  };
}

const newestFirst = (db: Db) => db('kassaabrechnungen').orderBy('von', 'desc').orderBy('id', 'desc');

export async function listKassaabrechnungen(db: Db): Promise<Kassaabrechnung[]> {
  const [rows, anzahl] = await Promise.all([newestFirst(db), zaehleJe(db, 'kassabuch', 'kassaabrechnung_id')]);
  return rows.map((r) => toKassaabrechnung(r, anzahl.get(Number(r.id)) ?? 0));
}

export async function getKassaabrechnung(db: Db, id: number): Promise<Kassaabrechnung> {
  const row = await ladePeriode(db, id);
  const anzahl = await db('kassabuch').where({ kassaabrechnung_id: id }).count({ n: '*' }).first();
  return toKassaabrechnung(row, Number(anzahl?.n ?? 0));
}

export async function kassaabrechnungIds(db: Db): Promise<number[]> {
  return (await newestFirst(db).select('id')).map((r) => Number(r.id));
}

/** `{ id, von, bis }` of the period asked, else the one containing today, else the newest; 404 none. */
export async function kassaabrechnungDatum(db: Db, id: number | undefined): Promise<KassaabrechnungDatum> {
  const row = id != null ? await ladePeriode(db, id) : await standardPeriodeOderNull(db);
  if (!row) throw notFound(KEINE_KASSAABRECHNUNG);
  return { id: Number(row.id), von: datumOf(row.von), bis: datumOf(row.bis) };
}

export async function kassaabrechnungenLookup(db: Db): Promise<KassaabrechnungLookup[]> {
  return (await newestFirst(db)).map((r) => ({
    id: Number(r.id),
    name: r.bezeichnung,
    jahr: Number(r.jahr),
    von: datumOf(r.von),
    bis: datumOf(r.bis),
    geschlossen: istGeschlossen(r),
  }));
}

/**
 * 422 when the period `von`–`bis` is inverted, overlaps another one or repeats its year: every date
 * must belong to at most one period (periodeFuerDatum), and the year names it.
 */
export async function pruefeZeitraum(
  db: Db,
  { id, jahr, von, bis }: { id: number; jahr: number; von: string; bis: string },
): Promise<void> {
  const errors: Record<string, string[]> = {};
  if (bis < von) errors.bis = ['Das Ende darf nicht vor dem Beginn liegen.'];
  else {
    const ueberlappt = await db('kassaabrechnungen')
      .whereNot({ id })
      .andWhere('von', '<=', bis)
      .andWhere('bis', '>=', von)
      .first('bezeichnung');
    if (ueberlappt)
      errors.von = [`Der Zeitraum überschneidet sich mit der Kassaabrechnung „${ueberlappt.bezeichnung}“.`];
  }
  if (await db('kassaabrechnungen').whereNot({ id }).andWhere({ jahr }).first('id'))
    errors.jahr = [`Für ${jahr} gibt es schon eine Kassaabrechnung.`];
  if (Object.keys(errors).length) throw validationFailed(errors, 'Die Kassaabrechnung ist nicht gültig.');
}

/** UpdateKassaabrechnung: creates (with its clearing account) or changes an open period. */
export async function saveKassaabrechnung(db: Db, actor: Actor, input: KassaabrechnungInput): Promise<Kassaabrechnung> {
  const fields = { jahr: input.jahr, bezeichnung: input.bezeichnung, von: input.von, bis: input.bis };
  if (!input.id) {
    await pruefeZeitraum(db, { id: 0, ...fields });
    const now = nowDb();
    await jahrEinmal(
      db('kassaabrechnungen').insert({
        ...fields,
        version: 1,
        geschlossen: false,
        naechste_belegnummer: 1,
        created_at: now,
        updated_at: now,
      }),
      input.jahr,
    );
    const row = await db('kassaabrechnungen').where({ jahr: input.jahr }).first();
    const id = Number(row?.id);
    await klaerungskontoId(db, id);
    await recordHistory(db, actor, {
      entityType: KASSAABRECHNUNG_HISTORY_TYPE,
      entityId: id,
      action: 'create',
      after: fields,
    });
    return getKassaabrechnung(db, id);
  }
  await claimVersion(db, {
    table: 'kassaabrechnungen',
    id: input.id,
    expected: input.version,
    entityType: KASSAABRECHNUNG_HISTORY_TYPE,
    label: 'Die Kassaabrechnung',
    notFound: PERIODE_NICHT_GEFUNDEN,
  });
  const before = await ladePeriode(db, input.id);
  assertOffen(before);
  await pruefeZeitraum(db, { id: input.id, ...fields });
  const ausserhalb = await db('kassabuch')
    .where({ kassaabrechnung_id: input.id })
    .andWhere((q) => q.where('datum', '<', input.von).orWhere('datum', '>', input.bis))
    .count({ n: '*' })
    .first();
  if (Number(ausserhalb?.n ?? 0) > 0) {
    throw validationFailed(
      {
        von: [
          `${Number(ausserhalb?.n)} Buchung(en) dieser Kassaabrechnung lägen außerhalb des neuen Zeitraums. Bitte buchen Sie sie zuerst um.`,
        ],
      },
      'Der Zeitraum passt nicht zu den Buchungen.',
    );
  }
  await db('kassaabrechnungen')
    .where({ id: input.id })
    .update({ ...fields, updated_at: nowDb() });
  const after = await getKassaabrechnung(db, input.id);
  await recordHistory(db, actor, {
    entityType: KASSAABRECHNUNG_HISTORY_TYPE,
    entityId: input.id,
    action: 'update',
    before: { jahr: before.jahr, bezeichnung: before.bezeichnung, von: datumOf(before.von), bis: datumOf(before.bis) },
    after: fields,
  });
  return after;
}

/**
 * CloseKassaabrechnung: from now on the period refuses every change (BAO § 131) until it is opened
 * again. It keeps the hash chain's end at this moment (the checked entry with the highest chain
 * position; null when nothing is checked yet), printed on the Kassabericht, so that a removed last
 * entry is noticed. Closing a closed period changes nothing.
 */
export async function closeKassaabrechnung(db: Db, actor: Actor, id: number): Promise<Kassaabrechnung> {
  // kettenEnde locks every period row first (one statement, so two closings cannot deadlock), so a
  // parallel CloseFilteredEntries cannot add to the chain between reading its end and storing it.
  const ende = await kettenEnde(db, { sperren: true });
  const row = await ladePeriode(db, id, { forUpdate: true });
  if (istGeschlossen(row)) return getKassaabrechnung(db, id);
  const kettenKopf = ende.position ? ende.hash : null;
  await db('kassaabrechnungen')
    .where({ id })
    .update({
      geschlossen: true,
      geschlossen_am: nowDb(),
      ketten_kopf: kettenKopf,
      version: db.raw('version + 1'),
      updated_at: nowDb(),
    });
  await recordHistory(db, actor, {
    entityType: KASSAABRECHNUNG_HISTORY_TYPE,
    entityId: id,
    action: 'close',
    before: { geschlossen: false },
    after: { geschlossen: true, kettenKopf },
  });
  return getKassaabrechnung(db, id);
}

/** OpenKassaabrechnung: allows changes again; the chain end it was closed with stays in the history. */
export async function openKassaabrechnung(db: Db, actor: Actor, id: number): Promise<Kassaabrechnung> {
  const row = await ladePeriode(db, id, { forUpdate: true });
  if (!istGeschlossen(row)) return getKassaabrechnung(db, id);
  await db('kassaabrechnungen')
    .where({ id })
    .update({
      geschlossen: false,
      geschlossen_am: null,
      ketten_kopf: null,
      version: db.raw('version + 1'),
      updated_at: nowDb(),
    });
  await recordHistory(db, actor, {
    entityType: KASSAABRECHNUNG_HISTORY_TYPE,
    entityId: id,
    action: 'open',
    before: { geschlossen: true, geschlossenAm: toIso(row.geschlossen_am), kettenKopf: row.ketten_kopf },
    after: { geschlossen: false },
  });
  return getKassaabrechnung(db, id);
}

/** DeleteKassaabrechnung: an open period without entries, with its accounts, cost centres and opening balances. */
export async function deleteKassaabrechnung(db: Db, actor: Actor, id: number): Promise<void> {
  const row = await ladePeriode(db, id, { forUpdate: true });
  assertOffen(row);
  const anzahl = await db('kassabuch').where({ kassaabrechnung_id: id }).count({ n: '*' }).first();
  if (Number(anzahl?.n ?? 0) > 0) {
    throw conflict(
      `Die Kassaabrechnung „${row.bezeichnung}“ hat ${Number(anzahl?.n)} Buchung(en) und kann nicht gelöscht werden.`,
      undefined,
      'in_verwendung',
    );
  }
  const buchungskonten = db('buchungskonten').where({ kassaabrechnung_id: id }).select('id');
  await db('buchungskonto_parzellen').whereIn('buchungskonto_id', buchungskonten).delete();
  await db('buchungskonten').where({ kassaabrechnung_id: id }).delete();
  await db('kostenstellen').where({ kassaabrechnung_id: id }).delete();
  await db('konto_anfangsbestaende').where({ kassaabrechnung_id: id }).delete();
  await db('kassaabrechnungen').where({ id }).delete();
  await recordHistory(db, actor, {
    entityType: KASSAABRECHNUNG_HISTORY_TYPE,
    entityId: id,
    action: 'delete',
    before: withoutVersion(toKassaabrechnung(row, 0)),
  });
}

/**
 * Inserts a period; two users creating the same year at the same moment meet the unique key on
 * `jahr`: the second one gets the same German 409 as when the year existed before.
 */
export async function jahrEinmal(insert: Promise<unknown>, jahr: number): Promise<void> {
  try {
    await insert;
  } catch (err) {
    if (isUniqueViolation(err))
      throw conflict(`Für ${jahr} gibt es schon eine Kassaabrechnung.`, undefined, 'vorhanden');
    throw err;
  }
}
