import type { AnyRoute } from '../../../http/router';

// (being built: see CONTEXT.md "Still to come")
export const kassaabrechnungRoutes: AnyRoute[] = [];
