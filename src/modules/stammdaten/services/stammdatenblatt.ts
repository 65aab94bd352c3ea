import { z } from 'zod';
import { dateOf } from '../../../platform/dates';
import type { Db } from '../../../platform/db/db';
import { notFound } from '../../../platform/errors';
import { decimalOf } from '../../../platform/money';
import { abstellplatzKategorienById } from '../../vereinseinstellungen/services';
import type { Stammdatenblatt } from '../schema/listen';
import { displayName } from './names';

// The Stammdatenblatt: everything kgv keeps about one person, printed on one page.

export type { Stammdatenblatt };

// The joined rows, parsed (ADR 0005).
const period = { von: z.string(), bis: z.string().nullable() };
const parzelleRow = z.object({ nummer: z.coerce.string(), flaeche: z.union([z.number(), z.string()]), ...period });
const abstellplatzRow = z.object({ nummer: z.coerce.string(), kategorie_id: z.coerce.number(), ...period });
const funktionRow = z.object({ name: z.coerce.string(), ...period });

/** One person's data: address, plots (current and past), further persons, parking spaces, functions. */
export async function stammdatenblatt(db: Db, id: number): Promise<Stammdatenblatt> {
  const a = await db('adressen').where({ id }).first();
  if (!a) throw notFound('Die Adresse gibt es nicht.');
  const parzellen = z
    .array(parzelleRow)
    .parse(
      await db('pachtverhaeltnisse as pv')
        .join('parzellen as p', 'p.id', 'pv.parzelle_id')
        .where('pv.adresse_id', id)
        .orderBy('pv.von', 'desc')
        .select('p.nummer', 'p.flaeche', 'pv.von', 'pv.bis'),
    );
  const weitere = await db('weitere_personen').where({ adresse_id: id }).orderBy('id');
  const plaetze = z
    .array(abstellplatzRow)
    .parse(
      await db('abstellplatz_zuordnungen as z')
        .join('abstellplaetze as p', 'p.id', 'z.abstellplatz_id')
        .where('z.adresse_id', id)
        .orderBy('z.von', 'desc')
        .select('p.nummer', 'p.kategorie_id', 'z.von', 'z.bis'),
    );
  const kategorien = await abstellplatzKategorienById(db);
  const funktionen = z
    .array(funktionRow)
    .parse(
      await db('funktionaere as f')
        .join('funktionen as fn', 'fn.id', 'f.funktion_id')
        .where('f.adresse_id', id)
        .orderBy('f.von', 'desc')
        .select('fn.name', 'f.von', 'f.bis'),
    );
  return {
    adresse: {
      ...a,
      id: Number(a.id),
      name: displayName(a),
      geburtsdatum: dateOf(a.geburtsdatum),
      eintrittsdatum: dateOf(a.eintrittsdatum),
      austrittsdatum: dateOf(a.austrittsdatum),
    },
    parzellen: parzellen.map((p) => ({
      nummer: String(p.nummer),
      flaeche: decimalOf(p.flaeche, 2) ?? '0.00',
      von: dateOf(p.von)!,
      bis: dateOf(p.bis),
    })),
    weiterePersonen: weitere.map((w) => ({
      name: displayName(w),
      beziehung: String(w.beziehung ?? ''),
      geburtsdatum: dateOf(w.geburtsdatum),
      telefon: String(w.telefon ?? ''),
      email: String(w.email ?? ''),
    })),
    abstellplaetze: plaetze.map((p) => ({
      nummer: String(p.nummer),
      kategorie: kategorien.get(Number(p.kategorie_id))?.name ?? '',
      von: dateOf(p.von)!,
      bis: dateOf(p.bis),
    })),
    funktionen: funktionen.map((f) => ({ name: String(f.name), von: dateOf(f.von)!, bis: dateOf(f.bis) })),
  };
}
