import type { Db } from '../../../platform/db/db';
import { compareNames } from './names';
import { resolveYear } from './pachtabrechnungen';

/** A plot the address held at some time of the year, with that year's values. */
export type ParzelleImJahr = {
  id: number;
  nummer: string;
  von: string;
  bis: string | null;
  flaeche: string;
  gemeinschaftsflaeche: string | null;
  anzahlParkkarten: number;
};

/** GetAdresse's year scope (`pachtabrechnungID`, the newest year without it). */
export type AdresseJahr = { pachtabrechnungId: number; jahr: number; parzellen: ParzelleImJahr[] };

type Row = {
  id: number;
  nummer: string;
  von: unknown;
  bis: unknown;
  flaeche: unknown;
  gemeinschaftsflaeche: unknown;
  anzahl_parkkarten: unknown;
};

const day = (v: unknown) => String(v).slice(0, 10);
const dec2 = (v: unknown) => (v == null ? null : Number(v).toFixed(2));

/** The plots whose lease with the address overlaps the year (1 January to 31 December). */
export async function adresseJahr(db: Db, adresseId: number, pachtabrechnungId?: number): Promise<AdresseJahr> {
  const year = await resolveYear(db, pachtabrechnungId);
  const rows = (await db('pachtverhaeltnisse as pv')
    .join('parzellen as p', 'p.id', 'pv.parzelle_id')
    .leftJoin('parzelle_jahr as pj', (j) =>
      j.on('pj.parzelle_id', 'p.id').andOn('pj.pachtabrechnung_id', db.raw('?', [year.id])),
    )
    .where('pv.adresse_id', adresseId)
    .andWhere('pv.von', '<=', `${year.jahr}-12-31`)
    .andWhere((q) => q.whereNull('pv.bis').orWhere('pv.bis', '>=', `${year.jahr}-01-01`))
    .select(
      'p.id',
      'p.nummer',
      'pv.von',
      'pv.bis',
      'p.flaeche',
      'pj.gemeinschaftsflaeche',
      'pj.anzahl_parkkarten',
    )) as Row[];
  const parzellen = rows
    .map((r) => ({
      id: Number(r.id),
      nummer: r.nummer,
      von: day(r.von),
      bis: r.bis == null ? null : day(r.bis),
      flaeche: dec2(r.flaeche) ?? '0.00',
      gemeinschaftsflaeche: dec2(r.gemeinschaftsflaeche),
      anzahlParkkarten: Number(r.anzahl_parkkarten ?? 0),
    }))
    .sort((a, b) => compareNames(a.nummer, b.nummer) || a.von.localeCompare(b.von));
  return { pachtabrechnungId: year.id, jahr: year.jahr, parzellen };
}
