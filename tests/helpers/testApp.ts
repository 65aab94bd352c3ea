import { createUser } from '../../src/modules/user/services';
import { hashPassword } from '../../src/platform/auth/passwords';
import { systemActor } from '../../src/platform/auth/principal';
import { nowDb } from '../../src/platform/db/db';
import { type RunningServer, startServer } from '../../src/server';
import { ApiClient } from './apiClient';
import { createTestDb, type TestDb } from './testDb';

export const TEST_PASSWORD = 'Test-Passwort-123';

export type TestApp = RunningServer & {
  testDb: TestDb;
  client(): ApiClient;
  /** Creates a user with the given roles (names) and returns a client signed in as that user. */
  signedIn(roles: string[], email?: string): Promise<ApiClient>;
  stop(): Promise<void>;
};

let counter = 0;

/** The real app on a free port with its own database, for API tests through HTTP. */
export async function startTestApp(env: Record<string, string> = {}): Promise<TestApp> {
  const testDb = await createTestDb(env);
  const running = await startServer(
    { ...testDb.config, port: 0, host: '127.0.0.1', adminEmail: 'admin@test.kgv', adminPassword: TEST_PASSWORD },
    { jobs: false, announce: () => {} },
  );
  const app: TestApp = {
    ...running,
    testDb,
    client: () => new ApiClient(running.url),
    async signedIn(roles, email = `user${++counter}-${Date.now()}@test.kgv`) {
      if (roles.length) {
        await createUser(
          running.services.db,
          { email, name: `Test ${roles.join('+')}`, password: TEST_PASSWORD, roles },
          systemActor('test'),
        );
      } else {
        // A user without any role holds no right at all: the service refuses to create one, so insert directly.
        const now = nowDb();
        await running.services.db('users').insert({
          email,
          name: 'Test ohne Rolle',
          password_hash: await hashPassword(TEST_PASSWORD),
          active: true,
          created_at: now,
          updated_at: now,
        });
      }
      const client = new ApiClient(running.url);
      const result = await client.login(email, TEST_PASSWORD);
      if (result !== 0) throw new Error(`test login failed: ${result}`);
      return client;
    },
    async stop() {
      await running.close();
      await testDb.cleanup();
    },
  };
  return app;
}
