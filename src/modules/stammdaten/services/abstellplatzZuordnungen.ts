import type { Actor } from '../../../platform/auth/principal';
import { dayBefore, formatGermanDate, periodsOverlap } from '../../../platform/dates';
import { type Db, inTransaction, nowDb } from '../../../platform/db/db';
import { lockRow } from '../../../platform/db/lockRow';
import { claimVersion, withoutVersion } from '../../../platform/db/optimisticLock';
import { notFound, validationFailed } from '../../../platform/errors';
import { recordHistory } from '../../../platform/history/history';
import { abstellplatzKategorienById } from '../../vereinseinstellungen/services';
import {
  ABSTELLPLATZ_HISTORY_TYPE,
  type AbstellplatzDetail,
  type AbstellplatzZuordnung,
  adresseExists,
  getAbstellplatz,
  getZuordnung,
  presentZuordnung,
  ZUORDNUNG_NOT_FOUND,
  zuordnungen,
  zuordnungRows,
} from './abstellplaetze';
import { recordOnAdresse } from './adresseHistory';

// Who uses a parking space when: Neuzuordnung from a date, editing and removing an assignment.
// Each locks the space's row so two changes at once cannot leave overlapping assignments.

/**
 * Gives the space to another address from `datum`: the assignment running then ends the day
 * before, the new one starts at `datum` (open-ended). In one transaction (the caller's, when it passes one).
 */
export async function neuzuordnung(
  db: Db,
  actor: Actor,
  input: { abstellplatzId: number; adresseId: number; datum: string },
): Promise<AbstellplatzDetail> {
  return inTransaction(db, (trx) => neuzuordnungInTransaction(trx, actor, input));
}

async function neuzuordnungInTransaction(
  db: Db,
  actor: Actor,
  input: { abstellplatzId: number; adresseId: number; datum: string },
): Promise<AbstellplatzDetail> {
  // Two reassignments of the same space at once: the second waits and sees the first one's result.
  await lockRow(db, 'abstellplaetze', input.abstellplatzId);
  const before = await getAbstellplatz(db, input.abstellplatzId);
  if (!(await adresseExists(db, input.adresseId)))
    throw validationFailed({ adresseId: ['Diese Adresse gibt es nicht.'] });
  const all = zuordnungRows(await zuordnungen(db).where('z.abstellplatz_id', input.abstellplatzId)).map(
    presentZuordnung(await abstellplatzKategorienById(db)),
  );
  const later = all.find((z) => z.von >= input.datum);
  if (later) {
    throw validationFailed({
      datum: [
        `Der Abstellplatz ist ab ${formatGermanDate(later.von)} bereits ${later.adresseName} zugeordnet; die neue Zuordnung muss danach beginnen.`,
      ],
    });
  }
  const running = all.filter((z) => z.bis === null || z.bis >= input.datum);
  const ende = dayBefore(input.datum);
  // The ended assignments change: a dialog still open on one of them must notice (optimistic lock).
  for (const z of running)
    await db('abstellplatz_zuordnungen')
      .where({ id: z.id })
      .update({ bis: ende, version: db.raw('version + 1') });
  const [newId] = await db('abstellplatz_zuordnungen').insert({
    abstellplatz_id: input.abstellplatzId,
    adresse_id: input.adresseId,
    von: input.datum,
    bis: null,
    created_at: nowDb(),
  });
  const neu = await getZuordnung(db, Number(newId));
  await recordHistory(db, actor, {
    entityType: ABSTELLPLATZ_HISTORY_TYPE,
    entityId: input.abstellplatzId,
    action: 'neuzuordnung',
    before: {
      zuordnung: before.zuordnung && withoutVersion(before.zuordnung),
      beendet: running.map((z) => ({ ...withoutVersion(z), bis: ende })),
    },
    after: { zuordnung: withoutVersion(neu) },
  });
  for (const z of running) {
    await recordOnAdresse(db, actor, z.adresseId, {
      action: 'neuzuordnung',
      field: 'abstellplatz',
      before: `${before.nummer}, seit ${formatGermanDate(z.von)}`,
      after: `${before.nummer} bis ${formatGermanDate(ende)}, danach ${neu.adresseName}`,
    });
  }
  const vorher = running.map((z) => z.adresseName).join(', ');
  await recordOnAdresse(db, actor, input.adresseId, {
    action: 'neuzuordnung',
    field: 'abstellplatz',
    before: null,
    after: `${before.nummer} ab ${formatGermanDate(input.datum)}${vorher ? `, vorher ${vorher}` : ''}`,
  });
  return getAbstellplatz(db, input.abstellplatzId);
}

/** Changes an assignment's dates; it must not overlap another assignment of the same space. */
export async function saveZuordnung(
  db: Db,
  actor: Actor,
  input: { id: number; version?: number; von: string; bis: string | null },
): Promise<AbstellplatzZuordnung> {
  return inTransaction(db, (trx) => saveZuordnungInTransaction(trx, actor, input));
}

async function saveZuordnungInTransaction(
  db: Db,
  actor: Actor,
  input: { id: number; version?: number; von: string; bis: string | null },
): Promise<AbstellplatzZuordnung> {
  const row = await db('abstellplatz_zuordnungen').where({ id: input.id }).first('abstellplatz_id');
  if (!row) throw notFound(ZUORDNUNG_NOT_FOUND);
  // The space first, then the assignment: the same order as Neuzuordnung, so the two cannot deadlock.
  await lockRow(db, 'abstellplaetze', Number(row.abstellplatz_id));
  await claimVersion(db, {
    table: 'abstellplatz_zuordnungen',
    id: input.id,
    expected: input.version,
    entityType: ABSTELLPLATZ_HISTORY_TYPE,
    entityId: Number(row.abstellplatz_id),
    label: 'Die Zuordnung des Abstellplatzes',
    notFound: ZUORDNUNG_NOT_FOUND,
  });
  const before = await getZuordnung(db, input.id);
  const others = zuordnungRows(
    await zuordnungen(db).where('z.abstellplatz_id', before.abstellplatzId).whereNot('z.id', input.id),
  ).map(presentZuordnung(await abstellplatzKategorienById(db)));
  const overlap = others.find((o) => periodsOverlap(o, input));
  if (overlap) {
    throw validationFailed({
      von: [
        `Der Zeitraum überschneidet sich mit der Zuordnung an ${overlap.adresseName} (${formatGermanDate(overlap.von)} bis ${overlap.bis ? formatGermanDate(overlap.bis) : 'offen'}).`,
      ],
    });
  }
  await db('abstellplatz_zuordnungen').where({ id: input.id }).update({ von: input.von, bis: input.bis });
  const after = await getZuordnung(db, input.id);
  await recordHistory(db, actor, {
    entityType: ABSTELLPLATZ_HISTORY_TYPE,
    entityId: before.abstellplatzId,
    action: 'zuordnung-update',
    before: withoutVersion(before),
    after: withoutVersion(after),
  });
  return after;
}

export async function deleteZuordnung(db: Db, actor: Actor, id: number): Promise<void> {
  return inTransaction(db, (trx) => deleteZuordnungInTransaction(trx, actor, id));
}

async function deleteZuordnungInTransaction(db: Db, actor: Actor, id: number): Promise<void> {
  const before = await getZuordnung(db, id);
  await db('abstellplatz_zuordnungen').where({ id }).delete();
  await recordHistory(db, actor, {
    entityType: ABSTELLPLATZ_HISTORY_TYPE,
    entityId: before.abstellplatzId,
    action: 'zuordnung-delete',
    before: withoutVersion(before),
  });
}
