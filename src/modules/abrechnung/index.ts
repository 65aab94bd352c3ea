import type { KgvModule } from '../manifest';
import { abrechnungModuleCli } from './cli/zvCli';
import { ABRECHNUNG_EDIT, ABRECHNUNG_VIEW } from './rights';
import { abrechnungRoutes } from './routes';
import { gruppenabrechnungRoutes } from './routes/gruppenabrechnung';
import { gruppenrechnungenRoutes } from './routes/gruppenrechnungen';
import { laufRoutes } from './routes/lauf';
import { pachtberechnungRoutes } from './routes/pachtberechnung';
import { pachtzinslisteRoutes } from './routes/pachtzinsliste';
import { pachtzuschlaegeRoutes } from './routes/pachtzuschlaege';
import { parzellenZvRoutes } from './routes/parzellenZv';
import { protokollRoutes } from './routes/protokoll';
import { vereinsabrechnungRoutes } from './routes/vereinsabrechnung';
import { wasserrechnungenRoutes } from './routes/wasserrechnungen';
import { weitereMitgliedschaftenRoutes } from './routes/weitereMitgliedschaften';
import { zahlscheineRoutes } from './routes/zahlscheine';
import { zahlungsvorschreibungRoutes } from './routes/zahlungsvorschreibung';
import { zvDataRoutes } from './routes/zvData';
import { seedDemoAbrechnung } from './seedDemo';
import { resolveYear } from './services';

/**
 * Abrechnung: the billing year (Pachtabrechnung) that scopes every yearly value, its rates, surcharges,
 * club and group positions, and the Jahresvorschreibung runs (issue 14; CONTEXT.md).
 */
export const abrechnungModule: KgvModule = {
  name: 'abrechnung',
  routes: [
    ...abrechnungRoutes,
    ...pachtberechnungRoutes,
    ...pachtzuschlaegeRoutes,
    ...parzellenZvRoutes,
    ...pachtzinslisteRoutes,
    ...vereinsabrechnungRoutes,
    ...gruppenabrechnungRoutes,
    ...gruppenrechnungenRoutes,
    ...weitereMitgliedschaftenRoutes,
    ...laufRoutes,
    ...zvDataRoutes,
    ...zahlungsvorschreibungRoutes,
    ...zahlscheineRoutes,
    ...wasserrechnungenRoutes,
    ...protokollRoutes,
  ],
  cli: abrechnungModuleCli,
  // After Stammdaten and Kassa (src/modules/index.ts): the rates take the year's booking accounts.
  seedDemo: (services, db) => seedDemoAbrechnung(services, db),
  // The year selector needs a year: the first start creates the current one.
  onStart: async (services) => {
    await resolveYear(services.db);
  },
  entities: {
    Pachtberechnung: { label: 'Pachtberechnung', view: ABRECHNUNG_VIEW, edit: ABRECHNUNG_EDIT },
    Pachtzuschlag: { label: 'Pachtzuschlag', view: ABRECHNUNG_VIEW, edit: ABRECHNUNG_EDIT },
    Vereinsabrechnung: { label: 'Vereinsabrechnung', view: ABRECHNUNG_VIEW, edit: ABRECHNUNG_EDIT },
    Gruppenabrechnung: { label: 'Gruppenabrechnung', view: ABRECHNUNG_VIEW, edit: ABRECHNUNG_EDIT },
    Abrechnungslauf: { label: 'Abrechnungslauf', view: ABRECHNUNG_VIEW, edit: ABRECHNUNG_EDIT },
  },
};
