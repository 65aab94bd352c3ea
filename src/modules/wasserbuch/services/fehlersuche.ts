import { collator } from '../../../platform/collation';
import { formatGermanDate } from '../../../platform/dates';
import type { Db } from '../../../platform/db/db';
import { validationFailed } from '../../../platform/errors';
import { formatM3, formatPercent, toBig } from '../../../platform/money';
import { readSection } from '../../vereinseinstellungen/services';
import { BEFUND_ARTEN, type Befund, type Fehlersuche, type FehlersucheInput } from '../schema/fehlersuche';
import { type FehlersucheData, loadFehlersucheData, type Owner, ownerName } from './fehlersucheData';
import { grunddatenFuerJahr } from './index';
import {
  type MeterConsumption,
  meterConsumption,
  missingPeriodEnds,
  type SettlementPeriod,
} from './settlementConsumption';

// GetFehlersuche: the five checks of DOMAIN.md (Water) over the readings of a period, so the
// Wasserwart finds what would stop or falsify the settlement before he creates it.

const m3 = (v: string) => formatM3(v, { nbsp: false });
const de = (iso: string) => formatGermanDate(iso);

/** The warning thresholds: the Wassergrunddaten of stichtag's year, else the settings' optionenWasser. */
export async function fehlersucheSchwellen(
  db: Db,
  stichtag: string,
): Promise<{ verbrauchsfaktor: string; schwundProzent: string }> {
  const grunddaten = await grunddatenFuerJahr(db, Number(stichtag.slice(0, 4)));
  if (grunddaten) {
    return { verbrauchsfaktor: grunddaten.verbrauchsfaktorWarnung, schwundProzent: grunddaten.schwundWarnungProzent };
  }
  const settings = await readSection(db, 'optionenWasser');
  return {
    verbrauchsfaktor: String(settings.verbrauchsWarnFaktor),
    schwundProzent: String(settings.schwundWarnProzent),
  };
}

/** The stored settlements' periods before `stichtag`, newest first. */
async function earlierSettlements(db: Db, stichtag: string): Promise<SettlementPeriod[]> {
  const rows = await db('wasserabrechnungen')
    .where('stichtag', '<', stichtag)
    .orderBy('stichtag', 'desc')
    .select('von', 'stichtag');
  return rows.map((r) => ({ von: String(r.von).slice(0, 10), bis: String(r.stichtag).slice(0, 10) }));
}

/**
 * The period before `von` that `hoherVerbrauch` compares with: the newest stored settlement ending
 * at or before `von`, else the last two reading dates up to `von` (normally the round before and
 * `von` itself). Null when there is no such period.
 */
function previousPeriod(settlements: SettlementPeriod[], readingDates: string[], von: string): SettlementPeriod | null {
  const settled = settlements.find((s) => s.bis <= von);
  if (settled) return settled;
  const before = readingDates.filter((d) => d <= von);
  if (before.length < 2) return null;
  return { von: before.at(-2)!, bis: before.at(-1)! };
}

type Found = Omit<Befund, 'parzelleId' | 'parzelleNummer' | 'hauptwasserzaehlerId'>;

function befund(owner: Owner | null, found: Found): Befund {
  return {
    ...found,
    parzelleId: owner?.parzelleId ?? null,
    parzelleNummer: owner?.parzelleNummer ?? null,
    hauptwasserzaehlerId: owner?.hauptwasserzaehlerId ?? null,
  };
}

/** The consumption of one owner in a period, or null when it cannot be told (missing end, falling stand). */
function consumptionOrNull(owner: Owner, period: SettlementPeriod): MeterConsumption | null {
  if (period.von >= period.bis) return null;
  if (missingPeriodEnds(owner.readings, period).length > 0) return null;
  const inside = owner.readings.filter((r) => r.datum >= period.von && r.datum <= period.bis);
  if (!inside.some((r) => r.datum === period.von) || !inside.some((r) => r.datum === period.bis)) return null;
  try {
    return meterConsumption(owner.readings, period);
  } catch {
    return null; // a falling stand: reported as gesunkenerStand
  }
}

/** Missing readings: at the stichtag for every active meter, at either end for every meter that runs through the period. */
function fehlendeAblesungen(data: FehlersucheData, period: SettlementPeriod): Befund[] {
  const out: Befund[] = [];
  const seen = new Set<string>();
  const add = (owner: Owner, datum: string, zaehlernummer: string | null) => {
    const key = `${owner.key}|${datum}`;
    if (seen.has(key)) return;
    seen.add(key);
    const meter = zaehlernummer ? ` (Zähler ${zaehlernummer})` : '';
    out.push(
      befund(owner, {
        art: 'fehlendeAblesung',
        text: `${ownerName(owner)}${meter}: keine Ablesung am ${de(datum)}.`,
        zaehlernummer,
        datum,
        ablesungId: owner.leer.get(datum) ?? null,
      }),
    );
  };
  for (const owner of data.owners.values()) {
    const running = owner.aktiv && owner.aktuelleNummer !== null;
    if (running && !owner.readings.some((r) => r.datum === period.bis)) add(owner, period.bis, owner.aktuelleNummer);
    // An owner given up before the period (inactive, nothing read in it) is not running any more.
    const readInPeriod = owner.readings.some((r) => r.datum >= period.von && r.datum <= period.bis);
    if (period.von < period.bis && (owner.aktiv || readInPeriod)) {
      for (const m of missingPeriodEnds(owner.readings, period)) add(owner, m.datum, m.zaehlernummer);
    }
  }
  return out;
}

/** A reading below the previous one of the same meter, without a change between them, dated in the period. */
function gesunkeneStaende(data: FehlersucheData, period: SettlementPeriod): Befund[] {
  const out: Befund[] = [];
  for (const owner of data.owners.values()) {
    const last = new Map<string, (typeof owner.readings)[number]>();
    for (const r of owner.readings) {
      const prev = last.get(r.zaehlernummer);
      if (prev && !prev.isZaehlerwechsel && r.datum >= period.von && toBig(r.stand).lt(toBig(prev.stand))) {
        out.push(
          befund(owner, {
            art: 'gesunkenerStand',
            text: `${ownerName(owner)}, Zähler ${r.zaehlernummer}: Stand ${m3(r.stand)} am ${de(r.datum)} ist kleiner als ${m3(prev.stand)} am ${de(prev.datum)}, ohne Zählerwechsel.`,
            zaehlernummer: r.zaehlernummer,
            datum: r.datum,
            ablesungId: r.id,
          }),
        );
      }
      last.set(r.zaehlernummer, r);
    }
  }
  return out;
}

/** A plot that used more than `faktor` × its consumption of the previous period. */
function hoheVerbraeuche(
  data: FehlersucheData,
  period: SettlementPeriod,
  previous: SettlementPeriod | null,
  faktor: string,
): Befund[] {
  if (!previous) return [];
  const out: Befund[] = [];
  for (const owner of data.owners.values()) {
    if (owner.parzelleId === null) continue;
    const now = consumptionOrNull(owner, period);
    const before = now && consumptionOrNull(owner, previous);
    if (!now || !before || toBig(before.verbrauch).lte(0)) continue;
    if (!toBig(now.verbrauch).gt(toBig(before.verbrauch).times(toBig(faktor)))) continue;
    const atEnd = owner.readings.filter((r) => r.datum === period.bis).at(-1);
    out.push(
      befund(owner, {
        art: 'hoherVerbrauch',
        text: `${ownerName(owner)}: Verbrauch ${m3(now.verbrauch)} vom ${de(period.von)} bis ${de(period.bis)} ist mehr als das ${formatFactor(faktor)}-Fache der Vorperiode (${m3(before.verbrauch)} vom ${de(previous.von)} bis ${de(previous.bis)}).`,
        zaehlernummer: atEnd?.zaehlernummer ?? owner.aktuelleNummer,
        datum: period.bis,
        ablesungId: atEnd?.id ?? null,
      }),
    );
  }
  return out;
}

/** "3" → "3", "2.5" → "2,5". */
const formatFactor = (f: string) => toBig(f).toString().replace('.', ',');

/** A meter number that two owners use: the current assignments and the readings of the period. */
function doppelteNummern(data: FehlersucheData, period: SettlementPeriod): Befund[] {
  const users = new Map<string, { nummer: string; owners: Map<string, Owner> }>();
  const use = (nummer: string | null, owner: Owner) => {
    const trimmed = nummer?.trim();
    if (!trimmed) return;
    const key = trimmed.toLocaleLowerCase('de-AT');
    const entry = users.get(key) ?? { nummer: trimmed, owners: new Map() };
    entry.owners.set(owner.key, owner);
    users.set(key, entry);
  };
  for (const owner of data.owners.values()) {
    if (owner.aktiv) use(owner.aktuelleNummer, owner);
    for (const r of owner.readings) if (r.datum >= period.von) use(r.zaehlernummer, owner);
  }
  const out: Befund[] = [];
  for (const { nummer, owners } of users.values()) {
    if (owners.size < 2) continue;
    const list = [...owners.values()].sort(byOwner);
    const names = list.map(ownerName).join(', ');
    for (const owner of list) {
      out.push(
        befund(owner, {
          art: 'doppelteZaehlernummer',
          text: `Zählernummer ${nummer} ist mehrfach vergeben: ${names}.`,
          zaehlernummer: nummer,
          datum: null,
          ablesungId: null,
        }),
      );
    }
  }
  return out;
}

/**
 * A main meter whose loss is above `prozent` of its volume, or negative (its plots show more water
 * than it measured: the settlement refuses that). Only when the main meter and all its plots can be
 * measured over the period; a missing reading is reported on its own.
 */
function hoheSchwuende(data: FehlersucheData, period: SettlementPeriod, prozent: string): Befund[] {
  const out: Befund[] = [];
  const owners = [...data.owners.values()];
  for (const main of owners) {
    if (main.hauptwasserzaehlerId === null) continue;
    const hwz = consumptionOrNull(main, period);
    if (!hwz) continue;
    let summe = toBig(0);
    let complete = true;
    for (const plot of owners) {
      if (plot.hwzId !== main.hauptwasserzaehlerId) continue;
      if (!plot.readings.some((r) => r.datum >= period.von && r.datum <= period.bis)) continue;
      const c = consumptionOrNull(plot, period);
      if (!c) complete = false;
      else summe = summe.plus(toBig(c.verbrauch));
    }
    if (!complete) continue;
    const verbrauch = toBig(hwz.verbrauch);
    const schwund = verbrauch.minus(summe);
    const atEnd = main.readings.filter((r) => r.datum === period.bis).at(-1);
    const found = (text: string) =>
      out.push(
        befund(main, {
          art: 'hoherSchwund',
          text,
          zaehlernummer: atEnd?.zaehlernummer ?? main.aktuelleNummer,
          datum: period.bis,
          ablesungId: atEnd?.id ?? null,
        }),
      );
    const zeitraum = `vom ${de(period.von)} bis ${de(period.bis)}`;
    if (schwund.lt(0)) {
      found(
        `${ownerName(main)}: Verbrauch ${m3(verbrauch.toFixed(3))} ${zeitraum} ist kleiner als die Summe der Parzellen ${m3(summe.toFixed(3))} (negativer Schwund).`,
      );
    } else if (verbrauch.gt(0)) {
      const anteil = schwund.times(100).div(verbrauch);
      if (anteil.gt(toBig(prozent))) {
        found(
          `${ownerName(main)}: Schwund ${m3(schwund.toFixed(3))} (${formatPercent(anteil.toFixed(2), 2, { nbsp: false })}) ${zeitraum} liegt über ${formatPercent(prozent, 2, { nbsp: false })} (Hauptzähler ${m3(verbrauch.toFixed(3))}, Parzellen ${m3(summe.toFixed(3))}).`,
        );
      }
    }
  }
  return out;
}

function byOwner(a: Owner, b: Owner): number {
  const kind = Number(a.parzelleId !== null) - Number(b.parzelleId !== null);
  return (
    kind ||
    collator.compare(
      a.parzelleNummer ?? a.hauptwasserzaehlerNummer ?? '',
      b.parzelleNummer ?? b.hauptwasserzaehlerNummer ?? '',
    )
  );
}

function byFinding(a: Befund, b: Befund): number {
  const art = BEFUND_ARTEN.indexOf(a.art) - BEFUND_ARTEN.indexOf(b.art);
  if (art) return art;
  const kind = Number(a.parzelleId !== null) - Number(b.parzelleId !== null);
  if (kind) return kind;
  const nummer = collator.compare(a.parzelleNummer ?? '', b.parzelleNummer ?? '');
  if (nummer) return nummer;
  return (a.datum ?? '').localeCompare(b.datum ?? '') || (a.ablesungId ?? 0) - (b.ablesungId ?? 0);
}

/**
 * GetFehlersuche. `von` defaults as for the settlement: the previous settlement's stichtag, else the
 * earliest reading date (then the period may be empty: only missing readings and meter numbers).
 */
export async function fehlersuche(db: Db, input: FehlersucheInput): Promise<Fehlersuche> {
  const { stichtag } = input;
  if (input.von && input.von > stichtag) {
    throw validationFailed({ von: ['Der Beginn darf nicht nach dem Stichtag liegen.'] });
  }
  const [data, settlements, schwellen] = await Promise.all([
    loadFehlersucheData(db, stichtag),
    earlierSettlements(db, stichtag),
    fehlersucheSchwellen(db, stichtag),
  ]);
  const von = input.von ?? settlements[0]?.bis ?? data.readingDates[0] ?? stichtag;
  const period: SettlementPeriod = { von, bis: stichtag };
  const befunde = [
    ...fehlendeAblesungen(data, period),
    ...gesunkeneStaende(data, period),
    ...hoheVerbraeuche(data, period, previousPeriod(settlements, data.readingDates, von), schwellen.verbrauchsfaktor),
    ...doppelteNummern(data, period),
    ...hoheSchwuende(data, period, schwellen.schwundProzent),
  ].sort(byFinding);
  return { stichtag, von, befunde };
}
