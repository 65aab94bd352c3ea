import { compareText } from '../../../platform/collation';
import {
  assertCents,
  type Cents,
  type DecimalString,
  fixed,
  ROUND_UP,
  sumDecimals,
  toBig,
} from '../../../platform/money';

/** The volume a plot was charged for in a settlement: its own plus its billed share of the loss. */
export function chargedVolume(zeile: { verbrauch: DecimalString; schwund: DecimalString }): DecimalString {
  return sumDecimals([zeile.verbrauch, zeile.schwund], 3);
}

/**
 * DOMAIN.md: next year's akonto is last period's charged volume × price, rounded up to whole euros,
 * not below the minimum. No previous settlement (null) proposes the minimum.
 */
export function akontoVorschlagCent(args: {
  verbrauch: DecimalString | null;
  preisProM3: DecimalString;
  akontoMindestCent: Cents;
}): Cents {
  assertCents(args.akontoMindestCent, 'Mindestakonto');
  if (args.verbrauch == null) return args.akontoMindestCent;
  const euros = toBig(args.verbrauch).times(toBig(args.preisProM3));
  // Whole euros, rounded up: 351.22 € → 352 €; an amount already whole stays (300.00 → 300).
  const cents = assertCents(Number(fixed(euros, 0, ROUND_UP)) * 100, 'Akonto');
  return Math.max(cents, args.akontoMindestCent);
}

export type AkontoPlot = {
  parzelleId: number;
  parzelleNummer: string;
  /** Charged volume of the last settlement (chargedVolume), null when the plot had none. */
  verbrauch: DecimalString | null;
  preisProM3: DecimalString;
  /** An akonto already stored for this stichtag, else null: then the proposal is taken. */
  akontoCent: Cents | null;
};

export type AkontoRow = {
  parzelleId: number;
  parzelleNummer: string;
  verbrauch: DecimalString | null;
  vorschlagCent: Cents;
  akontoCent: Cents;
};

/** The rows of GetWasserAkontoBerechnung (stichtag added by the service), in plot number order. */
export function akontoBerechnung(plots: readonly AkontoPlot[], akontoMindestCent: Cents): AkontoRow[] {
  return [...plots]
    .sort((a, b) => compareText(a.parzelleNummer, b.parzelleNummer) || a.parzelleId - b.parzelleId)
    .map((p) => {
      const vorschlagCent = akontoVorschlagCent({
        verbrauch: p.verbrauch,
        preisProM3: p.preisProM3,
        akontoMindestCent,
      });
      return {
        parzelleId: p.parzelleId,
        parzelleNummer: p.parzelleNummer,
        verbrauch: p.verbrauch,
        vorschlagCent,
        akontoCent: p.akontoCent ?? vorschlagCent,
      };
    });
}
