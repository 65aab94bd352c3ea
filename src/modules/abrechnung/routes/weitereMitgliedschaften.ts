import type { AnyRoute } from '../../../http/router';

// Issue 14, part S2 (docs/api/abrechnung.md).
export const weitereMitgliedschaftenRoutes: AnyRoute[] = [];
