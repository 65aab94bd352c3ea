import type { AnyRoute } from '../../../http/router';

// Issue 14, part S1 (docs/api/abrechnung.md).
export const pachtzinslisteRoutes: AnyRoute[] = [];
