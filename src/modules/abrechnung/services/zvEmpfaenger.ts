import { collator } from '../../../platform/collation';
import type { Db } from '../../../platform/db/db';
import { nutzungsberechtigteOn, nutzungsberechtigteOver } from '../../stammdaten/services';
import type { LaufParams } from './laufDefinition';
import type { Halter } from './proRata';
import { weitereMitglieder } from './weitereLauf';

// Who gets a Zahlungsvorschreibung: the holders of the active plots on the letters' date (and with
// interimBilling everyone who held one of them during the year), with what the club positions need
// of them (member flag, further members).

const MITGLIED = 256;

export type ZvParzelleBasis = { id: number; nummer: string; flaeche: string; flags: number };

export type ZvEmpfaengerBasis = {
  /** Active plots in natural number order ("2" before "10"). */
  parzellen: ZvParzelleBasis[];
  /** The holder of each plot on the date. */
  halterAm: Map<number, number>;
  /** The holders of each plot over the year (interimBilling), oldest first. */
  halterImJahr: Map<number, Halter[]>;
  /** What the club positions need of an address. */
  mitglied: Map<number, { istMitglied: boolean; weitereMitglieder: number }>;
};

export async function ladeEmpfaenger(db: Db, p: LaufParams): Promise<ZvEmpfaengerBasis> {
  const rows = await db('parzellen').where({ aktiv: true }).select('id', 'nummer', 'flaeche', 'flags');
  const parzellen = rows
    .map((r) => ({ id: Number(r.id), nummer: String(r.nummer), flaeche: String(r.flaeche), flags: Number(r.flags) }))
    .sort((a, b) => collator.compare(a.nummer, b.nummer));
  const ids = parzellen.map((x) => x.id);
  const halterAm = new Map<number, number>();
  for (const [parzelleId, h] of await nutzungsberechtigteOn(db, p.datum, ids)) halterAm.set(parzelleId, h.adresseId);
  const halterImJahr = new Map<number, Halter[]>();
  if (p.interimBilling) {
    for (const pv of await nutzungsberechtigteOver(db, `${p.jahr}-01-01`, `${p.jahr}-12-31`, ids)) {
      halterImJahr.set(pv.parzelleId, [
        ...(halterImJahr.get(pv.parzelleId) ?? []),
        { adresseId: pv.adresseId, von: pv.von, bis: pv.bis },
      ]);
    }
  }
  const adressen = new Set<number>([...halterAm.values()]);
  for (const hs of halterImJahr.values()) for (const h of hs) adressen.add(h.adresseId);
  return { parzellen, halterAm, halterImJahr, mitglied: await ladeMitgliedschaft(db, [...adressen], p.datum) };
}

async function ladeMitgliedschaft(db: Db, ids: number[], datum: string): Promise<ZvEmpfaengerBasis['mitglied']> {
  const out: ZvEmpfaengerBasis['mitglied'] = new Map();
  const weitere = await weitereMitglieder(db, ids, datum);
  for (let i = 0; i < ids.length; i += 500) {
    for (const a of await db('adressen')
      .whereIn('id', ids.slice(i, i + 500))
      .select('id', 'flags'))
      out.set(Number(a.id), {
        istMitglied: (Number(a.flags) & MITGLIED) !== 0,
        weitereMitglieder: weitere.get(Number(a.id)) ?? 0,
      });
  }
  return out;
}
