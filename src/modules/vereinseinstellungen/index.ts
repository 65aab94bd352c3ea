import type { KgvModule } from '../manifest';
import { KATEGORIE_EDIT, KATEGORIE_VIEW } from './rights';
import { vereinseinstellungenRoutes } from './routes';
import { seedDemoVereinseinstellungen } from './seedDemo';

export const vereinseinstellungenModule: KgvModule = {
  name: 'vereinseinstellungen',
  routes: vereinseinstellungenRoutes,
  // 'Vereinseinstellungen' itself (history per section, the logo file) is declared by common.
  entities: {
    AbstellplatzKategorie: {
      label: 'Abstellplatz-Kategorie',
      view: KATEGORIE_VIEW,
      edit: KATEGORIE_EDIT,
    },
  },
  seedDemo: (services, db) => seedDemoVereinseinstellungen(services, db),
};
