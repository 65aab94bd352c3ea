import type { Db } from '../../src/platform/db/db';
import { nowDb } from '../../src/platform/db/db';

/** Inserts a fixture row with its timestamps (both, or created_at only) and answers its id. */
export async function insertRow(
  db: Db,
  table: string,
  row: Record<string, unknown>,
  stamps: 'both' | 'created' = 'both',
): Promise<number> {
  const now = nowDb();
  const [id] = await db(table).insert({ ...row, created_at: now, ...(stamps === 'both' ? { updated_at: now } : {}) });
  return Number(id);
}
