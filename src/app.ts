import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Config } from './config';
import { allEntities } from './modules';
import { getSmtpSettings } from './modules/vereinseinstellungen/services';
import { verifyDataKey } from './platform/auth/dataKey';
import { createCache } from './platform/cache';
import { createDb, migrateLatest } from './platform/db/db';
import { createFileStore } from './platform/files/fileStore';
import { createLogger, type Logger } from './platform/logger';
import { createMailService, smtpSettingsFromConfig } from './platform/mail/mailService';
import { createPdfService } from './platform/pdf/pdfService';
import type { AppServices } from './platform/services';

const packageJson = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../package.json');
export const APP_VERSION: string = JSON.parse(readFileSync(packageJson, 'utf8')).version;

export type RunningServices = AppServices & { close(): Promise<void> };

/**
 * The composition root shared by the server, the CLI and the tests: database (migrated), PDF, mail,
 * files, cache. Nothing here knows about HTTP.
 */
export async function createServices(
  config: Config,
  opts: { log?: Logger; migrate?: boolean } = {},
): Promise<RunningServices> {
  const log = opts.log ?? createLogger(config.logLevel);
  const db = createDb(config);
  if (opts.migrate !== false) {
    const applied = await migrateLatest(db);
    if (applied.length) log.info('migrations applied', { applied });
    await verifyDataKey(db, config).catch(async (err: unknown) => {
      await db.destroy();
      throw err;
    });
  }
  const pdf = createPdfService({ chromiumPath: config.chromiumPath, log });
  const cache = createCache();
  const mail = createMailService({
    dataDir: config.dataDir,
    log,
    // The Maileinstellungen of the database first (cached, dropped when saved); else SMTP_* of the environment.
    getSmtp: async () =>
      (await getSmtpSettings({ db, config, log, cache })) ??
      (config.smtp ? smtpSettingsFromConfig(config.smtp) : undefined),
  });
  const services: AppServices = {
    config,
    db,
    log,
    pdf,
    mail,
    files: createFileStore({ dataDir: config.dataDir }),
    cache,
    access: allEntities(),
    version: APP_VERSION,
  };
  // Load the Maileinstellungen now: a mail sent inside a transaction then finds them cached instead of
  // waiting for SQLite's only connection. Without the settings table (not migrated) mail reads them later.
  await getSmtpSettings(services).catch(() => undefined);
  return {
    ...services,
    async close() {
      // Settings look-ups started after a commit (invalidateSettingsCache) still hold the pool.
      await cache.settled();
      mail.close();
      await pdf.close();
      await db.destroy();
    },
  };
}
