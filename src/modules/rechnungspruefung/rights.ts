import type { Right } from '../../platform/auth/rights';

// The rights of Rechnungsprüfung's routes, named once (SPEC §6: WebApp.Rechnungspruefung.Edit/View).
// Edit includes reading. The Kassier role holds both Kassa and Rechnungspruefung rights.

/** Reads receivables, payments, reminders, insurances, account statements. */
export const RECHNUNGEN_VIEW: readonly Right[] = ['WebApp.Rechnungspruefung.View', 'WebApp.Rechnungspruefung.Edit'];
/** Keeps manual receivables, allocates payments, prints reminders (raising the level), imports insurances. */
export const RECHNUNGEN_EDIT: readonly Right[] = ['WebApp.Rechnungspruefung.Edit'];
/** Insurances go on the payment request: the billing people read them too. */
export const VERSICHERUNGEN_VIEW: readonly Right[] = [
  ...RECHNUNGEN_VIEW,
  'WebApp.Abrechnung.View',
  'WebApp.Abrechnung.Edit',
];
export const VERSICHERUNGEN_EDIT: readonly Right[] = [...RECHNUNGEN_EDIT, 'WebApp.Abrechnung.Edit'];
/** Booking cash entries (AlleBezahlt) needs Kassa.Edit in addition to Rechnungspruefung.Edit (checked in the handler). */
export const KASSA_BUCHEN: readonly Right[] = ['WebApp.Kassa.Edit'];
