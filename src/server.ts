import type { Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { createServices, type RunningServices } from './app';
import type { Config } from './config';
import { createHttpApp } from './http/app';
import { clearStaleUploads } from './http/upload';
import { allRoutes, modules } from './modules';
import { ensureFirstAdmin } from './modules/user/services';
import { getMfaLevel } from './modules/vereinseinstellungen/services';
import { checkDataDirWritable } from './platform/files/dataDir';
import { createJobRunner } from './platform/jobs/jobRunner';
import type { Logger } from './platform/logger';

export type RunningServer = { url: string; server: Server; services: RunningServices; close(): Promise<void> };

/** Starts everything: services, first-start administrator, HTTP server and cron jobs. */
export async function startServer(
  config: Config,
  opts: { log?: Logger; jobs?: boolean; announce?: (line: string) => void } = {},
): Promise<RunningServer> {
  // Before the database is opened in it: a read-only or full DATA_DIR stops here with a German message.
  await checkDataDirWritable(config.dataDir);
  const services = await createServices(config, { log: opts.log });
  const announce = opts.announce ?? ((line: string) => process.stdout.write(`${line}\n`));
  const admin = await ensureFirstAdmin(services.db, config);
  for (const m of modules) await m.onStart?.(services);
  await clearStaleUploads(config.dataDir);
  const app = createHttpApp(services, allRoutes(), { mfaLevel: () => getMfaLevel(services) });
  const server = await new Promise<Server>((resolve, reject) => {
    const s = app.listen(config.port, config.host, () => resolve(s));
    s.once('error', reject);
  });
  // Uploads up to 20 MB on slow club connections: generous, but not unlimited.
  server.requestTimeout = 300_000;
  const port = (server.address() as AddressInfo).port;
  // Port 0 (tests) means "any free port": the configured BASE_URL cannot know it.
  const url = config.port === 0 ? `http://127.0.0.1:${port}` : config.baseUrl;
  const jobs = createJobRunner({ db: services.db, log: services.log, mail: services.mail });
  jobs.register(modules.flatMap((m) => m.jobs ?? []));
  if (opts.jobs !== false) jobs.start();

  services.log.info('kgv started', {
    url,
    port,
    version: services.version,
    database: services.config.databaseUrl ? 'mysql' : 'sqlite',
  });
  if (admin) {
    announce('');
    announce('  Erster Start: ein Administrator wurde angelegt.');
    announce(`  Anmelden unter ${url}/login`);
    announce(`    E-Mail:   ${admin.email}`);
    if (admin.generated) announce(`    Passwort: ${admin.password}   (bitte nach der Anmeldung ändern)`);
    else announce('    Passwort: wie in KGV_ADMIN_PASSWORD angegeben');
    announce('');
  }
  return {
    url,
    server,
    services,
    async close() {
      await jobs.stop();
      await new Promise<void>((resolve) => server.close(() => resolve()));
      server.closeAllConnections();
      await services.close();
    },
  };
}
