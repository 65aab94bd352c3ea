import path from 'node:path';
import { Command, CommanderError } from 'commander';
import { seedDemo } from '../../seeds/demo';
import { APP_VERSION, createServices } from '../app';
import { ConfigError, loadConfig } from '../config';
import { main } from '../main';
import { modules } from '../modules';
import type { Boot } from '../modules/manifest';
import { createDb, migrateLatest, migrateRollback } from '../platform/db/db';
import { AppError } from '../platform/errors';
import { DataDirError, storageErrorMessage } from '../platform/files/dataDir';
import { createLogger } from '../platform/logger';
import { CliError } from './prompt';

/** The CLI boots the same services as the server, quietly, without HTTP. */
const boot: Boot = async () => {
  const config = loadConfig();
  return createServices(config, { log: createLogger(process.env.LOG_LEVEL ? config.logLevel : 'warn') });
};

export function buildProgram(): Command {
  const program = new Command('kgv')
    .description('kgv – Verwaltung für Kleingartenvereine')
    .version(APP_VERSION, '-v, --version', 'Version anzeigen')
    .helpOption('-h, --help', 'Hilfe anzeigen')
    .helpCommand('help [befehl]', 'Hilfe zu einem Befehl anzeigen')
    .showHelpAfterError();

  program
    .command('serve')
    .description('Den Server starten (führt ausstehende Migrationen aus)')
    .action(() => main());

  program
    .command('migrate')
    .description('Datenbank-Migrationen ausführen')
    .option('--rollback', 'die letzte Migrationsgruppe zurücknehmen')
    .option('--all', 'mit --rollback: alle Migrationen zurücknehmen')
    .action(async (opts: { rollback?: boolean; all?: boolean }) => {
      const db = createDb(loadConfig());
      try {
        const names = opts.rollback ? await migrateRollback(db, opts.all) : await migrateLatest(db);
        const verb = opts.rollback ? 'zurückgenommen' : 'ausgeführt';
        process.stdout.write(
          names.length
            ? `${names.length} Migration(en) ${verb}:\n${names.map((n) => `  ${n}`).join('\n')}\n`
            : 'Nichts zu tun.\n',
        );
      } finally {
        await db.destroy();
      }
    });

  program
    .command('seed')
    .description('Beispieldaten anlegen')
    .command('demo')
    .description('Einen realistischen Demo-Verein anlegen (Benutzer, Einstellungen und die Daten jedes Moduls)')
    .action(async () => {
      const app = await boot();
      try {
        const lines = await seedDemo(app);
        process.stdout.write(`${lines.join('\n')}\n`);
      } finally {
        await app.close();
      }
    });

  for (const m of modules) m.cli?.(program, boot);
  return program;
}

/** Runs the CLI; German one-line errors for what a user can fix, exit codes 1 (error) and 2 (usage). */
export async function run(argv = process.argv): Promise<void> {
  const program = buildProgram();
  program.exitOverride();
  try {
    await program.parseAsync(argv);
  } catch (err) {
    if (err instanceof CommanderError) process.exit(err.exitCode === 0 ? 0 : 2);
    if (err instanceof ConfigError || err instanceof CliError || err instanceof DataDirError) {
      process.stderr.write(`${err.message}\n`);
      process.exit(2);
    }
    if (err instanceof AppError) {
      const details = Object.entries(err.errors ?? {}).map(([k, v]) => `  - ${k}: ${v.join(' ')}`);
      process.stderr.write(`${[err.title, ...(err.detail ? [err.detail] : []), ...details].join('\n')}\n`);
      process.exit(1);
    }
    // A full or read-only DATA_DIR (files, SQLite): name the cause instead of a stack trace.
    const storage = storageErrorMessage(err, path.resolve(process.env.DATA_DIR || './data'));
    if (storage) {
      process.stderr.write(`${storage}\n`);
      process.exit(1);
    }
    throw err;
  }
}
