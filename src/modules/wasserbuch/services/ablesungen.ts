import type { Actor } from '../../../platform/auth/principal';
import { formatGermanDate } from '../../../platform/dates';
import { type Db, inTransaction, nowDb } from '../../../platform/db/db';
import { isUniqueViolation } from '../../../platform/db/dbErrors';
import { claimVersion, withoutVersion } from '../../../platform/db/optimisticLock';
import { notFound, validationFailed } from '../../../platform/errors';
import { recordHistory, recordHistoryMany } from '../../../platform/history/history';
import type { Ablesedatum, Ablesung, AblesungenFilter, AblesungInput } from '../schema/ablesungen';
import { assertAblesungenUnbenutzt, assertAblesungUnveraendert } from './abrechnungUsage';
import {
  ABLESUNG_HISTORY_TYPE,
  compareReadings,
  getAblesung,
  metersChangedAfter,
  NOT_FOUND,
  type Owner,
  ownerKey,
  present,
  readingQuery,
  toLiter,
} from './readingRows';

export { getAblesung };

export async function listAblesungen(db: Db, filter: AblesungenFilter): Promise<Ablesung[]> {
  const q = readingQuery(db);
  if (filter.datum) q.where('a.datum', filter.datum);
  if (filter.parzelleId) q.where('a.parzelle_id', filter.parzelleId);
  if (filter.hauptwasserzaehlerId) q.where('a.hauptwasserzaehler_id', filter.hauptwasserzaehlerId);
  if (filter.nurFehlende) q.whereNull('a.stand_liter');
  return (await q).map(present).sort(compareReadings);
}

/** The reading dates, newest first, with how many rows each has and how many are not read yet. */
export async function ablesungLookup(db: Db): Promise<Ablesedatum[]> {
  const rows = await db('wasserablesungen')
    .groupBy('datum')
    .orderBy('datum', 'desc')
    .select('datum')
    .count({ anzahl: '*' })
    .count({ gelesen: 'stand_liter' });
  return rows.map((r) => {
    const anzahl = Number(r.anzahl);
    return { datum: String(r.datum).slice(0, 10), anzahl, fehlend: anzahl - Number(r.gelesen) };
  });
}

/** The plot or main meter the input names, checked; 422 when neither, both or an unknown one. */
async function ownerOf(db: Db, data: Pick<AblesungInput, 'parzelleId' | 'hauptwasserzaehlerId'>) {
  if (Boolean(data.parzelleId) === Boolean(data.hauptwasserzaehlerId)) {
    throw validationFailed({ parzelleId: ['Bitte wählen Sie entweder eine Parzelle oder einen Hauptwasserzähler.'] });
  }
  if (data.parzelleId) {
    const p = await db('parzellen').where({ id: data.parzelleId }).first('id', 'nummer', 'wasserzaehler_nummer');
    if (!p) throw validationFailed({ parzelleId: ['Diese Parzelle gibt es nicht.'] });
    const owner: Owner = { parzelleId: Number(p.id), hauptwasserzaehlerId: null };
    return { owner, name: `der Parzelle ${p.nummer}`, current: p.wasserzaehler_nummer ?? '' };
  }
  const h = await db('hauptwasserzaehler')
    .where({ id: Number(data.hauptwasserzaehlerId) })
    .first('id', 'nummer');
  if (!h) throw validationFailed({ hauptwasserzaehlerId: ['Diesen Hauptwasserzähler gibt es nicht.'] });
  const owner: Owner = { parzelleId: null, hauptwasserzaehlerId: Number(h.id) };
  return { owner, name: `des Hauptwasserzählers ${h.nummer}`, current: h.nummer };
}

/** The meter number the plot or main meter had at `datum` ('' when it has none). */
export async function zaehlernummerAt(db: Db, owner: Owner, current: string, datum: string): Promise<string> {
  return (await metersChangedAfter(db, datum, owner)).get(ownerKey(owner)) ?? current;
}

/** 422 when the meter already has a reading on that date (other than `exceptId`). */
export async function assertFreeDate(db: Db, key: string, zaehlernummer: string, datum: string, exceptId = 0) {
  const clash = await db('wasserablesungen')
    .where({ zaehler_key: key, zaehlernummer, datum })
    .whereNot('id', exceptId)
    .first('id');
  if (clash) throw validationFailed({ datum: [duplicateMessage(zaehlernummer, datum)] });
}

const duplicateMessage = (zaehlernummer: string, datum: string) =>
  `Für den Zähler „${zaehlernummer}“ gibt es am ${formatGermanDate(datum)} bereits eine Ablesung.`;

/** UpdateWasserablesung: creates (id 0) or updates one reading and answers it as saved. */
export async function saveAblesung(db: Db, actor: Actor, data: AblesungInput): Promise<Ablesung> {
  return inTransaction(db, async (trx) => {
    if (data.id) {
      // The first write of the save (optimistic lock); 404 when the reading is gone.
      await claimVersion(trx, {
        table: 'wasserablesungen',
        id: data.id,
        expected: data.version,
        entityType: ABLESUNG_HISTORY_TYPE,
        label: 'Die Ablesung',
        notFound: NOT_FOUND,
      });
    }
    const before = data.id ? await getAblesung(trx, data.id) : undefined;
    const { owner, name, current } = await ownerOf(trx, data);
    const zaehlernummer = data.zaehlernummer || (await zaehlernummerAt(trx, owner, current, data.datum));
    if (!zaehlernummer) {
      throw validationFailed({
        zaehlernummer: [`Die Zählernummer ${name} ist nicht bekannt; bitte geben Sie sie an.`],
      });
    }
    const key = ownerKey(owner);
    await assertFreeDate(trx, key, zaehlernummer, data.datum, data.id);
    const now = nowDb();
    const values = {
      datum: data.datum,
      parzelle_id: owner.parzelleId,
      hauptwasserzaehler_id: owner.hauptwasserzaehlerId,
      zaehler_key: key,
      zaehlernummer,
      stand_liter: data.stand ? toLiter(data.stand) : null,
      is_zaehlerwechsel: data.isZaehlerwechsel,
      quelle: data.quelle,
      notiz: data.notiz || null,
      updated_at: now,
    };
    let id = data.id;
    try {
      if (before) await trx('wasserablesungen').where({ id }).update(values);
      else id = Number((await trx('wasserablesungen').insert({ ...values, created_at: now }))[0]);
    } catch (err) {
      if (isUniqueViolation(err)) throw validationFailed({ datum: [duplicateMessage(zaehlernummer, data.datum)] });
      throw err;
    }
    const after = await getAblesung(trx, id);
    if (before) await assertAblesungUnveraendert(trx, before, after);
    await recordHistory(trx, actor, {
      entityType: ABLESUNG_HISTORY_TYPE,
      entityId: id,
      action: before ? 'update' : 'create',
      before: withoutVersion(before),
      after: withoutVersion(after),
    });
    return after;
  });
}

export async function deleteAblesung(db: Db, actor: Actor, id: number): Promise<void> {
  await inTransaction(db, async (trx) => {
    const before = await getAblesung(trx, id);
    await assertAblesungUnveraendert(trx, before, null);
    await trx('wasserablesungen').where({ id }).delete();
    await recordHistory(trx, actor, {
      entityType: ABLESUNG_HISTORY_TYPE,
      entityId: id,
      action: 'delete',
      before: withoutVersion(before),
    });
  });
}

/** Answers how many readings of `datum` were deleted; 404 when there were none. */
export async function deleteAllAblesungen(
  db: Db,
  actor: Actor,
  datum: string,
): Promise<{ datum: string; geloescht: number }> {
  return inTransaction(db, async (trx) => {
    const before = await listAblesungen(trx, { datum });
    if (!before.length) throw notFound(`Am ${formatGermanDate(datum)} gibt es keine Ablesungen.`);
    await assertAblesungenUnbenutzt(trx, datum);
    await trx('wasserablesungen').where({ datum }).delete();
    // One entry per reading, so each reading's history ends with its deletion; in chunks, as a
    // round of a large club has thousands of rows.
    await recordHistoryMany(
      trx,
      actor,
      before.map((r) => ({
        entityType: ABLESUNG_HISTORY_TYPE,
        entityId: r.id,
        action: 'delete',
        before: withoutVersion(r),
      })),
    );
    return { datum, geloescht: before.length };
  });
}
