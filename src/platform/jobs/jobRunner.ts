import os from 'node:os';
import cron, { type ScheduledTask } from 'node-cron';
import { type Db, nowDb } from '../db/db';
import { notFound } from '../errors';
import type { Logger } from '../logger';
import type { MailService } from '../mail/mailService';

/** `mail`: the app's mail service, for jobs that send reminders (absent where a runner has none). */
export type JobContext = { db: Db; log: Logger; mail?: MailService };

export type JobDef = {
  /** Unique, also the lock key (at most 100 characters). */
  name: string;
  /** Cron expression, evaluated in Europe/Vienna. */
  schedule: string;
  description: string;
  /** May return a short message for the job history (e.g. "12 Erinnerungen versendet"). */
  // biome-ignore lint/suspicious/noConfusingVoidType: void lets a job without a message just end, without `return undefined`.
  run(ctx: JobContext): Promise<string | void>;
};

export type JobOutcome = { outcome: 'ok' | 'failed' | 'skipped'; message?: string };

export type JobRunner = {
  register(defs: JobDef[]): void;
  start(): void;
  stop(): Promise<void>;
  runNow(name: string): Promise<JobOutcome>;
};

export type JobRunnerOptions = {
  db: Db;
  log: Logger;
  mail?: MailService;
  /** Who holds a lock; must differ between app instances. */
  instance?: string;
  /**
   * A lock older than this is considered abandoned (crashed instance) and may be taken over, so it
   * must be longer than the longest run of any job.
   */
  lockMinutes?: number;
};

export const JOB_TIMEZONE = 'Europe/Vienna';

const errorMessage = (err: unknown) => (err instanceof Error ? err.message : String(err));

/** The runner's logger with the job's name on every line. */
function jobLogger(log: Logger, job: string): Logger {
  return {
    debug: (m, d) => log.debug(m, { job, ...d }),
    info: (m, d) => log.info(m, { job, ...d }),
    warn: (m, d) => log.warn(m, { job, ...d }),
    error: (m, d) => log.error(m, { job, ...d }),
  };
}

/**
 * Runs the modules' cron jobs. Each run is guarded by a row in `job_locks`, taken with one
 * conditional UPDATE, so that of several app instances sharing a database exactly one runs a job.
 */
export function createJobRunner(options: JobRunnerOptions): JobRunner {
  const { db, log } = options;
  const instance = (options.instance ?? `${os.hostname()}-${process.pid}`).slice(0, 100);
  const lockMinutes = options.lockMinutes ?? 30;
  const jobs = new Map<string, JobDef>();
  const tasks = new Map<string, ScheduledTask>();
  const running = new Set<Promise<JobOutcome>>();
  let started = false;

  async function acquire(name: string, startedAt: Date): Promise<boolean> {
    // Make sure the row exists; a second instance inserting at the same time is fine.
    await db('job_locks').insert({ name }).onConflict('name').ignore();
    const now = nowDb(startedAt);
    const affected = await db('job_locks')
      .where({ name })
      .andWhere((q) => q.whereNull('locked_until').orWhere('locked_until', '<', now))
      .update({
        locked_by: instance,
        locked_until: nowDb(new Date(startedAt.getTime() + lockMinutes * 60_000)),
        last_started_at: now,
      });
    return Number(affected) === 1;
  }

  async function record(name: string, startedAt: Date, result: JobOutcome): Promise<void> {
    const finishedAt = nowDb();
    const message = result.message ?? null;
    await db.transaction(async (trx) => {
      await trx('job_locks').where({ name, locked_by: instance }).update({
        locked_by: null,
        locked_until: null,
        last_finished_at: finishedAt,
        last_outcome: result.outcome,
        last_message: message,
      });
      await trx('job_runs').insert({
        name,
        instance,
        started_at: nowDb(startedAt),
        finished_at: finishedAt,
        outcome: result.outcome,
        message,
      });
    });
  }

  async function execute(def: JobDef, trigger: 'scheduled' | 'manual'): Promise<JobOutcome> {
    const jlog = jobLogger(log, def.name);
    const startedAt = new Date();
    try {
      if (!(await acquire(def.name, startedAt))) {
        jlog.info('job skipped: running elsewhere', { trigger, instance });
        return { outcome: 'skipped', message: 'Der Job läuft bereits (auf dieser oder einer anderen Instanz).' };
      }
    } catch (err) {
      jlog.error('job lock failed', { trigger, error: errorMessage(err) });
      return { outcome: 'failed', message: `Die Job-Sperre konnte nicht gesetzt werden: ${errorMessage(err)}` };
    }

    jlog.info('job started', { trigger, instance });
    let result: JobOutcome;
    try {
      const message = await def.run({ db, log: jlog, mail: options.mail });
      result = message ? { outcome: 'ok', message } : { outcome: 'ok' };
    } catch (err) {
      result = { outcome: 'failed', message: errorMessage(err) };
    }
    const ms = Date.now() - startedAt.getTime();
    if (result.outcome === 'ok') jlog.info('job finished', { ms, message: result.message });
    else jlog.error('job failed', { ms, error: result.message });

    try {
      await record(def.name, startedAt, result);
    } catch (err) {
      // The lock then expires after lockMinutes on its own; the run itself is done.
      jlog.error('job result could not be recorded', { error: errorMessage(err) });
    }
    return result;
  }

  /** Tracks the run so stop() can wait for it; never rejects. */
  function track(def: JobDef, trigger: 'scheduled' | 'manual'): Promise<JobOutcome> {
    const run = execute(def, trigger);
    running.add(run);
    void run.finally(() => running.delete(run));
    return run;
  }

  function schedule(def: JobDef): void {
    const task = cron.schedule(
      def.schedule,
      async () => {
        await track(def, 'scheduled');
      },
      { name: def.name, timezone: JOB_TIMEZONE, noOverlap: true },
    );
    tasks.set(def.name, task);
  }

  return {
    register(defs) {
      const batch = new Set<string>();
      for (const def of defs) {
        if (!def.name || def.name.length > 100) {
          throw new Error(`Job "${def.name}": der Name muss 1 bis 100 Zeichen lang sein.`);
        }
        if (jobs.has(def.name) || batch.has(def.name)) throw new Error(`Job "${def.name}" ist doppelt registriert.`);
        batch.add(def.name);
        if (!cron.validate(def.schedule)) {
          throw new Error(`Job "${def.name}": ungültiger Cron-Ausdruck "${def.schedule}".`);
        }
      }
      for (const def of defs) {
        jobs.set(def.name, def);
        if (started) schedule(def);
      }
    },

    start() {
      if (started) return;
      started = true;
      for (const def of jobs.values()) schedule(def);
      log.info('jobs scheduled', { jobs: [...jobs.keys()], timezone: JOB_TIMEZONE, instance });
    },

    async stop() {
      started = false;
      await Promise.all([...tasks.values()].map(async (task) => task.destroy()));
      tasks.clear();
      await Promise.all(running);
    },

    async runNow(name) {
      const def = jobs.get(name);
      if (!def) throw notFound('Diesen Job gibt es nicht.', name);
      return track(def, 'manual');
    },
  };
}
