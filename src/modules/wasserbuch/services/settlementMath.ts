import { compareText } from '../../../platform/collation';
import {
  assertCents,
  type Cents,
  type DecimalString,
  decimalPlaces,
  fixed,
  mulToCents,
  ROUND_DOWN,
  splitLargestRemainder,
  sumCents,
  toBig,
} from '../../../platform/money';
import { type NegativerSchwund, NegativerSchwundError } from './settlementErrors';

// The water settlement as pure functions (issue 12, DOMAIN.md "Water"); the service reads the
// readings and the Wassergrunddaten, calls these, and adds stichtag and von.
export { akontoBerechnung, akontoVorschlagCent, chargedVolume } from './settlementAkonto';
export {
  type MeterConsumption,
  type MeterSegment,
  type MissingPeriodEnd,
  meterConsumption,
  missingPeriodEnds,
  type SettlementPeriod,
  type SettlementReading,
} from './settlementConsumption';
export { GesunkenerZaehlerstandError, NegativerSchwundError } from './settlementErrors';

export type SchwundMethode = 'keine' | 'proportional' | 'gleichverteilt';

export type SettlementPlot = {
  parzelleId: number;
  parzelleNummer: string;
  adresseId: number | null;
  /** The main meter the plot's meter hangs on; null: the plot pays its own volume, no loss. */
  hauptwasserzaehlerId: number | null;
  /** The plot's consumption in the period (meterConsumption), m³ with up to 3 decimals. */
  verbrauch: DecimalString;
  /** €/m³ for this plot: the year's price, or its water group's own. */
  preisProM3: DecimalString;
  grundgebuehrCent: Cents;
  akontoCent: Cents;
};

export type SettlementMainMeter = { id: number; nummer: string; verbrauch: DecimalString };

export type SettlementInput = {
  schwundMethode: SchwundMethode;
  hauptwasserzaehler: readonly SettlementMainMeter[];
  parzellen: readonly SettlementPlot[];
};

export type SettlementRow = {
  parzelleId: number;
  parzelleNummer: string;
  adresseId: number | null;
  verbrauch: DecimalString;
  schwund: DecimalString;
  verbrauchCent: Cents;
  schwundCent: Cents;
  grundgebuehrCent: Cents;
  betragCent: Cents;
  akontoCent: Cents;
  differenzCent: Cents;
};

export type SettlementMainMeterRow = {
  id: number;
  nummer: string;
  verbrauch: DecimalString;
  summeParzellen: DecimalString;
  schwund: DecimalString;
  schwundProzent: DecimalString;
};

export type SettlementResult = {
  zeilen: SettlementRow[];
  hauptwasserzaehler: SettlementMainMeterRow[];
  summen: { betragCent: Cents; akontoCent: Cents; differenzCent: Cents };
};

/** m³ as exact thousandths: readings carry 3 decimals, so every volume here is an integer of litres. */
function litres(volume: DecimalString, what: string): bigint {
  const scaled = toBig(volume).times(1000);
  if (!scaled.eq(scaled.round(0, ROUND_DOWN))) throw new RangeError(`${what}: mehr als 3 Nachkommastellen (${volume})`);
  if (scaled.lt(0)) throw new RangeError(`${what}: negativer Verbrauch (${volume})`);
  return BigInt(scaled.toFixed(0));
}

const m3 = (l: bigint): DecimalString => fixed(toBig(l.toString()).div(1000), 3);

/** num / den rounded half away from zero to an integer (den > 0), exact on BigInt. */
function roundRatio(num: bigint, den: bigint): bigint {
  const negative = num < 0n;
  const abs = negative ? -num : num;
  const quotient = abs / den;
  const rounded = (abs % den) * 2n >= den ? quotient + 1n : quotient;
  return negative ? -rounded : rounded;
}

function centsOf(value: bigint, what: string): Cents {
  return assertCents(Number(value), what);
}

/** Plot numbers in the app's one order ("2" before "10"), the id breaking ties so the order is total. */
function byPlotNumber(a: SettlementPlot, b: SettlementPlot): number {
  return compareText(a.parzelleNummer, b.parzelleNummer) || a.parzelleId - b.parzelleId;
}

type PlotShare = { schwundLitres: bigint; schwundCent: Cents };

/**
 * The loss of one main meter among its plots (sorted by plot number, so largest-remainder ties and
 * the extra cents of an equal split go to the lowest plot numbers).
 *
 * Money, as issue 12 writes it: the main meter's total for its plots is rounded half away from zero
 * once and split by largest remainder; each plot's own volume × price is rounded on its own, and its
 * schwundCent is what its part holds beyond that.
 * - proportional: total = main-meter volume × price, split by the plots' volumes;
 * - gleichverteilt: total = loss volume × price, split equally.
 * Water groups can give plots under one main meter different prices; then "× price" means each
 * plot's charged volume × its own price: proportional total = main volume × Σ(vᵢ·pᵢ)/Σvᵢ split by
 * vᵢ·pᵢ, gleichverteilt total = loss × Σpᵢ/n split by pᵢ. With one price both are exactly the rule
 * above (same parts, same ties), so the issue's rule is the special case, not a different rule.
 * The loss volume is split by the same method on whole litres, so the schwund column adds up to it.
 */
function splitLoss(
  methode: SchwundMethode,
  mainLitres: bigint,
  plots: readonly SettlementPlot[],
  ownLitres: readonly bigint[],
  ownCents: readonly Cents[],
): PlotShare[] {
  const n = plots.length;
  const sumLitres = ownLitres.reduce((a, b) => a + b, 0n);
  const lossLitres = mainLitres - sumLitres;
  if (methode === 'keine' || n === 0) return plots.map(() => ({ schwundLitres: 0n, schwundCent: 0 }));

  // Prices as integers over one common power of ten, so every product below stays exact.
  const places = Math.max(...plots.map((p) => decimalPlaces(p.preisProM3)));
  const scale = 10n ** BigInt(places);
  const prices = plots.map((p) => {
    const price = toBig(p.preisProM3);
    if (price.lt(0)) throw new RangeError(`Preis pro m³ der Parzelle ${p.parzelleNummer} ist negativ.`);
    return BigInt(price.times(scale.toString()).toFixed(0));
  });
  const priceSum = prices.reduce((a, b) => a + b, 0n);
  // Cents of (litres × price): litres/1000 m³ × price/scale € × 100.
  const centsDen = 1000n * scale;

  if (methode === 'gleichverteilt') {
    const volumes = splitLargestRemainder(
      Number(lossLitres),
      plots.map(() => 1),
    );
    const total = roundRatio(lossLitres * priceSum * 100n, centsDen * BigInt(n));
    const parts = splitLargestRemainder(
      centsOf(total, 'Schwund'),
      prices.map((p) => p.toString()),
    );
    return plots.map((_, i) => ({ schwundLitres: BigInt(volumes[i]!), schwundCent: parts[i]! }));
  }

  // proportional. All plots at 0 m³ (the whole main-meter volume is loss): split equally, as the
  // largest-remainder helper does for all-zero weights.
  const volumes = splitLargestRemainder(
    Number(lossLitres),
    ownLitres.map((l) => l.toString()),
  );
  const weights = sumLitres > 0n ? ownLitres.map((l, i) => l * prices[i]!) : prices;
  const weightSum = weights.reduce((a, b) => a + b, 0n);
  const denominator = sumLitres > 0n ? centsDen * sumLitres : centsDen * BigInt(n);
  const total = roundRatio(mainLitres * weightSum * 100n, denominator);
  const parts = splitLargestRemainder(
    centsOf(total, 'Hauptwasserzähler'),
    weights.map((w) => w.toString()),
  );
  return plots.map((_, i) => ({
    schwundLitres: BigInt(volumes[i]!),
    schwundCent: parts[i]! - ownCents[i]!,
  }));
}

/** loss / main volume in %, 2 decimals half away from zero; "0.00" for a main meter that stood still. */
function lossPercent(lossLitres: bigint, mainLitres: bigint): DecimalString {
  if (mainLitres === 0n) return '0.00';
  return fixed(toBig(lossLitres.toString()).times(100).div(mainLitres.toString()), 2);
}

/**
 * The Wasserabrechnung of a period from the plots' and main meters' volumes. Rows come in plot
 * number order; `betragCent = verbrauchCent + schwundCent + grundgebuehrCent`,
 * `differenzCent = betragCent − akontoCent`, and the totals are the sums of the rows. A main meter
 * whose plots together used more than it measured throws NegativerSchwundError (all such meters
 * named at once); with `keine` the loss is shown but the club carries it.
 */
export function settleWater(input: SettlementInput): SettlementResult {
  const plots = [...input.parzellen].sort(byPlotNumber);
  const meters = [...input.hauptwasserzaehler].sort((a, b) => compareText(a.nummer, b.nummer) || a.id - b.id);
  const meterIds = new Set(meters.map((m) => m.id));
  for (const plot of plots) {
    assertCents(plot.grundgebuehrCent, 'Grundgebühr');
    assertCents(plot.akontoCent, 'Akonto');
    if (plot.hauptwasserzaehlerId != null && !meterIds.has(plot.hauptwasserzaehlerId)) {
      throw new RangeError(`Parzelle ${plot.parzelleNummer}: Hauptwasserzähler ${plot.hauptwasserzaehlerId} fehlt.`);
    }
  }

  const own = new Map(plots.map((p) => [p.parzelleId, litres(p.verbrauch, `Parzelle ${p.parzelleNummer}`)]));
  const ownCents = new Map(plots.map((p) => [p.parzelleId, mulToCents(p.verbrauch, p.preisProM3)]));
  const shares = new Map<number, PlotShare>();
  const meterRows: SettlementMainMeterRow[] = [];
  const negative: NegativerSchwund[] = [];

  for (const meter of meters) {
    const mainLitres = litres(meter.verbrauch, `Hauptwasserzähler ${meter.nummer}`);
    const group = plots.filter((p) => p.hauptwasserzaehlerId === meter.id);
    const groupLitres = group.map((p) => own.get(p.parzelleId)!);
    const sumLitres = groupLitres.reduce((a, b) => a + b, 0n);
    const lossLitres = mainLitres - sumLitres;
    const row = {
      id: meter.id,
      nummer: meter.nummer,
      verbrauch: m3(mainLitres),
      summeParzellen: m3(sumLitres),
      schwund: lossLitres < 0n ? `-${m3(-lossLitres)}` : m3(lossLitres),
    };
    if (lossLitres < 0n) {
      negative.push(row);
      continue;
    }
    meterRows.push({ ...row, schwundProzent: lossPercent(lossLitres, mainLitres) });
    const groupShares = splitLoss(
      input.schwundMethode,
      mainLitres,
      group,
      groupLitres,
      group.map((p) => ownCents.get(p.parzelleId)!),
    );
    for (const [i, p] of group.entries()) shares.set(p.parzelleId, groupShares[i]!);
  }
  if (negative.length > 0) throw new NegativerSchwundError(negative);

  const zeilen = plots.map((p): SettlementRow => {
    const share = shares.get(p.parzelleId) ?? { schwundLitres: 0n, schwundCent: 0 };
    const verbrauchCent = ownCents.get(p.parzelleId)!;
    const betragCent = sumCents([verbrauchCent, share.schwundCent, p.grundgebuehrCent]);
    return {
      parzelleId: p.parzelleId,
      parzelleNummer: p.parzelleNummer,
      adresseId: p.adresseId,
      verbrauch: m3(own.get(p.parzelleId)!),
      schwund: m3(share.schwundLitres),
      verbrauchCent,
      schwundCent: share.schwundCent,
      grundgebuehrCent: p.grundgebuehrCent,
      betragCent,
      akontoCent: p.akontoCent,
      differenzCent: betragCent - p.akontoCent,
    };
  });

  return {
    zeilen,
    hauptwasserzaehler: meterRows,
    summen: {
      betragCent: sumCents(zeilen.map((z) => z.betragCent)),
      akontoCent: sumCents(zeilen.map((z) => z.akontoCent)),
      differenzCent: sumCents(zeilen.map((z) => z.differenzCent)),
    },
  };
}
