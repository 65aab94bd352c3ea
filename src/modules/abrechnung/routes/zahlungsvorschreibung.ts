import type { AnyRoute } from '../../../http/router';

// Issue 14, part S4 (docs/api/abrechnung.md).
export const zahlungsvorschreibungRoutes: AnyRoute[] = [];
