// Row types of the job runner's tables (ADR 0005).
export type JobLockRow = {
  name: string;
  locked_by: string | null;
  locked_until: string | null;
  last_started_at: string | null;
  last_finished_at: string | null;
  last_outcome: string | null;
  last_message: string | null;
};

export type JobRunRow = {
  id: number;
  name: string;
  instance: string;
  started_at: string;
  finished_at: string | null;
  outcome: string;
  message: string | null;
};

declare module 'knex/types/tables' {
  interface Tables {
    job_locks: JobLockRow;
    job_runs: JobRunRow;
  }
}
