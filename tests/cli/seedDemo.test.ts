import { execFile } from 'node:child_process';
import path from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDb, type TestDb } from '../helpers/testDb';

// Issue 11: `kgv seed demo` succeeded but printed nine "Acquire connection error: aborted" stack
// traces and nine smtp warnings: the SMTP settings reloaded after the seed's commit were still
// waiting for a connection when the command closed the database.

const run = promisify(execFile);
const bin = path.resolve(import.meta.dirname, '../../bin/kgv.mjs');

let t: TestDb;
beforeAll(async () => {
  t = await createTestDb();
});
afterAll(() => t.cleanup());

describe('kgv seed demo', () => {
  it('prints only its summary: no stack trace, no warning', async () => {
    // The default log level of the CLI (warn), as a user runs it: no LOG_LEVEL in the environment.
    const env = {
      PATH: process.env.PATH,
      HOME: process.env.HOME,
      DATA_DIR: t.config.dataDir,
      SESSION_SECRET: t.config.sessionSecret,
      ...(t.config.databaseUrl ? { DATABASE_URL: t.config.databaseUrl } : {}),
    };
    const { stdout, stderr } = await run(process.execPath, [bin, 'seed', 'demo'], { env, timeout: 120_000 });
    expect(stderr).toBe('');
    expect(stdout).not.toMatch(/\bat .+:\d+:\d+\)?$|Error:|"level":"(warn|error)"/m);
    const lines = stdout.trimEnd().split('\n');
    expect(lines[0]).toBe('Demo-Verein „KGV Sonnenhang“ angelegt.');
    expect(lines.at(-1)).toBe('  wasserwart@demo.kgv.at, pruefer@demo.kgv.at');
    expect(lines).toHaveLength(4);
  });
});
