import { spawn } from 'node:child_process';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ApiClient } from '../helpers/apiClient';
import { startTestApp, TEST_PASSWORD, type TestApp } from '../helpers/testApp';

// Security review, issue 9, item 3: while `kgv import stammdaten` writes in another process, web
// writes failed at once with "database is locked" (500), because knex began transactions DEFERRED
// and SQLite does not wait (busy_timeout) when a deferred transaction later needs the write lock.
// Transactions now begin IMMEDIATE, so they wait for the other writer.

const onMysql = Boolean(process.env.DATABASE_URL);

/** Takes the write lock, writes a row, says "locked", and commits a second later. */
const HOLD_LOCK = `
const Database = require('better-sqlite3');
const db = new Database(process.argv[1]);
db.pragma('busy_timeout = 5000');
db.exec('BEGIN IMMEDIATE');
db.prepare("INSERT INTO gruppen (name, beschreibung, created_at, updated_at) VALUES ('Import', '', '2026-11-24 12:00:00', '2026-11-24 12:00:00')").run();
process.stdout.write('locked\\n');
setTimeout(() => { db.exec('COMMIT'); db.close(); }, 1000);
`;

let app: TestApp;
let admin: ApiClient;
beforeAll(async () => {
  app = await startTestApp();
  admin = app.client();
  await admin.login('admin@test.kgv', TEST_PASSWORD);
});
afterAll(() => app.stop());

// MySQL/MariaDB lock rows, not the whole database: there is no such failure to reproduce there.
describe.skipIf(onMysql)('SQLite writes while another process writes', () => {
  it('web writes wait for a write transaction of a second connection instead of failing', async () => {
    // A second connection to the same file in another process, as `kgv import stammdaten` opens it
    // (in this process it could not commit while better-sqlite3 blocks the thread waiting for it).
    const holder = spawn(process.execPath, ['-e', HOLD_LOCK, path.join(app.services.config.dataDir, 'kgv.sqlite')], {
      cwd: process.cwd(),
      stdio: ['ignore', 'pipe', 'inherit'],
    });
    const released = new Promise<number | null>((resolve) => holder.on('exit', resolve));
    await new Promise<void>((resolve, reject) => {
      holder.stdout.on('data', (chunk: Buffer) => chunk.toString().includes('locked') && resolve());
      holder.on('exit', () => reject(new Error('the lock holder ended early')));
    });
    try {
      const started = Date.now();
      const results = await Promise.all(
        Array.from({ length: 6 }, (_, i) => admin.post('Stammdaten/UpdateGruppe', { id: 0, name: `Web ${i}` })),
      );
      expect(results.map((r) => [r.status, r.status === 200 ? '' : r.text])).toEqual(results.map(() => [200, '']));
      // They really waited for the other writer rather than slipping in before it.
      expect(Date.now() - started).toBeGreaterThanOrEqual(900);
    } finally {
      expect(await released).toBe(0);
    }
    const names = (await app.services.db('gruppen').select('name')).map((g) => g.name as string);
    expect(names).toEqual(expect.arrayContaining(['Import', 'Web 0', 'Web 5']));
  });
});
