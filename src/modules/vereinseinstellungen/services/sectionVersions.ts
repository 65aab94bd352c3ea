import type { Db } from '../../../platform/db/db';
import { claimVersion, INITIAL_VERSION } from '../../../platform/db/optimisticLock';

// Settings are key/value rows, so a section's version (optimistic locking) lives in a row of its own
// in `settings_versions`; a section without that row has never been saved and reads as version 1.

const HISTORY_TYPE = 'Vereinseinstellungen';

/** Every section's version by `settings.section` name; absent ones are 1. */
export async function sectionVersions(db: Db): Promise<(section: string) => number> {
  const rows = await db('settings_versions').select('section', 'version');
  const map = new Map(rows.map((r) => [r.section, Number(r.version)]));
  return (section) => map.get(section) ?? INITIAL_VERSION;
}

/**
 * Claims the section's next version in the caller's transaction, before anything of it is read or
 * written; 409 `version_conflict` when `expected` is given and no longer current.
 */
export async function claimSectionVersion(db: Db, section: string, expected: number | undefined): Promise<void> {
  // Insert only when missing: an INSERT IGNORE of an existing row takes a shared lock on MySQL, and
  // two saves holding it would deadlock on the UPDATE that follows.
  if (!(await db('settings_versions').where({ section }).first('section'))) {
    await db('settings_versions').insert({ section, version: INITIAL_VERSION }).onConflict('section').ignore();
  }
  await claimVersion(db, {
    table: 'settings_versions',
    idColumn: 'section',
    id: section,
    expected,
    entityType: HISTORY_TYPE,
    label: `Der Abschnitt „${section}“ der Vereinseinstellungen`,
  });
}
