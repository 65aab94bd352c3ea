import { formatGermanDate } from '../../../platform/dates';
import type { Db } from '../../../platform/db/db';
import type { Cents, DecimalString } from '../../../platform/money';
import { fromLiter } from './readingRows';
import {
  GesunkenerZaehlerstandError,
  type MeterConsumption,
  meterConsumption,
  missingPeriodEnds,
  type SchwundMethode,
  type SettlementInput,
  type SettlementPeriod,
  type SettlementReading,
} from './settlementMath';

// Reads what the settlement needs for a period — the readings of plots and main meters, which plot
// hangs on which main meter, its water group — and turns it into the pure functions' input: one
// MeterConsumption per plot and main meter. Everything that stops a settlement (a missing reading
// at either end, a reading that sank) is collected as German sentences naming the plot or main
// meter, so the service answers one 422 listing all of them.

export type PlotConsumption = {
  parzelleId: number;
  parzelleNummer: string;
  hauptwasserzaehlerId: number | null;
  gruppeId: number | null;
  consumption: MeterConsumption;
};

export type MainMeterConsumption = { id: number; nummer: string; consumption: MeterConsumption };

type Owner = { parzelleId: number | null; parzelleNummer: string | null; hauptwasserzaehlerId: number | null };

/** One reason a period cannot be settled, with the meter and date it names (null: none in particular). */
export type AbrechnungBefund = Owner & { text: string; zaehlernummer: string | null; datum: string | null };

export type SettlementInputs = {
  parzellen: PlotConsumption[];
  hauptwasserzaehler: MainMeterConsumption[];
  /** Why the period cannot be settled; empty when it can. */
  fehler: string[];
  /** The same reasons with the meter they name, so a screen can link each to its reading. */
  befunde: AbrechnungBefund[];
};

/** One reading row as read here (a bare SELECT, no joins: the settlement of 2,000 plots reads it once). */
export type RawReading = {
  id: number;
  datum: string;
  parzelle_id: number | null;
  hauptwasserzaehler_id: number | null;
  zaehlernummer: string;
  stand_liter: number | string;
  is_zaehlerwechsel: number | boolean;
};

/** The read readings (with a stand) up to `bis`: earlier ones too, to see which meters were running at `von`. */
export async function readingsUpTo(db: Db, bis: string): Promise<RawReading[]> {
  return db('wasserablesungen')
    .whereNotNull('stand_liter')
    .where('datum', '<=', bis)
    .select('id', 'datum', 'parzelle_id', 'hauptwasserzaehler_id', 'zaehlernummer', 'stand_liter', 'is_zaehlerwechsel');
}

export const toSettlementReading = (r: RawReading): SettlementReading => ({
  id: Number(r.id),
  datum: String(r.datum).slice(0, 10),
  zaehlernummer: r.zaehlernummer,
  stand: fromLiter(r.stand_liter),
  isZaehlerwechsel: Boolean(r.is_zaehlerwechsel),
});

type PlotInfo = {
  id: number;
  nummer: string;
  hauptwasserzaehler_id: number | null;
  gruppe_id: number | null;
  aktiv: boolean | number;
  wasserzaehler_nummer: string | null;
};
type MainInfo = { id: number; nummer: string; aktiv: boolean | number };

export type MasterData = { plots: PlotInfo[]; mains: MainInfo[] };

/** The plots and main meters with what the settlement needs of them. */
export async function readMasterData(db: Db): Promise<MasterData> {
  const plots = await db('parzellen').select(
    'id',
    'nummer',
    'hauptwasserzaehler_id',
    'gruppe_id',
    'aktiv',
    'wasserzaehler_nummer',
  );
  const mains = await db('hauptwasserzaehler').select('id', 'nummer', 'aktiv');
  return { plots, mains };
}

function groupBy(
  readings: readonly RawReading[],
  key: (r: RawReading) => number | null,
): Map<number, SettlementReading[]> {
  const out = new Map<number, SettlementReading[]>();
  for (const r of readings) {
    const k = key(r);
    if (k == null) continue;
    const list = out.get(Number(k));
    if (list) list.push(toSettlementReading(r));
    else out.set(Number(k), [toSettlementReading(r)]);
  }
  return out;
}

const inside = (list: readonly SettlementReading[], p: SettlementPeriod) =>
  list.some((r) => r.datum >= p.von && r.datum <= p.bis);

/**
 * The consumption of every plot and main meter in the period, from already read rows (the service
 * and the benchmark's floor share this). Plots: every plot with a reading in the period, and every
 * active plot whose meter ran into it (then a reading is missing). Main meters: those with readings
 * in the period, those the plots hang on, and active ones that ran into it.
 */
export function consumptionsOf(
  readings: readonly RawReading[],
  master: MasterData,
  period: SettlementPeriod,
): SettlementInputs {
  const fehler: string[] = [];
  const befunde: AbrechnungBefund[] = [];
  const note = (text: string, owner: Owner, zaehlernummer: string | null, datum: string | null) => {
    fehler.push(text);
    befunde.push({ text, ...owner, zaehlernummer, datum });
  };
  const byPlot = groupBy(readings, (r) => r.parzelle_id);
  const byMain = groupBy(readings, (r) => r.hauptwasserzaehler_id);

  const consumption = (who: string, owner: Owner, list: readonly SettlementReading[]): MeterConsumption | null => {
    const missing = missingPeriodEnds(list, period);
    for (const m of missing) {
      note(
        `${who}: Für den Zähler „${m.zaehlernummer}“ fehlt die Ablesung am ${formatGermanDate(m.datum)}.`,
        owner,
        m.zaehlernummer,
        m.datum,
      );
    }
    try {
      const c = meterConsumption(list, period);
      return missing.length ? null : c;
    } catch (err) {
      if (!(err instanceof GesunkenerZaehlerstandError)) throw err;
      for (const s of err.segmente) {
        note(
          `${who}: Der Stand des Zählers „${s.zaehlernummer}“ ist von ${s.vonStand} m³ (${formatGermanDate(s.vonDatum)}) auf ${s.bisStand} m³ (${formatGermanDate(s.bisDatum)}) gesunken, ohne Zählerwechsel.`,
          owner,
          s.zaehlernummer,
          s.bisDatum,
        );
      }
      return null;
    }
  };

  const parzellen: PlotConsumption[] = [];
  const usedMains = new Set<number>();
  for (const p of master.plots) {
    const list = byPlot.get(Number(p.id)) ?? [];
    const running = Boolean(p.aktiv) && list.some((r) => r.datum < period.von);
    if (!inside(list, period) && !running) continue;
    const owner = { parzelleId: Number(p.id), parzelleNummer: p.nummer, hauptwasserzaehlerId: null };
    const c = consumption(`Parzelle ${p.nummer}`, owner, list);
    const hwz = p.hauptwasserzaehler_id == null ? null : Number(p.hauptwasserzaehler_id);
    if (hwz != null) usedMains.add(hwz);
    if (c) {
      parzellen.push({
        parzelleId: Number(p.id),
        parzelleNummer: p.nummer,
        hauptwasserzaehlerId: hwz,
        gruppeId: p.gruppe_id == null ? null : Number(p.gruppe_id),
        consumption: c,
      });
    }
  }

  const hauptwasserzaehler: MainMeterConsumption[] = [];
  for (const h of master.mains) {
    const id = Number(h.id);
    const list = byMain.get(id) ?? [];
    const running = Boolean(h.aktiv) && list.some((r) => r.datum < period.von);
    if (!inside(list, period) && !running && !usedMains.has(id)) continue;
    const who = `Hauptwasserzähler ${h.nummer}`;
    const owner = { parzelleId: null, parzelleNummer: null, hauptwasserzaehlerId: id };
    if (!inside(list, period) && !running) {
      note(
        `${who}: Im Zeitraum gibt es keine Ablesung, seine Parzellen brauchen sie für den Schwund.`,
        owner,
        h.nummer,
        period.bis,
      );
      continue;
    }
    const c = consumption(who, owner, list);
    if (c) hauptwasserzaehler.push({ id, nummer: h.nummer, consumption: c });
  }
  return { parzellen, hauptwasserzaehler, fehler, befunde };
}

/** Reads and computes the consumptions of the period [von, bis]. */
export async function loadSettlementInputs(db: Db, period: SettlementPeriod): Promise<SettlementInputs> {
  // One after the other: inside a transaction SQLite has a single connection anyway.
  const readings = await readingsUpTo(db, period.bis);
  return consumptionsOf(readings, await readMasterData(db), period);
}

/** What a settlement charges besides the volumes: the year's method and fee, each plot's price and akonto paid. */
export type SettlementTerms = {
  schwundMethode: SchwundMethode;
  grundgebuehrCent: Cents;
  priceOf: (plot: PlotConsumption) => DecimalString;
  akontoOf: (parzelleId: number) => Cents;
};

/** settleWater's input from the consumptions read here (the service and the benchmark's floor alike). */
export function settlementInputOf(
  inputs: Pick<SettlementInputs, 'parzellen' | 'hauptwasserzaehler'>,
  terms: SettlementTerms,
): SettlementInput {
  return {
    schwundMethode: terms.schwundMethode,
    hauptwasserzaehler: inputs.hauptwasserzaehler.map((h) => ({
      id: h.id,
      nummer: h.nummer,
      verbrauch: h.consumption.verbrauch,
    })),
    parzellen: inputs.parzellen.map((p) => ({
      parzelleId: p.parzelleId,
      parzelleNummer: p.parzelleNummer,
      adresseId: null,
      hauptwasserzaehlerId: p.hauptwasserzaehlerId,
      verbrauch: p.consumption.verbrauch,
      preisProM3: terms.priceOf(p),
      grundgebuehrCent: terms.grundgebuehrCent,
      akontoCent: terms.akontoOf(p.parzelleId),
    })),
  };
}
