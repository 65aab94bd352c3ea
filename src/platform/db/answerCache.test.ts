import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDb, type TestDb } from '../../../tests/helpers/testDb';
import { cachedJson } from './answerCache';
import { changeStamp, writtenTables } from './changes';
import { createDb, type Db, nowDb } from './db';

let t: TestDb;
let computed = 0;

beforeAll(async () => {
  t = await createTestDb();
});

afterAll(async () => {
  await t?.cleanup();
});

const addGruppe = (db: Db, name: string) => {
  const now = nowDb();
  return db('gruppen').insert({ name, created_at: now, updated_at: now });
};

/** The group names as a cached answer, counting how often they were really read. */
const gruppen = async () =>
  JSON.parse(
    (
      await cachedJson(t.db, 'gruppen', ['gruppen'], async () => {
        computed++;
        return (await t.db('gruppen').orderBy('name').pluck('name')) as string[];
      })
    ).json,
  ) as string[];

describe('writtenTables', () => {
  it('tells the table of a knex write, nothing for a read, everything when unsure', () => {
    expect(writtenTables('select * from `gruppen`')).toEqual([]);
    expect(writtenTables('insert into `Gruppen` (`name`) values (?)')).toEqual(['gruppen']);
    expect(writtenTables('update `parzellen` as `p` set `aktiv` = ? where `p`.`id` = ?')).toEqual(['parzellen']);
    expect(writtenTables('delete from "sessions" where "id" = ?')).toEqual(['sessions']);
    expect(writtenTables('update `a` inner join `b` on `a`.`id` = `b`.`a_id` set `a`.`x` = 1')).toEqual(['*']);
    expect(writtenTables('ALTER TABLE `gruppen` ADD `x` int')).toEqual(['*']);
    expect(writtenTables('with x as (select 1) delete from `gruppen`')).toEqual(['*']);
  });
});

describe('cachedJson', () => {
  it('answers from what it kept until the table changes, in this process or in a transaction', async () => {
    await addGruppe(t.db, 'Nord');
    const start = computed;
    expect(await gruppen()).toEqual(['Nord']);
    expect(await gruppen()).toEqual(['Nord']);
    expect(computed - start).toBe(1);

    await addGruppe(t.db, 'Süd');
    expect(await gruppen()).toEqual(['Nord', 'Süd']);
    await t.db.transaction(async (trx) => {
      await trx('gruppen').where({ name: 'Süd' }).update({ name: 'Ost' });
      // Written but not committed: nothing read from the table now may be kept.
      expect(changeStamp(t.db, ['gruppen'])).toBeUndefined();
      expect(changeStamp(t.db, ['parzellen'])).toBeDefined();
    });
    expect(await gruppen()).toEqual(['Nord', 'Ost']);
    await expect(
      t.db.transaction(async (trx) => {
        await trx('gruppen').where({ name: 'Ost' }).delete();
        throw new Error('rolled back');
      }),
    ).rejects.toThrow('rolled back');
    expect(await gruppen()).toEqual(['Nord', 'Ost']);
    const before = computed;
    expect(await gruppen()).toEqual(['Nord', 'Ost']);
    expect(computed).toBe(before);
  });

  // MySQL has no counter for other connections' commits: there a kept answer lives two seconds.
  it.skipIf(Boolean(process.env.DATABASE_URL))('sees a write of another connection (the CLI) at once', async () => {
    expect(await gruppen()).toEqual(['Nord', 'Ost']);
    const other = createDb(t.config);
    try {
      await addGruppe(other, 'West');
    } finally {
      await other.destroy();
    }
    expect(await gruppen()).toEqual(['Nord', 'Ost', 'West']);
  });
});
