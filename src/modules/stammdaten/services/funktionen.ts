import { z } from 'zod';
import type { Actor } from '../../../platform/auth/principal';
import { collator } from '../../../platform/collation';
import { addDays, dateOf, formatGermanDate, periodContains, todayIso } from '../../../platform/dates';
import { type Db, inTransaction, nowDb } from '../../../platform/db/db';
import { isUniqueViolation } from '../../../platform/db/dbErrors';
import { claimVersion, withoutVersion } from '../../../platform/db/optimisticLock';
import { conflict, notFound, validationFailed } from '../../../platform/errors';
import { recordHistory } from '../../../platform/history/history';
import type { Funktion, FunktionAlert, Funktionaer, FunktionaerAlert } from '../schema/funktionen';
import type { FunktionRow } from '../tables';
import { adresseExists, adresseName } from './abstellplaetze';
import { adresseNamesOf, isActive, nameList, sameName } from './names';

export const FUNKTION_HISTORY_TYPE = 'Funktion';
export const FUNKTIONAER_HISTORY_TYPE = 'Funktionaer';
/** KGVMitglied in Adresse.flags. */
const MITGLIED = 256;
/** A term ending within this many days is shown as an alert. */
export const ENDE_WARNUNG_TAGE = 60;

export type { Funktion, FunktionAlert, Funktionaer, FunktionaerAlert };

/** The one way a Funktion is answered. */
export const presentFunktion = (
  r: Pick<FunktionRow, 'id' | 'version' | 'name' | 'sortierung' | 'pflicht'>,
): Funktion => ({
  id: Number(r.id),
  version: Number(r.version),
  name: r.name,
  sortierung: Number(r.sortierung),
  pflicht: Boolean(r.pflicht),
});

export async function listFunktionen(db: Db): Promise<Funktion[]> {
  const rows = await db('funktionen').select('id', 'version', 'name', 'sortierung', 'pflicht');
  return rows.map(presentFunktion).sort((a, b) => a.sortierung - b.sortierung || collator.compare(a.name, b.name));
}

export async function getFunktion(db: Db, id: number): Promise<Funktion> {
  const row = await db('funktionen').where({ id }).first('id', 'version', 'name', 'sortierung', 'pflicht');
  if (!row) throw notFound('Die Funktion wurde nicht gefunden.');
  return presentFunktion(row);
}

export async function saveFunktion(
  db: Db,
  actor: Actor,
  data: { id: number; version?: number; name: string; sortierung: number; pflicht: boolean },
): Promise<Funktion> {
  return inTransaction(db, (trx) => saveFunktionInTransaction(trx, actor, data));
}

async function saveFunktionInTransaction(
  db: Db,
  actor: Actor,
  data: { id: number; version?: number; name: string; sortierung: number; pflicht: boolean },
): Promise<Funktion> {
  if (data.id) {
    await claimVersion(db, {
      table: 'funktionen',
      id: data.id,
      expected: data.version,
      entityType: FUNKTION_HISTORY_TYPE,
      label: 'Die Funktion',
      notFound: 'Die Funktion wurde nicht gefunden.',
    });
  }
  const before = data.id ? await getFunktion(db, data.id) : undefined;
  const others = await db('funktionen').whereNot({ id: data.id }).select('name');
  const clash = others.find((o) => sameName(o.name, data.name));
  if (clash) throw validationFailed({ name: [`Die Funktion „${clash.name}“ gibt es bereits.`] });
  const values = { name: data.name, sortierung: data.sortierung, pflicht: data.pflicht, updated_at: nowDb() };
  let id = data.id;
  try {
    if (before) await db('funktionen').where({ id }).update(values);
    else {
      const [newId] = await db('funktionen').insert({ ...values, created_at: values.updated_at });
      id = Number(newId);
    }
  } catch (err) {
    if (isUniqueViolation(err)) throw validationFailed({ name: ['Eine Funktion mit diesem Namen gibt es bereits.'] });
    throw err;
  }
  const after = await getFunktion(db, id);
  await recordHistory(db, actor, {
    entityType: FUNKTION_HISTORY_TYPE,
    entityId: id,
    action: before ? 'update' : 'create',
    before: withoutVersion(before),
    after: withoutVersion(after),
  });
  return after;
}

export async function deleteFunktion(db: Db, actor: Actor, id: number): Promise<void> {
  return inTransaction(db, (trx) => deleteFunktionInTransaction(trx, actor, id));
}

async function deleteFunktionInTransaction(db: Db, actor: Actor, id: number): Promise<void> {
  const before = await getFunktion(db, id);
  const holders = await db('funktionaere').where({ funktion_id: id }).select('adresse_id');
  if (holders.length) {
    const names = await adresseNamesOf(
      db,
      holders.map((h) => Number(h.adresse_id)),
    );
    throw conflict(
      `Die Funktion „${before.name}“ ist ${nameList(names)} zugeordnet (frühere Amtszeiten zählen mit) und kann nicht gelöscht werden.`,
      undefined,
      'still_referenced',
    );
  }
  await db('funktionen').where({ id }).delete();
  await recordHistory(db, actor, {
    entityType: FUNKTION_HISTORY_TYPE,
    entityId: id,
    action: 'delete',
    before: withoutVersion(before),
  });
}

/** A row of {@link funktionaere}: the term joined with its Funktion and Adresse. */
const funktionaerRow = z.object({
  id: z.coerce.number(),
  version: z.coerce.number(),
  funktion_id: z.coerce.number(),
  adresse_id: z.coerce.number(),
  von: z.string(),
  bis: z.string().nullable(),
  notiz: z.string().nullable(),
  funktion_name: z.string(),
  sortierung: z.coerce.number(),
  titel: z.string(),
  vorname: z.string(),
  nachname: z.string(),
  flags: z.coerce.number(),
  austrittsdatum: z.string().nullable(),
});
type FunktionaerListRow = z.infer<typeof funktionaerRow>;
const funktionaerRows = (rows: unknown) => z.array(funktionaerRow).parse(rows);

function funktionaere(db: Db) {
  return db('funktionaere as f')
    .join('funktionen as fn', 'fn.id', 'f.funktion_id')
    .join('adressen as a', 'a.id', 'f.adresse_id')
    .select(
      'f.id',
      'f.version',
      'f.funktion_id',
      'f.adresse_id',
      'f.von',
      'f.bis',
      'f.notiz',
      'fn.name as funktion_name',
      'fn.sortierung',
      'a.titel',
      'a.vorname',
      'a.nachname',
      'a.flags',
      'a.austrittsdatum',
    );
}

/** The one way a Funktionär's term is answered. */
export const presentFunktionaer = (r: FunktionaerListRow): Funktionaer => ({
  id: Number(r.id),
  version: Number(r.version),
  funktionId: Number(r.funktion_id),
  adresseId: Number(r.adresse_id),
  von: dateOf(r.von) ?? '',
  bis: dateOf(r.bis),
  notiz: r.notiz ?? '',
  funktionName: r.funktion_name,
  adresseName: adresseName(r),
});

const sortRows = (rows: FunktionaerListRow[]) =>
  rows.sort(
    (a, b) =>
      Number(a.sortierung) - Number(b.sortierung) ||
      collator.compare(a.funktion_name, b.funktion_name) ||
      String(dateOf(b.von)).localeCompare(String(dateOf(a.von))) ||
      Number(a.id) - Number(b.id),
  );

/** All terms (also past ones), by function then newest first; optionally of one function or address. */
export async function listFunktionaere(
  db: Db,
  filter: { funktionId?: number; adresseId?: number } = {},
): Promise<Funktionaer[]> {
  const q = funktionaere(db);
  if (filter.funktionId) q.where('f.funktion_id', filter.funktionId);
  if (filter.adresseId) q.where('f.adresse_id', filter.adresseId);
  return sortRows(funktionaerRows(await q)).map(presentFunktionaer);
}

export async function getFunktionaer(db: Db, id: number): Promise<Funktionaer> {
  const [row] = funktionaerRows(await funktionaere(db).where('f.id', id));
  if (!row) throw notFound('Der Funktionär wurde nicht gefunden.');
  return presentFunktionaer(row);
}

/** What a Funktionär save takes (id 0 creates). */
type FunktionaerInput = {
  id: number;
  version?: number;
  funktionId: number;
  adresseId: number;
  von: string;
  bis: string | null;
  notiz: string;
};

export async function saveFunktionaer(db: Db, actor: Actor, data: FunktionaerInput): Promise<Funktionaer> {
  return inTransaction(db, (trx) => saveFunktionaerInTransaction(trx, actor, data));
}

async function saveFunktionaerInTransaction(db: Db, actor: Actor, data: FunktionaerInput): Promise<Funktionaer> {
  if (data.id) {
    await claimVersion(db, {
      table: 'funktionaere',
      id: data.id,
      expected: data.version,
      entityType: FUNKTIONAER_HISTORY_TYPE,
      label: 'Die Amtszeit des Funktionärs',
      notFound: 'Der Funktionär wurde nicht gefunden.',
    });
  }
  const before = data.id ? await getFunktionaer(db, data.id) : undefined;
  const errors: Record<string, string[]> = {};
  if (!(await db('funktionen').where({ id: data.funktionId }).first('id')))
    errors.funktionId = ['Diese Funktion gibt es nicht.'];
  if (!(await adresseExists(db, data.adresseId))) errors.adresseId = ['Diese Adresse gibt es nicht.'];
  if (Object.keys(errors).length) throw validationFailed(errors);
  const values = {
    funktion_id: data.funktionId,
    adresse_id: data.adresseId,
    von: data.von,
    bis: data.bis,
    notiz: data.notiz,
    updated_at: nowDb(),
  };
  let id = data.id;
  if (before) await db('funktionaere').where({ id }).update(values);
  else {
    const [newId] = await db('funktionaere').insert({ ...values, created_at: values.updated_at });
    id = Number(newId);
  }
  const after = await getFunktionaer(db, id);
  await recordHistory(db, actor, {
    entityType: FUNKTIONAER_HISTORY_TYPE,
    entityId: id,
    action: before ? 'update' : 'create',
    before: withoutVersion(before),
    after: withoutVersion(after),
  });
  return after;
}

export async function deleteFunktionaer(db: Db, actor: Actor, id: number): Promise<void> {
  return inTransaction(db, (trx) => deleteFunktionaerInTransaction(trx, actor, id));
}

async function deleteFunktionaerInTransaction(db: Db, actor: Actor, id: number): Promise<void> {
  const before = await getFunktionaer(db, id);
  await db('funktionaere').where({ id }).delete();
  await recordHistory(db, actor, {
    entityType: FUNKTIONAER_HISTORY_TYPE,
    entityId: id,
    action: 'delete',
    before: withoutVersion(before),
  });
}

/** Required functions nobody holds today. */
export async function funktionAlerts(db: Db, today = todayIso()): Promise<FunktionAlert[]> {
  const pflicht = (await listFunktionen(db)).filter((f) => f.pflicht);
  const terms = await db('funktionaere').select('funktion_id', 'von', 'bis');
  const held = new Set(
    terms
      .filter((t) => periodContains({ von: dateOf(t.von) ?? '', bis: dateOf(t.bis) }, today))
      .map((t) => Number(t.funktion_id)),
  );
  return pflicht
    .filter((f) => !held.has(f.id))
    .map((f) => ({ funktionId: f.id, name: f.name, text: `Die Funktion „${f.name}“ ist derzeit nicht besetzt.` }));
}

/**
 * Terms that end within 60 days, and current holders who are no longer members (flag 256
 * missing or their exit date reached).
 */
export async function funktionaerAlerts(db: Db, today = todayIso()): Promise<FunktionaerAlert[]> {
  const limit = addDays(today, ENDE_WARNUNG_TAGE);
  const rows = sortRows(funktionaerRows(await funktionaere(db)));
  const alerts: FunktionaerAlert[] = [];
  for (const r of rows) {
    const f = presentFunktionaer(r);
    if (f.bis === null ? f.von > today : f.bis < today) continue;
    const base = { funktionaerId: f.id, funktionId: f.funktionId, adresseId: f.adresseId, name: f.adresseName };
    if (f.bis !== null && f.bis <= limit && f.von <= today) {
      alerts.push({
        ...base,
        art: 'endet',
        text: `Die Funktionsperiode von ${f.adresseName} als ${f.funktionName} endet am ${formatGermanDate(f.bis)}.`,
      });
    }
    const austritt = dateOf(r.austrittsdatum);
    const mitglied = (Number(r.flags) & MITGLIED) !== 0 && isActive(austritt, today);
    if (!mitglied && f.von <= today) {
      alerts.push({
        ...base,
        art: 'kein_mitglied',
        text: `${f.adresseName} (${f.funktionName}) ist nicht mehr Mitglied des Vereins.`,
      });
    }
  }
  return alerts;
}
