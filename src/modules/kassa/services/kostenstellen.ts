import type { Actor } from '../../../platform/auth/principal';
import { type Db, nowDb } from '../../../platform/db/db';
import { claimVersion } from '../../../platform/db/optimisticLock';
import { conflict, notFound, validationFailed } from '../../../platform/errors';
import { recordHistory } from '../../../platform/history/history';
import type { Kostenstelle, KostenstelleInput, KostenstelleLookup } from '../schema/kostenstellen';
import type { KostenstelleRow } from '../tables';
import { byNummer, periodenImZeitraum } from './buchungskonten';
import { assertOffen, ladePeriode } from './periode';
import { periodeOderStandard, zaehleJe } from './standardPeriode';

// Cost centres of a period (Kassa controller): copied into the next period by GetNewKassaabrechnung;
// a closed period refuses changes; one in use cannot be deleted.

export const KOSTENSTELLE_HISTORY_TYPE = 'Kostenstelle';
const NICHT_GEFUNDEN = 'Diese Kostenstelle gibt es nicht (mehr).';

const toKostenstelle = (r: KostenstelleRow, anzahlBuchungen: number): Kostenstelle => ({
  id: Number(r.id),
  kassaabrechnungId: Number(r.kassaabrechnung_id),
  nummer: r.nummer,
  name: r.name,
  anzahlBuchungen,
  version: Number(r.version),
});

async function ladeKostenstelle(db: Db, id: number): Promise<KostenstelleRow> {
  const row = await db('kostenstellen').where({ id }).first();
  if (!row) throw notFound(NICHT_GEFUNDEN);
  return row;
}

export async function listKostenstellen(db: Db, kassaabrechnungId?: number): Promise<Kostenstelle[]> {
  const periode = await periodeOderStandard(db, kassaabrechnungId);
  if (!periode) return [];
  const rows = await db('kostenstellen').where({ kassaabrechnung_id: periode.id });
  const anzahl = await zaehleJe(db, 'kassabuch', 'kostenstelle_id', (q) => q.where({ kassaabrechnung_id: periode.id }));
  return rows.map((r) => toKostenstelle(r, anzahl.get(Number(r.id)) ?? 0)).sort(byNummer);
}

export async function getKostenstelle(db: Db, id: number): Promise<Kostenstelle> {
  const row = await ladeKostenstelle(db, id);
  const anzahl = await db('kassabuch').where({ kostenstelle_id: id }).count({ n: '*' }).first();
  return toKostenstelle(row, Number(anzahl?.n ?? 0));
}

/** UpdateKostenstelle: number unique in its period; a cost centre stays in its period. */
export async function saveKostenstelle(db: Db, actor: Actor, input: KostenstelleInput): Promise<Kostenstelle> {
  let before: KostenstelleRow | undefined;
  if (input.id) {
    await claimVersion(db, {
      table: 'kostenstellen',
      id: input.id,
      expected: input.version,
      entityType: KOSTENSTELLE_HISTORY_TYPE,
      label: 'Die Kostenstelle',
      notFound: NICHT_GEFUNDEN,
    });
    before = await ladeKostenstelle(db, input.id);
    if (Number(before.kassaabrechnung_id) !== input.kassaabrechnungId) {
      throw validationFailed(
        { kassaabrechnungId: ['Eine Kostenstelle bleibt in ihrer Kassaabrechnung.'] },
        'Die Kostenstelle ist nicht gültig.',
      );
    }
  }
  assertOffen(await ladePeriode(db, input.kassaabrechnungId));
  const doppelt = await db('kostenstellen')
    .where({ kassaabrechnung_id: input.kassaabrechnungId, nummer: input.nummer })
    .whereNot({ id: input.id })
    .first('name');
  if (doppelt) {
    throw validationFailed(
      { nummer: [`Die Nummer ${input.nummer} hat schon die Kostenstelle „${doppelt.name}“.`] },
      'Die Kostenstelle ist nicht gültig.',
    );
  }
  const now = nowDb();
  let id = input.id;
  if (before) {
    await db('kostenstellen').where({ id }).update({ nummer: input.nummer, name: input.name, updated_at: now });
  } else {
    await db('kostenstellen').insert({
      version: 1,
      kassaabrechnung_id: input.kassaabrechnungId,
      nummer: input.nummer,
      name: input.name,
      created_at: now,
      updated_at: now,
    });
    id = Number(
      (
        await db('kostenstellen')
          .where({ kassaabrechnung_id: input.kassaabrechnungId, nummer: input.nummer })
          .first('id')
      )?.id,
    );
  }
  await recordHistory(db, actor, {
    entityType: KOSTENSTELLE_HISTORY_TYPE,
    entityId: id,
    action: before ? 'update' : 'create',
    before: before ? { nummer: before.nummer, name: before.name } : undefined,
    after: { kassaabrechnungId: input.kassaabrechnungId, nummer: input.nummer, name: input.name },
  });
  return getKostenstelle(db, id);
}

/** DeleteKostenstelle: 409 when an entry uses it or its period is closed. */
export async function deleteKostenstelle(db: Db, actor: Actor, id: number): Promise<void> {
  const row = await ladeKostenstelle(db, id);
  assertOffen(await ladePeriode(db, Number(row.kassaabrechnung_id)));
  const anzahl = await db('kassabuch').where({ kostenstelle_id: id }).count({ n: '*' }).first();
  if (Number(anzahl?.n ?? 0) > 0) {
    throw conflict(
      `Die Kostenstelle „${row.name}“ wird von ${Number(anzahl?.n)} Buchung(en) verwendet und kann nicht gelöscht werden.`,
      undefined,
      'in_verwendung',
    );
  }
  await db('kostenstellen').where({ id }).delete();
  await recordHistory(db, actor, {
    entityType: KOSTENSTELLE_HISTORY_TYPE,
    entityId: id,
    action: 'delete',
    before: { kassaabrechnungId: Number(row.kassaabrechnung_id), nummer: row.nummer, name: row.name },
  });
}

/** Common/Kostenstellen: the cost centres of the periods overlapping von–bis (default the screens' default period). */
export async function kostenstellenImZeitraum(db: Db, von?: string, bis?: string): Promise<KostenstelleLookup[]> {
  const perioden = await periodenImZeitraum(db, von, bis);
  const rows = await db('kostenstellen').whereIn('kassaabrechnung_id', perioden);
  return rows
    .map((r) => ({ id: Number(r.id), nummer: r.nummer, name: r.name, kassaabrechnungId: Number(r.kassaabrechnung_id) }))
    .sort((a, b) => perioden.indexOf(a.kassaabrechnungId) - perioden.indexOf(b.kassaabrechnungId) || byNummer(a, b));
}
