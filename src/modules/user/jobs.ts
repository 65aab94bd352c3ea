import { purgeExpiredSessions } from '../../platform/auth/sessions';
import type { JobDef } from '../../platform/jobs/jobRunner';
import { purgeLoginThrottle } from './services/login';

/** Expired sessions are refused anyway; this keeps the table from growing. */
export const userJobs: JobDef[] = [
  {
    name: 'user.purge-sessions',
    schedule: '17 * * * *',
    description: 'Abgelaufene Sitzungen löschen',
    async run({ db }) {
      const n = await purgeExpiredSessions(db);
      // Wrong-password counts are kept per address typed, known or not: old ones must not pile up.
      const t = await purgeLoginThrottle(db);
      return `${n} abgelaufene Sitzung(en) und ${t} alte Fehlversuchszähler gelöscht`;
    },
  },
];
