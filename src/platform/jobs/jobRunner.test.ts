import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDb, type TestDb } from '../../../tests/helpers/testDb';
import { nowDb } from '../db/db';
import { createLogger, type Logger } from '../logger';
import { createJobRunner, type JobDef } from './jobRunner';

/** A logger that keeps its lines, to check that runs are logged. */
function memoryLogger(): Logger & { lines: { level: string; msg: string; data?: Record<string, unknown> }[] } {
  const lines: { level: string; msg: string; data?: Record<string, unknown> }[] = [];
  const at = (level: string) => (msg: string, data?: Record<string, unknown>) => {
    lines.push({ level, msg, data });
  };
  return { lines, debug: at('debug'), info: at('info'), warn: at('warn'), error: at('error') };
}

describe('job runner', () => {
  let t: TestDb;
  const silent = createLogger('silent');
  // The tables are typed (platform/jobs/tables.ts): no casts needed.
  const lock = async (name: string) => t.db('job_locks').where({ name }).first();
  const runs = async (name: string) => t.db('job_runs').where({ name }).orderBy('id');

  beforeAll(async () => {
    t = await createTestDb();
  });
  afterAll(() => t.cleanup());

  it('runs a job now and records the run and the lock state', async () => {
    const log = memoryLogger();
    const runner = createJobRunner({ db: t.db, log, instance: 'app-1' });
    let seenDb = false;
    runner.register([
      {
        name: 'erinnerungen',
        schedule: '0 7 * * *',
        description: 'Zahlungserinnerungen',
        async run(ctx) {
          seenDb = (await ctx.db('job_locks').where({ name: 'erinnerungen', locked_by: 'app-1' })).length === 1;
          ctx.log.info('3 Erinnerungen');
          return '3 Erinnerungen versendet';
        },
      },
    ]);
    const before = nowDb();
    expect(await runner.runNow('erinnerungen')).toEqual({ outcome: 'ok', message: '3 Erinnerungen versendet' });
    expect(seenDb).toBe(true);

    const row = await lock('erinnerungen');
    expect(row).toMatchObject({
      locked_by: null,
      locked_until: null,
      last_outcome: 'ok',
      last_message: '3 Erinnerungen versendet',
    });
    expect(row?.last_started_at && row.last_started_at >= before).toBe(true);
    expect(row?.last_finished_at && row.last_finished_at >= (row.last_started_at ?? '')).toBe(true);

    const recorded = await runs('erinnerungen');
    expect(recorded).toHaveLength(1);
    expect(recorded[0]).toMatchObject({ instance: 'app-1', outcome: 'ok', message: '3 Erinnerungen versendet' });
    expect(recorded[0]?.finished_at).not.toBeNull();

    expect(log.lines.find((l) => l.msg === 'job started')?.data).toMatchObject({ job: 'erinnerungen' });
    expect(log.lines.find((l) => l.msg === '3 Erinnerungen')?.data).toMatchObject({ job: 'erinnerungen' });
    expect(log.lines.find((l) => l.msg === 'job finished')?.data).toMatchObject({
      message: '3 Erinnerungen versendet',
    });

    // Once released, the next run may start again.
    expect((await runner.runNow('erinnerungen')).outcome).toBe('ok');
    expect(await runs('erinnerungen')).toHaveLength(2);
  });

  it('lets exactly one of two instances run a job started at the same time', async () => {
    let bodies = 0;
    const slow: JobDef = {
      name: 'abrechnung',
      schedule: '*/5 * * * *',
      description: 'langsam',
      async run() {
        bodies++;
        await new Promise((r) => setTimeout(r, 300));
        return 'fertig';
      },
    };
    const a = createJobRunner({ db: t.db, log: silent, instance: 'app-a' });
    const b = createJobRunner({ db: t.db, log: silent, instance: 'app-b' });
    a.register([slow]);
    b.register([slow]);
    const outcomes = await Promise.all([a.runNow('abrechnung'), b.runNow('abrechnung')]);
    expect(outcomes.map((o) => o.outcome).sort()).toEqual(['ok', 'skipped']);
    expect(bodies).toBe(1);
    const recorded = await runs('abrechnung');
    expect(recorded).toHaveLength(1);
    expect(['app-a', 'app-b']).toContain(recorded[0]?.instance);
    expect(await lock('abrechnung')).toMatchObject({ locked_by: null, last_outcome: 'ok' });
  });

  it('skips a job whose lock another instance holds, and takes over an expired lock', async () => {
    let bodies = 0;
    const runner = createJobRunner({ db: t.db, log: silent, instance: 'app-1' });
    runner.register([
      {
        name: 'wasser',
        schedule: '0 3 1 * *',
        description: '',
        async run() {
          bodies++;
        },
      },
    ]);
    const inAnHour = nowDb(new Date(Date.now() + 3_600_000));
    await t.db('job_locks').insert({ name: 'wasser', locked_by: 'app-crashed', locked_until: inAnHour });
    expect((await runner.runNow('wasser')).outcome).toBe('skipped');
    expect(bodies).toBe(0);
    expect(await lock('wasser')).toMatchObject({ locked_by: 'app-crashed', locked_until: inAnHour });

    const aMinuteAgo = nowDb(new Date(Date.now() - 60_000));
    await t.db('job_locks').where({ name: 'wasser' }).update({ locked_until: aMinuteAgo });
    expect(await runner.runNow('wasser')).toEqual({ outcome: 'ok' });
    expect(bodies).toBe(1);
    expect(await lock('wasser')).toMatchObject({ locked_by: null, locked_until: null, last_outcome: 'ok' });
    expect(await runs('wasser')).toMatchObject([{ instance: 'app-1', outcome: 'ok', message: null }]);
  });

  it('records a throwing job as failed and goes on', async () => {
    const log = memoryLogger();
    const runner = createJobRunner({ db: t.db, log, instance: 'app-1' });
    runner.register([
      {
        name: 'kaputt',
        schedule: '0 * * * *',
        description: '',
        async run() {
          throw new Error('SMTP-Server nicht erreichbar');
        },
      },
    ]);
    expect(await runner.runNow('kaputt')).toEqual({ outcome: 'failed', message: 'SMTP-Server nicht erreichbar' });
    expect(await lock('kaputt')).toMatchObject({
      locked_by: null,
      last_outcome: 'failed',
      last_message: 'SMTP-Server nicht erreichbar',
    });
    expect(await runs('kaputt')).toMatchObject([{ outcome: 'failed', message: 'SMTP-Server nicht erreichbar' }]);
    expect(log.lines.find((l) => l.level === 'error')).toMatchObject({ msg: 'job failed' });
    // The lock was released: the next run is not skipped.
    expect((await runner.runNow('kaputt')).outcome).toBe('failed');
  });

  it('refuses invalid cron expressions, duplicate names and unknown jobs', async () => {
    const runner = createJobRunner({ db: t.db, log: silent });
    const job = (name: string, schedule: string): JobDef => ({ name, schedule, description: '', run: async () => {} });
    expect(() => runner.register([job('gut', '0 7 * * *'), job('mahnung', '61 25 * * *')])).toThrow(
      /Job "mahnung".*Cron-Ausdruck "61 25 \* \* \*"/,
    );
    // Nothing of a refused batch is registered.
    await expect(runner.runNow('gut')).rejects.toMatchObject({ status: 404 });
    expect(() => runner.register([job('a', '* * * * *'), job('a', '* * * * *')])).toThrow(/doppelt/);
    expect(() => runner.register([job('', '* * * * *')])).toThrow(/Name/);
  });

  it('schedules with node-cron on start and stops cleanly', async () => {
    let bodies = 0;
    const runner = createJobRunner({ db: t.db, log: silent, instance: 'app-cron' });
    // Six fields: every second, so the test sees a scheduled run quickly.
    runner.register([
      {
        name: 'takt',
        schedule: '* * * * * *',
        description: '',
        async run() {
          bodies++;
        },
      },
    ]);
    runner.start();
    const deadline = Date.now() + 5_000;
    while (bodies === 0 && Date.now() < deadline) await new Promise((r) => setTimeout(r, 50));
    await runner.stop();
    expect(bodies).toBeGreaterThan(0);
    const afterStop = bodies;
    await new Promise((r) => setTimeout(r, 1_200));
    expect(bodies).toBe(afterStop);
    expect((await runs('takt'))[0]).toMatchObject({ instance: 'app-cron', outcome: 'ok' });
  });
});
