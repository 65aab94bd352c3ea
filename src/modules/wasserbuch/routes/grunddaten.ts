import type { AnyRoute } from '../../../http/router';

// Wassergrunddaten and the water-group prices of a year (Abrechnung controller).

export const grunddatenRoutes: AnyRoute[] = [];
