import type { JobDef } from '../../platform/jobs/jobRunner';
import { eichungErinnern } from './services/eichungJob';

/** The water book's scheduled jobs (meter calibration reminders). */
export const wasserbuchJobs: JobDef[] = [
  {
    name: 'wasserbuch.eichung',
    // Once a day, early: the Wasserwart finds the mail in the morning.
    schedule: '15 6 * * *',
    description: 'Wasserzähler, deren Eichung fällig wird, dem Wasserwart melden',
    run: ({ db, mail }) => eichungErinnern(db, mail),
  },
];
