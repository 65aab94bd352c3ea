import type { KgvModule } from '../manifest';
import { adminRoutes } from './adminRoutes';
import { userCli, userRescueCli } from './cli';
import { userJobs } from './jobs';
import { profileRoutes } from './profileRoutes';
import { loginRoutes } from './routes';
import { seedDemoUsers } from './seedDemo';

export const userModule: KgvModule = {
  name: 'user',
  routes: [...loginRoutes, ...profileRoutes, ...adminRoutes],
  entities: {
    Role: { label: 'Rolle', view: ['User.Rollen.View', 'User.View'], edit: ['User.Rollen.Edit'] },
  },
  cli: (program, boot) => {
    userCli(program, boot);
    userRescueCli(program, boot);
  },
  jobs: userJobs,
  seedDemo: (_services, db) => seedDemoUsers(db),
};
