import type { KgvModule } from '../manifest';
import { registerWasserablesungen } from '../stammdaten/services';
import { wasserbuchCli } from './cli';
import { wasserbuchJobs } from './jobs';
import { WASSER_EDIT, WASSER_VIEW, WASSERABRECHNUNG_EDIT, WASSERABRECHNUNG_VIEW } from './rights';
import { ablesungRoutes } from './routes/ablesungen';
import { abrechnungRoutes } from './routes/abrechnung';
import { dokumentRoutes } from './routes/dokumente';
import { fehlersucheRoutes } from './routes/fehlersuche';
import { grunddatenRoutes } from './routes/grunddaten';
import { zaehlerRoutes } from './routes/zaehler';
import { seedDemoWasserbuch } from './seedDemo';
import { wasserablesungenFuerStammdaten } from './services/hauptwasserzaehlerAblesungen';

// Stammdaten asks the water book about readings (main meters' last reading, WechselHWZ, deletes, ExportAll).
registerWasserablesungen(wasserablesungenFuerStammdaten);

const view = WASSER_VIEW;
const edit = WASSER_EDIT;

/** Wasserbuch: water readings, meter changes, basis data, settlement with loss and akonto (issue 12; CONTEXT.md). */
export const wasserbuchModule: KgvModule = {
  name: 'wasserbuch',
  routes: [
    ...ablesungRoutes,
    ...dokumentRoutes,
    ...zaehlerRoutes,
    ...grunddatenRoutes,
    ...abrechnungRoutes,
    ...fehlersucheRoutes,
  ],
  cli: wasserbuchCli,
  jobs: wasserbuchJobs,
  seedDemo: (services, db) => seedDemoWasserbuch(services, db),
  // Their history (Common/GetHistory?entityID=Wasserablesung:<id>) is the Wasserwart's to read.
  entities: {
    Wasserablesung: { label: 'Wasserablesung', view, edit },
    Wasserablesungsrunde: { label: 'Ablesungsrunde', view, edit },
    FunkImportMapping: { label: 'Importschema Funkzähler', view, edit },
    // The settlement's records are the Kassier's too (WASSERABRECHNUNG_VIEW/EDIT).
    Wassergrunddaten: { label: 'Wassergrunddaten', view: WASSERABRECHNUNG_VIEW, edit: WASSERABRECHNUNG_EDIT },
    Wasserabrechnung: { label: 'Wasserabrechnung', view: WASSERABRECHNUNG_VIEW, edit: WASSERABRECHNUNG_EDIT },
    Wasserakonto: { label: 'Wasserakonto', view: WASSERABRECHNUNG_VIEW, edit: WASSERABRECHNUNG_EDIT },
  },
};
