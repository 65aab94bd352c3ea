import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDb, type TestDb } from '../../../tests/helpers/testDb';
import { nowDb } from './db';
import { claimVersion, VersionConflictError } from './optimisticLock';

let t: TestDb;
let id: number;

beforeAll(async () => {
  t = await createTestDb();
  const now = nowDb();
  await t.db('gruppen').insert({ name: 'Lock-Test', created_at: now, updated_at: now });
  id = Number((await t.db('gruppen').where({ name: 'Lock-Test' }).first('id'))?.id);
});

afterAll(async () => {
  await t?.cleanup();
});

const claim = (expected?: number) =>
  t.db.transaction((trx) => claimVersion(trx, { table: 'gruppen', id, expected, entityType: 'Gruppe' }));

describe('claimVersion', () => {
  it('starts at 1 and increments with or without an expected version', async () => {
    expect((await t.db('gruppen').where({ id }).first('version'))?.version).toBe(1);
    expect(await claim(1)).toBe(2);
    expect(await claim()).toBe(3);
  });

  it('refuses a stale version with 409 version_conflict naming the last editor', async () => {
    await t.db('history').insert({
      entity_type: 'Gruppe',
      entity_id: String(id),
      action: 'update',
      user_name: 'Maria Muster',
      at: '2026-11-24 13:03:00',
    });
    const err = await claim(1).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(VersionConflictError);
    const conflict = err as VersionConflictError;
    expect(conflict.status).toBe(409);
    expect(conflict.code).toBe('version_conflict');
    expect(conflict.title).toBe(
      'Der Datensatz wurde inzwischen von Maria Muster (24.11.2026, 14:03) geändert. Bitte laden Sie die Daten neu.',
    );
    expect(conflict.currentVersion).toBe(3);
    expect((await t.db('gruppen').where({ id }).first('version'))?.version).toBe(3);
  });

  it('falls back to „jemand anderem“ without history and answers null for a missing row', async () => {
    const err = await t.db
      .transaction((trx) =>
        claimVersion(trx, { table: 'gruppen', id, expected: 1, entityType: 'Nix', label: 'Die Gruppe' }),
      )
      .catch((e: unknown) => e);
    expect((err as VersionConflictError).title).toBe(
      'Die Gruppe wurde inzwischen von jemand anderem geändert. Bitte laden Sie die Daten neu.',
    );
    expect(
      await t.db.transaction((trx) =>
        claimVersion(trx, { table: 'gruppen', id: 999999, expected: 1, entityType: 'Gruppe' }),
      ),
    ).toBeNull();
  });
});
