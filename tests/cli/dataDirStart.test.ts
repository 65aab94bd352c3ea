import { execFile } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { afterAll, describe, expect, it } from 'vitest';

// Security review, issue 9, item 5: a DATA_DIR kgv cannot write stops the start with one German
// line naming the folder and the cause, not an English stack trace. Tests run as root, where
// chmod does not stop writes, so the folder is made unusable by a regular file in its path.

const run = promisify(execFile);
const bin = path.resolve(import.meta.dirname, '../../bin/kgv.mjs');
const tmp = mkdtempSync(path.join(os.tmpdir(), 'kgv-datadir-start-'));
afterAll(() => rmSync(tmp, { recursive: true, force: true }));

async function kgv(env: Record<string, string>, ...args: string[]) {
  try {
    // A clean environment: Vitest's own variables (BASE_URL …) would be read as configuration.
    const { stdout, stderr } = await run(process.execPath, [bin, ...args], {
      env: { PATH: process.env.PATH, LOG_LEVEL: 'silent', PORT: '39917', HOST: '127.0.0.1', ...env },
      timeout: 60_000,
    });
    return { code: 0, stdout, stderr };
  } catch (err) {
    const e = err as { code: number; stdout: string; stderr: string };
    return { code: e.code, stdout: e.stdout, stderr: e.stderr };
  }
}

describe('kgv with an unusable DATA_DIR', () => {
  it('serve: DATA_DIR below a regular file', async () => {
    const file = path.join(tmp, 'datei');
    writeFileSync(file, 'x');
    const dataDir = path.join(file, 'data');
    const res = await kgv({ DATA_DIR: dataDir }, 'serve');
    expect(res.code).toBe(2);
    expect(res.stderr.trim()).toMatch(new RegExp(`^Der Datenordner ${dataDir} ist kein Ordner`));
    expect(res.stderr).not.toMatch(/\n\s+at /);
  });

  it('serve: a data folder whose files/ is not a folder', async () => {
    const dataDir = path.join(tmp, 'daten');
    mkdirSync(dataDir);
    writeFileSync(path.join(dataDir, 'files'), 'kein Ordner');
    const res = await kgv({ DATA_DIR: dataDir, SESSION_SECRET: 'x'.repeat(40) }, 'serve');
    expect(res.code).toBe(2);
    expect(res.stderr.trim()).toMatch(
      /^Der Datenordner .* ist kein Ordner, oder ein Teil seines Pfades ist eine Datei/,
    );
    expect(res.stderr).not.toMatch(/\n\s+at /);
  });

  it('migrate: the same German line instead of a stack trace', async () => {
    const file = path.join(tmp, 'datei2');
    writeFileSync(file, 'x');
    const res = await kgv({ DATA_DIR: path.join(file, 'data') }, 'migrate');
    expect(res.code).toBe(1);
    expect(res.stderr.trim()).toMatch(/^Der Datenordner .* ist kein Ordner/);
    expect(res.stderr).not.toMatch(/\n\s+at /);
  });
});
