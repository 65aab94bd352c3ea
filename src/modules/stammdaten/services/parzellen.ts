import { z } from 'zod';
import type { Actor } from '../../../platform/auth/principal';
import { collator } from '../../../platform/collation';
import { dateOf, formatGermanDate, periodContains, todayIso } from '../../../platform/dates';
import { type Db, inTransaction, nowDb } from '../../../platform/db/db';
import { claimVersion, withoutVersion } from '../../../platform/db/optimisticLock';
import { conflict, notFound, validationFailed } from '../../../platform/errors';
import { recordHistory } from '../../../platform/history/history';
import { roundDecimal } from '../../../platform/money/decimal';
import { resolveYear } from '../../abrechnung/services';
import type { GartenhistorieEintrag, Lookup, Nutzungsberechtigter, Parzelle, ParzelleInput } from '../schema/parzellen';
import { displayName } from './names';
import { nutzungsberechtigteOn } from './pachtverhaeltnisse';
import { wasserablesungen } from './wasserablesungenProvider';

export const PARZELLE_HISTORY_TYPE = 'Parzelle';
const NOT_FOUND = 'Die Parzelle wurde nicht gefunden.';

type NameRow = { nachname: string; vorname: string | null; titel: string | null };
/** "Huber Maria", with a title after a comma: "Huber Maria, Dr.". */
/** One way to write a holder's name everywhere: "Dr. Huber Maria" (names.ts). */
export const adresseName = (r: NameRow): string => displayName(r);

/** DECIMAL: a number on SQLite, a string on MySQL. */
const decimal = z.union([z.number(), z.string()]);
const nameColumns = { nachname: z.string(), vorname: z.string().nullable(), titel: z.string().nullable() };

/** A plot with its yearly values, group and meter (joined, so parsed: ADR 0005). */
const parzelleRow = z.object({
  id: z.coerce.number(),
  version: z.coerce.number(),
  nummer: z.string(),
  flaeche: decimal.nullable(),
  flags: z.coerce.number(),
  wasserzaehler_nummer: z.string().nullable(),
  hauptwasserzaehler_id: z.coerce.number().nullable(),
  gruppe_id: z.coerce.number().nullable(),
  aktiv: z.union([z.boolean(), z.number()]),
  notiz: z.string().nullable(),
  gemeinschaftsflaeche: decimal.nullable(),
  anzahl_parkkarten: decimal.nullable(),
  gruppe_name: z.string().nullable(),
  hwz_nummer: z.string().nullable(),
});
type ParzelleListRow = z.infer<typeof parzelleRow>;

/** A lease of the plot with its holder's name (joined, so parsed). */
const pachtverhaeltnisNameRow = z.object({
  ...nameColumns,
  adresse_id: z.coerce.number().optional(),
  von: z.string(),
  bis: z.string().nullable(),
});

function parzellenQuery(db: Db, pachtabrechnungId: number) {
  return db('parzellen as p')
    .leftJoin('parzelle_jahr as pj', (j) =>
      j.on('pj.parzelle_id', '=', 'p.id').andOn('pj.pachtabrechnung_id', '=', db.raw('?', [pachtabrechnungId])),
    )
    .leftJoin('gruppen as g', 'g.id', 'p.gruppe_id')
    .leftJoin('hauptwasserzaehler as h', 'h.id', 'p.hauptwasserzaehler_id')
    .select(
      'p.id',
      'p.version',
      'p.nummer',
      'p.flaeche',
      'p.flags',
      'p.wasserzaehler_nummer',
      'p.hauptwasserzaehler_id',
      'p.gruppe_id',
      'p.aktiv',
      'p.notiz',
      'pj.gemeinschaftsflaeche',
      'pj.anzahl_parkkarten',
      'g.name as gruppe_name',
      'h.nummer as hwz_nummer',
    );
}

/** The one shape of a Parzelle in every answer: its row with the year's values and today's holder. */
export function presentParzelle(
  r: ParzelleListRow,
  pachtabrechnungId: number,
  holder: Nutzungsberechtigter | undefined,
): Parzelle {
  return {
    id: Number(r.id),
    version: Number(r.version),
    nummer: r.nummer,
    flaeche: roundDecimal(r.flaeche ?? 0, 2),
    gemeinschaftsflaeche: r.gemeinschaftsflaeche == null ? null : roundDecimal(r.gemeinschaftsflaeche, 2),
    anzahlParkkarten: Number(r.anzahl_parkkarten ?? 0),
    flags: Number(r.flags),
    wasserzaehlerNummer: r.wasserzaehler_nummer ?? '',
    hauptwasserzaehlerId: r.hauptwasserzaehler_id == null ? null : Number(r.hauptwasserzaehler_id),
    gruppeId: r.gruppe_id == null ? null : Number(r.gruppe_id),
    aktiv: Boolean(r.aktiv),
    notiz: r.notiz ?? '',
    pachtabrechnungId,
    nutzungsberechtigter: holder ?? null,
    gruppeName: r.gruppe_name ?? null,
    hauptwasserzaehlerNummer: r.hwz_nummer ?? null,
  };
}

export type ParzellenFilter = 'aktiv' | 'frei' | 'vergeben' | 'alle';

/** Every table listParzellen reads: a kept list answer (platform/db/answerCache) lasts until one changes. */
export const PARZELLEN_LIST_TABLES = [
  'parzellen',
  'parzelle_jahr',
  'gruppen',
  'hauptwasserzaehler',
  'pachtverhaeltnisse',
  'adressen',
  'pachtabrechnungen',
] as const;

/** Plots with their values for the year, filtered and searched (number, holder, group), by number. */
export async function listParzellen(
  db: Db,
  opts: { pachtabrechnungID?: number; search?: string; filter?: ParzellenFilter } = {},
): Promise<Parzelle[]> {
  const year = await resolveYear(db, opts.pachtabrechnungID);
  const rows = z.array(parzelleRow).parse(await parzellenQuery(db, year.id));
  const holders = await nutzungsberechtigteOn(db, todayIso());
  let list = rows.map((r) => presentParzelle(r, year.id, holders.get(Number(r.id))));
  const filter = opts.filter ?? 'alle';
  if (filter === 'aktiv') list = list.filter((p) => p.aktiv);
  else if (filter === 'frei') list = list.filter((p) => !p.nutzungsberechtigter);
  else if (filter === 'vergeben') list = list.filter((p) => p.nutzungsberechtigter);
  const search = opts.search?.trim().toLocaleLowerCase('de-AT');
  if (search) {
    list = list.filter((p) =>
      [p.nummer, p.nutzungsberechtigter?.name, p.gruppeName, p.wasserzaehlerNummer].some((s) =>
        s?.toLocaleLowerCase('de-AT').includes(search),
      ),
    );
  }
  return list.sort((a, b) => collator.compare(a.nummer, b.nummer) || a.id - b.id);
}

export async function getParzelle(db: Db, id: number, pachtabrechnungId?: number | null): Promise<Parzelle> {
  const year = await resolveYear(db, pachtabrechnungId);
  const row = parzelleRow.optional().parse(await parzellenQuery(db, year.id).where('p.id', id).first());
  if (!row) throw notFound(NOT_FOUND);
  const holders = await nutzungsberechtigteOn(db, todayIso(), [id]);
  return presentParzelle(row, year.id, holders.get(id));
}

/** Creates (id 0 or absent) or updates a plot and its values for the year; fields left out keep their value. */
export async function saveParzelle(db: Db, actor: Actor, data: ParzelleInput): Promise<Parzelle> {
  return inTransaction(db, (trx) => saveParzelleInTransaction(trx, actor, data));
}

async function saveParzelleInTransaction(db: Db, actor: Actor, data: ParzelleInput): Promise<Parzelle> {
  const id = data.id ?? 0;
  // One version on the plot row covers its yearly values too.
  if (id) {
    await claimVersion(db, {
      table: 'parzellen',
      id,
      expected: data.version,
      entityType: PARZELLE_HISTORY_TYPE,
      label: 'Die Parzelle',
      notFound: NOT_FOUND,
    });
  }
  const year = await resolveYear(db, data.pachtabrechnungId);
  const before = id ? await getParzelle(db, id, year.id) : undefined;

  const errors: Record<string, string[]> = {};
  const nummer = data.nummer;
  const clash = await db('parzellen')
    .whereRaw('lower(nummer) = ?', [nummer.toLowerCase()])
    .whereNot('id', id)
    .first('id', 'nummer');
  if (clash) errors.nummer = [`Eine Parzelle mit der Nummer „${clash.nummer}“ gibt es bereits.`];
  if (data.gruppeId != null && !(await db('gruppen').where({ id: data.gruppeId }).first('id'))) {
    errors.gruppeId = ['Diese Gruppe gibt es nicht.'];
  }
  if (
    data.hauptwasserzaehlerId != null &&
    !(await db('hauptwasserzaehler').where({ id: data.hauptwasserzaehlerId }).first('id'))
  ) {
    errors.hauptwasserzaehlerId = ['Diesen Hauptwasserzähler gibt es nicht.'];
  }
  if (Object.keys(errors).length) throw validationFailed(errors);

  const now = nowDb();
  const values = {
    nummer,
    flaeche: data.flaeche ?? before?.flaeche ?? '0.00',
    flags: data.flags ?? before?.flags ?? 0,
    wasserzaehler_nummer: data.wasserzaehlerNummer ?? before?.wasserzaehlerNummer ?? '',
    hauptwasserzaehler_id:
      data.hauptwasserzaehlerId !== undefined ? data.hauptwasserzaehlerId : (before?.hauptwasserzaehlerId ?? null),
    gruppe_id: data.gruppeId !== undefined ? data.gruppeId : (before?.gruppeId ?? null),
    aktiv: data.aktiv ?? before?.aktiv ?? true,
    notiz: data.notiz ?? before?.notiz ?? '',
    updated_at: now,
  };
  let savedId = id;
  if (before) await db('parzellen').where({ id }).update(values);
  else {
    const [newId] = await db('parzellen').insert({ ...values, created_at: now });
    savedId = Number(newId);
  }

  const jahr = {
    gemeinschaftsflaeche:
      data.gemeinschaftsflaeche !== undefined ? data.gemeinschaftsflaeche : (before?.gemeinschaftsflaeche ?? null),
    anzahl_parkkarten: data.anzahlParkkarten ?? before?.anzahlParkkarten ?? 0,
  };
  const key = { parzelle_id: savedId, pachtabrechnung_id: year.id };
  if (await db('parzelle_jahr').where(key).first('parzelle_id')) await db('parzelle_jahr').where(key).update(jahr);
  else await db('parzelle_jahr').insert({ ...key, ...jahr });

  const after = await getParzelle(db, savedId, year.id);
  await recordHistory(db, actor, {
    entityType: PARZELLE_HISTORY_TYPE,
    entityId: savedId,
    action: before ? 'update' : 'create',
    before: withoutVersion(before),
    after: withoutVersion(after),
  });
  return after;
}

/** Deletes a plot that never had a holder; its yearly values go with it. */
export async function deleteParzelle(db: Db, actor: Actor, id: number): Promise<void> {
  return inTransaction(db, (trx) => deleteParzelleInTransaction(trx, actor, id));
}

async function deleteParzelleInTransaction(db: Db, actor: Actor, id: number): Promise<void> {
  const before = await getParzelle(db, id);
  const leases = z
    .array(pachtverhaeltnisNameRow)
    .parse(
      await db('pachtverhaeltnisse as pv')
        .join('adressen as a', 'a.id', 'pv.adresse_id')
        .where('pv.parzelle_id', id)
        .select('pv.von', 'pv.bis', 'a.nachname', 'a.vorname', 'a.titel')
        .orderBy('pv.von', 'desc'),
    );
  if (leases.length) {
    const today = todayIso();
    const current = leases.filter((l) => periodContains({ von: dateOf(l.von), bis: dateOf(l.bis) }, today));
    const shown = (current.length ? current : leases).slice(0, 3);
    const list = shown
      .map((l) =>
        l.bis == null || dateOf(l.bis) >= today
          ? `${adresseName(l)} seit ${formatGermanDate(dateOf(l.von))}`
          : `${adresseName(l)} ${formatGermanDate(dateOf(l.von))}–${formatGermanDate(dateOf(l.bis))}`,
      )
      .join(', ');
    const more = leases.length > shown.length && !current.length ? ' u. a.' : '';
    throw conflict(
      `Parzelle ${before.nummer} ${current.length ? 'hat' : 'hatte'} Nutzungsberechtigte (${list}${more}) und kann nicht gelöscht werden.`,
      undefined,
      'still_referenced',
    );
  }
  // Readings belong to the water book (settlements, meter history): the plot is set inactive instead.
  const { anzahl, zuletzt } = await wasserablesungen().ablesungenVon(db, { parzelleId: id });
  if (anzahl) {
    throw conflict(
      `Die Parzelle ${before.nummer} hat ${anzahl === 1 ? 'eine Wasserablesung' : `${anzahl} Wasserablesungen`}${zuletzt ? ` (zuletzt am ${formatGermanDate(zuletzt)})` : ''}; sie gehören zum Wasserbuch. Setzen Sie die Parzelle auf inaktiv, statt sie zu löschen.`,
      undefined,
      'still_referenced',
    );
  }
  // A stored akonto (proposed for every plot with a meter, read or not) or settlement keeps it too.
  const { abrechnung, akonto } = await wasserablesungen().abrechnungenVon(db, id);
  if (abrechnung || akonto) {
    const was = abrechnung
      ? `ist in der Wasserabrechnung zum ${formatGermanDate(abrechnung)}`
      : `hat ein Wasser-Akonto zum ${formatGermanDate(akonto ?? '')}`;
    throw conflict(
      `Die Parzelle ${before.nummer} ${was}; das gehört zum Wasserbuch. Setzen Sie die Parzelle auf inaktiv, statt sie zu löschen.`,
      undefined,
      'still_referenced',
    );
  }
  await db('parzelle_jahr').where({ parzelle_id: id }).delete();
  await db('parzellen').where({ id }).delete();
  await recordHistory(db, actor, {
    entityType: PARZELLE_HISTORY_TYPE,
    entityId: id,
    action: 'delete',
    before: withoutVersion(before),
  });
}

/** All leases of a plot, newest first. */
export async function gartenhistorie(db: Db, parzelleId: number): Promise<GartenhistorieEintrag[]> {
  if (!(await db('parzellen').where({ id: parzelleId }).first('id'))) throw notFound(NOT_FOUND);
  const rows = z.array(pachtverhaeltnisNameRow.required({ adresse_id: true })).parse(
    await db('pachtverhaeltnisse as pv')
      .join('adressen as a', 'a.id', 'pv.adresse_id')
      .where('pv.parzelle_id', parzelleId)
      .select('pv.adresse_id', 'pv.von', 'pv.bis', 'a.nachname', 'a.vorname', 'a.titel')
      .orderBy([
        { column: 'pv.von', order: 'desc' },
        { column: 'pv.id', order: 'desc' },
      ]),
  );
  return rows.map((r) => ({
    adresseId: Number(r.adresse_id),
    name: adresseName(r),
    von: dateOf(r.von),
    bis: dateOf(r.bis),
  }));
}

/** `{ id, name = Nummer }` of every plot, by number. */
export async function parzellenLookup(db: Db): Promise<Lookup[]> {
  const rows = await db('parzellen').select('id', 'nummer');
  return rows
    .map((r) => ({ id: Number(r.id), name: r.nummer }))
    .sort((a, b) => collator.compare(a.name, b.name) || a.id - b.id);
}
