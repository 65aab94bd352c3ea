import type { Actor } from '../../../platform/auth/principal';
import { dateOf, formatGermanDate } from '../../../platform/dates';
import { type Db, inTransaction, nowDb } from '../../../platform/db/db';
import { claimVersion, withoutVersion } from '../../../platform/db/optimisticLock';
import { notFound, validationFailed } from '../../../platform/errors';
import { recordHistory } from '../../../platform/history/history';
import type { WeiterePerson, WeiterePersonInput } from '../schema/adressen';
import type { WeiterePersonRow } from '../tables';
import { recordOnAdresse } from './adresseHistory';
import { compareNames, displayName } from './names';

export const WEITERE_PERSON_HISTORY_TYPE = 'WeiterePerson';
const TABLE = 'weitere_personen';
const NOT_FOUND = 'Die weitere Person wurde nicht gefunden.';

export type { WeiterePerson };

/** The one way a Weitere Person is answered. */
export const presentWeiterePerson = (r: WeiterePersonRow): WeiterePerson => ({
  id: Number(r.id),
  version: Number(r.version),
  adresseId: Number(r.adresse_id),
  anrede: r.anrede,
  titel: r.titel,
  vorname: r.vorname,
  nachname: r.nachname,
  beziehung: r.beziehung,
  telefon: r.telefon,
  email: r.email,
  geburtsdatum: dateOf(r.geburtsdatum),
  eintrittsdatum: dateOf(r.eintrittsdatum),
  flags: Number(r.flags),
  zeitungErlaubt: Boolean(r.zeitung_erlaubt),
  notiz: r.notiz ?? '',
});

const sortPersons = (list: WeiterePerson[]) =>
  list.sort((a, b) => compareNames(displayName(a), displayName(b)) || a.id - b.id);

export async function listWeiterePersonen(db: Db, adresseId: number): Promise<WeiterePerson[]> {
  const rows = await db(TABLE).where({ adresse_id: adresseId });
  return sortPersons(rows.map(presentWeiterePerson));
}

/** Every further person, for the lookups. */
export async function listAllWeiterePersonen(db: Db): Promise<WeiterePerson[]> {
  const rows = await db(TABLE).select();
  return sortPersons(rows.map(presentWeiterePerson));
}

export async function getWeiterePerson(db: Db, id: number): Promise<WeiterePerson> {
  const row = await db(TABLE).where({ id }).first();
  if (!row) throw notFound(NOT_FOUND);
  return presentWeiterePerson(row);
}

/** Creates (id 0) or updates a further person; the address must exist. */
export async function saveWeiterePerson(db: Db, actor: Actor, data: WeiterePersonInput): Promise<WeiterePerson> {
  return inTransaction(db, (trx) => saveWeiterePersonInTransaction(trx, actor, data));
}

async function saveWeiterePersonInTransaction(db: Db, actor: Actor, data: WeiterePersonInput): Promise<WeiterePerson> {
  if (data.id) {
    await claimVersion(db, {
      table: TABLE,
      id: data.id,
      expected: data.version,
      entityType: WEITERE_PERSON_HISTORY_TYPE,
      label: 'Die weitere Person',
      notFound: NOT_FOUND,
    });
  }
  const before = data.id ? await getWeiterePerson(db, data.id) : undefined;
  const adresse = await db('adressen').where({ id: data.adresseId }).first('id');
  if (!adresse) throw validationFailed({ adresseId: ['Diese Adresse gibt es nicht.'] });
  const values = {
    adresse_id: data.adresseId,
    anrede: data.anrede,
    titel: data.titel,
    vorname: data.vorname,
    nachname: data.nachname,
    beziehung: data.beziehung,
    telefon: data.telefon,
    email: data.email,
    geburtsdatum: data.geburtsdatum,
    eintrittsdatum: data.eintrittsdatum,
    flags: data.flags,
    zeitung_erlaubt: data.zeitungErlaubt,
    notiz: data.notiz,
    updated_at: nowDb(),
  };
  let id = data.id;
  if (before) await db(TABLE).where({ id }).update(values);
  else {
    const [newId] = await db(TABLE).insert({ ...values, created_at: values.updated_at });
    id = Number(newId);
  }
  const after = await getWeiterePerson(db, id);
  await recordHistory(db, actor, {
    entityType: WEITERE_PERSON_HISTORY_TYPE,
    entityId: id,
    action: before ? 'update' : 'create',
    before: withoutVersion(before),
    after: withoutVersion(after),
  });
  if (before && before.adresseId !== after.adresseId) {
    await recordOnAdresse(db, actor, before.adresseId, {
      action: 'person-delete',
      field: 'weiterePerson',
      before: personSummary(before),
      after: null,
    });
  }
  const sameAdresse = before?.adresseId === after.adresseId;
  await recordOnAdresse(db, actor, after.adresseId, {
    action: sameAdresse ? 'person-update' : 'person-create',
    field: 'weiterePerson',
    before: sameAdresse && before ? personSummary(before) : null,
    after: personSummary(after),
  });
  return after;
}

/** One line about a further person for the address's Verlauf: "Huber Anna (Tochter), geb. 01.02.2010, …". */
export function personSummary(p: WeiterePerson): string {
  const parts = [
    `${displayName(p)}${p.beziehung ? ` (${p.beziehung})` : ''}`,
    p.geburtsdatum ? `geb. ${formatGermanDate(p.geburtsdatum)}` : '',
    p.eintrittsdatum ? `Eintritt ${formatGermanDate(p.eintrittsdatum)}` : '',
    p.telefon ? `Tel. ${p.telefon}` : '',
    p.email,
    p.zeitungErlaubt ? 'Vereinszeitung' : '',
    p.notiz ? `Notiz: ${p.notiz}` : '',
  ];
  return parts.filter(Boolean).join(', ');
}

export async function deleteWeiterePerson(db: Db, actor: Actor, id: number): Promise<void> {
  return inTransaction(db, (trx) => deleteWeiterePersonInTransaction(trx, actor, id));
}

async function deleteWeiterePersonInTransaction(db: Db, actor: Actor, id: number): Promise<void> {
  const before = await getWeiterePerson(db, id);
  await db(TABLE).where({ id }).delete();
  await recordHistory(db, actor, {
    entityType: WEITERE_PERSON_HISTORY_TYPE,
    entityId: id,
    action: 'delete',
    before: withoutVersion(before),
  });
  await recordOnAdresse(db, actor, before.adresseId, {
    action: 'person-delete',
    field: 'weiterePerson',
    before: personSummary(before),
    after: null,
  });
}
