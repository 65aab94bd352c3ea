import type { AnyRoute } from '../../../http/router';

// Issue 14, part S5 (docs/api/abrechnung.md).
export const protokollRoutes: AnyRoute[] = [];
