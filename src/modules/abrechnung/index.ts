import type { KgvModule } from '../manifest';
import { abrechnungRoutes } from './routes';
import { resolveYear } from './services';

/** Abrechnung: the billing year (Pachtabrechnung) that scopes every yearly value. */
export const abrechnungModule: KgvModule = {
  name: 'abrechnung',
  routes: abrechnungRoutes,
  // The year selector needs a year: the first start creates the current one.
  onStart: async (services) => {
    await resolveYear(services.db);
  },
};
