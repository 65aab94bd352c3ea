/** The tax rates a Buchungskonto or Kassabuch entry may carry; 100 = the whole amount is tax (paid to the tax office). */
export const STEUERSAETZE = [0, 10, 20, 100] as const;
export type Steuersatz = (typeof STEUERSAETZE)[number];
