import { type DecimalInput, decimalPlaces, toBig } from './decimal';
import { assertCents, type Cents } from './money';

/** A decimal weight as an integer scaled by 10^places, exact (weights like "150.000" m³ or "0.25"). */
function scaledWeight(weight: DecimalInput, places: number): bigint {
  const [whole = '0', frac = ''] = toBig(weight).abs().toFixed().split('.');
  return BigInt(whole + frac.padEnd(places, '0'));
}

/**
 * Splits `total` cents in proportion to `weights` by the largest-remainder method: every part gets
 * the floor of its exact share, then the cents left over go one each to the largest remainders.
 * The parts add up to `total` exactly. Ties go to the earlier index, so the result never depends on
 * sort stability. A negative total is split like its absolute value and negated, so a loss and a
 * credit of the same size split the same way. When all weights are zero the total is split equally.
 * All arithmetic is on integers (BigInt), so no rounding error can decide who gets a cent.
 */
export function splitLargestRemainder(total: Cents, weights: readonly DecimalInput[]): Cents[] {
  assertCents(total, 'Gesamtbetrag');
  if (weights.length === 0) {
    if (total === 0) return [];
    throw new RangeError('Ein Betrag ungleich 0 kann nicht auf null Teile aufgeteilt werden.');
  }
  const bigWeights = weights.map((w) => toBig(w));
  const negativeIndex = bigWeights.findIndex((w) => w.lt(0));
  if (negativeIndex >= 0) {
    throw new RangeError(`Gewicht an Stelle ${negativeIndex} ist negativ: ${bigWeights[negativeIndex]?.toFixed()}`);
  }
  const places = Math.max(...bigWeights.map((w) => decimalPlaces(w)));
  let scaled = bigWeights.map((w) => scaledWeight(w, places));
  let weightSum = scaled.reduce((a, b) => a + b, 0n);
  if (weightSum === 0n) {
    scaled = scaled.map(() => 1n);
    weightSum = BigInt(scaled.length);
  }

  const amount = BigInt(Math.abs(total));
  const parts = scaled.map((w) => (amount * w) / weightSum);
  const remainders = scaled.map((w) => (amount * w) % weightSum);
  let leftover = amount - parts.reduce((a, b) => a + b, 0n);

  const order = remainders
    .map((remainder, index) => ({ remainder, index }))
    .sort((a, b) => (a.remainder === b.remainder ? a.index - b.index : a.remainder > b.remainder ? -1 : 1));
  for (const { index } of order) {
    if (leftover === 0n) break;
    parts[index] = (parts[index] ?? 0n) + 1n;
    leftover -= 1n;
  }

  const sign = total < 0 ? -1 : 1;
  return parts.map((part) => sign * Number(part) + 0);
}
