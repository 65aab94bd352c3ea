import type { AnyRoute } from '../http/router';
import type { EntityAccess } from '../platform/services';
import { abrechnungModule } from './abrechnung';
import { commonModule } from './common';
import { kassaModule } from './kassa';
import type { KgvModule } from './manifest';
import { rechnungspruefungModule } from './rechnungspruefung';
import { stammdatenModule } from './stammdaten';
import { userModule } from './user';
import { vereinseinstellungenModule } from './vereinseinstellungen';
import { wasserbuchModule } from './wasserbuch';

/** Every module of the app, in the order their routes, commands and jobs are registered. */
export const modules: KgvModule[] = [
  commonModule,
  userModule,
  vereinseinstellungenModule,
  stammdatenModule,
  wasserbuchModule,
  kassaModule,
  // After Stammdaten and Kassa: its demo part reads their plots and booking accounts.
  abrechnungModule,
  rechnungspruefungModule,
];

export const allRoutes = (list = modules): AnyRoute[] => list.flatMap((m) => m.routes ?? []);
export const allEntities = (list = modules): EntityAccess => Object.assign({}, ...list.map((m) => m.entities ?? {}));
