import type { KgvModule } from '../manifest';
import { wasserbuchCli } from './cli';
import { wasserbuchJobs } from './jobs';
import { WASSER_EDIT, WASSER_VIEW } from './rights';
import { ablesungRoutes } from './routes/ablesungen';
import { abrechnungRoutes } from './routes/abrechnung';
import { dokumentRoutes } from './routes/dokumente';
import { grunddatenRoutes } from './routes/grunddaten';
import { zaehlerRoutes } from './routes/zaehler';

const view = WASSER_VIEW;
const edit = WASSER_EDIT;

/** Wasserbuch: water readings, meter changes, basis data, settlement with loss and akonto (issue 12; CONTEXT.md). */
export const wasserbuchModule: KgvModule = {
  name: 'wasserbuch',
  routes: [...ablesungRoutes, ...dokumentRoutes, ...zaehlerRoutes, ...grunddatenRoutes, ...abrechnungRoutes],
  cli: wasserbuchCli,
  jobs: wasserbuchJobs,
  // Their history (Common/GetHistory?entityID=Wasserablesung:<id>) is the Wasserwart's to read.
  entities: {
    Wasserablesung: { label: 'Wasserablesung', view, edit },
    Wasserablesungsrunde: { label: 'Ablesungsrunde', view, edit },
  },
};
