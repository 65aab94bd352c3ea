import { z } from 'zod';
import type { Actor } from '../../../platform/auth/principal';
import { collator } from '../../../platform/collation';
import { type Db, inTransaction, nowDb } from '../../../platform/db/db';
import { isUniqueViolation } from '../../../platform/db/dbErrors';
import { claimVersion, withoutVersion } from '../../../platform/db/optimisticLock';
import { conflict, notFound, validationFailed } from '../../../platform/errors';
import { recordHistory } from '../../../platform/history/history';
import type { Gruppe, Lookup } from '../schema/parzellen';
import { nameList, sameName } from './names';
import { wasserablesungen } from './wasserablesungenProvider';

export const GRUPPE_HISTORY_TYPE = 'Gruppe';
const NOT_FOUND = 'Die Gruppe wurde nicht gefunden.';
/** A group with its count of plots (joined and aggregated, so parsed: ADR 0005). */
const gruppeRow = z.object({
  id: z.coerce.number(),
  version: z.coerce.number(),
  name: z.string(),
  beschreibung: z.string().nullable(),
  anzahl: z.union([z.number(), z.string()]).nullable(),
});
type GruppeListRow = z.infer<typeof gruppeRow>;

function gruppenQuery(db: Db) {
  return db('gruppen as g')
    .leftJoin('parzellen as p', 'p.gruppe_id', 'g.id')
    .groupBy('g.id', 'g.version', 'g.name', 'g.beschreibung')
    .select('g.id', 'g.version', 'g.name', 'g.beschreibung', db.raw('count(p.id) as anzahl'));
}

/** The one shape of a Gruppe in every answer. */
export const presentGruppe = (r: GruppeListRow): Gruppe => ({
  id: Number(r.id),
  version: Number(r.version),
  name: r.name,
  beschreibung: r.beschreibung ?? '',
  anzahlParzellen: Number(r.anzahl ?? 0),
});

export async function listGruppen(db: Db): Promise<Gruppe[]> {
  const rows = z.array(gruppeRow).parse(await gruppenQuery(db));
  return rows.map(presentGruppe).sort((a, b) => collator.compare(a.name, b.name) || a.id - b.id);
}

export async function getGruppe(db: Db, id: number): Promise<Gruppe> {
  const row = gruppeRow.optional().parse(await gruppenQuery(db).where('g.id', id).first());
  if (!row) throw notFound(NOT_FOUND);
  return presentGruppe(row);
}

/** Creates (id 0 or absent) or updates a group; names are unique regardless of case. */
export async function saveGruppe(
  db: Db,
  actor: Actor,
  data: { id?: number; version?: number; name: string; beschreibung?: string },
): Promise<Gruppe> {
  return inTransaction(db, (trx) => saveGruppeInTransaction(trx, actor, data));
}

async function saveGruppeInTransaction(
  db: Db,
  actor: Actor,
  data: { id?: number; version?: number; name: string; beschreibung?: string },
): Promise<Gruppe> {
  const id = data.id ?? 0;
  if (id) {
    await claimVersion(db, {
      table: 'gruppen',
      id,
      expected: data.version,
      entityType: GRUPPE_HISTORY_TYPE,
      label: 'Die Gruppe',
      notFound: NOT_FOUND,
    });
  }
  const before = id ? await getGruppe(db, id) : undefined;
  const names = await db('gruppen').select('id', 'name');
  const clash = names.find((r) => Number(r.id) !== id && sameName(r.name, data.name));
  if (clash) throw validationFailed({ name: [`Eine Gruppe „${clash.name}“ gibt es bereits.`] });
  const now = nowDb();
  const values = { name: data.name, beschreibung: data.beschreibung ?? before?.beschreibung ?? '', updated_at: now };
  let savedId = id;
  try {
    if (before) await db('gruppen').where({ id }).update(values);
    else {
      const [newId] = await db('gruppen').insert({ ...values, created_at: now });
      savedId = Number(newId);
    }
  } catch (err) {
    // Another board member saved the same name a moment ago.
    if (isUniqueViolation(err)) throw validationFailed({ name: ['Eine Gruppe mit diesem Namen gibt es bereits.'] });
    throw err;
  }
  const after = await getGruppe(db, savedId);
  await recordHistory(db, actor, {
    entityType: GRUPPE_HISTORY_TYPE,
    entityId: savedId,
    action: before ? 'update' : 'create',
    before: withoutVersion(before),
    after: withoutVersion(after),
  });
  return after;
}

/** Deletes a group no plot belongs to and no year's water price names; else 409 naming them. */
export async function deleteGruppe(db: Db, actor: Actor, id: number): Promise<void> {
  return inTransaction(db, (trx) => deleteGruppeInTransaction(trx, actor, id));
}

async function deleteGruppeInTransaction(db: Db, actor: Actor, id: number): Promise<void> {
  const before = await getGruppe(db, id);
  const plots = await db('parzellen').where({ gruppe_id: id }).select('nummer');
  if (plots.length) {
    const shown = nameList(plots.map((p) => p.nummer));
    throw conflict(
      `Die Gruppe „${before.name}“ ist ${plots.length === 1 ? 'der Parzelle' : `${plots.length} Parzellen`} ${shown} zugeordnet und kann nicht gelöscht werden.`,
      undefined,
      'still_referenced',
    );
  }
  const jahre = await wasserablesungen().wasserpreisJahreVon(db, id);
  if (jahre.length) {
    throw conflict(
      `Die Gruppe „${before.name}“ hat einen eigenen Wasserpreis in den Wassergrunddaten ${nameList(jahre.map(String))}; entfernen Sie ihn dort zuerst.`,
      undefined,
      'still_referenced',
    );
  }
  await db('gruppen').where({ id }).delete();
  await recordHistory(db, actor, {
    entityType: GRUPPE_HISTORY_TYPE,
    entityId: id,
    action: 'delete',
    before: withoutVersion(before),
  });
}

export async function gruppenLookup(db: Db): Promise<Lookup[]> {
  const rows = await db('gruppen').select('id', 'name');
  return rows.map((r) => ({ id: Number(r.id), name: r.name })).sort((a, b) => collator.compare(a.name, b.name));
}
