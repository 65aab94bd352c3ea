import { purgeExpiredSessions } from '../../platform/auth/sessions';
import type { JobDef } from '../../platform/jobs/jobRunner';

/** Expired sessions are refused anyway; this keeps the table from growing. */
export const userJobs: JobDef[] = [
  {
    name: 'user.purge-sessions',
    schedule: '17 * * * *',
    description: 'Abgelaufene Sitzungen löschen',
    async run({ db }) {
      const n = await purgeExpiredSessions(db);
      return `${n} abgelaufene Sitzung(en) gelöscht`;
    },
  },
];
