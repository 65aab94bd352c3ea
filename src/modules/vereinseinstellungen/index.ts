import type { KgvModule } from '../manifest';
import { vereinseinstellungenRoutes } from './routes';
import { seedDemoVereinseinstellungen } from './seedDemo';

export const vereinseinstellungenModule: KgvModule = {
  name: 'vereinseinstellungen',
  routes: vereinseinstellungenRoutes,
  // 'Vereinseinstellungen' itself (history per section, the logo file) is declared by common.
  entities: {
    AbstellplatzKategorie: {
      label: 'Abstellplatz-Kategorie',
      view: ['WebApp.Vereinseinstellungen.View', 'WebApp.Stammdaten.View'],
      edit: ['WebApp.Vereinseinstellungen.Edit'],
    },
  },
  seedDemo: (services, db) => seedDemoVereinseinstellungen(services, db),
};
