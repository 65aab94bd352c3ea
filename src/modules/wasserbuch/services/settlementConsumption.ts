import { type DecimalString, fixed, toBig } from '../../../platform/money';
import { type GesunkenerStand, GesunkenerZaehlerstandError } from './settlementErrors';

/** A reading as the settlement needs it: `datum` is YYYY-MM-DD, `stand` m³ with a dot. */
export type SettlementReading = {
  id?: number;
  datum: string;
  zaehlernummer: string;
  stand: DecimalString;
  /** The old meter's final reading on a change date: it closes that meter's segment. */
  isZaehlerwechsel: boolean;
};

/** The period of a settlement, both ends included (the readings at `von` are the start readings). */
export type SettlementPeriod = { von: string; bis: string };

/** One meter's stretch inside the period, from its first to its last reading there. */
export type MeterSegment = {
  zaehlernummer: string;
  anfangDatum: string;
  anfangStand: DecimalString;
  endeDatum: string;
  endeStand: DecimalString;
  verbrauch: DecimalString;
};

export type MeterConsumption = { verbrauch: DecimalString; segmente: MeterSegment[] };

const M3_PLACES = 3;

/**
 * Same date: the change row (old meter's final reading) goes before the new meter's first reading,
 * so the walk below closes the old segment before it opens the new one; the id keeps it stable.
 */
function byReadingOrder(a: SettlementReading, b: SettlementReading): number {
  if (a.datum !== b.datum) return a.datum < b.datum ? -1 : 1;
  if (a.isZaehlerwechsel !== b.isZaehlerwechsel) return a.isZaehlerwechsel ? -1 : 1;
  return (a.id ?? 0) - (b.id ?? 0);
}

const fallenStep = (from: SettlementReading, to: SettlementReading): GesunkenerStand => ({
  zaehlernummer: from.zaehlernummer,
  vonDatum: from.datum,
  vonStand: fixed(toBig(from.stand), M3_PLACES),
  bisDatum: to.datum,
  bisStand: fixed(toBig(to.stand), M3_PLACES),
});

/**
 * Consumption over a period: the sum over the meter segments inside it of (last − first reading).
 * A segment ends at a change row (`isZaehlerwechsel`) or when the meter number changes, so a meter
 * change inside the period counts the old meter up to its final reading and the new one from its
 * first. A segment with a single reading inside the period (a meter changed exactly on `von` or on
 * `bis`) counts 0; whether readings exist at both ends is the caller's check (it names the meters).
 * Works alike for a plot's meters and a main meter's. Exact (big.js), 3 decimals.
 */
export function meterConsumption(readings: readonly SettlementReading[], period: SettlementPeriod): MeterConsumption {
  const inside = readings.filter((r) => r.datum >= period.von && r.datum <= period.bis).sort(byReadingOrder);
  const segments: { first: SettlementReading; last: SettlementReading }[] = [];
  const fallen: GesunkenerStand[] = [];
  let open: { first: SettlementReading; last: SettlementReading } | null = null;
  for (const reading of inside) {
    if (open && open.last.zaehlernummer === reading.zaehlernummer && !open.last.isZaehlerwechsel) {
      // Every step inside a segment must not fall, not only its end against its start: a reading
      // in between above the end means one of them is wrong.
      if (toBig(reading.stand).lt(toBig(open.last.stand))) fallen.push(fallenStep(open.last, reading));
      open.last = reading;
    } else {
      open = { first: reading, last: reading };
      segments.push(open);
    }
  }

  let total = toBig(0);
  const segmente = segments.map(({ first, last }): MeterSegment => {
    const volume = toBig(last.stand).minus(toBig(first.stand));
    total = total.plus(volume);
    return {
      zaehlernummer: first.zaehlernummer,
      anfangDatum: first.datum,
      anfangStand: fixed(toBig(first.stand), M3_PLACES),
      endeDatum: last.datum,
      endeStand: fixed(toBig(last.stand), M3_PLACES),
      verbrauch: fixed(volume, M3_PLACES),
    };
  });
  if (fallen.length > 0) throw new GesunkenerZaehlerstandError(fallen);
  return { verbrauch: fixed(total, M3_PLACES), segmente };
}

/** An end of the period at which a meter that was running has no reading. */
export type MissingPeriodEnd = { ende: 'von' | 'bis'; datum: string; zaehlernummer: string };

/**
 * The ends of the period a settlement cannot start from: a meter read before `von` needs a reading
 * at `von` (else the water between its last reading and its first one inside the period would be
 * counted nowhere), and a meter read up to `bis` needs a reading at `bis`. A meter whose last reading
 * is its change row is closed, so it needs none. The service turns a non-empty answer into the 422
 * that lists the meters, as the Fehlersuche does; meters the plot no longer has are its concern.
 */
export function missingPeriodEnds(
  readings: readonly SettlementReading[],
  period: SettlementPeriod,
): MissingPeriodEnd[] {
  const sorted = [...readings].sort(byReadingOrder);
  const missing: MissingPeriodEnd[] = [];
  const check = (ende: 'von' | 'bis', datum: string, before: (r: SettlementReading) => boolean) => {
    if (sorted.some((r) => r.datum === datum)) return;
    const last = sorted.filter(before).at(-1);
    if (last && !last.isZaehlerwechsel) missing.push({ ende, datum, zaehlernummer: last.zaehlernummer });
  };
  check('von', period.von, (r) => r.datum < period.von);
  check('bis', period.bis, (r) => r.datum < period.bis);
  return missing;
}
