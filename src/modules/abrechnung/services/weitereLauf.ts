import { compareText } from '../../../platform/collation';
import type { Db } from '../../../platform/db/db';
import { isActive, nutzungsberechtigteOn } from '../../stammdaten/services';
import type { ZvEintrag, ZvParzelle, ZvPosition, ZvProblem } from '../schema/zvData';
import { abstellplaetzeJeAdresse, abstellplatzPositionen } from './abstellplatzPositionen';
import type { LaufDefinition, LaufParams } from './laufDefinition';
import { anschriftProbleme, bankProblem, briefeFuer, faelligAmFuer } from './laufEmpfaenger';
import { ladeVereinsPositionen } from './vereinsabrechnungen';
import { type VereinsPositionArt, vereinsPositionen, vereinsZvPosition } from './vereinsPositionen';

// The Weitere Mitgliedschaften run (docs/api/abrechnung.md "Weitere Mitgliedschaften"): members
// (flag KGVMitglied, active on the date) who hold no plot on the date get their club positions on a
// letter of their own — per member, per further member (further persons with the member flag), per
// address, per parking space — plus their parking spaces' fees. A plot holder's are on the
// Zahlungsvorschreibung. Positions stand under `{ parzelleId: null, nummer: '' }`.

const MITGLIED = 256;
/** The kinds an address without a plot can owe; the plot-bound ones have nothing to bill. */
const ADRESS_ARTEN: readonly VereinsPositionArt[] = [
  'proMitglied',
  'proWeiteresMitglied',
  'proAdresse',
  'proAbstellplatz',
];

/** Members active on the date who hold no plot on it (address ids). */
async function mitgliederOhneParzelle(db: Db, datum: string): Promise<number[]> {
  // Holders of active plots only: those are billed by the Zahlungsvorschreibung (an inactive plot bills nothing).
  const aktiv = (await db('parzellen').where({ aktiv: true }).select('id')).map((r) => Number(r.id));
  const halter = new Set([...(await nutzungsberechtigteOn(db, datum, aktiv)).values()].map((h) => h.adresseId));
  const rows = await db('adressen')
    .whereRaw('(flags & ?) <> 0', [MITGLIED])
    .andWhere((q) => q.whereNull('eintrittsdatum').orWhere('eintrittsdatum', '<=', datum))
    .select('id', 'austrittsdatum');
  return rows.filter((r) => isActive(r.austrittsdatum, datum) && !halter.has(Number(r.id))).map((r) => Number(r.id));
}

/** Further persons with the member flag, per address (also the Zahlungsvorschreibung's 'proWeiteresMitglied'). */
export async function weitereMitglieder(
  db: Db,
  adresseIds: readonly number[],
  datum: string,
): Promise<Map<number, number>> {
  const out = new Map<number, number>();
  for (let i = 0; i < adresseIds.length; i += 500) {
    const rows = await db('weitere_personen')
      .whereIn('adresse_id', adresseIds.slice(i, i + 500))
      .whereRaw('(flags & ?) <> 0', [MITGLIED])
      .andWhere((q) => q.whereNull('eintrittsdatum').orWhere('eintrittsdatum', '<=', datum))
      .groupBy('adresse_id')
      .select('adresse_id')
      .count({ n: '*' });
    for (const r of rows) out.set(Number(r.adresse_id), Number(r.n));
  }
  return out;
}

async function berechne(db: Db, p: LaufParams): Promise<ZvEintrag[]> {
  let adressen = await mitgliederOhneParzelle(db, p.datum);
  if (p.adresseIds) {
    const wanted = new Set(p.adresseIds);
    adressen = adressen.filter((id) => wanted.has(id));
  }
  const positionen = (await ladeVereinsPositionen(db, p.pachtabrechnungId)).filter((x) => ADRESS_ARTEN.includes(x.art));
  const weitere = await weitereMitglieder(db, adressen, p.datum);
  const plaetze = await abstellplaetzeJeAdresse(db, p.datum);
  const gebuehren = await abstellplatzPositionen(db, p.datum);
  const inhalt = new Map<number, ZvParzelle[]>();
  for (const adresseId of adressen) {
    const zeilen: ZvPosition[] = vereinsPositionen(positionen, {
      istMitglied: true,
      weitereMitglieder: weitere.get(adresseId) ?? 0,
      parzellen: [],
      abstellplaetze: plaetze.get(adresseId) ?? 0,
    }).map(vereinsZvPosition);
    zeilen.push(...(gebuehren.get(adresseId) ?? []));
    // A member with nothing to pay gets no letter.
    if (zeilen.length) inhalt.set(adresseId, [{ parzelleId: null, nummer: '', positionen: zeilen }]);
  }
  const briefe = await briefeFuer(db, await faelligAmFuer(db, p), inhalt);
  return briefe.sort((a, b) => compareText(a.name, b.name) || a.adresseId - b.adresseId);
}

async function pruefe(db: Db, p: LaufParams): Promise<ZvProblem[]> {
  const probleme: ZvProblem[] = [];
  const vereinsabrechnung = await db('vereinsabrechnungen')
    .where({ pachtabrechnung_id: p.pachtabrechnungId })
    .first('id');
  if (!vereinsabrechnung)
    probleme.push({
      art: 'satzFehlt',
      text: `Für ${p.jahr} gibt es keine Vereinsabrechnung (Basisdaten → Vereinsabrechnung).`,
      parzelleId: null,
      adresseId: null,
    });
  const briefe = await berechne(db, { ...p, adresseIds: undefined });
  if (vereinsabrechnung && !briefe.length)
    probleme.push({
      art: 'sonstiges',
      text: 'Kein Mitglied ohne Parzelle hat etwas zu bezahlen; es gibt nichts zu buchen.',
      parzelleId: null,
      adresseId: null,
    });
  probleme.push(...anschriftProbleme(briefe));
  probleme.push(...(await bankProblem(db)));
  return probleme;
}

export const weitereMitgliedschaftLauf: LaufDefinition = {
  art: 'WeitereMitgliedschaft',
  titel: (p) => `Mitgliedsbeitrag ${p.jahr}`,
  berechne,
  pruefe,
  faelligAm: faelligAmFuer,
};
