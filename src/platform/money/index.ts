// The public face of the money helpers: modules import from 'platform/money', not its files.
export {
  type DecimalInput,
  type DecimalString,
  decimalOf,
  decimalPlaces,
  decimalString,
  fixed,
  ROUND_DOWN,
  ROUND_HALF_AWAY_FROM_ZERO,
  ROUND_UP,
  roundDecimal,
  sumDecimals,
  toBig,
} from './decimal';
export { type FormatOptions, formatArea, formatDecimal, formatEuro, formatM3, formatPercent, NBSP } from './format';
export {
  assertCents,
  type Cents,
  centsToDecimalString,
  decimalToCents,
  mulToCents,
  percentOfCents,
  roundCents,
  sumCents,
} from './money';
export { parseGermanAmount, parseGermanDecimal } from './parse';
export { splitLargestRemainder } from './splitLargestRemainder';
