import { formatGermanDate } from '../../../platform/dates';
import type { Db } from '../../../platform/db/db';
import { formatEuro } from '../../../platform/money';
import { getWasserabrechnung, listWasserabrechnungStichtage } from '../../wasserbuch/services';
import type { ZvPosition } from '../schema/zvData';
import type { LaufParams } from './laufDefinition';

// The plot-bound lines of a Zahlungsvorschreibung that come from other modules' yearly values:
// plot-specific booking accounts of the year's Kassaabrechnung, parking cards, insurances, the water
// akonto and the last water settlement's difference. Each answers plot id → its lines.

export type PositionenJeParzelle = Map<number, ZvPosition[]>;

const push = (map: PositionenJeParzelle, parzelleId: number, pos: ZvPosition) =>
  map.set(parzelleId, [...(map.get(parzelleId) ?? []), pos]);

const euroSatz = (cent: number) => (cent / 100).toFixed(2);

/** Plot-specific accounts (Kanal, Strom …) of the Kassaabrechnung of that year, to the plots assigned. */
export async function parzellenspezifischePositionen(db: Db, jahr: number): Promise<PositionenJeParzelle> {
  const rows = await db('buchungskonten as bk')
    .join('kassaabrechnungen as ka', 'ka.id', 'bk.kassaabrechnung_id')
    .join('buchungskonto_parzellen as bp', 'bp.buchungskonto_id', 'bk.id')
    .where({ 'ka.jahr': jahr, 'bk.parzellenspezifisch': true, 'bk.geloescht': false })
    .orderBy('bk.nummer')
    .select('bk.id', 'bk.name', 'bk.steuersatz', 'bk.jahresbetrag_cent', 'bp.parzelle_id');
  const out: PositionenJeParzelle = new Map();
  for (const r of rows) {
    if (Number(r.jahresbetrag_cent) === 0) continue;
    push(out, Number(r.parzelle_id), {
      art: 'parzellenspezifisch',
      text: String(r.name),
      betragCent: Number(r.jahresbetrag_cent),
      steuersatz: Number(r.steuersatz),
      buchungskontoId: Number(r.id),
    });
  }
  return out;
}

/** Parking cards: the plot's count of the year × the year's fee („Parkkarten 2 × 15,00 €“). */
export async function parkkartenPositionen(db: Db, pachtabrechnungId: number): Promise<PositionenJeParzelle> {
  const info = await db('parkkarten_info').where({ pachtabrechnung_id: pachtabrechnungId }).first('gebuehr_cent');
  const gebuehr = Number(info?.gebuehr_cent ?? 0);
  const out: PositionenJeParzelle = new Map();
  if (gebuehr <= 0) return out;
  const rows = await db('parzelle_jahr')
    .where({ pachtabrechnung_id: pachtabrechnungId })
    .andWhere('anzahl_parkkarten', '>', 0)
    .select('parzelle_id', 'anzahl_parkkarten');
  for (const r of rows) {
    const n = Number(r.anzahl_parkkarten);
    push(out, Number(r.parzelle_id), {
      art: 'parkkarten',
      text: `Parkkarten ${n} × ${formatEuro(gebuehr, { nbsp: false }).replace('€ ', '')} €`,
      menge: String(n),
      satz: euroSatz(gebuehr),
      betragCent: n * gebuehr,
      steuersatz: 0,
      buchungskontoId: null,
    });
  }
  return out;
}

/** Insurances of the year per plot (issue 15 edits them). */
export async function versicherungsPositionen(db: Db, jahr: number): Promise<PositionenJeParzelle> {
  const rows = await db('versicherungen').where({ jahr }).orderBy('id').select();
  const out: PositionenJeParzelle = new Map();
  for (const r of rows) {
    push(out, Number(r.parzelle_id), {
      art: 'versicherung',
      text: r.text?.trim() || `Versicherung ${r.versicherer} ${r.polizze}`.trim(),
      betragCent: Number(r.praemie_cent),
      steuersatz: 0,
      buchungskontoId: null,
    });
  }
  return out;
}

/** The water akonto of the newest akonto calculation on or before the date. */
export async function wasserAkontoPositionen(db: Db, datum: string): Promise<PositionenJeParzelle> {
  const out: PositionenJeParzelle = new Map();
  const neueste = await db('wasserakonto').where('stichtag', '<=', datum).max({ s: 'stichtag' }).first();
  if (!neueste?.s) return out;
  const stichtag = String(neueste.s).slice(0, 10);
  for (const r of await db('wasserakonto').where({ stichtag }).select('parzelle_id', 'akonto_cent')) {
    if (Number(r.akonto_cent) === 0) continue;
    push(out, Number(r.parzelle_id), {
      art: 'wasserAkonto',
      text: 'Wasser-Akonto',
      betragCent: Number(r.akonto_cent),
      steuersatz: 0,
      buchungskontoId: null,
    });
  }
  return out;
}

export type WasserDifferenz = { parzelleId: number; nummer: string; adresseId: number | null; position: ZvPosition };

/**
 * The difference of the newest water settlement on or before the date that is not booked yet (a
 * booked one went on an earlier letter or out as a Wasserrechnung): Nachzahlung positive, Guthaben
 * negative; to the address of the settlement row.
 */
export async function wasserDifferenzen(
  db: Db,
  p: Pick<LaufParams, 'datum'>,
): Promise<{ wasserabrechnungId: number | null; zeilen: WasserDifferenz[] }> {
  const kopf = (await listWasserabrechnungStichtage(db)).find((s) => s.stichtag <= p.datum);
  if (!kopf || kopf.gebucht) return { wasserabrechnungId: null, zeilen: [] };
  const abrechnung = await getWasserabrechnung(db, kopf.stichtag);
  if (!abrechnung) return { wasserabrechnungId: null, zeilen: [] };
  const datum = formatGermanDate(abrechnung.stichtag);
  const zeilen = abrechnung.zeilen
    .filter((z) => z.differenzCent !== 0)
    .map((z) => ({
      parzelleId: z.parzelleId,
      nummer: z.parzelleNummer,
      adresseId: z.adresseId,
      position: {
        art: 'wasserDifferenz' as const,
        text: `Wasserabrechnung zum ${datum}: ${z.differenzCent > 0 ? 'Nachzahlung' : 'Guthaben'}`,
        betragCent: z.differenzCent,
        steuersatz: 0,
        buchungskontoId: null,
      },
    }));
  return { wasserabrechnungId: kopf.id, zeilen };
}
