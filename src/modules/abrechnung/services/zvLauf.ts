import { collator } from '../../../platform/collation';
import { formatGermanDate } from '../../../platform/dates';
import type { Db } from '../../../platform/db/db';
import { formatArea, toBig } from '../../../platform/money';
import { displayName } from '../../stammdaten/services';
import { markiereGebucht } from '../../wasserbuch/services';
import type { ZvEintrag, ZvParzelle, ZvPosition, ZvProblem } from '../schema/zvData';
import { abstellplaetzeJeAdresse, abstellplatzPositionen } from './abstellplatzPositionen';
import { anschriften } from './gebuchteEintraege';
import type { LaufDefinition, LaufParams } from './laufDefinition';
import { bankProblem, briefeFuer, faelligAmFuer } from './laufEmpfaenger';
import { ladePachtDaten, pachtZvPositionen } from './pachtDaten';
import { proRataNachMonaten } from './proRata';
import { ladeVereinsPositionen } from './vereinsabrechnungen';
import { vereinsPositionen, vereinsZvPosition } from './vereinsPositionen';
import { ladeEmpfaenger } from './zvEmpfaenger';
import {
  parkkartenPositionen,
  parzellenspezifischePositionen,
  versicherungsPositionen,
  type WasserDifferenz,
  wasserAkontoPositionen,
  wasserDifferenzen,
} from './zvPositionen';

// The Zahlungsvorschreibung (issue 14; docs/api/abrechnung.md "ZvData und Buchung"): one letter per
// holder of an active plot on the date, per plot in natural number order its lease lines, the club's
// plot-bound positions, plot-specific accounts, parking cards, insurances and water akonto; the
// address-bound club positions and parking-space fees on the holder's first plot; the last water
// settlement's difference to the address it was settled for. With interimBilling every plot-bound
// line is split over the year's holders by months (proRataNachMonaten); address-bound lines stay
// with the holder on the date. Every line is rounded once; a letter's sum is the sum of its lines.

const PARZELLEN_ARTEN = new Set(['proParzelle', 'proM2']);

/** A line with whether it belongs to the address (not split by interimBilling). */
type Zeile = { pos: ZvPosition; adressgebunden: boolean };

/**
 * Who gets a water difference: the address it was settled for when that one gets a letter anyway,
 * else the plot's holder on the date, else (a plot given up since) the settled address on a letter
 * of its own. null: nobody (pruefe names it).
 */
function wasserEmpfaenger(
  w: WasserDifferenz,
  hatBrief: (adresseId: number) => boolean,
  halterAm: ReadonlyMap<number, number>,
): number | null {
  if (w.adresseId !== null && hatBrief(w.adresseId)) return w.adresseId;
  return halterAm.get(w.parzelleId) ?? w.adresseId;
}

async function berechne(db: Db, p: LaufParams): Promise<ZvEintrag[]> {
  const basis = await ladeEmpfaenger(db, p);
  const pacht = await ladePachtDaten(db, p.pachtabrechnungId);
  const vereinsPos = await ladeVereinsPositionen(db, p.pachtabrechnungId);
  const spezifisch = await parzellenspezifischePositionen(db, p.jahr);
  const parkkarten = await parkkartenPositionen(db, p.pachtabrechnungId);
  const versicherungen = await versicherungsPositionen(db, p.jahr);
  const akonto = await wasserAkontoPositionen(db, p.datum);
  const wasser = await wasserDifferenzen(db, p);
  const abstellplaetze = await abstellplaetzeJeAdresse(db, p.datum);
  const abstellGebuehren = await abstellplatzPositionen(db, p.datum);

  // The holder's first plot on the date carries the address-bound lines.
  const erstePlot = new Map<number, number>();
  for (const parzelle of basis.parzellen) {
    const a = basis.halterAm.get(parzelle.id);
    if (a !== undefined && !erstePlot.has(a)) erstePlot.set(a, parzelle.id);
  }

  // adresseId → plot id → the plot's part of the letter (Map keeps the natural plot order).
  const briefe = new Map<number, Map<number, ZvParzelle>>();
  const teilVon = (adresseId: number, parzelleId: number, nummer: string): ZvParzelle => {
    const parzellen = briefe.get(adresseId) ?? new Map<number, ZvParzelle>();
    briefe.set(adresseId, parzellen);
    const teil = parzellen.get(parzelleId) ?? { parzelleId, nummer, positionen: [] };
    parzellen.set(parzelleId, teil);
    return teil;
  };

  for (const parzelle of basis.parzellen) {
    const halter = basis.halterAm.get(parzelle.id);
    // No holder on the date: pruefe names the plot; nobody to write to.
    if (halter === undefined) continue;
    const m = basis.mitglied.get(halter) ?? { istMitglied: false, weitereMitglieder: 0 };
    const istErste = erstePlot.get(halter) === parzelle.id;
    const verein = vereinsPositionen(istErste ? vereinsPos : vereinsPos.filter((v) => PARZELLEN_ARTEN.has(v.art)), {
      istMitglied: m.istMitglied,
      weitereMitglieder: m.weitereMitglieder,
      parzellen: [{ parzelleId: parzelle.id, flaeche: parzelle.flaeche }],
      abstellplaetze: abstellplaetze.get(halter) ?? 0,
    });
    const zeilen: Zeile[] = [
      ...pachtZvPositionen(parzelle, pacht).map((pos) => ({ pos, adressgebunden: false })),
      ...verein.map((z) => ({ pos: vereinsZvPosition(z), adressgebunden: z.parzelleId === null })),
      ...(spezifisch.get(parzelle.id) ?? []).map((pos) => ({ pos, adressgebunden: false })),
      ...(parkkarten.get(parzelle.id) ?? []).map((pos) => ({ pos, adressgebunden: false })),
      ...(versicherungen.get(parzelle.id) ?? []).map((pos) => ({ pos, adressgebunden: false })),
      ...(istErste ? (abstellGebuehren.get(halter) ?? []) : []).map((pos) => ({ pos, adressgebunden: true })),
      ...(akonto.get(parzelle.id) ?? []).map((pos) => ({ pos, adressgebunden: false })),
    ];
    const jahresHalter = basis.halterImJahr.get(parzelle.id) ?? [];
    const geteilt = p.interimBilling && new Set(jahresHalter.map((h) => h.adresseId)).size > 1;
    for (const { pos, adressgebunden } of zeilen) {
      if (!geteilt || adressgebunden) {
        teilVon(halter, parzelle.id, parzelle.nummer).positionen.push(pos);
        continue;
      }
      // One share per holder (a holder with two leases of the plot in the year counts once).
      const anteile = new Map<number, { monate: number; betragCent: number }>();
      for (const a of proRataNachMonaten(pos.betragCent, p.jahr, jahresHalter)) {
        const bisher = anteile.get(a.adresseId) ?? { monate: 0, betragCent: 0 };
        anteile.set(a.adresseId, { monate: bisher.monate + a.monate, betragCent: bisher.betragCent + a.betragCent });
      }
      for (const [adresseId, a] of anteile) {
        if (a.monate === 0 && a.betragCent === 0) continue;
        teilVon(adresseId, parzelle.id, parzelle.nummer).positionen.push({
          ...pos,
          text: `${pos.text} (anteilig ${a.monate}/12)`,
          menge: null,
          satz: null,
          betragCent: a.betragCent,
        });
      }
    }
  }

  // Booking marks the settlement billed, so every difference must land on a letter.
  for (const w of wasser.zeilen) {
    const an = wasserEmpfaenger(w, (id) => briefe.has(id), basis.halterAm);
    if (an === null) continue;
    teilVon(an, w.parzelleId, w.nummer).positionen.push(w.position);
  }

  const inhalt = new Map<number, ZvParzelle[]>();
  for (const [adresseId, teile] of briefe) {
    const parzellen = [...teile.values()]
      .filter((t) => t.positionen.length)
      .sort((x, y) => collator.compare(x.nummer, y.nummer));
    if (parzellen.length) inhalt.set(adresseId, parzellen);
  }
  const eintraege = await briefeFuer(db, await faelligAmFuer(db, p), inhalt);
  return eintraege.sort((x, y) => collator.compare(x.parzellen[0]!.nummer, y.parzellen[0]!.nummer));
}

const sumDecimals = (values: readonly string[]) => values.reduce((s, v) => s.plus(toBig(v)), toBig('0'));

async function pruefe(db: Db, p: LaufParams): Promise<ZvProblem[]> {
  const probleme: ZvProblem[] = [];
  const pacht = await ladePachtDaten(db, p.pachtabrechnungId);
  if (!pacht.saetze || Number(pacht.saetze.pachtzinsProM2) === 0)
    probleme.push({
      art: 'satzFehlt',
      text: `Für ${p.jahr} ist kein Pachtzins je m² eingetragen (Basisdaten Abrechnung → Pachtberechnung).`,
      parzelleId: null,
      adresseId: null,
    });
  else {
    // Stored shares stop adding up when the common area or the set of active plots changes later;
    // the letters would then bill more or less common area than there is (UpdateGemeinschaftsflaeche
    // refuses such a sum, but it cannot see a plot that became active afterwards).
    const summe = sumDecimals([...pacht.anteile.values()]);
    const soll = toBig(pacht.pachtberechnung.gemeinschaftsflaeche);
    if (pacht.anteile.size > 0 && !summe.eq(soll))
      probleme.push({
        art: 'anteileStimmenNicht',
        text: `Die Gemeinschaftsflächenanteile der Parzellen ergeben ${formatArea(summe.toFixed(2), { nbsp: false })}, die Gemeinschaftsfläche ${p.jahr} ist ${formatArea(soll.toFixed(2), { nbsp: false })} (Basisdaten → Pachtberechnungen: Anteile anpassen oder „Standardaufteilung berechnen“).`,
        parzelleId: null,
        adresseId: null,
      });
  }
  probleme.push(...(await bankProblem(db)));
  const basis = await ladeEmpfaenger(db, p);
  for (const parzelle of basis.parzellen)
    if (!basis.halterAm.has(parzelle.id))
      probleme.push({
        art: 'parzelleOhneNutzungsberechtigten',
        text: `Die Parzelle ${parzelle.nummer} hat am ${formatGermanDate(p.datum)} keinen Nutzungsberechtigten.`,
        parzelleId: parzelle.id,
        adresseId: null,
      });
  const empfaenger = new Set(basis.halterAm.values());
  for (const hs of basis.halterImJahr.values()) for (const h of hs) empfaenger.add(h.adresseId);
  const briefEmpfaenger = new Set(empfaenger);
  for (const w of (await wasserDifferenzen(db, p)).zeilen) {
    const an = wasserEmpfaenger(w, (id) => briefEmpfaenger.has(id), basis.halterAm);
    if (an !== null) empfaenger.add(an);
    else
      probleme.push({
        art: 'parzelleOhneNutzungsberechtigten',
        text: `Die Wasserabrechnung der Parzelle ${w.nummer} kann niemandem vorgeschrieben werden: die Parzelle hat am ${formatGermanDate(p.datum)} keinen Nutzungsberechtigten und die Abrechnungszeile keine Adresse.`,
        parzelleId: w.parzelleId,
        adresseId: null,
      });
  }
  const adressen = await anschriften(db, [...empfaenger]);
  for (const id of empfaenger) {
    const a = adressen.get(id);
    if (a?.strasse.trim() && a.plz.trim() && a.ort.trim()) continue;
    probleme.push({
      art: 'adresseOhneAnschrift',
      text: `Bei ${a ? displayName(a) : `Adresse ${id}`} fehlt die Anschrift (Straße, PLZ und Ort).`,
      parzelleId: null,
      adresseId: id,
    });
  }
  return probleme;
}

export const zahlungsvorschreibungLauf: LaufDefinition = {
  art: 'Zahlungsvorschreibung',
  titel: (p) => `Zahlungsvorschreibung ${p.jahr}`,
  berechne,
  pruefe,
  faelligAm: faelligAmFuer,
  // The settlement whose difference went on the letters is final from now on.
  async nachBuchung(db, p, eintraege) {
    const verrechnet = eintraege.some((e) =>
      e.parzellen.some((t) => t.positionen.some((x) => x.art === 'wasserDifferenz')),
    );
    if (!verrechnet) return;
    const { wasserabrechnungId } = await wasserDifferenzen(db, p);
    if (wasserabrechnungId !== null) await markiereGebucht(db, wasserabrechnungId);
  },
};
