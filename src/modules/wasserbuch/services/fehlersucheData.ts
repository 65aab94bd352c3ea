import type { Db } from '../../../platform/db/db';
import { fromLiter } from './readingRows';
import type { SettlementReading } from './settlementConsumption';

// What the Fehlersuche reads: every reading up to the stichtag grouped by meter owner, the plots and
// the main meters. One query each, so a club with 2,000 plots is checked in a few milliseconds.

export type OwnerReading = SettlementReading & { id: number };

export type Owner = {
  /** 'P<id>' or 'H<id>', as `wasserablesungen.zaehler_key`. */
  key: string;
  parzelleId: number | null;
  parzelleNummer: string | null;
  hauptwasserzaehlerId: number | null;
  hauptwasserzaehlerNummer: string | null;
  /** The plot's current meter (Stammdaten) or the main meter's number. */
  aktuelleNummer: string | null;
  /** The main meter a plot hangs on. */
  hwzId: number | null;
  aktiv: boolean;
  /** Readings with a stand, in date order (a change row before the new meter's first reading). */
  readings: OwnerReading[];
  /** Rows of a reading round without a stand yet, by date (the row to open for a missing reading). */
  leer: Map<string, number>;
};

export type FehlersucheData = { owners: Map<string, Owner>; readingDates: string[] };

function byReadingOrder(a: OwnerReading, b: OwnerReading): number {
  if (a.datum !== b.datum) return a.datum < b.datum ? -1 : 1;
  if (a.isZaehlerwechsel !== b.isZaehlerwechsel) return a.isZaehlerwechsel ? -1 : 1;
  return a.id - b.id;
}

export async function loadFehlersucheData(db: Db, stichtag: string): Promise<FehlersucheData> {
  const owners = new Map<string, Owner>();
  const plots = await db('parzellen').select('id', 'nummer', 'wasserzaehler_nummer', 'hauptwasserzaehler_id', 'aktiv');
  for (const p of plots) {
    const nummer = p.wasserzaehler_nummer?.trim() || null;
    owners.set(`P${p.id}`, {
      key: `P${p.id}`,
      parzelleId: Number(p.id),
      parzelleNummer: p.nummer,
      hauptwasserzaehlerId: null,
      hauptwasserzaehlerNummer: null,
      aktuelleNummer: nummer,
      hwzId: p.hauptwasserzaehler_id === null ? null : Number(p.hauptwasserzaehler_id),
      aktiv: Boolean(p.aktiv),
      readings: [],
      leer: new Map(),
    });
  }
  const mains = await db('hauptwasserzaehler').select('id', 'nummer', 'aktiv');
  for (const h of mains) {
    owners.set(`H${h.id}`, {
      key: `H${h.id}`,
      parzelleId: null,
      parzelleNummer: null,
      hauptwasserzaehlerId: Number(h.id),
      hauptwasserzaehlerNummer: h.nummer,
      aktuelleNummer: h.nummer,
      hwzId: null,
      aktiv: Boolean(h.aktiv),
      readings: [],
      leer: new Map(),
    });
  }

  const rows = await db('wasserablesungen')
    .where('datum', '<=', stichtag)
    .select('id', 'datum', 'zaehler_key', 'zaehlernummer', 'stand_liter', 'is_zaehlerwechsel');
  const dates = new Set<string>();
  for (const r of rows) {
    const owner = owners.get(r.zaehler_key);
    if (!owner) continue;
    const datum = String(r.datum).slice(0, 10);
    if (r.stand_liter === null) {
      owner.leer.set(datum, Number(r.id));
      continue;
    }
    dates.add(datum);
    owner.readings.push({
      id: Number(r.id),
      datum,
      zaehlernummer: r.zaehlernummer,
      stand: fromLiter(r.stand_liter),
      isZaehlerwechsel: Boolean(r.is_zaehlerwechsel),
    });
  }
  for (const owner of owners.values()) owner.readings.sort(byReadingOrder);
  return { owners, readingDates: [...dates].sort() };
}

/** "Parzelle 12" / "Hauptwasserzähler HWZ-1": how the texts name an owner. */
export const ownerName = (o: Owner): string =>
  o.parzelleId !== null ? `Parzelle ${o.parzelleNummer}` : `Hauptwasserzähler ${o.hauptwasserzaehlerNummer}`;
