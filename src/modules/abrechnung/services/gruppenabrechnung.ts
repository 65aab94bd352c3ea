import type { Actor } from '../../../platform/auth/principal';
import { type Db, nowDb } from '../../../platform/db/db';
import { claimVersion } from '../../../platform/db/optimisticLock';
import { notFound, validationFailed } from '../../../platform/errors';
import { recordHistory } from '../../../platform/history/history';
import type { GruppenabrechnungInput, GruppenabrechnungPosition } from '../schema/gruppenabrechnung';
import type { GruppenabrechnungPositionRow } from '../tables';
import { assertBuchungskontenGibtEs } from './buchungskontenZuordnung';
import { assertGruppenrechnungenNichtGebucht } from './jahrGesperrt';
import { resolveYear } from './pachtabrechnungen';

// The Gruppenabrechnung of a billing year: positions a group's plots share (a fence, a path, the
// group's water pipe), each split over the group's plots by the Gruppenrechnung run
// (docs/api/abrechnung.md "Gruppenabrechnung"). Once the year's Gruppenrechnungen are booked the
// positions are what was billed: changes answer 409.

export const GRUPPENABRECHNUNG_HISTORY_TYPE = 'Gruppenabrechnung';
const NICHT_GEFUNDEN = 'Diese Gruppenposition gibt es nicht (mehr).';
const UNGUELTIG = 'Die Gruppenposition ist nicht gültig.';

type MitGruppe = GruppenabrechnungPositionRow & { gruppe_name: string };

/** The number of active plots per group. */
async function parzellenJeGruppe(db: Db): Promise<Map<number, number>> {
  const rows = await db('parzellen')
    .where({ aktiv: true })
    .whereNotNull('gruppe_id')
    .groupBy('gruppe_id')
    .select('gruppe_id')
    .count({ n: '*' });
  return new Map(rows.map((r) => [Number(r.gruppe_id), Number(r.n)]));
}

const antwort = (r: MitGruppe, anzahl: Map<number, number>): GruppenabrechnungPosition => ({
  id: Number(r.id),
  version: Number(r.version),
  pachtabrechnungId: Number(r.pachtabrechnung_id),
  gruppeId: Number(r.gruppe_id),
  gruppeName: r.gruppe_name,
  sortierung: Number(r.sortierung),
  text: r.text,
  betragCent: Number(r.betrag_cent),
  verteilung: r.verteilung,
  steuersatz: Number(r.steuersatz),
  buchungskontoId: r.buchungskonto_id === null ? null : Number(r.buchungskonto_id),
  anzahlParzellen: anzahl.get(Number(r.gruppe_id)) ?? 0,
});

const mitGruppe = (db: Db) =>
  db('gruppenabrechnung_positionen as p')
    .join('gruppen as g', 'g.id', 'p.gruppe_id')
    .select('p.*', 'g.name as gruppe_name');

/** The year's group positions as stored (the run reads them), by group name and order. */
export async function ladeGruppenPositionen(
  db: Db,
  pachtabrechnungId: number,
  gruppeId?: number,
): Promise<MitGruppe[]> {
  const q = mitGruppe(db).where('p.pachtabrechnung_id', pachtabrechnungId);
  if (gruppeId !== undefined) q.andWhere('p.gruppe_id', gruppeId);
  const rows = (await q) as MitGruppe[];
  return rows.sort(
    (a, b) =>
      a.gruppe_name.localeCompare(b.gruppe_name, 'de', { numeric: true }) ||
      Number(a.sortierung) - Number(b.sortierung) ||
      Number(a.id) - Number(b.id),
  );
}

/** GetGruppenabrechnung: the year's positions (absent: the newest year), optionally one group's. */
export async function listGruppenabrechnung(
  db: Db,
  pachtabrechnungId?: number,
  gruppeId?: number,
): Promise<GruppenabrechnungPosition[]> {
  const year = await resolveYear(db, pachtabrechnungId);
  const anzahl = await parzellenJeGruppe(db);
  return (await ladeGruppenPositionen(db, year.id, gruppeId)).map((r) => antwort(r, anzahl));
}

async function getPosition(db: Db, id: number): Promise<GruppenabrechnungPosition> {
  const row = (await mitGruppe(db).where('p.id', id).first()) as MitGruppe | undefined;
  if (!row) throw notFound(NICHT_GEFUNDEN);
  return antwort(row, await parzellenJeGruppe(db));
}

const historie = (p: GruppenabrechnungInput | GruppenabrechnungPosition) => ({
  pachtabrechnungId: p.pachtabrechnungId,
  gruppeId: p.gruppeId,
  sortierung: p.sortierung,
  text: p.text,
  betragCent: p.betragCent,
  verteilung: p.verteilung,
  steuersatz: p.steuersatz,
  buchungskontoId: p.buchungskontoId,
});

/**
 * UpdateGruppenabrechnung: one position (`id` 0 creates it, at the end of its group when no order is
 * given). 409 once the year's Gruppenrechnungen are booked; 422 for an unknown group or account.
 */
export async function saveGruppenposition(
  db: Db,
  actor: Actor,
  input: GruppenabrechnungInput,
): Promise<GruppenabrechnungPosition> {
  const year = await resolveYear(db, input.pachtabrechnungId);
  if (!(await db('gruppen').where({ id: input.gruppeId }).first('id')))
    throw validationFailed({ gruppeId: ['Diese Gruppe gibt es nicht.'] }, UNGUELTIG);
  await assertBuchungskontenGibtEs(db, [{ feld: 'buchungskontoId', id: input.buchungskontoId }], UNGUELTIG);
  let before: GruppenabrechnungPosition | undefined;
  if (input.id) {
    await claimVersion(db, {
      table: 'gruppenabrechnung_positionen',
      id: input.id,
      expected: input.version,
      entityType: GRUPPENABRECHNUNG_HISTORY_TYPE,
      label: 'Die Gruppenposition',
      notFound: NICHT_GEFUNDEN,
    });
    before = await getPosition(db, input.id);
    if (before.pachtabrechnungId !== year.id)
      throw validationFailed(
        { pachtabrechnungId: ['Eine Gruppenposition bleibt in ihrem Abrechnungsjahr.'] },
        UNGUELTIG,
      );
  }
  await assertGruppenrechnungenNichtGebucht(db, year.id);
  const now = nowDb();
  const werte = {
    gruppe_id: input.gruppeId,
    text: input.text,
    betrag_cent: input.betragCent,
    verteilung: input.verteilung,
    steuersatz: input.steuersatz,
    buchungskonto_id: input.buchungskontoId,
    updated_at: now,
  };
  let id = input.id;
  let sortierung = input.sortierung;
  if (before) {
    await db('gruppenabrechnung_positionen')
      .where({ id })
      .update({ ...werte, sortierung });
  } else {
    if (!sortierung) {
      const max = await db('gruppenabrechnung_positionen')
        .where({ pachtabrechnung_id: year.id, gruppe_id: input.gruppeId })
        .max({ m: 'sortierung' })
        .first();
      sortierung = Number(max?.m ?? 0) + 1;
    }
    const [neu] = await db('gruppenabrechnung_positionen').insert({
      ...werte,
      version: 1,
      pachtabrechnung_id: year.id,
      sortierung,
      created_at: now,
    });
    id = Number(neu);
  }
  await recordHistory(db, actor, {
    entityType: GRUPPENABRECHNUNG_HISTORY_TYPE,
    entityId: id,
    action: before ? 'update' : 'create',
    before: before ? historie(before) : undefined,
    after: historie({ ...input, pachtabrechnungId: year.id, sortierung }),
  });
  return getPosition(db, id);
}

/** DeleteGruppenabrechnung: 409 once the year's Gruppenrechnungen are booked. */
export async function deleteGruppenposition(db: Db, actor: Actor, id: number): Promise<void> {
  const before = await getPosition(db, id);
  await assertGruppenrechnungenNichtGebucht(db, before.pachtabrechnungId);
  await db('gruppenabrechnung_positionen').where({ id }).delete();
  await recordHistory(db, actor, {
    entityType: GRUPPENABRECHNUNG_HISTORY_TYPE,
    entityId: id,
    action: 'delete',
    before: historie(before),
  });
}
