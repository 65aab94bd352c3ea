import Big from 'big.js';
import { describe, expect, it } from 'vitest';
import { splitLargestRemainder } from './splitLargestRemainder';

describe('splitLargestRemainder', () => {
  it('splits in proportion and gives left-over cents to the largest remainders', () => {
    expect(splitLargestRemainder(96000, ['150.000', '150.000', '110.000'])).toEqual([35122, 35122, 25756]);
    expect(splitLargestRemainder(100, [1, 1, 1])).toEqual([34, 33, 33]);
    expect(splitLargestRemainder(100, [1, 2])).toEqual([33, 67]);
    expect(splitLargestRemainder(10, ['0.25', '0.75'])).toEqual([3, 7]); // 2.5 / 7.5: tie → earlier
  });

  it('breaks ties by the earlier index', () => {
    expect(splitLargestRemainder(2, [1, 1, 1])).toEqual([1, 1, 0]);
    expect(splitLargestRemainder(5, [1, 1, 1, 1])).toEqual([2, 1, 1, 1]);
    expect(splitLargestRemainder(1, [3, 1, 3])).toEqual([1, 0, 0]);
  });

  it('splits negative totals like their absolute value', () => {
    expect(splitLargestRemainder(-100, [1, 1, 1])).toEqual([-34, -33, -33]);
    expect(splitLargestRemainder(-96000, ['150', '150', '110'])).toEqual([-35122, -35122, -25756]);
  });

  it('gives nothing to zero weights and splits equally when all are zero', () => {
    expect(splitLargestRemainder(100, [0, 1, 0, 1])).toEqual([0, 50, 0, 50]);
    expect(splitLargestRemainder(101, [0, 1, 0, 1])).toEqual([0, 51, 0, 50]);
    expect(splitLargestRemainder(10, [0, 0, 0])).toEqual([4, 3, 3]);
    expect(splitLargestRemainder(0, [1, 2, 3])).toEqual([0, 0, 0]);
    expect(splitLargestRemainder(0, [])).toEqual([]);
    expect(splitLargestRemainder(7, ['5'])).toEqual([7]);
  });

  it('refuses negative weights, non-integer totals and parts for nobody', () => {
    expect(() => splitLargestRemainder(100, [1, -1])).toThrow(RangeError);
    expect(() => splitLargestRemainder(100.5, [1])).toThrow(RangeError);
    expect(() => splitLargestRemainder(100, [])).toThrow(RangeError);
  });

  it('always adds up to the total, also with awkward decimal weights and huge totals', () => {
    const weights = ['0.001', '123.456', '7', '0.333', '99999.999', '1e-6'];
    for (const total of [1, 7, 99, 100000, 123456789, -98765, Number.MAX_SAFE_INTEGER]) {
      const parts = splitLargestRemainder(total, weights);
      expect(parts.reduce((a, b) => a + BigInt(b), 0n)).toBe(BigInt(total));
      expect(parts.every(Number.isSafeInteger)).toBe(true);
    }
    expect(splitLargestRemainder(1000, [1, 2, 3, 4])).toEqual([100, 200, 300, 400]);
  });

  it('keeps every part within one cent of its exact share', () => {
    const weights = ['12.5', '0.75', '333.333', '0', '42'];
    const weightSum = weights.reduce((a, w) => a.plus(w), new Big(0));
    for (const total of [1, 2, 3, 999, 12345, -4321]) {
      const parts = splitLargestRemainder(total, weights);
      parts.forEach((part, i) => {
        const exact = new Big(total).times(weights[i] ?? '0').div(weightSum);
        expect(new Big(part).minus(exact).abs().lt(1)).toBe(true);
      });
    }
  });
});
