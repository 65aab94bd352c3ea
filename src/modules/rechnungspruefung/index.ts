import type { KgvModule } from '../manifest';

/**
 * Rechnungsprüfung: receivables (Rechnungen) with their positions and numbers, insurances. Issue 14's
 * billing runs create receivables through services/index.ts; the screens and calls of §7
 * Rechnungspruefung arrive with issue 15 (CONTEXT.md).
 */
export const rechnungspruefungModule: KgvModule = {
  name: 'rechnungspruefung',
  routes: [],
};
