import type { KgvModule } from '../manifest';
import { registerKategorieUsage } from '../vereinseinstellungen/services';
import { stammdatenCli } from './cli';
import { HAUPTWASSERZAEHLER_EDIT, HAUPTWASSERZAEHLER_VIEW, STAMMDATEN_EDIT, STAMMDATEN_VIEW } from './rights';
import { abstellplatzRoutes } from './routes/abstellplaetze';
import { adressenRoutes } from './routes/adressen';
import { funktionRoutes } from './routes/funktionen';
import { hauptwasserzaehlerRoutes } from './routes/hauptwasserzaehler';
import { listenRoutes } from './routes/listen';
import { parzellenRoutes } from './routes/parzellen';
import { uebersichtRoutes } from './routes/uebersicht';
import { seedDemoStammdaten } from './seedDemo';
import { countAbstellplaetzeByKategorie } from './services/abstellplaetze';

const view = STAMMDATEN_VIEW;
const edit = STAMMDATEN_EDIT;

// A category an Abstellplatz uses cannot be deleted in Vereinseinstellungen.
registerKategorieUsage(countAbstellplaetzeByKategorie);

/** Stammdaten: plots, usage-right holders, parking spaces, groups, officials, main water meters. */
export const stammdatenModule: KgvModule = {
  name: 'stammdaten',
  routes: [
    ...parzellenRoutes,
    ...adressenRoutes,
    ...abstellplatzRoutes,
    ...funktionRoutes,
    ...hauptwasserzaehlerRoutes,
    ...listenRoutes,
    ...uebersichtRoutes,
  ],
  cli: stammdatenCli,
  seedDemo: seedDemoStammdaten,
  entities: {
    Parkkarten: { label: 'Parkkarten', view, edit },
    Parzelle: { label: 'Parzelle', view, edit },
    Adresse: { label: 'Adresse', view, edit },
    WeiterePerson: { label: 'Weitere Person', view, edit },
    Abstellplatz: { label: 'Abstellplatz', view, edit },
    Gruppe: { label: 'Gruppe', view, edit },
    Funktion: { label: 'Funktion', view, edit },
    Funktionaer: { label: 'Funktionär', view, edit },
    Hauptwasserzaehler: {
      label: 'Hauptwasserzähler',
      view: HAUPTWASSERZAEHLER_VIEW,
      edit: HAUPTWASSERZAEHLER_EDIT,
    },
  },
};
