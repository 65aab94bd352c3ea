import { type Db, nowDb } from '../db/db';
import type { SettingRow } from './tables';

/**
 * Club settings as key/value rows per section (spec §3: Adresse, Kontakt, Bank, Mail, Texte …).
 * Values are strings; the module that owns a section parses them with its zod schema.
 */
export async function getSection(db: Db, section: string): Promise<Record<string, string | null>> {
  const rows: Pick<SettingRow, 'key' | 'value'>[] = await db('settings').where({ section }).select('key', 'value');
  return Object.fromEntries(rows.map((r) => [r.key, r.value]));
}

export async function getSetting(db: Db, section: string, key: string): Promise<string | null> {
  const row = await db('settings').where({ section, key }).first('value');
  return row?.value ?? null;
}

/** Writes the given keys of a section (others stay); run it inside the caller's transaction. */
export async function setSection(
  db: Db,
  section: string,
  values: Record<string, string | null>,
  userId: number | null,
): Promise<void> {
  const now = nowDb();
  for (const [key, value] of Object.entries(values)) {
    const updated = await db('settings').where({ section, key }).update({ value, updated_at: now, updated_by: userId });
    if (!updated) await db('settings').insert({ section, key, value, updated_at: now, updated_by: userId });
  }
}
