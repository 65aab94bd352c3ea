import { randomBytes } from 'node:crypto';
import { mkdir, unlink, writeFile } from 'node:fs/promises';
import path from 'node:path';

// A full disk or a data folder the app may not write to is something the operator fixes, so the
// app says so in German, naming the folder and the cause, instead of an English stack trace.

/** What went wrong with the data folder, in German; `undefined` when the error is not about storage. */
export function storageErrorMessage(err: unknown, dataDir: string): string | undefined {
  const { code, path: where } = (err ?? {}) as NodeJS.ErrnoException;
  const at = where ? ` (${where})` : '';
  switch (code) {
    case 'ENOSPC':
    case 'EDQUOT':
    case 'SQLITE_FULL':
      return `Der Speicherplatz für den Datenordner ${dataDir} ist voll${at}. Bitte schaffen Sie Platz und starten Sie kgv neu.`;
    case 'EROFS':
      return `Der Datenordner ${dataDir} liegt auf einem schreibgeschützten Laufwerk${at}. kgv braucht dort Schreibrechte (DATA_DIR).`;
    case 'EACCES':
    case 'EPERM':
    case 'SQLITE_READONLY':
      return `kgv darf im Datenordner ${dataDir} nicht schreiben${at}. Bitte geben Sie dem Benutzer, unter dem kgv läuft, Schreibrechte auf diesen Ordner (DATA_DIR).`;
    case 'ENOTDIR':
    case 'EEXIST':
      return `Der Datenordner ${dataDir} ist kein Ordner, oder ein Teil seines Pfades ist eine Datei${at}. Bitte prüfen Sie DATA_DIR.`;
    case 'SQLITE_CANTOPEN':
      return `Die Datenbank im Datenordner ${dataDir} kann nicht geöffnet werden (fehlende Schreibrechte oder kein Ordner). Bitte prüfen Sie DATA_DIR.`;
    default:
      return undefined;
  }
}

/** The error raised at start when the data folder is unusable; its message is German and names the cause. */
export class DataDirError extends Error {
  constructor(
    message: string,
    override readonly cause: unknown,
  ) {
    super(message);
    this.name = 'DataDirError';
  }
}

/**
 * Proves at start that the data folder can be written: creates it with `files/` and writes and
 * removes a probe file. A read-only or full disk then stops the start with a clear message
 * instead of failing at the first upload.
 */
export async function checkDataDirWritable(dataDir: string): Promise<void> {
  const probe = path.join(dataDir, `.schreibtest-${process.pid}-${randomBytes(4).toString('hex')}`);
  try {
    await mkdir(path.join(dataDir, 'files'), { recursive: true });
    await writeFile(probe, 'kgv', { flag: 'wx', mode: 0o600 });
  } catch (err) {
    throw new DataDirError(
      storageErrorMessage(err, dataDir) ?? `Der Datenordner ${dataDir} ist nicht nutzbar: ${String(err)}`,
      err,
    );
  } finally {
    await unlink(probe).catch(() => undefined);
  }
}
