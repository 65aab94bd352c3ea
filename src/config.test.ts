import { mkdtempSync, readFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from './config';

const tmp = () => mkdtempSync(path.join(os.tmpdir(), 'kgv-config-'));

describe('loadConfig', () => {
  it('has working defaults: port 3000, SQLite in DATA_DIR, Chromium from Debian', () => {
    const dir = tmp();
    const c = loadConfig({ DATA_DIR: dir });
    expect(c).toMatchObject({ port: 3000, databaseUrl: undefined, dataDir: dir, chromiumPath: '/usr/bin/chromium' });
    expect(c.baseUrl).toBe('http://localhost:3000');
    expect(c.smtp).toBeUndefined();
  });

  it('generates the session secret once and keeps it in DATA_DIR', () => {
    const dir = tmp();
    const a = loadConfig({ DATA_DIR: dir });
    const b = loadConfig({ DATA_DIR: dir });
    expect(a.sessionSecret.length).toBeGreaterThanOrEqual(32);
    expect(b.sessionSecret).toBe(a.sessionSecret);
    expect(readFileSync(path.join(dir, 'session-secret'), 'utf8').trim()).toBe(a.sessionSecret);
  });

  it.each([
    [{ PORT: 'abc' }, 'PORT'],
    [{ PORT: '70000' }, 'PORT'],
    [{ DATABASE_URL: 'postgres://x' }, 'DATABASE_URL'],
    [{ BASE_URL: 'kein url' }, 'BASE_URL'],
    [{ SESSION_SECRET: 'kurz' }, 'SESSION_SECRET'],
    [{ SMTP_SECURE: 'ssl' }, 'SMTP_SECURE'],
    [{ KGV_ADMIN_EMAIL: 'admin' }, 'KGV_ADMIN_EMAIL'],
  ])('stops with one line naming the variable for %o', (env, name) => {
    const run = () => loadConfig({ DATA_DIR: tmp(), ...env });
    expect(run).toThrow(ConfigError);
    try {
      run();
    } catch (err) {
      const message = (err as Error).message;
      expect(message).toMatch(new RegExp(`^Konfigurationsfehler: ${name} `));
      expect(message).not.toContain('\n');
    }
  });

  it('reads SMTP settings with sensible port defaults and treats empty values as unset', () => {
    const c = loadConfig({ DATA_DIR: tmp(), SMTP_HOST: 'mail.example.at', SMTP_SECURE: 'tls', SMTP_USER: '' });
    expect(c.smtp).toMatchObject({ host: 'mail.example.at', port: 465, security: 'tls', user: undefined });
    expect(loadConfig({ DATA_DIR: tmp(), SMTP_HOST: 'm' }).smtp?.port).toBe(587);
  });
});
