import type { AnyRoute } from '../../../http/router';

// Issue 14, part S3 (docs/api/abrechnung.md).
export const zvDataRoutes: AnyRoute[] = [];
