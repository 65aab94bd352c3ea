import type { Actor } from '../../../platform/auth/principal';
import type { Db } from '../../../platform/db/db';
import { insertInChunks } from '../../../platform/db/insertInChunks';
import { conflict, notFound, validationFailed } from '../../../platform/errors';
import { recordHistory } from '../../../platform/history/history';
import type {
  BuchungskontoParzellen,
  ParzellenspezifischesBuchungskonto,
  ParzellenspezifischesKonto,
  ParzellenZuordnungInput,
} from '../schema/buchungskonten';
import { BUCHUNGSKONTO_HISTORY_TYPE, byNummer, ladeBuchungskonto } from './buchungskonten';
import { assertOffen, ladePeriode } from './periode';
import { istWahr, periodeOderStandard } from './standardPeriode';

// Plot-specific booking accounts (a yearly amount per plot, e.g. a Kanal or Strom share) and the
// plots they are assigned to. The billing runs read the assignments; a closed period keeps them.

async function parzellenspezifische(db: Db, kassaabrechnungId?: number) {
  const periode = await periodeOderStandard(db, kassaabrechnungId);
  if (!periode) return [];
  return db('buchungskonten').where({ kassaabrechnung_id: periode.id, parzellenspezifisch: true, geloescht: false });
}

/** GetBuchungsKontenParzellenspezifischLookup. */
export async function parzellenspezifischeBuchungskonten(
  db: Db,
  kassaabrechnungId?: number,
): Promise<ParzellenspezifischesBuchungskonto[]> {
  return (await parzellenspezifische(db, kassaabrechnungId))
    .map((r) => ({ id: Number(r.id), nummer: r.nummer, name: r.name, jahresbetragCent: Number(r.jahresbetrag_cent) }))
    .sort(byNummer);
}

async function parzellenJe(db: Db, ids: number[]): Promise<Map<number, number[]>> {
  const map = new Map<number, number[]>(ids.map((id) => [id, []]));
  const rows = await db('buchungskonto_parzellen')
    .whereIn('buchungskonto_id', ids)
    .select('buchungskonto_id', 'parzelle_id')
    .orderBy('parzelle_id');
  for (const r of rows) map.get(Number(r.buchungskonto_id))?.push(Number(r.parzelle_id));
  return map;
}

/** GetBuchungsKontenParzellenspezifischWithParzellen. */
export async function parzellenspezifischeMitParzellen(
  db: Db,
  kassaabrechnungId?: number,
): Promise<BuchungskontoParzellen[]> {
  const rows = await parzellenspezifische(db, kassaabrechnungId);
  const je = await parzellenJe(
    db,
    rows.map((r) => Number(r.id)),
  );
  return rows
    .map((r) => ({
      id: Number(r.id),
      buchungskontoId: Number(r.id),
      nummer: r.nummer,
      name: r.name,
      jahresbetragCent: Number(r.jahresbetrag_cent),
      parzellenIds: je.get(Number(r.id)) ?? [],
    }))
    .sort(byNummer)
    .map(({ id: _id, ...rest }) => rest);
}

/** UpdateBuchungskontenParzellenspezifischParzellen: the account's plots become exactly `parzellenIds`. */
export async function saveParzellenZuordnung(
  db: Db,
  actor: Actor,
  input: ParzellenZuordnungInput,
): Promise<BuchungskontoParzellen> {
  const bk = await ladeBuchungskonto(db, input.buchungskontoId);
  assertOffen(await ladePeriode(db, Number(bk.kassaabrechnung_id)));
  if (istWahr(bk.geloescht)) throw conflict('Dieses Buchungskonto ist gelöscht.', undefined, 'geloescht');
  if (!istWahr(bk.parzellenspezifisch)) {
    throw validationFailed(
      { buchungskontoId: [`Das Buchungskonto „${bk.name}“ ist nicht parzellenspezifisch.`] },
      'Die Zuordnung ist nicht gültig.',
    );
  }
  const ids = [...new Set(input.parzellenIds)].sort((a, b) => a - b);
  const vorhanden = new Set(
    (await db('parzellen').whereIn('id', ids).select('id')).map((r: { id: number }) => Number(r.id)),
  );
  const fehlend = ids.filter((id) => !vorhanden.has(id));
  if (fehlend.length) {
    throw validationFailed(
      { parzellenIds: [`Diese Parzellen gibt es nicht (mehr): ${fehlend.join(', ')}.`] },
      'Die Zuordnung ist nicht gültig.',
    );
  }
  const before = (await parzellenJe(db, [Number(bk.id)])).get(Number(bk.id)) ?? [];
  await db('buchungskonto_parzellen').where({ buchungskonto_id: bk.id }).delete();
  await insertInChunks(
    db,
    'buchungskonto_parzellen',
    ids.map((parzelleId) => ({ buchungskonto_id: Number(bk.id), parzelle_id: parzelleId })),
  );
  await recordHistory(db, actor, {
    entityType: BUCHUNGSKONTO_HISTORY_TYPE,
    entityId: Number(bk.id),
    action: 'update',
    before: { parzellenIds: before },
    after: { parzellenIds: ids },
  });
  return {
    buchungskontoId: Number(bk.id),
    nummer: bk.nummer,
    name: bk.name,
    jahresbetragCent: Number(bk.jahresbetrag_cent),
    parzellenIds: ids,
  };
}

/**
 * Stammdaten/GetParzellenspezifischeKonten: the plot-specific accounts (not deleted) a plot is
 * assigned to, in the period asked or in every period (newest first); 404 for an unknown plot.
 */
export async function parzellenspezifischeKontenDerParzelle(
  db: Db,
  parzelleId: number,
  kassaabrechnungId?: number,
): Promise<ParzellenspezifischesKonto[]> {
  if (!(await db('parzellen').where({ id: parzelleId }).first('id')))
    throw notFound('Diese Parzelle gibt es nicht (mehr).');
  const q = db('buchungskonto_parzellen as bp')
    .join('buchungskonten as b', 'b.id', 'bp.buchungskonto_id')
    .join('kassaabrechnungen as k', 'k.id', 'b.kassaabrechnung_id')
    .where('bp.parzelle_id', parzelleId)
    .andWhere('b.geloescht', false)
    .andWhere('b.parzellenspezifisch', true)
    .select('b.id', 'b.kassaabrechnung_id', 'b.nummer', 'b.name', 'b.jahresbetrag_cent', 'k.von');
  if (kassaabrechnungId != null) q.andWhere('b.kassaabrechnung_id', kassaabrechnungId);
  const rows = await q;
  return rows
    .sort(
      (a, b) =>
        String(b.von).localeCompare(String(a.von)) || byNummer({ ...a, id: Number(a.id) }, { ...b, id: Number(b.id) }),
    )
    .map((r) => ({
      buchungskontoId: Number(r.id),
      kassaabrechnungId: Number(r.kassaabrechnung_id),
      nummer: r.nummer,
      name: r.name,
      jahresbetragCent: Number(r.jahresbetrag_cent),
    }));
}
