import { existsSync, readdirSync, writeFileSync } from 'node:fs';
import * as fsp from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { toProblem } from '../../src/http/problem';
import { checkDataDirWritable, DataDirError, storageErrorMessage } from '../../src/platform/files/dataDir';
import { createFileStore } from '../../src/platform/files/fileStore';
import { createLogger } from '../../src/platform/logger';
import { createTestDb, type TestDb } from '../helpers/testDb';

// Security review, issue 9, item 5: a full or read-only DATA_DIR gives a German answer naming the
// cause (507/503), and a failed write leaves no half-written *.tmp behind.

/** The next writeFile writes half its content, then fails as a full (or read-only) disk would. */
let failNextWrite: string | undefined;
vi.mock('node:fs/promises', async (importOriginal) => {
  const original = await importOriginal<typeof import('node:fs/promises')>();
  return {
    ...original,
    writeFile: vi.fn(async (file: string, data: Buffer, options?: object) => {
      const code = failNextWrite;
      if (!code) return original.writeFile(file, data, options);
      failNextWrite = undefined;
      await original.writeFile(file, data.subarray(0, Math.floor(data.length / 2)), options);
      throw Object.assign(new Error(`${code}: simulated, write '${file}'`), { code, syscall: 'write', path: file });
    }),
  };
});

const pdf = Buffer.from('%PDF-1.4\n1 0 obj << /Type /Catalog >> endobj\ntrailer << /Root 1 0 R >>\n%%EOF\n');
const log = createLogger('silent');

function walk(dir: string): string[] {
  if (!existsSync(dir)) return [];
  return readdirSync(dir, { withFileTypes: true, recursive: true })
    .filter((e) => e.isFile())
    .map((e) => e.name);
}

describe('file store on a full or read-only disk', () => {
  let t: TestDb;
  beforeAll(async () => {
    t = await createTestDb();
  });
  afterAll(() => t.cleanup());

  it.each([
    ['ENOSPC', 507, 'storage_full', /Speicherplatz des Servers ist voll/],
    ['EROFS', 503, 'storage_not_writable', /keine Dateien speichern/],
    ['EACCES', 503, 'storage_not_writable', /keine Dateien speichern/],
  ])('%s: no temp file, no row, and a German %i problem', async (code, status, problemCode, title) => {
    const store = createFileStore({ dataDir: t.config.dataDir });
    const rows = await t.db('files').count({ n: '*' }).first();
    failNextWrite = code;
    const err = await store.save(t.db, { name: `beleg-${code}.pdf`, content: pdf }).catch((e: unknown) => e);
    expect((err as NodeJS.ErrnoException).code).toBe(code);
    expect(walk(path.join(t.config.dataDir, 'files')).filter((f) => f.endsWith('.tmp'))).toEqual([]);
    expect(await t.db('files').count({ n: '*' }).first()).toEqual(rows);
    const answer = toProblem(err, log);
    expect(answer).toMatchObject({ status, code: problemCode, title: expect.stringMatching(title) });
    expect(JSON.stringify(answer)).not.toMatch(/simulated|\.tmp|write/);
    expect(vi.mocked(fsp.writeFile)).toHaveBeenCalled();
  });

  it('a later save of the same content succeeds', async () => {
    const store = createFileStore({ dataDir: t.config.dataDir });
    const saved = await store.save(t.db, { name: 'beleg.pdf', content: pdf });
    expect((await store.read(saved)).equals(pdf)).toBe(true);
  });
});

describe('data folder check at start', () => {
  it('names a DATA_DIR below a regular file in German', async () => {
    const dir = await fsp.mkdtemp(path.join(os.tmpdir(), 'kgv-datadir-'));
    const file = path.join(dir, 'eine-datei');
    writeFileSync(file, 'x');
    const dataDir = path.join(file, 'data');
    const err = await checkDataDirWritable(dataDir).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(DataDirError);
    expect((err as Error).message).toContain(`Der Datenordner ${dataDir} ist kein Ordner`);
    await fsp.rm(dir, { recursive: true, force: true });
  });

  it('has a German message for each storage cause, and none for other errors', () => {
    const at = (code: string) => storageErrorMessage(Object.assign(new Error('x'), { code }), '/srv/kgv');
    expect(at('ENOSPC')).toMatch(/^Der Speicherplatz für den Datenordner \/srv\/kgv ist voll/);
    expect(at('EROFS')).toMatch(/schreibgeschützten Laufwerk/);
    expect(at('EACCES')).toMatch(/nicht schreiben/);
    expect(at('SQLITE_READONLY')).toMatch(/nicht schreiben/);
    expect(at('SQLITE_CANTOPEN')).toMatch(/kann nicht geöffnet werden/);
    expect(at('ECONNREFUSED')).toBeUndefined();
  });
});
