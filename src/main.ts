import path from 'node:path';
import { ConfigError, loadConfig } from './config';
import { DataDirError, storageErrorMessage } from './platform/files/dataDir';
import { type RunningServer, startServer } from './server';

/** A full, read-only or misplaced data folder: one German line naming the cause, no stack trace. */
function exitOnStorageError(err: unknown, dataDir: string): void {
  const message = err instanceof DataDirError ? err.message : storageErrorMessage(err, dataDir);
  if (!message) return;
  process.stderr.write(`${message}\n`);
  process.exit(2);
}

/** `npm run dev` / `kgv serve`: start the server and stop it cleanly on SIGINT/SIGTERM. */
export async function main(): Promise<void> {
  let config: ReturnType<typeof loadConfig>;
  try {
    config = loadConfig();
  } catch (err) {
    if (err instanceof ConfigError) {
      process.stderr.write(`${err.message}\n`);
      process.exit(2);
    }
    // loadConfig creates DATA_DIR and its session secret: the first place a bad folder shows.
    exitOnStorageError(err, path.resolve(process.env.DATA_DIR || './data'));
    throw err;
  }
  let running: RunningServer;
  try {
    running = await startServer(config);
  } catch (err) {
    exitOnStorageError(err, config.dataDir);
    throw err;
  }
  let stopping = false;
  const stop = async (signal: string) => {
    if (stopping) return;
    stopping = true;
    running.services.log.info('shutting down', { signal });
    await running.close();
    process.exit(0);
  };
  process.on('SIGINT', () => void stop('SIGINT'));
  process.on('SIGTERM', () => void stop('SIGTERM'));
}

if (import.meta.url === `file://${process.argv[1]}`) await main();
