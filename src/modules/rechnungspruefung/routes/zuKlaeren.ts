import type { AnyRoute } from '../../../http/router';

// Issue 15 — filled by its part (see src/modules/rechnungspruefung/CONTEXT.md).
export const zuKlaerenRoutes: AnyRoute[] = [];
