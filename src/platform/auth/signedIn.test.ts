import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDb, type TestDb } from '../../../tests/helpers/testDb';
import { createDb, nowDb } from '../db/db';
import { createSession } from './sessions';
import { findSignedIn } from './signedIn';

let t: TestDb;
let userId: number;
let kassierRole: number;
let obmannRole: number;
let queries = 0;

beforeAll(async () => {
  t = await createTestDb();
  t.db.on('query', () => queries++);
  const now = nowDb();
  await t.db('users').insert({ email: 'kept@test.kgv', name: 'Kept', active: true, created_at: now, updated_at: now });
  userId = Number((await t.db('users').where({ email: 'kept@test.kgv' }).first('id'))?.id);
  kassierRole = Number((await t.db('roles').where({ name: 'Kassier' }).first('id'))?.id);
  obmannRole = Number((await t.db('roles').where({ name: 'Obmann' }).first('id'))?.id);
  await t.db('user_roles').insert({ user_id: userId, role_id: kassierRole });
});

afterAll(async () => {
  await t?.cleanup();
});

const roleNames = async (token: string) => (await findSignedIn(t.db, token))?.principal?.roles.map((r) => r.name);

describe('findSignedIn', () => {
  it('reads a session once, then answers from memory until sessions, users or rights change', async () => {
    const { token } = await createSession(t.db, userId);
    expect(await roleNames(token)).toEqual(['Kassier']);
    const before = queries;
    expect(await roleNames(token)).toEqual(['Kassier']);
    expect(queries).toBe(before);

    // A role change counts at the next request.
    await t.db('user_roles').insert({ user_id: userId, role_id: obmannRole });
    expect((await roleNames(token))?.sort()).toEqual(['Kassier', 'Obmann']);
    await t.db('user_roles').where({ user_id: userId, role_id: obmannRole }).delete();
    expect(await roleNames(token)).toEqual(['Kassier']);

    // So does a deactivation, and a sign-out.
    await t.db('users').where({ id: userId }).update({ active: false });
    expect((await findSignedIn(t.db, token))?.principal).toBeUndefined();
    await t.db('users').where({ id: userId }).update({ active: true });
    expect(await roleNames(token)).toEqual(['Kassier']);
    await t.db('sessions').delete();
    expect(await findSignedIn(t.db, token)).toBeUndefined();
  });

  it('answers nothing once the session has expired', async () => {
    const { token, id } = await createSession(t.db, userId);
    expect(await roleNames(token)).toEqual(['Kassier']);
    await t.db('sessions').where({ id }).update({ expires_at: '2000-01-01 00:00:00' });
    expect(await findSignedIn(t.db, token)).toBeUndefined();
  });

  // MySQL has no counter for other connections' commits: there a kept session lives two seconds.
  it.skipIf(Boolean(process.env.DATABASE_URL))('sees a sign-out by another process at once', async () => {
    const { token, id } = await createSession(t.db, userId);
    expect(await roleNames(token)).toEqual(['Kassier']);
    const other = createDb(t.config);
    try {
      await other('sessions').where({ id }).delete();
    } finally {
      await other.destroy();
    }
    expect(await findSignedIn(t.db, token)).toBeUndefined();
  });
});
