import type { Knex } from 'knex';
import type { Db } from '../../../platform/db/db';
import type { AppServices } from '../../../platform/services';
import { getSmtpSettings } from './smtp';

/** Cached look-ups built from the club settings (common's vereinsName, our MFA level and SMTP settings). */
export const SETTINGS_CACHE_KEYS = ['vereinsName', 'mfaLevel', 'smtp'] as const;

/**
 * Drops the cached settings now and again once the caller's transaction has ended: a reader on
 * another connection (MySQL) could otherwise cache the old values while the change is not yet
 * committed. After the commit the SMTP settings are loaded again right away, so that a mail sent
 * later inside a transaction finds them cached instead of waiting for SQLite's only connection.
 */
export function invalidateSettingsCache(services: AppServices, db: Db): void {
  const drop = () => {
    for (const key of SETTINGS_CACHE_KEYS) services.cache.delete(key);
  };
  const reload = () => {
    getSmtpSettings(services).catch((err: unknown) =>
      services.log.warn('smtp settings could not be reloaded', {
        error: err instanceof Error ? err.message : String(err),
      }),
    );
  };
  drop();
  const trx = db as Knex.Transaction;
  if (trx.isTransaction && trx.executionPromise) {
    trx.executionPromise.then(() => {
      drop();
      reload();
    }, drop);
  } else {
    reload();
  }
}
