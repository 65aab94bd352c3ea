import type { KgvModule } from '../manifest';
import { WASSER_EDIT, WASSER_VIEW } from './rights';
import { ablesungRoutes } from './routes/ablesungen';

const view = WASSER_VIEW;
const edit = WASSER_EDIT;

/** Wasserbuch: water readings, reading rounds and plot meter changes (issue 12; CONTEXT.md). */
export const wasserbuchModule: KgvModule = {
  name: 'wasserbuch',
  routes: [...ablesungRoutes],
  // Their history (Common/GetHistory?entityID=Wasserablesung:<id>) is the Wasserwart's to read.
  entities: {
    Wasserablesung: { label: 'Wasserablesung', view, edit },
    Wasserablesungsrunde: { label: 'Ablesungsrunde', view, edit },
  },
};
