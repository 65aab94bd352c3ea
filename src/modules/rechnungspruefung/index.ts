import { BANK_IMPORT_ABGLEICHE, KASSABUCH_ZUORDNUNGEN } from '../kassa/services';
import type { KgvModule } from '../manifest';
import { RECHNUNGEN_EDIT, RECHNUNGEN_VIEW, VERSICHERUNGEN_EDIT, VERSICHERUNGEN_VIEW } from './rights';
import { kontoauszugRoutes } from './routes/kontoauszug';
import { mahnungenRoutes } from './routes/mahnungen';
import { ratenRoutes } from './routes/raten';
import { rechnungenRoutes } from './routes/rechnungen';
import { rechnungsuebersichtRoutes } from './routes/rechnungsuebersicht';
import { versicherungenRoutes } from './routes/versicherungen';
import { zahlungenRoutes } from './routes/zahlungen';
import { zuKlaerenRoutes } from './routes/zuKlaeren';
import { seedDemoRechnungspruefung } from './seedDemo';
import { bankAbgleich } from './services/bankAbgleich';
import { kassabuchZuordnungenHook } from './services/zuordnungenHook';

// Kassa never imports this module: the bank import's matcher and the entry's allocations reach it
// through these hooks, registered once when the module loads (a second load must not add them twice).
if (!BANK_IMPORT_ABGLEICHE.includes(bankAbgleich)) BANK_IMPORT_ABGLEICHE.push(bankAbgleich);
if (!KASSABUCH_ZUORDNUNGEN.includes(kassabuchZuordnungenHook)) KASSABUCH_ZUORDNUNGEN.push(kassabuchZuordnungenHook);

/**
 * Rechnungsprüfung: receivables (Rechnungen) with their positions and numbers, payments (allocations
 * of cash-book entries), credits, instalments, reminders, insurances (issues 14 and 15; CONTEXT.md).
 */
export const rechnungspruefungModule: KgvModule = {
  name: 'rechnungspruefung',
  routes: [
    ...rechnungenRoutes,
    ...rechnungsuebersichtRoutes,
    ...zahlungenRoutes,
    ...zuKlaerenRoutes,
    ...mahnungenRoutes,
    ...ratenRoutes,
    ...kontoauszugRoutes,
    ...versicherungenRoutes,
  ],
  entities: {
    Rechnung: { label: 'Rechnung', view: RECHNUNGEN_VIEW, edit: RECHNUNGEN_EDIT },
    Versicherung: { label: 'Versicherung', view: VERSICHERUNGEN_VIEW, edit: VERSICHERUNGEN_EDIT },
  },
  // After Kassa and Abrechnung (modules' order): insurances, manual receivables, payments, a reminder.
  seedDemo: (services, db) => seedDemoRechnungspruefung(services, db),
};
