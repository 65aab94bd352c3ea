import type { AnyRoute } from '../../../http/router';

// Settlement, akonto and Fehlersuche calls (docs/api/wasserbuch.md).

export const abrechnungRoutes: AnyRoute[] = [];
