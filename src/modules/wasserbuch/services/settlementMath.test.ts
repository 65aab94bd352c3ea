import { describe, expect, it } from 'vitest';
import { mulToCents, sumCents } from '../../../platform/money';
import {
  akontoBerechnung,
  akontoVorschlagCent,
  chargedVolume,
  GesunkenerZaehlerstandError,
  meterConsumption,
  missingPeriodEnds,
  NegativerSchwundError,
  type SchwundMethode,
  type SettlementInput,
  type SettlementPlot,
  type SettlementReading,
  settleWater,
} from './settlementMath';

// DOMAIN.md, Water, worked example: main meter 12,340 → 12,820 = 480 m³; price 2.00 €/m³; fee 10.00 €;
// P1 100 → 250; P2 old meter 834.500 → 901.300, new meter 0.000 → 83.200; P3 40 → 150.
const PERIOD = { von: '2025-04-01', bis: '2025-10-31' };
const r = (datum: string, zaehlernummer: string, stand: string, isZaehlerwechsel = false): SettlementReading => ({
  datum,
  zaehlernummer,
  stand,
  isZaehlerwechsel,
});
const READINGS: Record<string, SettlementReading[]> = {
  HWZ: [
    r('2024-10-31', 'HWZ-1', '12100.000'),
    r('2025-04-01', 'HWZ-1', '12340.000'),
    r('2025-10-31', 'HWZ-1', '12820.000'),
  ],
  P1: [r('2024-10-31', 'W-1', '60.000'), r('2025-04-01', 'W-1', '100.000'), r('2025-10-31', 'W-1', '250.000')],
  P2: [
    r('2025-10-31', 'W-2-neu', '83.200'),
    r('2025-07-15', 'W-2-neu', '0.000'),
    r('2025-07-15', 'W-2-alt', '901.300', true),
    r('2025-04-01', 'W-2-alt', '834.500'),
    r('2024-10-31', 'W-2-alt', '800.000'),
  ],
  P3: [r('2025-04-01', 'W-3', '40.000'), r('2025-10-31', 'W-3', '150.000'), r('2025-11-02', 'W-3', '151.000')],
};

function domainInput(schwundMethode: SchwundMethode): SettlementInput {
  const plot = (id: number, nummer: string, readings: SettlementReading[]): SettlementPlot => ({
    parzelleId: id,
    parzelleNummer: nummer,
    adresseId: 100 + id,
    hauptwasserzaehlerId: 7,
    verbrauch: meterConsumption(readings, PERIOD).verbrauch,
    preisProM3: '2.00',
    grundgebuehrCent: 1000,
    akontoCent: 30000,
  });
  return {
    schwundMethode,
    hauptwasserzaehler: [{ id: 7, nummer: 'HWZ 1', verbrauch: meterConsumption(READINGS.HWZ!, PERIOD).verbrauch }],
    parzellen: [plot(3, 'P3', READINGS.P3!), plot(1, 'P1', READINGS.P1!), plot(2, 'P2', READINGS.P2!)],
  };
}

const money = (rows: ReturnType<typeof settleWater>['zeilen']) =>
  rows.map((z) => [
    z.parzelleNummer,
    z.verbrauch,
    z.schwund,
    z.verbrauchCent,
    z.schwundCent,
    z.betragCent,
    z.differenzCent,
  ]);

describe('meterConsumption', () => {
  it('sums the meter segments inside the period, a meter change closing the old meter', () => {
    const result = meterConsumption(READINGS.P2!, PERIOD);
    expect(result.verbrauch).toBe('150.000');
    expect(result.segmente).toEqual([
      {
        zaehlernummer: 'W-2-alt',
        anfangDatum: '2025-04-01',
        anfangStand: '834.500',
        endeDatum: '2025-07-15',
        endeStand: '901.300',
        verbrauch: '66.800',
      },
      {
        zaehlernummer: 'W-2-neu',
        anfangDatum: '2025-07-15',
        anfangStand: '0.000',
        endeDatum: '2025-10-31',
        endeStand: '83.200',
        verbrauch: '83.200',
      },
    ]);
    expect(meterConsumption(READINGS.HWZ!, PERIOD).verbrauch).toBe('480.000');
    expect(meterConsumption(READINGS.P1!, PERIOD).verbrauch).toBe('150.000');
    expect(meterConsumption(READINGS.P3!, PERIOD).verbrauch).toBe('110.000');
  });

  it('counts a meter changed on the last day of the period up to its final reading', () => {
    const readings = [
      r('2025-04-01', 'A', '10.000'),
      r('2025-10-31', 'A', '15.500', true),
      r('2025-10-31', 'B', '0.000'),
    ];
    expect(meterConsumption(readings, PERIOD).verbrauch).toBe('5.500');
    expect(meterConsumption([], PERIOD)).toEqual({ verbrauch: '0.000', segmente: [] });
  });

  it('names the ends of the period where a running meter has no reading', () => {
    expect(missingPeriodEnds(READINGS.P2!, PERIOD)).toEqual([]);
    expect(missingPeriodEnds(READINGS.P3!, PERIOD)).toEqual([]); // first read at von: no earlier meter
    const gaps = [r('2024-10-31', 'A', '5.000'), r('2025-05-02', 'A', '10.000'), r('2025-09-30', 'A', '20.000')];
    expect(missingPeriodEnds(gaps, PERIOD)).toEqual([
      { ende: 'von', datum: '2025-04-01', zaehlernummer: 'A' },
      { ende: 'bis', datum: '2025-10-31', zaehlernummer: 'A' },
    ]);
    // A meter changed before von: the new meter is the one to read at von.
    const changed = [r('2025-03-01', 'A', '9.000', true), r('2025-03-01', 'B', '0.000'), r('2025-10-31', 'B', '4.000')];
    expect(missingPeriodEnds(changed, PERIOD)).toEqual([{ ende: 'von', datum: '2025-04-01', zaehlernummer: 'B' }]);
    // A meter closed by its change row and no new one: nothing runs, nothing is missing.
    expect(missingPeriodEnds([r('2025-04-01', 'A', '1.000'), r('2025-06-01', 'A', '2.000', true)], PERIOD)).toEqual([]);
  });

  it('refuses a reading below the previous one without a meter change', () => {
    const readings = [r('2025-04-01', 'A', '10.000'), r('2025-10-31', 'A', '9.000')];
    expect(() => meterConsumption(readings, PERIOD)).toThrow(GesunkenerZaehlerstandError);
    try {
      meterConsumption(readings, PERIOD);
    } catch (error) {
      expect(error).toMatchObject({ status: 422, code: 'zaehlerstand_gesunken' });
      expect(String(error)).toContain('„A“');
    }
  });

  it('refuses a reading in between above the end, though the end is above the start', () => {
    const readings = [r('2025-04-01', 'A', '10.000'), r('2025-06-30', 'A', '30.000'), r('2025-10-31', 'A', '20.000')];
    expect(() => meterConsumption(readings, PERIOD)).toThrow(GesunkenerZaehlerstandError);
    try {
      meterConsumption(readings, PERIOD);
    } catch (error) {
      expect((error as GesunkenerZaehlerstandError).segmente).toEqual([
        { zaehlernummer: 'A', vonDatum: '2025-06-30', vonStand: '30.000', bisDatum: '2025-10-31', bisStand: '20.000' },
      ]);
    }
  });
});

describe('settleWater: DOMAIN.md water example', () => {
  it('proportional: 960.00 € split 150:150:110 → 351.22 / 351.22 / 257.56, akonto 300.00 → +61.22 / +61.22 / −32.44', () => {
    const result = settleWater(domainInput('proportional'));
    expect(money(result.zeilen)).toEqual([
      ['P1', '150.000', '25.610', 30000, 5122, 36122, 6122],
      ['P2', '150.000', '25.610', 30000, 5122, 36122, 6122],
      ['P3', '110.000', '18.780', 22000, 3756, 26756, -3244],
    ]);
    expect(result.zeilen[0]).toEqual({
      parzelleId: 1,
      parzelleNummer: 'P1',
      adresseId: 101,
      verbrauch: '150.000',
      schwund: '25.610',
      verbrauchCent: 30000,
      schwundCent: 5122,
      grundgebuehrCent: 1000,
      betragCent: 36122,
      akontoCent: 30000,
      differenzCent: 6122,
    });
    // The water part without the fee, as DOMAIN.md writes it.
    expect(result.zeilen.map((z) => z.verbrauchCent + z.schwundCent)).toEqual([35122, 35122, 25756]);
    expect(result.hauptwasserzaehler).toEqual([
      {
        id: 7,
        nummer: 'HWZ 1',
        verbrauch: '480.000',
        summeParzellen: '410.000',
        schwund: '70.000',
        schwundProzent: '14.58',
      },
    ]);
    expect(result.summen).toEqual({ betragCent: 99000, akontoCent: 90000, differenzCent: 9000 });
  });

  it('gleichverteilt: 300.00 / 300.00 / 220.00 plus 140.00 € loss → 346.67 / 346.67 / 266.66', () => {
    const result = settleWater(domainInput('gleichverteilt'));
    expect(money(result.zeilen)).toEqual([
      ['P1', '150.000', '23.334', 30000, 4667, 35667, 5667],
      ['P2', '150.000', '23.333', 30000, 4667, 35667, 5667],
      ['P3', '110.000', '23.333', 22000, 4666, 27666, -2334],
    ]);
    expect(result.zeilen.map((z) => z.verbrauchCent + z.schwundCent)).toEqual([34667, 34667, 26666]);
    expect(result.summen).toEqual({ betragCent: 99000, akontoCent: 90000, differenzCent: 9000 });
  });

  it('keine: each plot pays its own volume, the loss is shown but the club carries it', () => {
    const result = settleWater(domainInput('keine'));
    expect(money(result.zeilen)).toEqual([
      ['P1', '150.000', '0.000', 30000, 0, 31000, 1000],
      ['P2', '150.000', '0.000', 30000, 0, 31000, 1000],
      ['P3', '110.000', '0.000', 22000, 0, 23000, -7000],
    ]);
    expect(result.hauptwasserzaehler[0]).toMatchObject({ schwund: '70.000', schwundProzent: '14.58' });
    expect(result.summen).toEqual({ betragCent: 85000, akontoCent: 90000, differenzCent: -5000 });
  });

  it('proposes next akonto from the charged volume, rounded up to whole euros, not below the minimum', () => {
    const settled = settleWater(domainInput('proportional')).zeilen;
    expect(settled.map((z) => chargedVolume(z))).toEqual(['175.610', '175.610', '128.780']);
    const rows = akontoBerechnung(
      [
        ...settled.map((z) => ({
          parzelleId: z.parzelleId,
          parzelleNummer: z.parzelleNummer,
          verbrauch: chargedVolume(z),
          preisProM3: '2.00',
          akontoCent: z.parzelleId === 2 ? 40000 : null,
        })),
        { parzelleId: 9, parzelleNummer: 'P10', verbrauch: null, preisProM3: '2.00', akontoCent: null },
      ],
      26000,
    );
    expect(rows.map((x) => [x.parzelleNummer, x.vorschlagCent, x.akontoCent])).toEqual([
      ['P1', 35200, 35200], // 351.22 € → 352 €
      ['P2', 35200, 40000], // a stored akonto wins over the proposal
      ['P3', 26000, 26000], // 257.56 € → 258 €, but the minimum is 260 €
      ['P10', 26000, 26000], // no previous settlement: the minimum
    ]);
    expect(akontoVorschlagCent({ verbrauch: '150.000', preisProM3: '2.00', akontoMindestCent: 0 })).toBe(30000);
    expect(akontoVorschlagCent({ verbrauch: '150.001', preisProM3: '2.00', akontoMindestCent: 0 })).toBe(30100);
  });
});

describe('settleWater: own examples', () => {
  // Plots "2", "9", "10": natural order, not text order ("10" < "2"), and ids in yet another order.
  const uneven = (schwundMethode: SchwundMethode): SettlementInput => ({
    schwundMethode,
    hauptwasserzaehler: [{ id: 1, nummer: 'Süd', verbrauch: '120.000' }],
    parzellen: [
      ['10', 1, '12.345'],
      ['2', 2, '33.333'],
      ['9', 3, '66.667'],
    ].map(([nummer, id, verbrauch]) => ({
      parzelleId: Number(id),
      parzelleNummer: String(nummer),
      adresseId: null,
      hauptwasserzaehlerId: 1,
      verbrauch: String(verbrauch),
      preisProM3: '1.90',
      grundgebuehrCent: 0,
      akontoCent: 0,
    })),
  });

  it('proportional: 228.00 € by largest remainder over 33.333 : 66.667 : 12.345 m³', () => {
    const result = settleWater(uneven('proportional'));
    // Exact shares 6764.81 / 13529.82 / 2505.37 ct: floors leave 2 ct for "9" and "2".
    expect(money(result.zeilen)).toEqual([
      ['2', '33.333', '2.271', 6333, 432, 6765, 6765],
      ['9', '66.667', '4.543', 12667, 863, 13530, 13530],
      ['10', '12.345', '0.841', 2346, 159, 2505, 2505],
    ]);
    expect(result.hauptwasserzaehler[0]).toMatchObject({
      summeParzellen: '112.345',
      schwund: '7.655',
      schwundProzent: '6.38',
    });
    expect(result.summen.betragCent).toBe(22800);
  });

  it('gleichverteilt: 14.54 € loss in three, the extra cents to the lowest plot numbers', () => {
    const result = settleWater(uneven('gleichverteilt'));
    expect(money(result.zeilen)).toEqual([
      ['2', '33.333', '2.552', 6333, 485, 6818, 6818],
      ['9', '66.667', '2.552', 12667, 485, 13152, 13152],
      ['10', '12.345', '2.551', 2346, 484, 2830, 2830],
    ]);
  });

  it('rounds half away from zero at half a cent, the main-meter total once and each own volume', () => {
    // 10.005 m³ × 1.00 € = 10.005 € → 10.01 €, split 1:1 → the tie's cent to plot "2".
    const result = settleWater({
      schwundMethode: 'proportional',
      hauptwasserzaehler: [{ id: 1, nummer: 'H', verbrauch: '10.005' }],
      parzellen: [
        { ...plotOf('10', 1, '5.000', '1.00'), hauptwasserzaehlerId: 1 },
        { ...plotOf('2', 2, '5.000', '1.00'), hauptwasserzaehlerId: 1 },
        plotOf('1', 3, '1.100', '2.15'), // 2.365 € → 2.37 € (banker's rounding would give 2.36)
      ],
    });
    expect(money(result.zeilen)).toEqual([
      ['1', '1.100', '0.000', 237, 0, 237, 237],
      ['2', '5.000', '0.003', 500, 1, 501, 501],
      ['10', '5.000', '0.002', 500, 0, 500, 500],
    ]);
  });

  it('refuses a negative loss with a 422 that names the main meter, never billing it', () => {
    const input: SettlementInput = {
      schwundMethode: 'proportional',
      hauptwasserzaehler: [
        { id: 1, nummer: 'HWZ Nord', verbrauch: '400.000' },
        { id: 2, nummer: 'HWZ Süd', verbrauch: '50.000' },
      ],
      parzellen: [{ ...plotOf('1', 1, '410.000', '2.00'), hauptwasserzaehlerId: 1 }],
    };
    expect(() => settleWater(input)).toThrow(NegativerSchwundError);
    try {
      settleWater(input);
    } catch (error) {
      expect(error).toMatchObject({
        status: 422,
        code: 'negativer_schwund',
        hauptwasserzaehler: [
          { id: 1, nummer: 'HWZ Nord', verbrauch: '400.000', summeParzellen: '410.000', schwund: '-10.000' },
        ],
      });
      expect((error as Error).message).toContain('„HWZ Nord“');
      expect((error as Error).message).not.toContain('HWZ Süd');
    }
    // The same with 'keine': the loss is not billed, but a negative one still means a wrong reading.
    expect(() => settleWater({ ...input, schwundMethode: 'keine' })).toThrow(NegativerSchwundError);
  });

  it('rounds the main-meter total once: with no loss at all a plot can still carry a cent of rounding', () => {
    // Own volumes 2 × 2.365 € round to 2 × 2.37 €, the main meter's 4.73 € is rounded once and split
    // 1:1 → 2.37 / 2.36: plot "10" shows −0.01 € Schwund. Issue 12's rule, kept as written.
    const result = settleWater({
      schwundMethode: 'proportional',
      hauptwasserzaehler: [{ id: 1, nummer: 'H', verbrauch: '2.200' }],
      parzellen: [
        { ...plotOf('10', 1, '1.100', '2.15'), hauptwasserzaehlerId: 1 },
        { ...plotOf('2', 2, '1.100', '2.15'), hauptwasserzaehlerId: 1 },
      ],
    });
    expect(money(result.zeilen)).toEqual([
      ['2', '1.100', '0.000', 237, 0, 237, 237],
      ['10', '1.100', '0.000', 237, -1, 236, 236],
    ]);
  });

  it('a main meter without plots is shown, its loss carried by the club; plots at 0 m³ share it equally', () => {
    const result = settleWater({
      schwundMethode: 'proportional',
      hauptwasserzaehler: [
        { id: 1, nummer: 'Leer', verbrauch: '5.000' },
        { id: 2, nummer: 'Still', verbrauch: '1.000' },
      ],
      parzellen: [
        { ...plotOf('1', 1, '0.000', '2.00'), hauptwasserzaehlerId: 2 },
        { ...plotOf('2', 2, '0.000', '2.00'), hauptwasserzaehlerId: 2 },
        { ...plotOf('3', 3, '0.000', '2.00'), hauptwasserzaehlerId: 2 },
      ],
    });
    expect(result.hauptwasserzaehler.map((h) => [h.nummer, h.summeParzellen, h.schwund, h.schwundProzent])).toEqual([
      ['Leer', '0.000', '5.000', '100.00'],
      ['Still', '0.000', '1.000', '100.00'],
    ]);
    expect(money(result.zeilen)).toEqual([
      ['1', '0.000', '0.334', 0, 67, 67, 67],
      ['2', '0.000', '0.333', 0, 67, 67, 67],
      ['3', '0.000', '0.333', 0, 66, 66, 66],
    ]);
  });

  it('plots with their own price (a water group) keep the one-price rule when the prices agree', () => {
    const same = settleWater(uneven('proportional'));
    const mixed = settleWater({
      ...uneven('proportional'),
      parzellen: uneven('proportional').parzellen.map((p) =>
        p.parzelleNummer === '10' ? { ...p, preisProM3: '3.00' } : p,
      ),
    });
    expect(same.summen.betragCent).toBe(mulToCents('120.000', '1.90'));
    // Each plot's charged volume × its own price: 120 × (33.333·1.9 + 66.667·1.9 + 12.345·3) / 112.345.
    expect(mixed.summen.betragCent).toBe(24250); // 242.5048… €
    expect(mixed.zeilen.map((z) => z.schwund)).toEqual(same.zeilen.map((z) => z.schwund));
  });
});

function plotOf(nummer: string, id: number, verbrauch: string, preisProM3: string): SettlementPlot {
  return {
    parzelleId: id,
    parzelleNummer: nummer,
    adresseId: null,
    hauptwasserzaehlerId: null,
    verbrauch,
    preisProM3,
    grundgebuehrCent: 0,
    akontoCent: 0,
  };
}

/** mulberry32: a small seeded generator, so a failure can be replayed. */
function mulberry32(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

describe('settleWater: properties over random inputs', () => {
  const PRICES = ['2.00', '1.85', '2.1375', '0.9999', '3.5'];
  const METHODS: SchwundMethode[] = ['keine', 'proportional', 'gleichverteilt'];
  const m3 = (litres: number) => (litres / 1000).toFixed(3);

  it('rows add up to the totals, each loss to its main meter, each main-meter total to its rounded charge', () => {
    const random = mulberry32(20251124);
    const int = (max: number) => Math.floor(random() * (max + 1));
    for (let run = 0; run < 400; run++) {
      const schwundMethode = METHODS[int(2)]!;
      const onePrice = random() < 0.7;
      const price = PRICES[int(PRICES.length - 1)]!;
      const parzellen: SettlementPlot[] = [];
      const hauptwasserzaehler = [];
      const lossOf = new Map<number, number>();
      for (let meter = 1; meter <= 1 + int(3); meter++) {
        let sum = 0;
        for (let k = int(8); k > 0; k--) {
          const litres = random() < 0.1 ? 0 : int(400_000);
          sum += litres;
          const id = parzellen.length + 1;
          parzellen.push({
            ...plotOf(String(1 + int(60)), id, m3(litres), onePrice ? price : PRICES[int(PRICES.length - 1)]!),
            hauptwasserzaehlerId: meter,
            grundgebuehrCent: int(2000),
            akontoCent: int(50_000),
          });
        }
        const loss = random() < 0.1 ? 0 : int(60_000);
        lossOf.set(meter, loss);
        hauptwasserzaehler.push({ id: meter, nummer: `H${meter}`, verbrauch: m3(sum + loss) });
      }
      for (let k = int(2); k > 0; k--) parzellen.push(plotOf(`X${k}`, parzellen.length + 1, m3(int(9999)), price));

      const result = settleWater({ schwundMethode, hauptwasserzaehler, parzellen });
      const seed = `run ${run}`;
      expect(result.zeilen, seed).toHaveLength(parzellen.length);
      for (const z of result.zeilen) {
        expect(z.betragCent, seed).toBe(z.verbrauchCent + z.schwundCent + z.grundgebuehrCent);
        expect(z.differenzCent, seed).toBe(z.betragCent - z.akontoCent);
      }
      expect(result.summen, seed).toEqual({
        betragCent: sumCents(result.zeilen.map((z) => z.betragCent)),
        akontoCent: sumCents(result.zeilen.map((z) => z.akontoCent)),
        differenzCent: sumCents(result.zeilen.map((z) => z.differenzCent)),
      });
      for (const h of hauptwasserzaehler) {
        const ids = new Set(parzellen.filter((p) => p.hauptwasserzaehlerId === h.id).map((p) => p.parzelleId));
        const rows = result.zeilen.filter((z) => ids.has(z.parzelleId));
        const schwundLitres = rows.reduce((a, z) => a + Math.round(Number(z.schwund) * 1000), 0);
        const charged = sumCents(rows.map((z) => z.verbrauchCent + z.schwundCent));
        if (schwundMethode === 'keine' || rows.length === 0) {
          expect(schwundLitres, seed).toBe(0);
          expect(
            rows.every((z) => z.schwundCent === 0),
            seed,
          ).toBe(true);
          continue;
        }
        expect(schwundLitres, seed).toBe(lossOf.get(h.id));
        if (!onePrice) continue;
        if (schwundMethode === 'proportional') expect(charged, seed).toBe(mulToCents(h.verbrauch, price));
        else expect(sumCents(rows.map((z) => z.schwundCent)), seed).toBe(mulToCents(m3(lossOf.get(h.id)!), price));
        // An equal split: the loss cents differ by at most one from plot to plot.
        if (schwundMethode === 'gleichverteilt') {
          const cents = rows.map((z) => z.schwundCent);
          expect(Math.max(...cents) - Math.min(...cents), seed).toBeLessThanOrEqual(1);
        }
      }
    }
  });
});
