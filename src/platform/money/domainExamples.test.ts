import Big from 'big.js';
import { describe, expect, it } from 'vitest';
import {
  centsToDecimalString,
  formatEuro,
  mulToCents,
  percentOfCents,
  roundDecimal,
  splitLargestRemainder,
  sumCents,
} from './index';

// The worked examples of DOMAIN.md, computed with the helpers exactly as the services will.

describe('DOMAIN.md Pacht example (plot 17)', () => {
  const rate = '1.31';
  const grundsteuerRate = '0.14';
  const area = '400';
  // Share = common area × plot area / sum of plot areas, to 2 decimals.
  const share = roundDecimal(new Big('2000').times(area).div('8000'), 2);

  const pachtzins = mulToCents(area, rate);
  const gemeinschaft = mulToCents(share, rate);
  const grundsteuer = mulToCents(new Big(area).plus(share), grundsteuerRate);
  const zuschlagBase = sumCents([pachtzins, gemeinschaft, grundsteuer]);
  const verwaltung = percentOfCents(zuschlagBase, '14.5');

  it('computes each lease position to the cent', () => {
    expect(share).toBe('100.00');
    expect(pachtzins).toBe(52400);
    expect(gemeinschaft).toBe(13100);
    expect(grundsteuer).toBe(7000);
    expect(zuschlagBase).toBe(72500);
    // 725 × 0.145 = 105.125 exactly; a float would give 105.12499… and 105.12.
    expect(725 * 0.145).toBeLessThan(105.125);
    expect(verwaltung).toBe(10513);
    expect(centsToDecimalString(verwaltung)).toBe('105.13');
  });

  it('sums the Zahlungsvorschreibung to € 1.397,79', () => {
    const positions = [pachtzins, gemeinschaft, grundsteuer, verwaltung, 1266, 7500, 18000, 30000];
    const total = sumCents(positions);
    expect(total).toBe(139779);
    expect(formatEuro(total)).toBe('€\u00a01.397,79');
    expect(formatEuro(total, { nbsp: false })).toBe('€ 1.397,79');
    expect(centsToDecimalString(total)).toBe('1397.79');
  });
});

describe('DOMAIN.md water example', () => {
  const price = '2.00';
  const fixedFee = 1000;
  const mainMeter = new Big('12820').minus('12340');
  const p1 = new Big('250.000').minus('100.000');
  const p2 = new Big('901.300').minus('834.500').plus(new Big('83.200').minus('0.000'));
  const p3 = new Big('150.000').minus('40.000');
  const volumes = [p1, p2, p3].map((v) => v.toFixed(3));

  it('derives the volumes and the loss', () => {
    expect(mainMeter.toFixed(3)).toBe('480.000');
    expect(volumes).toEqual(['150.000', '150.000', '110.000']);
    const loss = mainMeter.minus(p1).minus(p2).minus(p3);
    expect(loss.toFixed(3)).toBe('70.000');
  });

  it('proportional: 960.00 € split 150:150:110', () => {
    const charge = mulToCents(mainMeter, price);
    expect(charge).toBe(96000);
    const parts = splitLargestRemainder(charge, volumes);
    expect(parts.map(centsToDecimalString)).toEqual(['351.22', '351.22', '257.56']);
    expect(sumCents(parts)).toBe(96000);
  });

  it('gleichverteilt: own volume plus an equal share of the 140.00 € loss', () => {
    const own = volumes.map((v) => mulToCents(v, price));
    expect(own).toEqual([30000, 30000, 22000]);
    const lossCharge = mulToCents(new Big('70.000'), price);
    expect(lossCharge).toBe(14000);
    const lossParts = splitLargestRemainder(lossCharge, [1, 1, 1]);
    expect(lossParts).toEqual([4667, 4667, 4666]);
    const totals = own.map((c, i) => c + (lossParts[i] ?? 0));
    expect(totals.map(centsToDecimalString)).toEqual(['346.67', '346.67', '266.66']);
  });

  it('settles against 300.00 € Akonto each (proportional, with the 10.00 € fixed fee)', () => {
    const parts = splitLargestRemainder(mulToCents(mainMeter, price), volumes);
    const settlement = parts.map((charge) => charge + fixedFee - 30000);
    expect(settlement).toEqual([6122, 6122, -3244]);
    expect(settlement.map((c) => formatEuro(c))).toEqual(['€\u00a061,22', '€\u00a061,22', '-€\u00a032,44']);
  });
});
