import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDb, type TestDb } from '../../../tests/helpers/testDb';
import { systemActor } from '../../platform/auth/principal';
import { createSession } from '../../platform/auth/sessions';
import { nowDb } from '../../platform/db/db';
import { createJobRunner } from '../../platform/jobs/jobRunner';
import { createLogger } from '../../platform/logger';
import { userJobs } from './jobs';
import { createUser } from './services';

let t: TestDb;
beforeAll(async () => {
  t = await createTestDb();
});
afterAll(() => t.cleanup());

describe('user.purge-sessions', () => {
  it('deletes expired sessions only, through the job runner with its lock and log', async () => {
    const user = await createUser(
      t.db,
      { email: 'a@b.at', name: 'A', password: 'lang-genug-123', roles: ['Obmann'] },
      systemActor(),
    );
    const live = await createSession(t.db, user.id);
    const dead = await createSession(t.db, user.id);
    await t.db('sessions').where({ id: dead.id }).update({ expires_at: '2000-01-01 00:00:00' });
    // Old wrong-password counts go, fresh ones and locks in force stay.
    await t.db('login_throttle').insert([
      { email: 'old@x.at', client: '1.2.3.4', failures: 2, updated_at: '2000-01-01 00:00:00' },
      { email: 'new@x.at', client: '1.2.3.4', failures: 2, updated_at: nowDb() },
      {
        email: 'locked@x.at',
        client: '1.2.3.4',
        failures: 0,
        locked_until: '2999-01-01 00:00:00',
        updated_at: '2000-01-01 00:00:00',
      },
    ]);
    const runner = createJobRunner({ db: t.db, log: createLogger('silent') });
    runner.register(userJobs);
    const outcome = await runner.runNow('user.purge-sessions');
    expect(outcome).toMatchObject({
      outcome: 'ok',
      message: '1 abgelaufene Sitzung(en) und 1 alte Fehlversuchszähler gelöscht',
    });
    expect((await t.db('login_throttle').pluck('email')).sort()).toEqual(['locked@x.at', 'new@x.at']);
    expect(await t.db('sessions').pluck('id')).toEqual([live.id]);
    expect(await t.db('job_runs').where({ name: 'user.purge-sessions' }).first()).toMatchObject({ outcome: 'ok' });
  });
});
