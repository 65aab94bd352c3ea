import { execFile } from 'node:child_process';
import path from 'node:path';
import { promisify } from 'node:util';
import type { TestDb } from './testDb';

const run = promisify(execFile);
/** The repository root, for fixtures next to the tests. */
export const repoRoot = path.resolve(import.meta.dirname, '../..');
const bin = path.join(repoRoot, 'bin/kgv.mjs');

export type CliResult = { code: number; stdout: string; stderr: string };

/**
 * Runs `kgv` against a test database as a user would: a separate process without a terminal, only
 * the environment the CLI needs (so a developer's own DATA_DIR or DATABASE_URL cannot leak in).
 * A non-zero exit is answered, not thrown, so a test can check the refusal's code and stderr.
 */
export async function runKgv(t: TestDb, ...args: string[]): Promise<CliResult> {
  const env: NodeJS.ProcessEnv = {
    PATH: process.env.PATH,
    HOME: process.env.HOME,
    DATA_DIR: t.config.dataDir,
    SESSION_SECRET: t.config.sessionSecret,
    ...(t.config.databaseUrl ? { DATABASE_URL: t.config.databaseUrl } : {}),
  };
  try {
    const { stdout, stderr } = await run(process.execPath, [bin, ...args], { env, timeout: 120_000 });
    return { code: 0, stdout, stderr };
  } catch (err) {
    const e = err as CliResult;
    return { code: e.code, stdout: e.stdout, stderr: e.stderr };
  }
}
