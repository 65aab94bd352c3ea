import type { ComponentType } from 'react';
import type { Right } from '../../../../src/platform/auth/rights';
import {
  EichungCard,
  EndendeFunktionenCard,
  FreieParzellenCard,
  GeburtstageCard,
  JubilaeenCard,
  ZahlenCard,
} from './UebersichtCards';

/**
 * A card of the start page. Each module adds its own here, with the rights it needs (the server
 * checks them again): Kassa its open receivables, the Rechnungsprüfung its unchecked entries …
 * A card whose area is not built yet is not listed: the start page advertises nothing "in Arbeit".
 */
export interface StartCard {
  id: string;
  title: string;
  /** Any one of these suffices; absent means every signed-in user. */
  rights?: readonly Right[];
  /** The card's content under its heading; it loads its own data. */
  Body: ComponentType;
}

// The same right sets as the server's routes (src/modules/stammdaten/rights.ts), which the UI may not import.
const STAMMDATEN_VIEW: readonly Right[] = ['WebApp.Stammdaten.View', 'WebApp.Stammdaten.Edit'];
const HAUPTWASSERZAEHLER_VIEW: readonly Right[] = [...STAMMDATEN_VIEW, 'WebApp.Wasser.View', 'WebApp.Wasser.Edit'];

/** In the order shown. */
export const START_CARDS: readonly StartCard[] = [
  { id: 'zahlen', title: 'Auf einen Blick', rights: STAMMDATEN_VIEW, Body: ZahlenCard },
  { id: 'geburtstage', title: 'Geburtstage in den nächsten 30 Tagen', rights: STAMMDATEN_VIEW, Body: GeburtstageCard },
  { id: 'jubilaeen', title: 'Jubiläen in den nächsten 90 Tagen', rights: STAMMDATEN_VIEW, Body: JubilaeenCard },
  {
    id: 'funktionen',
    title: 'Funktionsperioden, die bald enden',
    rights: STAMMDATEN_VIEW,
    Body: EndendeFunktionenCard,
  },
  { id: 'eichung', title: 'Eichung fällig', rights: HAUPTWASSERZAEHLER_VIEW, Body: EichungCard },
  { id: 'freieParzellen', title: 'Freie Parzellen', rights: STAMMDATEN_VIEW, Body: FreieParzellenCard },
];

/** The cards the user holds a right for. */
export function visibleCards(held: ReadonlySet<string>, cards: readonly StartCard[] = START_CARDS): StartCard[] {
  return cards.filter((card) => !card.rights || card.rights.some((right) => held.has(right)));
}
