import { collator } from '../../../platform/collation';
import type { Db } from '../../../platform/db/db';
import { decimalOf, formatArea, splitLargestRemainder, sumDecimals } from '../../../platform/money';
import { nutzungsberechtigteOn } from '../../stammdaten/services';
import type { ZvEintrag, ZvParzelle, ZvProblem } from '../schema/zvData';
import { ladeGruppenPositionen } from './gruppenabrechnung';
import type { LaufDefinition, LaufParams } from './laufDefinition';
import { anschriftProbleme, bankProblem, briefeFuer, faelligAmFuer } from './laufEmpfaenger';

// The Gruppenrechnung run (docs/api/abrechnung.md "Gruppenrechnungen"): each group position's amount
// is split over the group's active plots that have a holder on the date — in equal parts or by area —
// by largest remainder (the parts add up to the amount exactly; a cent left over goes to the lower
// plot number on a tie); one letter per holder, per plot the lines „<text> (Gruppe <name>, Anteil
// 1/12)“. The receivable carries the group of the letter's (first) plot.

type GruppenParzelle = { id: number; nummer: string; flaeche: string; gruppeId: number; gruppeName: string };

/** The active plots that belong to a group, in natural number order ("2" before "10"). */
async function gruppenParzellen(db: Db): Promise<GruppenParzelle[]> {
  const rows = await db('parzellen as p')
    .join('gruppen as g', 'g.id', 'p.gruppe_id')
    .where('p.aktiv', true)
    .select('p.id', 'p.nummer', 'p.flaeche', 'p.gruppe_id', 'g.name as gruppe_name');
  return rows
    .map((r) => ({
      id: Number(r.id),
      nummer: String(r.nummer),
      flaeche: decimalOf(r.flaeche, 2) ?? '0.00',
      gruppeId: Number(r.gruppe_id),
      gruppeName: String(r.gruppe_name),
    }))
    .sort((a, b) => collator.compare(a.nummer, b.nummer));
}

type Basis = {
  parzellen: GruppenParzelle[];
  halter: Map<number, number>;
  positionen: Awaited<ReturnType<typeof ladeGruppenPositionen>>;
};

async function ladeBasis(db: Db, p: LaufParams): Promise<Basis> {
  const parzellen = await gruppenParzellen(db);
  const halter = new Map<number, number>();
  if (parzellen.length)
    for (const [id, h] of await nutzungsberechtigteOn(
      db,
      p.datum,
      parzellen.map((x) => x.id),
    ))
      halter.set(id, h.adresseId);
  return { parzellen, halter, positionen: await ladeGruppenPositionen(db, p.pachtabrechnungId) };
}

/** The group of each computed letter (its first plot's), for the receivable (`gruppeIdVon`). */
const gruppeDesBriefs = new WeakMap<ZvEintrag, number | null>();

async function berechne(db: Db, p: LaufParams): Promise<ZvEintrag[]> {
  const { parzellen, halter, positionen } = await ladeBasis(db, p);
  // Per plot its lines, in the order of the positions (group name, then their order).
  const zeilen = new Map<number, ZvParzelle['positionen']>();
  for (const pos of positionen) {
    const teilnehmer = parzellen.filter((x) => x.gruppeId === Number(pos.gruppe_id) && halter.has(x.id));
    if (!teilnehmer.length) continue;
    const gleich = pos.verteilung === 'gleich';
    const gesamtFlaeche = sumDecimals(
      teilnehmer.map((x) => x.flaeche),
      2,
    );
    const anteile = splitLargestRemainder(
      Number(pos.betrag_cent),
      teilnehmer.map((x) => (gleich ? 1 : x.flaeche)),
    );
    teilnehmer.forEach((x, i) => {
      const anteil = gleich
        ? `Anteil 1/${teilnehmer.length}`
        : `Anteil ${formatArea(x.flaeche, { nbsp: false })} von ${formatArea(gesamtFlaeche, { nbsp: false })}`;
      zeilen.set(x.id, [
        ...(zeilen.get(x.id) ?? []),
        {
          art: 'gruppe',
          text: `${pos.text} (Gruppe ${x.gruppeName}, ${anteil})`,
          // The share is in the text (a bare „475,00“ under Menge would read as a count).
          menge: null,
          satz: null,
          betragCent: anteile[i]!,
          steuersatz: Number(pos.steuersatz),
          buchungskontoId: pos.buchungskonto_id === null ? null : Number(pos.buchungskonto_id),
        },
      ]);
    });
  }
  const inhalt = new Map<number, ZvParzelle[]>();
  const gruppeJeAdresse = new Map<number, number>();
  for (const x of parzellen) {
    const positionenDerParzelle = zeilen.get(x.id);
    const adresseId = halter.get(x.id);
    if (!positionenDerParzelle || adresseId === undefined) continue;
    if (p.adresseIds && !p.adresseIds.includes(adresseId)) continue;
    inhalt.set(adresseId, [
      ...(inhalt.get(adresseId) ?? []),
      { parzelleId: x.id, nummer: x.nummer, positionen: positionenDerParzelle },
    ]);
    if (!gruppeJeAdresse.has(adresseId)) gruppeJeAdresse.set(adresseId, x.gruppeId);
  }
  const briefe = await briefeFuer(db, await faelligAmFuer(db, p), inhalt);
  for (const b of briefe) gruppeDesBriefs.set(b, gruppeJeAdresse.get(b.adresseId) ?? null);
  return briefe;
}

async function pruefe(db: Db, p: LaufParams): Promise<ZvProblem[]> {
  const { parzellen, halter, positionen } = await ladeBasis(db, p);
  const probleme: ZvProblem[] = [];
  if (!positionen.length)
    probleme.push({
      art: 'sonstiges',
      text: `Für ${p.jahr} gibt es keine Gruppenpositionen (Basisdaten → Gruppenabrechnung).`,
      parzelleId: null,
      adresseId: null,
    });
  const gruppenMitPosition = new Set(positionen.map((x) => Number(x.gruppe_id)));
  for (const pos of positionen)
    if (!parzellen.some((x) => x.gruppeId === Number(pos.gruppe_id)))
      probleme.push({
        art: 'sonstiges',
        text: `Die Gruppe „${pos.gruppe_name}“ hat keine aktive Parzelle; die Position „${pos.text}“ kann nicht aufgeteilt werden.`,
        parzelleId: null,
        adresseId: null,
      });
  for (const x of parzellen)
    if (gruppenMitPosition.has(x.gruppeId) && !halter.has(x.id))
      probleme.push({
        art: 'parzelleOhneNutzungsberechtigten',
        text: `Die Parzelle ${x.nummer} (Gruppe ${x.gruppeName}) hat am Datum des Laufs keinen Nutzungsberechtigten.`,
        parzelleId: x.id,
        adresseId: null,
      });
  probleme.push(...anschriftProbleme(await berechne(db, { ...p, adresseIds: undefined })));
  probleme.push(...(await bankProblem(db)));
  return probleme;
}

export const gruppenrechnungLauf: LaufDefinition = {
  art: 'Gruppenrechnung',
  titel: (p) => `Gruppenrechnung ${p.jahr}`,
  berechne,
  pruefe,
  faelligAm: faelligAmFuer,
  gruppeIdVon: (e) => gruppeDesBriefs.get(e) ?? null,
};
