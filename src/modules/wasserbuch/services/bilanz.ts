import type { Db } from '../../../platform/db/db';
import { notFound } from '../../../platform/errors';
import { fixed, toBig } from '../../../platform/money';
import { readSection } from '../../vereinseinstellungen/services';
import type { Bilanz, BilanzPunkt } from '../schema/zaehler';
import { fromLiter } from './readingRows';
import { meterConsumption, type SettlementReading } from './settlementConsumption';
import { GesunkenerZaehlerstandError } from './settlementErrors';
import { grunddatenFuerJahr } from './wassergrunddaten';

// The main-meter balance over time (issue 12, beyond the spec): at every date the main meter was
// read, its consumption since the previous reading against the sum of its plots' consumption over
// the same two dates, and the loss — a leak shows as a growing loss, a stuck meter as a negative one.

const day = (v: unknown) => String(v).slice(0, 10);

type Reading = SettlementReading & { ownerId: number };

async function readingsOf(db: Db, column: 'parzelle_id' | 'hauptwasserzaehler_id', ids: number[]) {
  if (!ids.length) return [];
  const rows = await db('wasserablesungen')
    .whereIn(column, ids)
    .whereNotNull('stand_liter')
    .select('id', column, 'datum', 'zaehlernummer', 'stand_liter', 'is_zaehlerwechsel');
  return rows.map(
    (r): Reading => ({
      id: Number(r.id),
      ownerId: Number(r[column]),
      datum: day(r.datum),
      zaehlernummer: r.zaehlernummer,
      stand: fromLiter(r.stand_liter ?? 0),
      isZaehlerwechsel: Boolean(r.is_zaehlerwechsel),
    }),
  );
}

/** Consumption between two dates, null when a reading sank without a meter change. */
function consumption(readings: Reading[], von: string, bis: string): string | null {
  try {
    return meterConsumption(readings, { von, bis }).verbrauch;
  } catch (err) {
    if (err instanceof GesunkenerZaehlerstandError) return null;
    throw err;
  }
}

const plural = (n: number, one: string, many: string) => `${n} ${n === 1 ? one : many}`;

export async function hauptwasserzaehlerBilanz(db: Db, id: number): Promise<Bilanz> {
  const hwz = await db('hauptwasserzaehler').where({ id }).first('id', 'nummer');
  if (!hwz) throw notFound('Der Hauptwasserzähler wurde nicht gefunden.');
  // The year's Wassergrunddaten set the warning threshold; the settings where a year has none.
  const standard = (await readSection(db, 'optionenWasser')).schwundWarnProzent;
  const perYear = new Map<number, string>();
  const warnOf = async (datum: string) => {
    const jahr = Number(datum.slice(0, 4));
    if (!perYear.has(jahr)) perYear.set(jahr, (await grunddatenFuerJahr(db, jahr))?.schwundWarnungProzent ?? standard);
    return perYear.get(jahr) ?? standard;
  };
  const main = await readingsOf(db, 'hauptwasserzaehler_id', [id]);
  const plots = await db('parzellen')
    .where({ hauptwasserzaehler_id: id })
    .select('id', 'aktiv', 'wasserzaehler_nummer');
  const plotReadings = await readingsOf(
    db,
    'parzelle_id',
    plots.map((p) => Number(p.id)),
  );
  const byPlot = new Map<number, Reading[]>();
  for (const r of plotReadings) byPlot.set(r.ownerId, [...(byPlot.get(r.ownerId) ?? []), r]);

  // A day on which only the main meter was changed (WechselHWZ, no plot read) is no point of its
  // own: its consumption runs on into the next point, across the change.
  const plotDays = new Set(plotReadings.map((r) => r.datum));
  const changeOnly = (datum: string) =>
    main.some((r) => r.datum === datum && r.isZaehlerwechsel) && !plotDays.has(datum);
  const all = [...new Set(main.map((r) => r.datum))].sort();
  const dates = all.filter((d, i) => i === 0 || i === all.length - 1 || !changeOnly(d));
  const schwellen = new Map<string, string>();
  for (const d of dates) schwellen.set(d, await warnOf(d));
  const punkte = dates.map((datum, i): BilanzPunkt => {
    const warnProzent = schwellen.get(datum) ?? standard;
    // The meter's reading that day: after a change the new meter's first one (the later row).
    const that = main
      .filter((r) => r.datum === datum)
      .sort((a, b) => Number(b.isZaehlerwechsel) - Number(a.isZaehlerwechsel) || (a.id ?? 0) - (b.id ?? 0));
    const stand = that.at(-1)?.stand ?? null;
    const von = dates[i - 1];
    const counted = plots.filter((p) => {
      const own = byPlot.get(Number(p.id)) ?? [];
      const active = Boolean(p.aktiv) && Boolean(p.wasserzaehler_nummer);
      return active || own.some((r) => (von ?? datum) <= r.datum && r.datum <= datum);
    });
    if (von === undefined) {
      return {
        datum,
        stand,
        verbrauch: null,
        summeParzellen: null,
        anzahlParzellen: counted.length,
        anzahlGelesen: counted.filter((p) => (byPlot.get(Number(p.id)) ?? []).some((r) => r.datum === datum)).length,
        schwund: null,
        schwundProzent: null,
        warnung: false,
        hinweis: 'Erste Ablesung – kein Vergleich',
      };
    }
    const verbrauch = consumption(main, von, datum);
    let summe = toBig(0);
    let gelesen = 0;
    let gesunken = false;
    for (const p of counted) {
      const own = byPlot.get(Number(p.id)) ?? [];
      if (!own.some((r) => r.datum === von) || !own.some((r) => r.datum === datum)) continue;
      gelesen++;
      const v = consumption(own, von, datum);
      if (v === null) gesunken = true;
      else summe = summe.plus(toBig(v));
    }
    const summeParzellen = fixed(summe, 3);
    const fehlend = counted.length - gelesen;
    const schwund = verbrauch === null ? null : toBig(verbrauch).minus(summe);
    const schwundProzent =
      schwund && verbrauch !== null && !toBig(verbrauch).eq(0)
        ? fixed(schwund.div(toBig(verbrauch)).times(100), 2)
        : null;
    const hinweise: string[] = [];
    if (verbrauch === null || gesunken) hinweise.push('Sinkender Zählerstand ohne Zählerwechsel');
    if (fehlend) hinweise.push(`${plural(fehlend, 'Parzelle', 'Parzellen')} ohne Ablesung`);
    const complete = !fehlend && !gesunken && schwund !== null;
    const ueber = schwundProzent !== null && toBig(schwundProzent).gt(toBig(warnProzent));
    const negativ = schwund?.lt(0) ?? false;
    if (complete && ueber) hinweise.push(`Schwund über ${warnProzent} %: Leck?`);
    if (complete && negativ) hinweise.push('Parzellen verbrauchen mehr als der Hauptwasserzähler misst: steht er?');
    return {
      datum,
      stand,
      verbrauch,
      summeParzellen,
      anzahlParzellen: counted.length,
      anzahlGelesen: gelesen,
      schwund: schwund === null ? null : fixed(schwund, 3),
      schwundProzent,
      warnung: complete && (ueber || negativ),
      hinweis: hinweise.length ? hinweise.join('; ') : null,
    };
  });
  const newest = dates.at(-1);
  return { id: Number(hwz.id), nummer: hwz.nummer, warnProzent: newest ? await warnOf(newest) : standard, punkte };
}
