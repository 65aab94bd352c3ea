import { z } from 'zod';
import { compareText } from '../../../platform/collation';
import { dateOf } from '../../../platform/dates';
import type { Db } from '../../../platform/db/db';
import { decimalOf } from '../../../platform/money';
import { resolveYear } from '../../abrechnung/services';
import type { AdresseJahr } from '../schema/adressen';
import { pachtverhaeltnisseOver } from './pachtverhaeltnisse';

/** DECIMAL: a number on SQLite, a string on MySQL. */
const decimal = z.union([z.number(), z.string()]);
/** A lease of the year joined with its plot and (left join) the plot's values of the year. */
const parzelleImJahrRow = z.object({
  id: z.coerce.number(),
  nummer: z.string(),
  von: z.string(),
  bis: z.string().nullable(),
  flaeche: decimal,
  gemeinschaftsflaeche: decimal.nullable(),
  anzahl_parkkarten: z.coerce.number().nullable(),
});

/** The plots whose lease with the address overlaps the year (1 January to 31 December). */
export async function adresseJahr(db: Db, adresseId: number, pachtabrechnungId?: number): Promise<AdresseJahr> {
  const year = await resolveYear(db, pachtabrechnungId);
  const rows = z.array(parzelleImJahrRow).parse(
    await pachtverhaeltnisseOver(db, `${year.jahr}-01-01`, `${year.jahr}-12-31`)
      .join('parzellen as p', 'p.id', 'pv.parzelle_id')
      .leftJoin('parzelle_jahr as pj', (j) =>
        j.on('pj.parzelle_id', 'p.id').andOn('pj.pachtabrechnung_id', db.raw('?', [year.id])),
      )
      .where('pv.adresse_id', adresseId)
      .select('p.id', 'p.nummer', 'pv.von', 'pv.bis', 'p.flaeche', 'pj.gemeinschaftsflaeche', 'pj.anzahl_parkkarten'),
  );
  const parzellen = rows
    .map((r) => ({
      id: Number(r.id),
      nummer: r.nummer,
      von: dateOf(r.von) ?? '',
      bis: dateOf(r.bis),
      flaeche: decimalOf(r.flaeche, 2) ?? '0.00',
      gemeinschaftsflaeche: decimalOf(r.gemeinschaftsflaeche, 2),
      anzahlParkkarten: Number(r.anzahl_parkkarten ?? 0),
    }))
    .sort((a, b) => compareText(a.nummer, b.nummer) || a.von.localeCompare(b.von));
  return { pachtabrechnungId: year.id, jahr: year.jahr, parzellen };
}
