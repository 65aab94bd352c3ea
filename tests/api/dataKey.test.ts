import path from 'node:path';
import { generate } from 'otplib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ConfigError } from '../../src/config';
import { startServer } from '../../src/server';
import { ApiClient } from '../helpers/apiClient';
import { TEST_PASSWORD } from '../helpers/testApp';
import { createTestDb, type TestDb } from '../helpers/testDb';

// Security review (issue 9): the TOTP keys and the SMTP password are sealed with DATA_DIR/data-key,
// not with SESSION_SECRET. Changing the session secret keeps 2FA working; a data key that does not
// belong to the database stops the start with a German message instead of breaking 2FA silently.
let testDb: TestDb;
beforeAll(async () => {
  testDb = await createTestDb();
});
afterAll(() => testDb.cleanup());

const start = (sessionSecret: string, dataKey = testDb.config.dataKey) =>
  startServer(
    {
      ...testDb.config,
      sessionSecret,
      dataKey,
      port: 0,
      host: '127.0.0.1',
      adminEmail: 'admin@test.kgv',
      adminPassword: TEST_PASSWORD,
    },
    { jobs: false, announce: () => {} },
  );

describe('the data key', () => {
  it('keeps 2FA working when SESSION_SECRET changes', async () => {
    let key: string;
    const first = await start('erstes-geheimnis-erstes-geheimnis-1234');
    try {
      const c = new ApiClient(first.url);
      expect(await c.login('admin@test.kgv', TEST_PASSWORD)).toBe(0);
      const setup = await c.get<{ sharedKey: string }>('User/EnableAuthenticator');
      key = setup.body.sharedKey.replace(/\s+/g, '').toUpperCase();
      expect((await c.post('User/SetEnableAuthenticator', { code: await generate({ secret: key }) })).status).toBe(200);
    } finally {
      await first.close();
    }
    const second = await start('zweites-geheimnis-zweites-geheimnis-5678');
    try {
      const c = new ApiClient(second.url);
      expect(await c.login('admin@test.kgv', TEST_PASSWORD)).toBe(1);
      // The next 30-second step: the one used for the set-up counts as spent.
      const code = await generate({ secret: key, epoch: Math.floor(Date.now() / 1000) + 30 });
      expect((await c.post<{ result: number }>('User/Login2FA', { code })).body.result).toBe(0);
    } finally {
      await second.close();
    }
  });

  it('stops the start with a German message naming the file when the key does not fit', async () => {
    const wrong = 'ein-ganz-anderer-schluessel-der-nicht-passt';
    await expect(start('drittes-geheimnis-drittes-geheimnis-9012', wrong)).rejects.toSatisfy(
      (err: unknown) =>
        err instanceof ConfigError &&
        err.message.includes(path.join(testDb.config.dataDir, 'data-key')) &&
        err.message.includes('passt nicht zu dieser Datenbank'),
    );
  });
});
