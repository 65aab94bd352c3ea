import type { KgvModule } from '../manifest';
import { ablesungRoutes } from './routes/ablesungen';

/** Wasserbuch: water readings, reading rounds and plot meter changes (issue 12; CONTEXT.md). */
export const wasserbuchModule: KgvModule = {
  name: 'wasserbuch',
  routes: [...ablesungRoutes],
};
