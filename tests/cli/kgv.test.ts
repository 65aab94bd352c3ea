import { execFile } from 'node:child_process';
import { readdirSync } from 'node:fs';
import path from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createDb, type Db } from '../../src/platform/db/db';
import { createTestDb, type TestDb } from '../helpers/testDb';

const run = promisify(execFile);
const bin = path.resolve(import.meta.dirname, '../../bin/kgv.mjs');

let t: TestDb;
let env: NodeJS.ProcessEnv;

/** Runs `kgv` as a user would, without a terminal attached (stdin closed). */
async function kgv(...args: string[]): Promise<{ code: number; stdout: string; stderr: string }> {
  try {
    const { stdout, stderr } = await run(process.execPath, [bin, ...args], { env, timeout: 60_000 });
    return { code: 0, stdout, stderr };
  } catch (err) {
    const e = err as { code: number; stdout: string; stderr: string };
    return { code: e.code, stdout: e.stdout, stderr: e.stderr };
  }
}

beforeAll(async () => {
  t = await createTestDb();
  env = {
    PATH: process.env.PATH,
    HOME: process.env.HOME,
    DATA_DIR: t.config.dataDir,
    SESSION_SECRET: t.config.sessionSecret,
    ...(t.config.databaseUrl ? { DATABASE_URL: t.config.databaseUrl } : {}),
  };
});
afterAll(() => t.cleanup());

describe('kgv', () => {
  it('prints German help listing its commands', async () => {
    const r = await kgv('--help');
    expect(r.code).toBe(0);
    for (const cmd of ['serve', 'migrate', 'seed', 'user']) expect(r.stdout).toContain(cmd);
    expect(r.stdout).toContain('Verwaltung für Kleingartenvereine');
  });

  it('creates a user with options and lists it', async () => {
    const r = await kgv(
      'user',
      'create',
      '--email',
      'Kassier@Verein.at',
      '--password',
      'geheim-geheim-1',
      '--name',
      'Maria Huber',
      '--role',
      'Kassier',
    );
    expect(r.stderr).toBe('');
    expect(r.stdout).toContain('Benutzer angelegt: kassier@verein.at (Kassier)');
    const list = await kgv('user', 'list');
    expect(list.stdout).toMatch(/kassier@verein\.at\tMaria Huber\tKassier/);
  });

  it('never prompts without a terminal: missing options fail with a clear message', async () => {
    const r = await kgv('user', 'create', '--email', 'x@verein.at');
    expect(r.code).toBe(2);
    expect(r.stderr).toContain('Fehlende Angabe(n): --name, --password, --role');
  });

  it('reports bad input in German and writes nothing', async () => {
    const r = await kgv(
      'user',
      'create',
      '--email',
      'y@verein.at',
      '--password',
      'kurz',
      '--name',
      'Y',
      '--role',
      'Obmann',
    );
    expect(r.code).toBe(1);
    expect(r.stderr).toContain('Das Passwort muss mindestens 10 Zeichen lang sein.');
    const unknownRole = await kgv(
      'user',
      'create',
      '--email',
      'z@verein.at',
      '--password',
      'lang-genug-123',
      '--name',
      'Z',
      '--role',
      'Kaiser',
    );
    expect(unknownRole.stderr).toContain('Unbekannte Rolle: Kaiser');
    expect(
      await t.db('users').whereIn('email', ['y@verein.at', 'z@verein.at']).count({ n: '*' }).first(),
    ).toMatchObject({ n: 0 });
  });

  it('prints a one-time reset link, resets 2FA and lifts a lock', async () => {
    await kgv(
      'user',
      'create',
      '--email',
      'rescue@verein.at',
      '--password',
      'geheim-geheim-1',
      '--name',
      'R',
      '--role',
      'Kassier',
    );
    const link = await kgv('user', 'reset-password', '--email', 'rescue@verein.at');
    expect(link.code).toBe(0);
    expect(link.stdout).toMatch(/\/resetpassword\?email=rescue%40verein\.at&token=[A-Za-z0-9_-]{40,}/);
    await t
      .db('users')
      .where({ email: 'rescue@verein.at' })
      .update({ mfa_enabled: true, totp_secret: 'v1:x:y:z', locked_until: '2999-01-01 00:00:00', failed_logins: 3 });
    expect((await kgv('user', 'reset-mfa', '--email', 'rescue@verein.at')).stdout).toContain('ausgeschaltet');
    expect((await kgv('user', 'unlock', '--email', 'rescue@verein.at')).stdout).toContain('entsperrt');
    expect(
      await t
        .db('users')
        .where({ email: 'rescue@verein.at' })
        .first('mfa_enabled', 'totp_secret', 'locked_until', 'failed_logins'),
    ).toEqual({
      mfa_enabled: expect.anything(),
      totp_secret: null,
      locked_until: null,
      failed_logins: 0,
    });
    const row = await t.db('users').where({ email: 'rescue@verein.at' }).first('mfa_enabled');
    expect(Boolean(row?.mfa_enabled)).toBe(false);
    const unknown = await kgv('user', 'unlock', '--email', 'niemand@verein.at');
    expect(unknown.code).toBe(2);
    expect(unknown.stderr).toContain('Kein Benutzer mit der E-Mail-Adresse niemand@verein.at.');
  });

  it('migrates, rolls back and migrates again', async () => {
    expect((await kgv('migrate')).stdout).toContain('Nichts zu tun.');
    const back = await kgv('migrate', '--rollback', '--all');
    expect(back.stdout).toContain('zurückgenommen');
    const again = await kgv('migrate');
    const files = readdirSync(path.resolve(import.meta.dirname, '../../migrations')).filter((f) => f.endsWith('.ts'));
    expect(again.stdout).toContain(`${files.length} Migration(en) ausgeführt`);
  });

  it('seeds the demo club in one go', async () => {
    const r = await kgv('seed', 'demo');
    expect(r.code).toBe(0);
    expect(r.stdout).toContain('KGV Sonnenhang');
    const db: Db = createDb(t.config);
    try {
      const emails = await db('users').pluck('email');
      expect(emails).toEqual(expect.arrayContaining(['obmann@demo.kgv.at', 'pruefer@demo.kgv.at']));
      expect(await db('settings').where({ section: 'Adresse', key: 'name' }).first('value')).toEqual({
        value: 'KGV Sonnenhang',
      });
    } finally {
      await db.destroy();
    }
  });

  it('stops with one line naming a wrong environment variable', async () => {
    const r = await run(process.execPath, [bin, 'migrate'], { env: { ...env, PORT: 'x' } }).catch((e) => e);
    expect(r.code).toBe(2);
    expect(r.stderr.trim()).toMatch(/^Konfigurationsfehler: PORT /);
    expect(r.stderr.trim().split('\n')).toHaveLength(1);
  });
});
