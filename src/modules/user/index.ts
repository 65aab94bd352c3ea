import type { KgvModule } from '../manifest';
import { adminRoutes } from './adminRoutes';
import { userCli, userRescueCli } from './cli';
import { userJobs } from './jobs';
import { profileRoutes } from './profileRoutes';
import { ROLLE_ENTITY_VIEW, ROLLEN_EDIT } from './rights';
import { loginRoutes } from './routes';
import { seedDemoUsers } from './seedDemo';

export const userModule: KgvModule = {
  name: 'user',
  routes: [...loginRoutes, ...profileRoutes, ...adminRoutes],
  entities: {
    Role: { label: 'Rolle', view: ROLLE_ENTITY_VIEW, edit: ROLLEN_EDIT },
  },
  cli: (program, boot) => {
    userCli(program, boot);
    userRescueCli(program, boot);
  },
  jobs: userJobs,
  seedDemo: (_services, db) => seedDemoUsers(db),
};
