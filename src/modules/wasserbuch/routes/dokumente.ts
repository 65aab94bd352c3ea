import type { AnyRoute } from '../../../http/router';

// Reading sheet, radio-meter import, meter-change import, export and protocol.

export const dokumentRoutes: AnyRoute[] = [];
