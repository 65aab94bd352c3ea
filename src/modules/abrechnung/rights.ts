import type { Right } from '../../platform/auth/rights';

// The rights of Abrechnung's routes, named once (SPEC §6: WebApp.Abrechnung.Edit/View). Edit includes reading.

/** Reads the basis data of the billing year and previews the runs (letters as drafts, lists). */
export const ABRECHNUNG_VIEW: readonly Right[] = ['WebApp.Abrechnung.View', 'WebApp.Abrechnung.Edit'];
/** Changes rates, surcharges, club and group positions; books the runs. */
export const ABRECHNUNG_EDIT: readonly Right[] = ['WebApp.Abrechnung.Edit'];
/** The water invoices: the Wasserwart prepares them too (menu: Abrechnung or Wasser). */
export const WASSERRECHNUNG_VIEW: readonly Right[] = [...ABRECHNUNG_VIEW, 'WebApp.Wasser.View', 'WebApp.Wasser.Edit'];
export const WASSERRECHNUNG_EDIT: readonly Right[] = [...ABRECHNUNG_EDIT, 'WebApp.Wasser.Edit'];
/** Dropdown lookups (Common/Pachtzuschlaege, Common/Vereinsabrechnungen): also Stammdaten and Rechnungsprüfung read them. */
export const ABRECHNUNG_LOOKUP: readonly Right[] = [
  ...ABRECHNUNG_VIEW,
  'WebApp.Stammdaten.View',
  'WebApp.Stammdaten.Edit',
  'WebApp.Rechnungspruefung.View',
  'WebApp.Rechnungspruefung.Edit',
];
/** Payment slips of open receivables: the billing people and the Rechnungsprüfer print them. */
export const ZAHLSCHEINE_VIEW: readonly Right[] = [
  ...ABRECHNUNG_VIEW,
  'WebApp.Rechnungspruefung.View',
  'WebApp.Rechnungspruefung.Edit',
];
