import { createHash, randomBytes } from 'node:crypto';
import { createReadStream, type ReadStream } from 'node:fs';
import { mkdir, readFile, rename, stat, unlink, writeFile } from 'node:fs/promises';
import path from 'node:path';
import type { Knex } from 'knex';
import { type Db, nowDb, toIso } from '../db/db';
import { notFound, validationFailed } from '../errors';
import {
  DEFAULT_ALLOWED,
  detectFileType,
  extensionOf,
  type FileKind,
  KIND_EXTENSIONS,
  KIND_LABEL,
  sanitizeFileName,
} from './fileTypes';
import type { FileRow } from './tables';

export type FileRecord = {
  id: number;
  name: string;
  mime: string;
  size: number;
  sha256: string;
  ownerType: string | null;
  ownerId: string | null;
  createdAt: string;
  createdBy: number | null;
};

export type SaveFileInput = {
  name: string;
  content: Buffer;
  ownerType?: string;
  ownerId?: string | number;
  userId?: number | null;
  /** Kinds this upload may be; defaults to DEFAULT_ALLOWED (no SVG). */
  allowed?: readonly FileKind[];
  /** Defaults to 20 MB. */
  maxBytes?: number;
};

export type FileStore = {
  save(db: Db, input: SaveFileInput): Promise<FileRecord>;
  get(db: Db, id: number | string): Promise<FileRecord>;
  read(record: Pick<FileRecord, 'sha256'>): Promise<Buffer>;
  stream(record: Pick<FileRecord, 'sha256'>): ReadStream;
  remove(db: Db, id: number | string): Promise<void>;
  listByOwner(db: Db, ownerType: string, ownerId: string | number): Promise<FileRecord[]>;
};

export const DEFAULT_MAX_BYTES = 20 * 1024 * 1024;
const NOT_FOUND_TITLE = 'Die Datei wurde nicht gefunden.';

const toRecord = (row: FileRow): FileRecord => ({
  id: Number(row.id),
  name: row.name,
  mime: row.mime,
  size: Number(row.size),
  sha256: row.sha256,
  ownerType: row.owner_type,
  ownerId: row.owner_id,
  createdAt: toIso(row.created_at) ?? '',
  createdBy: row.created_by,
});

/** "20 MB", "1,5 MB", "500 KB": German decimal comma, no needless ",0". */
function sizeText(bytes: number): string {
  const [value, unit] = bytes >= 1024 * 1024 ? [bytes / 1024 / 1024, 'MB'] : [bytes / 1024, 'KB'];
  return `${String(Math.round(value * 10) / 10).replace('.', ',')} ${unit}`;
}

/** Checks size and content type; returns the name to store (with an extension that fits) and the type. */
function checkUpload(input: SaveFileInput): { name: string; mime: string } {
  const maxBytes = input.maxBytes ?? DEFAULT_MAX_BYTES;
  const allowed = input.allowed ?? DEFAULT_ALLOWED;
  const allowedText = `Erlaubt sind: ${allowed.map((k) => KIND_LABEL[k]).join(', ')}.`;
  if (input.content.length === 0) throw validationFailed({ file: ['Die Datei ist leer.'] });
  if (input.content.length > maxBytes) {
    throw validationFailed({ file: [`Die Datei ist zu groß (höchstens ${sizeText(maxBytes)}).`] });
  }
  let name = sanitizeFileName(input.name);
  const detected = detectFileType(input.content, name);
  if (!detected || !allowed.includes(detected.kind)) {
    throw validationFailed({ file: [`Dieser Dateityp ist nicht erlaubt. ${allowedText}`] });
  }
  const extensions = KIND_EXTENSIONS[detected.kind];
  const ext = extensionOf(name);
  if (!ext) {
    name = `${name.slice(0, 250)}.${extensions[0]}`;
  } else if (!extensions.includes(ext)) {
    throw validationFailed({
      file: [`Die Dateiendung „.${ext}“ passt nicht zum Inhalt (${KIND_LABEL[detected.kind]}). ${allowedText}`],
    });
  }
  return { name, mime: detected.mime };
}

export function createFileStore(options: { dataDir: string }): FileStore {
  const root = path.resolve(options.dataDir, 'files');
  /**
   * Saving and removing the same content must not interleave (a remove could delete the blob a
   * save has just found present). This serialises them per hash within the process; two app
   * instances could still race, which at worst leaves an orphaned blob or, very rarely, a missing one.
   */
  const blobLocks = new Map<string, Promise<unknown>>();

  async function withBlobLock<T>(sha: string, fn: () => Promise<T>): Promise<T> {
    const previous = blobLocks.get(sha) ?? Promise.resolve();
    const run = previous.then(fn, fn);
    const tail = run.catch(() => undefined);
    blobLocks.set(sha, tail);
    try {
      return await run;
    } finally {
      if (blobLocks.get(sha) === tail) blobLocks.delete(sha);
    }
  }

  /** The path comes from the hash alone: a file name can never steer where anything is written. */
  function blobPath(sha: string): string {
    if (!/^[0-9a-f]{64}$/.test(sha)) throw new Error(`invalid sha256 "${sha}"`);
    return path.join(root, sha.slice(0, 2), sha);
  }

  async function exists(file: string): Promise<boolean> {
    try {
      await stat(file);
      return true;
    } catch {
      return false;
    }
  }

  async function writeBlob(sha: string, content: Buffer): Promise<void> {
    const target = blobPath(sha);
    if (await exists(target)) return;
    await mkdir(path.dirname(target), { recursive: true });
    // Write beside and rename: a crash never leaves a half-written blob under the final name. A
    // failed write (disk full, read-only) must not leave its half file behind either.
    const temp = `${target}.${randomBytes(6).toString('hex')}.tmp`;
    let done = false;
    try {
      // Members' documents: readable by the app's user only, like the database (docs/deployment.md).
      await writeFile(temp, content, { flag: 'wx', mode: 0o600 });
      await rename(temp, target);
      done = true;
    } finally {
      if (!done) await unlink(temp).catch(() => undefined);
    }
  }

  async function unlinkQuietly(sha: string): Promise<void> {
    await unlink(blobPath(sha)).catch((err: NodeJS.ErrnoException) => {
      if (err.code !== 'ENOENT') throw err;
    });
  }

  async function references(db: Db, sha: string): Promise<number> {
    const row = await db('files').where({ sha256: sha }).count({ n: '*' }).first();
    return Number(row?.n ?? 0);
  }

  async function get(db: Db, id: number | string): Promise<FileRecord> {
    const numeric = Number(id);
    if (!Number.isSafeInteger(numeric) || numeric <= 0) throw notFound(NOT_FOUND_TITLE);
    const row = await db('files').where({ id: numeric }).first();
    if (!row) throw notFound(NOT_FOUND_TITLE);
    return toRecord(row);
  }

  return {
    async save(db, input) {
      const { name, mime } = checkUpload(input);
      const sha256 = createHash('sha256').update(input.content).digest('hex');
      const row = {
        sha256,
        name,
        mime,
        size: input.content.length,
        owner_type: input.ownerType ?? null,
        owner_id: input.ownerId === undefined ? null : String(input.ownerId),
        created_at: nowDb(),
        created_by: input.userId ?? null,
      };
      return withBlobLock(sha256, async () => {
        await writeBlob(sha256, input.content);
        try {
          const [id] = await db('files').insert(row);
          return toRecord({ ...row, id: Number(id) });
        } catch (err) {
          if ((await references(db, sha256).catch(() => 1)) === 0) await unlinkQuietly(sha256);
          throw err;
        }
      });
    },

    get,

    async read(record) {
      try {
        return await readFile(blobPath(record.sha256));
      } catch (err) {
        if ((err as NodeJS.ErrnoException).code === 'ENOENT') {
          throw notFound(NOT_FOUND_TITLE, 'Der Inhalt der Datei fehlt im Dateispeicher.');
        }
        throw err;
      }
    },

    stream(record) {
      return createReadStream(blobPath(record.sha256));
    },

    async remove(db, id) {
      const record = await get(db, id);
      await withBlobLock(record.sha256, async () => {
        await db('files').where({ id: record.id }).delete();
        if ((await references(db, record.sha256)) > 0) return;
        const trx = db as Knex.Transaction;
        if (trx.isTransaction) {
          // Inside a caller's transaction the row may still come back (rollback): delete the
          // blob only once the deletion is committed.
          trx.executionPromise.then(
            () => withBlobLock(record.sha256, () => unlinkQuietly(record.sha256)).catch(() => undefined),
            () => undefined,
          );
          return;
        }
        await unlinkQuietly(record.sha256);
      });
    },

    async listByOwner(db, ownerType, ownerId) {
      const rows = await db('files')
        .where({ owner_type: ownerType, owner_id: String(ownerId) })
        .orderBy('id');
      return rows.map(toRecord);
    },
  };
}
