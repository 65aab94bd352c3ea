import type { KgvModule } from '../manifest';
import { kassaModuleCli } from './cli';
import { KASSA_EDIT, KASSA_VIEW, KASSAABRECHNUNG_EDIT, KASSAABRECHNUNG_VIEW } from './rights';
import { anlagenRoutes } from './routes/anlagen';
import { bankimportRoutes } from './routes/bankimport';
import { belegRoutes } from './routes/belege';
import { berichtRoutes } from './routes/berichte';
import { buchungskontenRoutes } from './routes/buchungskonten';
import { kassaabrechnungRoutes } from './routes/kassaabrechnung';
import { kassabuchRoutes } from './routes/kassabuch';
import { kontenRoutes } from './routes/konten';
import { kostenstellenRoutes } from './routes/kostenstellen';
import { lookupRoutes } from './routes/lookups';
import { seedDemoKassa } from './seedDemo';

/** Kassa: cash periods, accounts, booking accounts, cost centres, the cash book, bank import, fixed assets, reports (issue 13; CONTEXT.md). */
export const kassaModule: KgvModule = {
  name: 'kassa',
  routes: [
    ...kassaabrechnungRoutes,
    ...kontenRoutes,
    ...buchungskontenRoutes,
    ...kostenstellenRoutes,
    ...lookupRoutes,
    ...kassabuchRoutes,
    ...belegRoutes,
    ...bankimportRoutes,
    ...berichtRoutes,
    ...anlagenRoutes,
  ],
  cli: kassaModuleCli,
  seedDemo: (services, db) => seedDemoKassa(services, db),
  // Receipts are files owned by 'Kassabuch:<id>'; history per entity type.
  entities: {
    Kassabuch: { label: 'Kassabuch-Eintrag', view: KASSA_VIEW, edit: KASSA_EDIT },
    Konto: { label: 'Konto', view: KASSA_VIEW, edit: KASSA_EDIT },
    Buchungskonto: { label: 'Buchungskonto', view: KASSA_VIEW, edit: KASSA_EDIT },
    Kostenstelle: { label: 'Kostenstelle', view: KASSA_VIEW, edit: KASSA_EDIT },
    Anlage: { label: 'Anlage', view: KASSA_VIEW, edit: KASSA_EDIT },
    BankMapping: { label: 'Bank-Importschema', view: KASSA_VIEW, edit: KASSA_EDIT },
    Kassaabrechnung: { label: 'Kassaabrechnung', view: KASSAABRECHNUNG_VIEW, edit: KASSAABRECHNUNG_EDIT },
  },
};
