import type { KgvModule } from '../manifest';
import { commonRoutes } from './routes';
import { seedDemoClub } from './seedDemo';

export const commonModule: KgvModule = {
  name: 'common',
  routes: commonRoutes,
  entities: {
    User: {
      label: 'Benutzer',
      view: ['User.View', 'WebApp.Userverwaltung.View'],
      edit: ['User.Edit', 'WebApp.Userverwaltung.Edit'],
    },
    Vereinseinstellungen: {
      label: 'Vereinseinstellungen',
      view: ['WebApp.Vereinseinstellungen.View'],
      edit: ['WebApp.Vereinseinstellungen.Edit'],
    },
  },
  seedDemo: (_services, db) => seedDemoClub(db),
};
