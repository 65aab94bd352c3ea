import type { AnyRoute } from '../../../http/router';

// Main-meter balance and the plot meters' calibration (meter lifecycle).

export const zaehlerRoutes: AnyRoute[] = [];
