import type { KgvModule } from '../manifest';
import { userCli } from './cli';
import { userRoutes } from './routes';
import { seedDemoUsers } from './seedDemo';

export const userModule: KgvModule = {
  name: 'user',
  routes: userRoutes,
  cli: userCli,
  seedDemo: (_services, db) => seedDemoUsers(db),
};
