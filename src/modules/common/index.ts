import type { KgvModule } from '../manifest';
import { VEREINSEINSTELLUNGEN_EDIT, VEREINSEINSTELLUNGEN_VIEW } from '../vereinseinstellungen/rights';
import { BENUTZER_EDIT, BENUTZER_VIEW } from './rights';
import { commonRoutes } from './routes';
import { seedDemoClub } from './seedDemo';

export const commonModule: KgvModule = {
  name: 'common',
  routes: commonRoutes,
  entities: {
    User: {
      label: 'Benutzer',
      view: BENUTZER_VIEW,
      edit: BENUTZER_EDIT,
    },
    Vereinseinstellungen: {
      label: 'Vereinseinstellungen',
      view: VEREINSEINSTELLUNGEN_VIEW,
      edit: VEREINSEINSTELLUNGEN_EDIT,
    },
  },
  seedDemo: (_services, db) => seedDemoClub(db),
};
