import type { Right } from '../../platform/auth/rights';

// The rights of Kassa's routes, named once (SPEC §6: WebApp.Kassa.Edit/View). Edit includes reading.

/** Reads the cash book, accounts, reports (the Rechnungsprüfer hold every View right). */
export const KASSA_VIEW: readonly Right[] = ['WebApp.Kassa.View', 'WebApp.Kassa.Edit'];
/** Books, imports, checks entries, keeps accounts and the fixed-asset register. */
export const KASSA_EDIT: readonly Right[] = ['WebApp.Kassa.Edit'];
/** The cash periods (Abrechnung controller, Basisdaten menu): the Kassier and the billing people read them. */
export const KASSAABRECHNUNG_VIEW: readonly Right[] = [
  ...KASSA_VIEW,
  'WebApp.Abrechnung.View',
  'WebApp.Abrechnung.Edit',
];
/** Creates, changes, closes and reopens them: Kassa.Edit (DOMAIN.md) or Abrechnung.Edit. */
export const KASSAABRECHNUNG_EDIT: readonly Right[] = ['WebApp.Kassa.Edit', 'WebApp.Abrechnung.Edit'];
/**
 * The dropdown lookups (Common/Konten, Buchungskonten, Kostenstellen, Kassaabrechnungen) are also
 * needed by the billing runs and the receivables (Abrechnung, Rechnungspruefung).
 */
export const KASSA_LOOKUP: readonly Right[] = [
  ...KASSAABRECHNUNG_VIEW,
  'WebApp.Rechnungspruefung.View',
  'WebApp.Rechnungspruefung.Edit',
];
/**
 * Changing an entry's allocations to receivables (UpdateKassabuch `zuordnungen`, issue 15) also needs
 * Rechnungspruefung.Edit, as its own Zuordnen does (checked in the handler, only when they change).
 */
export const ZUORDNUNGEN_AENDERN: readonly Right[] = ['WebApp.Rechnungspruefung.Edit'];
