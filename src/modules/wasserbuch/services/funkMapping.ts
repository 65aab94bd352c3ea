import type { Actor } from '../../../platform/auth/principal';
import { collator } from '../../../platform/collation';
import { type Db, nowDb } from '../../../platform/db/db';
import { notFound, validationFailed } from '../../../platform/errors';
import { recordHistory } from '../../../platform/history/history';
import type { FunkMapping } from '../schema/dokumente';

// The column mappings of radio-meter exports, stored per club by name; "Standard" is built in and
// fits tests/fixtures/wasser/funk-standard.csv. A stored mapping of that name replaces it.

export type FunkMappingRow = {
  id: number;
  name: string;
  /** The name in lower case: unique, so names are compared case-insensitively on both databases. */
  name_key: string;
  spalte_seriennummer: string;
  spalte_stand: string;
  spalte_zeitstempel: string;
  trennzeichen: string;
  dezimalzeichen: string;
  zeichensatz: string;
  created_at: string;
  updated_at: string;
};

declare module 'knex/types/tables' {
  interface Tables {
    wasser_funk_mappings: FunkMappingRow;
  }
}

export const MAPPING_HISTORY_TYPE = 'FunkImportMapping';

export const STANDARD_MAPPING: FunkMapping = {
  name: 'Standard',
  spalteSeriennummer: 'Seriennummer',
  spalteStand: 'Zählerstand',
  spalteZeitstempel: 'Zeitstempel',
  trennzeichen: 'auto',
  dezimalzeichen: 'auto',
  zeichensatz: 'auto',
};

const present = (r: FunkMappingRow): FunkMapping => ({
  name: r.name,
  spalteSeriennummer: r.spalte_seriennummer,
  spalteStand: r.spalte_stand,
  spalteZeitstempel: r.spalte_zeitstempel,
  trennzeichen: r.trennzeichen as FunkMapping['trennzeichen'],
  dezimalzeichen: r.dezimalzeichen as FunkMapping['dezimalzeichen'],
  zeichensatz: r.zeichensatz as FunkMapping['zeichensatz'],
});

const keyOf = (name: string) => name.trim().toLowerCase();

/** The stored mappings and the built-in "Standard" (unless stored), by name. */
export async function listFunkMappings(db: Db): Promise<FunkMapping[]> {
  const stored = (await db('wasser_funk_mappings').select('*')).map(present);
  if (!stored.some((m) => keyOf(m.name) === keyOf(STANDARD_MAPPING.name))) stored.push(STANDARD_MAPPING);
  return stored.sort((a, b) => collator.compare(a.name, b.name));
}

/** The mapping of that name (default "Standard"); 422 `mapping` when there is none. */
export async function getFunkMapping(db: Db, name = STANDARD_MAPPING.name): Promise<FunkMapping> {
  const row = await db('wasser_funk_mappings')
    .where({ name_key: keyOf(name) })
    .first();
  if (row) return present(row);
  if (keyOf(name) === keyOf(STANDARD_MAPPING.name)) return STANDARD_MAPPING;
  throw validationFailed({ mapping: [`Ein Importschema „${name}“ gibt es nicht.`] });
}

/** Creates or replaces the mapping of that name. */
export async function saveFunkMapping(db: Db, actor: Actor, data: FunkMapping): Promise<FunkMapping> {
  const now = nowDb();
  const values = {
    name: data.name,
    name_key: keyOf(data.name),
    spalte_seriennummer: data.spalteSeriennummer,
    spalte_stand: data.spalteStand,
    spalte_zeitstempel: data.spalteZeitstempel,
    trennzeichen: data.trennzeichen,
    dezimalzeichen: data.dezimalzeichen,
    zeichensatz: data.zeichensatz,
    updated_at: now,
  };
  const before = await db('wasser_funk_mappings').where({ name_key: values.name_key }).first();
  if (before) await db('wasser_funk_mappings').where({ id: before.id }).update(values);
  else await db('wasser_funk_mappings').insert({ ...values, created_at: now });
  const saved = await getFunkMapping(db, data.name);
  await recordHistory(db, actor, {
    entityType: MAPPING_HISTORY_TYPE,
    entityId: data.name,
    action: before ? 'update' : 'create',
    before: before ? present(before) : undefined,
    after: saved,
  });
  return saved;
}

export async function deleteFunkMapping(db: Db, actor: Actor, name: string): Promise<void> {
  const row = await db('wasser_funk_mappings')
    .where({ name_key: keyOf(name) })
    .first();
  if (!row) throw notFound(`Ein gespeichertes Importschema „${name}“ gibt es nicht.`);
  await db('wasser_funk_mappings').where({ id: row.id }).delete();
  await recordHistory(db, actor, {
    entityType: MAPPING_HISTORY_TYPE,
    entityId: row.name,
    action: 'delete',
    before: present(row),
  });
}
