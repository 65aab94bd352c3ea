import type { AnyRoute } from '../../../http/router';

/** Being built: see docs/api/stammdaten.md. */
export const adressenRoutes: AnyRoute[] = [];
