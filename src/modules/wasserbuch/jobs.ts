import type { JobDef } from '../../platform/jobs/jobRunner';

/** The water book's scheduled jobs (meter calibration reminders). */
export const wasserbuchJobs: JobDef[] = [];
