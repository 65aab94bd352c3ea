import { randomBytes } from 'node:crypto';
import type { Config } from '../../../config';
import { systemActor } from '../../../platform/auth/principal';
import type { Db } from '../../../platform/db/db';
import { countUsers, createUser } from './users';

export const DEFAULT_ADMIN_EMAIL = 'admin@kgv.local';

/**
 * On an empty database, creates the first administrator (GlobalAdmin) so a newcomer can sign in:
 * with KGV_ADMIN_EMAIL / KGV_ADMIN_PASSWORD when given, else with a generated password that the
 * caller prints once. Returns undefined when users exist already.
 */
export async function ensureFirstAdmin(
  db: Db,
  config: Pick<Config, 'adminEmail' | 'adminPassword'>,
): Promise<{ email: string; password: string; generated: boolean } | undefined> {
  if ((await countUsers(db)) > 0) return undefined;
  const email = config.adminEmail ?? DEFAULT_ADMIN_EMAIL;
  const generated = !config.adminPassword;
  // Readable but strong: 4 groups of 5 base32-like characters.
  const password =
    config.adminPassword ??
    randomBytes(15)
      .toString('base64url')
      .replace(/[-_]/g, 'x')
      .match(/.{1,5}/g)!
      .join('-');
  await createUser(db, { email, name: 'Administrator', password, roles: ['GlobalAdmin'] }, systemActor('Erststart'));
  return { email, password, generated };
}
