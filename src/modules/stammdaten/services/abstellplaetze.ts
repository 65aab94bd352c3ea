import { z } from 'zod';
import type { Actor } from '../../../platform/auth/principal';
import { collator } from '../../../platform/collation';
import { dateOf, periodContains, todayIso } from '../../../platform/dates';
import { type Db, inTransaction, nowDb } from '../../../platform/db/db';
import { isUniqueViolation } from '../../../platform/db/dbErrors';
import { claimVersion, withoutVersion } from '../../../platform/db/optimisticLock';
import { conflict, notFound, validationFailed } from '../../../platform/errors';
import { buildWorkbook } from '../../../platform/excel/excelWriter';
import { recordHistory } from '../../../platform/history/history';
import { abstellplatzKategorienById } from '../../vereinseinstellungen/services';
import type {
  Abstellplatz,
  AbstellplatzDetail,
  AbstellplatzInput,
  AbstellplatzZuordnung,
  Zuordnung,
} from '../schema/abstellplaetze';
import type { AbstellplatzRow } from '../tables';
import { adresseNamesOf, displayName, nameList, sameName } from './names';

export const ABSTELLPLATZ_HISTORY_TYPE = 'Abstellplatz';

// ---- small helpers the Stammdaten services of this part share ----

/** "Nachname Vorname" with the Titel in front, as the address lists show it (shared displayName). */
export const adresseName = displayName;

/** A `count({ n: '*' }).first()` row: BIGINT, a string on MySQL. */
const countRow = z.object({ n: z.coerce.number() }).optional();

export async function countOf(query: Promise<unknown>): Promise<number> {
  return countRow.parse(await query)?.n ?? 0;
}

export async function adresseExists(db: Db, id: number): Promise<boolean> {
  return Boolean(await db('adressen').where({ id }).first('id'));
}

// ---- Abstellplätze ----

export type { Abstellplatz, AbstellplatzDetail, AbstellplatzZuordnung, Zuordnung };

const NOT_FOUND = 'Der Abstellplatz wurde nicht gefunden.';
const ZUORDNUNG_NOT_FOUND = 'Die Zuordnung des Abstellplatzes wurde nicht gefunden.';

/** A row of {@link zuordnungen}: the assignment joined with its address and space. */
const zuordnungRow = z.object({
  id: z.coerce.number(),
  version: z.coerce.number(),
  abstellplatz_id: z.coerce.number(),
  adresse_id: z.coerce.number(),
  von: z.string(),
  bis: z.string().nullable(),
  titel: z.string().nullable(),
  vorname: z.string().nullable(),
  nachname: z.string().nullable(),
  platz_nummer: z.string(),
  kategorie_id: z.coerce.number(),
});
export type ZuordnungRow = z.infer<typeof zuordnungRow>;
/** Parses the rows of {@link zuordnungen}. */
export const zuordnungRows = (rows: unknown) => z.array(zuordnungRow).parse(rows);

/** The categories (Vereinseinstellungen) by id; `kategorieOf` gives a row's name and fee. */
type Kategorien = Awaited<ReturnType<typeof abstellplatzKategorienById>>;
const kategorieOf = (kategorien: Kategorien, id: number) => {
  const k = kategorien.get(Number(id));
  return { kategorieName: k?.name ?? '', jahresgebuehrCent: k?.jahresgebuehrCent ?? 0 };
};

export function zuordnungen(db: Db) {
  return db('abstellplatz_zuordnungen as z')
    .join('adressen as a', 'a.id', 'z.adresse_id')
    .join('abstellplaetze as p', 'p.id', 'z.abstellplatz_id')
    .select(
      'z.id',
      'z.version',
      'z.abstellplatz_id',
      'z.adresse_id',
      'z.von',
      'z.bis',
      'a.titel',
      'a.vorname',
      'a.nachname',
      'p.nummer as platz_nummer',
      'p.kategorie_id',
    );
}

/** The one way an assignment with its space is answered (curried over the categories, read once). */
export const presentZuordnung =
  (kategorien: Kategorien) =>
  (r: ZuordnungRow): AbstellplatzZuordnung => ({
    id: Number(r.id),
    version: Number(r.version),
    abstellplatzId: Number(r.abstellplatz_id),
    abstellplatzNummer: r.platz_nummer,
    ...kategorieOf(kategorien, r.kategorie_id),
    adresseId: Number(r.adresse_id),
    adresseName: adresseName(r),
    von: dateOf(r.von) ?? '',
    bis: dateOf(r.bis),
  });

/** The one way a parking space is answered: its row, its category, its current holder. */
export function presentAbstellplatz(
  r: Pick<AbstellplatzRow, 'id' | 'version' | 'nummer' | 'kategorie_id' | 'aktiv' | 'notiz'>,
  kategorien: Kategorien,
  zuordnung: Zuordnung | null,
): Abstellplatz {
  return {
    id: Number(r.id),
    version: Number(r.version),
    nummer: r.nummer,
    kategorieId: Number(r.kategorie_id),
    ...kategorieOf(kategorien, r.kategorie_id),
    aktiv: Boolean(r.aktiv),
    notiz: r.notiz ?? '',
    zuordnung,
  };
}

const byNewest = (a: { von: string; id: number }, b: { von: string; id: number }) =>
  b.von.localeCompare(a.von) || b.id - a.id;

/** Spaces with their current holder; `all` collects every assignment per space for the detail. */
async function load(db: Db, id?: number, all?: Map<number, Zuordnung[]>): Promise<Abstellplatz[]> {
  const q = db('abstellplaetze').select('id', 'version', 'nummer', 'kategorie_id', 'aktiv', 'notiz');
  if (id !== undefined) q.where('id', id);
  const rows = await q;
  const kategorien = await abstellplatzKategorienById(db);
  const today = todayIso();
  const zq = zuordnungen(db);
  if (id !== undefined) zq.where('z.abstellplatz_id', id);
  const current = new Map<number, Zuordnung>();
  for (const z of zuordnungRows(await zq).map(presentZuordnung(kategorien))) {
    const { id: zid, version, adresseId, adresseName: name, von, bis } = z;
    const short: Zuordnung = { id: zid, version, adresseId, adresseName: name, von, bis };
    if (periodContains(z, today)) current.set(z.abstellplatzId, short);
    if (all) all.set(z.abstellplatzId, (all.get(z.abstellplatzId) ?? []).concat(short));
  }
  return rows
    .map((r) => presentAbstellplatz(r, kategorien, current.get(Number(r.id)) ?? null))
    .sort((a, b) => collator.compare(a.nummer, b.nummer) || a.id - b.id);
}

export const listAbstellplaetze = (db: Db) => load(db);

/** The parking spaces of a category (registered with Vereinseinstellungen, which refuses to delete a used one). */
export async function countAbstellplaetzeByKategorie(db: Db, kategorieId: number): Promise<number> {
  return countOf(db('abstellplaetze').where({ kategorie_id: kategorieId }).count({ n: '*' }).first());
}

export async function getAbstellplatz(db: Db, id: number): Promise<AbstellplatzDetail> {
  const all = new Map<number, Zuordnung[]>();
  const [one] = await load(db, id, all);
  if (!one) throw notFound(NOT_FOUND);
  return { ...one, zuordnungen: (all.get(id) ?? []).sort(byNewest) };
}

/** The space's own fields for the history: its assignments have their own entries. */
function historyRecord(detail: AbstellplatzDetail) {
  const { zuordnungen: _, version: _version, ...record } = detail;
  return { ...record, zuordnung: record.zuordnung && withoutVersion(record.zuordnung) };
}

/** The lookup: `{ id, name }` with the number as name. */
export async function abstellplatzLookup(db: Db): Promise<{ id: number; name: string }[]> {
  const rows = await db('abstellplaetze').select('id', 'nummer');
  return rows
    .map((r) => ({ id: Number(r.id), name: r.nummer }))
    .sort((a, b) => collator.compare(a.name, b.name) || a.id - b.id);
}

/** All assignments of an address (past, current and future), newest first. */
export async function abstellplaetzeByAdresse(db: Db, adresseId: number): Promise<AbstellplatzZuordnung[]> {
  if (!(await adresseExists(db, adresseId))) throw notFound('Die Adresse wurde nicht gefunden.');
  const rows = zuordnungRows(await zuordnungen(db).where('z.adresse_id', adresseId));
  return rows.map(presentZuordnung(await abstellplatzKategorienById(db))).sort(byNewest);
}

export { ZUORDNUNG_NOT_FOUND };

export async function getZuordnung(db: Db, id: number): Promise<AbstellplatzZuordnung> {
  const [row] = zuordnungRows(await zuordnungen(db).where('z.id', id));
  if (!row) throw notFound(ZUORDNUNG_NOT_FOUND);
  return presentZuordnung(await abstellplatzKategorienById(db))(row);
}

export async function saveAbstellplatz(db: Db, actor: Actor, data: AbstellplatzInput): Promise<AbstellplatzDetail> {
  return inTransaction(db, (trx) => saveAbstellplatzInTransaction(trx, actor, data));
}

async function saveAbstellplatzInTransaction(
  db: Db,
  actor: Actor,
  data: AbstellplatzInput,
): Promise<AbstellplatzDetail> {
  const id = data.id;
  if (id) {
    await claimVersion(db, {
      table: 'abstellplaetze',
      id,
      expected: data.version,
      entityType: ABSTELLPLATZ_HISTORY_TYPE,
      label: 'Der Abstellplatz',
      notFound: NOT_FOUND,
    });
  }
  const before = id ? await getAbstellplatz(db, id) : undefined;
  const errors: Record<string, string[]> = {};
  if (!(await abstellplatzKategorienById(db)).has(data.kategorieId)) {
    errors.kategorieId = ['Diese Kategorie gibt es nicht.'];
  }
  const others = await db('abstellplaetze').whereNot({ id }).select('nummer');
  const clash = others.find((o) => sameName(o.nummer, data.nummer));
  if (clash) errors.nummer = [`Den Abstellplatz „${clash.nummer}“ gibt es bereits.`];
  if (Object.keys(errors).length) throw validationFailed(errors);
  const values = {
    nummer: data.nummer,
    kategorie_id: data.kategorieId,
    aktiv: data.aktiv,
    notiz: data.notiz,
    updated_at: nowDb(),
  };
  let savedId = id;
  try {
    if (before) await db('abstellplaetze').where({ id }).update(values);
    else {
      const [newId] = await db('abstellplaetze').insert({ ...values, created_at: values.updated_at });
      savedId = Number(newId);
    }
  } catch (err) {
    if (isUniqueViolation(err)) throw validationFailed({ nummer: ['Diese Nummer ist bereits vergeben.'] });
    throw err;
  }
  const after = await getAbstellplatz(db, savedId);
  await recordHistory(db, actor, {
    entityType: ABSTELLPLATZ_HISTORY_TYPE,
    entityId: savedId,
    action: before ? 'update' : 'create',
    before: before && historyRecord(before),
    after: historyRecord(after),
  });
  return after;
}

export async function deleteAbstellplatz(db: Db, actor: Actor, id: number): Promise<void> {
  return inTransaction(db, (trx) => deleteAbstellplatzInTransaction(trx, actor, id));
}

async function deleteAbstellplatzInTransaction(db: Db, actor: Actor, id: number): Promise<void> {
  const before = await getAbstellplatz(db, id);
  const users = await db('abstellplatz_zuordnungen').where({ abstellplatz_id: id }).select('adresse_id');
  if (users.length) {
    const names = await adresseNamesOf(
      db,
      users.map((u) => Number(u.adresse_id)),
    );
    throw conflict(
      `Der Abstellplatz „${before.nummer}“ ist oder war ${nameList(names)} zugeordnet und kann nicht gelöscht werden. Setzen Sie ihn stattdessen auf „nicht aktiv“.`,
      undefined,
      'still_referenced',
    );
  }
  await db('abstellplaetze').where({ id }).delete();
  await recordHistory(db, actor, {
    entityType: ABSTELLPLATZ_HISTORY_TYPE,
    entityId: id,
    action: 'delete',
    before: historyRecord(before),
  });
}

/** The Excel list of all spaces with their current holder. */
export async function exportAbstellplaetze(db: Db): Promise<Buffer> {
  const rows = await listAbstellplaetze(db);
  return buildWorkbook<[Abstellplatz]>([
    {
      name: 'Abstellplätze',
      columns: [
        { header: 'Nummer', key: 'nummer', kind: 'text' },
        { header: 'Kategorie', key: 'kategorieName', kind: 'text' },
        { header: 'Jahresgebühr €', key: 'jahresgebuehrCent', kind: 'euro' },
        { header: 'Nutzungsberechtigter', key: (r: Abstellplatz) => r.zuordnung?.adresseName ?? '', kind: 'text' },
        { header: 'seit', key: (r: Abstellplatz) => r.zuordnung?.von ?? null, kind: 'date' },
      ],
      rows,
    },
  ]);
}
