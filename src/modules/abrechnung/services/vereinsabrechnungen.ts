import type { Actor } from '../../../platform/auth/principal';
import { type Db, nowDb } from '../../../platform/db/db';
import { claimVersion } from '../../../platform/db/optimisticLock';
import { conflict, notFound, validationFailed } from '../../../platform/errors';
import { recordHistory } from '../../../platform/history/history';
import type {
  Vereinsabrechnung,
  VereinsabrechnungId,
  VereinsabrechnungInput,
  VereinsabrechnungLookup,
  VereinsabrechnungPosition,
  VereinsPositionInput,
} from '../schema/vereinsabrechnung';
import type { VereinsabrechnungPositionRow, VereinsabrechnungRow } from '../tables';
import { assertBuchungskontenGibtEs, kontenZuordnungFuerJahr } from './buchungskontenZuordnung';
import { assertZvNichtGebucht } from './jahrGesperrt';
import { resolveYear } from './pachtabrechnungen';
import type { VereinsPosition } from './vereinsPositionen';

// The Vereinsabrechnung of a billing year: its club positions (docs/api/abrechnung.md
// "Vereinsabrechnung"). One per year; a new year copies the latest earlier one. Once the year's
// Zahlungsvorschreibung is booked the positions are what was billed: changes answer 409.
// The runs read the positions through `ladeVereinsPositionen`.

export const VEREINSABRECHNUNG_HISTORY_TYPE = 'Vereinsabrechnung';
const NICHT_GEFUNDEN = 'Diese Vereinsabrechnung gibt es nicht (mehr).';
const UNGUELTIG = 'Die Vereinsabrechnung ist nicht gültig.';

/** A stored position as the pure arithmetic (vereinsPositionen) takes it. */
export function vereinsPositionVon(r: VereinsabrechnungPositionRow): VereinsPosition {
  return {
    id: Number(r.id),
    text: r.text,
    art: r.art,
    betragCent: r.betrag_cent === null ? null : Number(r.betrag_cent),
    satz: r.satz,
    steuersatz: Number(r.steuersatz),
    buchungskontoId: r.buchungskonto_id === null ? null : Number(r.buchungskonto_id),
    nurMitglieder: Boolean(r.nur_mitglieder),
  };
}

/** The club positions of the year in their order; none when the year has no Vereinsabrechnung. */
export async function ladeVereinsPositionen(db: Db, pachtabrechnungId: number): Promise<VereinsPosition[]> {
  const rows = await db('vereinsabrechnung_positionen as p')
    .join('vereinsabrechnungen as v', 'v.id', 'p.vereinsabrechnung_id')
    .where('v.pachtabrechnung_id', pachtabrechnungId)
    .orderBy([{ column: 'p.sortierung' }, { column: 'p.id' }])
    .select('p.*');
  return (rows as VereinsabrechnungPositionRow[]).map(vereinsPositionVon);
}

const positionAntwort = (r: VereinsabrechnungPositionRow): VereinsabrechnungPosition => ({
  ...vereinsPositionVon(r),
  sortierung: Number(r.sortierung),
});

type MitJahr = VereinsabrechnungRow & { jahr: number };

const mitJahr = (db: Db) =>
  db('vereinsabrechnungen as v')
    .join('pachtabrechnungen as pa', 'pa.id', 'v.pachtabrechnung_id')
    .select('v.*', 'pa.jahr');

async function positionenVon(db: Db, ids: readonly number[]): Promise<Map<number, VereinsabrechnungPosition[]>> {
  const out = new Map<number, VereinsabrechnungPosition[]>();
  if (!ids.length) return out;
  const rows = await db('vereinsabrechnung_positionen')
    .whereIn('vereinsabrechnung_id', ids)
    .orderBy([{ column: 'sortierung' }, { column: 'id' }]);
  for (const r of rows) {
    const id = Number(r.vereinsabrechnung_id);
    out.set(id, [...(out.get(id) ?? []), positionAntwort(r)]);
  }
  return out;
}

const antwort = (r: MitJahr, positionen: VereinsabrechnungPosition[]): Vereinsabrechnung => ({
  id: Number(r.id),
  version: Number(r.version),
  pachtabrechnungId: Number(r.pachtabrechnung_id),
  jahr: Number(r.jahr),
  bezeichnung: r.bezeichnung,
  positionen,
});

async function ladeZeile(db: Db, id: number): Promise<MitJahr> {
  const row = (await mitJahr(db).where('v.id', id).first()) as MitJahr | undefined;
  if (!row) throw notFound(NICHT_GEFUNDEN);
  return row;
}

/** GetVereinsabrechnungen: every year's, newest first. */
export async function listVereinsabrechnungen(db: Db): Promise<Vereinsabrechnung[]> {
  const rows = (await mitJahr(db).orderBy('pa.jahr', 'desc')) as MitJahr[];
  const positionen = await positionenVon(
    db,
    rows.map((r) => Number(r.id)),
  );
  return rows.map((r) => antwort(r, positionen.get(Number(r.id)) ?? []));
}

/** GetVereinsabrechnung: 404 when unknown. */
export async function getVereinsabrechnung(db: Db, id: number): Promise<Vereinsabrechnung> {
  const row = await ladeZeile(db, id);
  return antwort(row, (await positionenVon(db, [id])).get(id) ?? []);
}

/** GetAllVereinsabrechnungIDs: newest first. */
export async function alleVereinsabrechnungIds(db: Db): Promise<VereinsabrechnungId[]> {
  const rows = (await mitJahr(db).orderBy('pa.jahr', 'desc')) as MitJahr[];
  return rows.map((r) => ({ id: Number(r.id), jahr: Number(r.jahr) }));
}

/** Common/Vereinsabrechnungen: the dropdown, newest first. */
export async function vereinsabrechnungenLookup(db: Db): Promise<VereinsabrechnungLookup[]> {
  const rows = (await mitJahr(db).orderBy('pa.jahr', 'desc')) as MitJahr[];
  return rows.map((r) => ({ id: Number(r.id), jahr: Number(r.jahr), bezeichnung: r.bezeichnung }));
}

const gibtEsSchon = (jahr: number) =>
  conflict(
    `Für ${jahr} gibt es bereits eine Vereinsabrechnung; bitte bearbeiten Sie diese.`,
    undefined,
    'vereinsabrechnung_vorhanden',
  );

type PositionZeile = Omit<VereinsabrechnungPositionRow, 'id' | 'vereinsabrechnung_id'>;

/** The stored form of a position: a 'proM2' keeps its rate, every other kind its amount. */
const zeileVon = (p: VereinsPositionInput, index: number): PositionZeile => ({
  sortierung: index + 1,
  text: p.text,
  art: p.art,
  betrag_cent: p.art === 'proM2' ? null : p.betragCent,
  satz: p.art === 'proM2' ? p.satz : null,
  steuersatz: p.steuersatz,
  buchungskonto_id: p.buchungskontoId,
  nur_mitglieder: p.nurMitglieder,
});

const historienPosition = (p: PositionZeile) => ({
  text: p.text,
  art: p.art,
  betragCent: p.betrag_cent === null ? null : Number(p.betrag_cent),
  satz: p.satz,
  steuersatz: Number(p.steuersatz),
  buchungskontoId: p.buchungskonto_id === null ? null : Number(p.buchungskonto_id),
  nurMitglieder: Boolean(p.nur_mitglieder),
});

async function schreibePositionen(db: Db, id: number, zeilen: readonly PositionZeile[]): Promise<void> {
  await db('vereinsabrechnung_positionen').where({ vereinsabrechnung_id: id }).delete();
  if (zeilen.length)
    await db('vereinsabrechnung_positionen').insert(zeilen.map((z) => ({ ...z, vereinsabrechnung_id: id })));
}

async function legeAn(
  db: Db,
  actor: Actor,
  pachtabrechnungId: number,
  bezeichnung: string,
  zeilen: readonly PositionZeile[],
  action: string,
): Promise<number> {
  const now = nowDb();
  await db('vereinsabrechnungen').insert({
    version: 1,
    pachtabrechnung_id: pachtabrechnungId,
    bezeichnung,
    created_at: now,
    updated_at: now,
  });
  const id = Number((await db('vereinsabrechnungen').where({ pachtabrechnung_id: pachtabrechnungId }).first('id'))?.id);
  await schreibePositionen(db, id, zeilen);
  await recordHistory(db, actor, {
    entityType: VEREINSABRECHNUNG_HISTORY_TYPE,
    entityId: id,
    action,
    after: { pachtabrechnungId, bezeichnung, positionen: zeilen.map(historienPosition) },
  });
  return id;
}

/**
 * GetNewVereinsabrechnung: creates the year's Vereinsabrechnung copying the latest earlier year's
 * positions (booking accounts mapped by number to that year's Kassaabrechnung, else kept); 409 when
 * the year has one or its Zahlungsvorschreibung is booked.
 */
export async function neueVereinsabrechnung(
  db: Db,
  actor: Actor,
  pachtabrechnungId?: number,
): Promise<Vereinsabrechnung> {
  const year = await resolveYear(db, pachtabrechnungId);
  if (await db('vereinsabrechnungen').where({ pachtabrechnung_id: year.id }).first('id')) throw gibtEsSchon(year.jahr);
  await assertZvNichtGebucht(db, year.id);
  const vorlage = (await mitJahr(db).where('pa.jahr', '<', year.jahr).orderBy('pa.jahr', 'desc').first()) as
    | MitJahr
    | undefined;
  let zeilen: PositionZeile[] = [];
  if (vorlage) {
    const konto = await kontenZuordnungFuerJahr(db, year.jahr);
    const rows = await db('vereinsabrechnung_positionen')
      .where({ vereinsabrechnung_id: vorlage.id })
      .orderBy([{ column: 'sortierung' }, { column: 'id' }]);
    zeilen = rows.map((r, i) => ({
      sortierung: i + 1,
      text: r.text,
      art: r.art,
      betrag_cent: r.betrag_cent === null ? null : Number(r.betrag_cent),
      satz: r.satz,
      steuersatz: Number(r.steuersatz),
      buchungskonto_id: konto(r.buchungskonto_id === null ? null : Number(r.buchungskonto_id)),
      nur_mitglieder: Boolean(r.nur_mitglieder),
    }));
  }
  const id = await legeAn(db, actor, year.id, `Vereinsabrechnung ${year.jahr}`, zeilen, vorlage ? 'copy' : 'create');
  return getVereinsabrechnung(db, id);
}

/**
 * UpdateVereinsabrechnung: the whole record; the positions replace the stored ones in the given
 * order. `id` 0 creates the year's (409 when it has one). 409 once the year's Zahlungsvorschreibung
 * is booked; 422 for a booking account that does not exist.
 */
export async function saveVereinsabrechnung(
  db: Db,
  actor: Actor,
  input: VereinsabrechnungInput,
): Promise<Vereinsabrechnung> {
  const year = await resolveYear(db, input.pachtabrechnungId);
  const zeilen = input.positionen.map(zeileVon);
  await assertBuchungskontenGibtEs(
    db,
    input.positionen.map((p, i) => ({ feld: `positionen.${i}.buchungskontoId`, id: p.buchungskontoId })),
    UNGUELTIG,
  );
  if (!input.id) {
    if (await db('vereinsabrechnungen').where({ pachtabrechnung_id: year.id }).first('id'))
      throw gibtEsSchon(year.jahr);
    await assertZvNichtGebucht(db, year.id);
    const bezeichnung = input.bezeichnung || `Vereinsabrechnung ${year.jahr}`;
    return getVereinsabrechnung(db, await legeAn(db, actor, year.id, bezeichnung, zeilen, 'create'));
  }
  await claimVersion(db, {
    table: 'vereinsabrechnungen',
    id: input.id,
    expected: input.version,
    entityType: VEREINSABRECHNUNG_HISTORY_TYPE,
    label: 'Die Vereinsabrechnung',
    notFound: NICHT_GEFUNDEN,
  });
  const before = await getVereinsabrechnung(db, input.id);
  if (before.pachtabrechnungId !== year.id)
    throw validationFailed(
      { pachtabrechnungId: ['Eine Vereinsabrechnung bleibt in ihrem Abrechnungsjahr.'] },
      UNGUELTIG,
    );
  await assertZvNichtGebucht(db, year.id);
  const bezeichnung = input.bezeichnung || before.bezeichnung;
  await db('vereinsabrechnungen').where({ id: input.id }).update({ bezeichnung, updated_at: nowDb() });
  await schreibePositionen(db, input.id, zeilen);
  await recordHistory(db, actor, {
    entityType: VEREINSABRECHNUNG_HISTORY_TYPE,
    entityId: input.id,
    action: 'update',
    before: { bezeichnung: before.bezeichnung, positionen: before.positionen.map(({ id: _, ...p }) => p) },
    after: { bezeichnung, positionen: zeilen.map(historienPosition) },
  });
  return getVereinsabrechnung(db, input.id);
}

/** DeleteVereinsabrechnung: with its positions; 409 once the year's Zahlungsvorschreibung is booked. */
export async function deleteVereinsabrechnung(db: Db, actor: Actor, id: number): Promise<void> {
  const before = await getVereinsabrechnung(db, id);
  await assertZvNichtGebucht(db, before.pachtabrechnungId);
  await db('vereinsabrechnung_positionen').where({ vereinsabrechnung_id: id }).delete();
  await db('vereinsabrechnungen').where({ id }).delete();
  await recordHistory(db, actor, {
    entityType: VEREINSABRECHNUNG_HISTORY_TYPE,
    entityId: id,
    action: 'delete',
    before: {
      pachtabrechnungId: before.pachtabrechnungId,
      bezeichnung: before.bezeichnung,
      positionen: before.positionen,
    },
  });
}
