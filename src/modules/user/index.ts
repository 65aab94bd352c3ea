import type { KgvModule } from '../manifest';
import { userCli } from './cli';
import { userJobs } from './jobs';
import { userRoutes } from './routes';
import { seedDemoUsers } from './seedDemo';

export const userModule: KgvModule = {
  name: 'user',
  routes: userRoutes,
  cli: userCli,
  jobs: userJobs,
  seedDemo: (_services, db) => seedDemoUsers(db),
};
