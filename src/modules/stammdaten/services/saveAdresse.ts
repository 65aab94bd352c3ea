import type { Actor } from '../../../platform/auth/principal';
import { type Db, inTransaction, nowDb } from '../../../platform/db/db';
import { claimVersion, withoutVersion } from '../../../platform/db/optimisticLock';
import { recordHistory } from '../../../platform/history/history';
import type { AppServices } from '../../../platform/services';
import type { Adresse, AdresseInput } from '../schema/adressen';
import { ADRESSE_HISTORY_TYPE } from './adresseHistory';
import { ADRESSE_FILE_OWNER, ADRESSE_NOT_FOUND, ADRESSEN_TABLE, getAdresse } from './adressen';
import { ADRESSE_FILE_KINDS, ADRESSE_FILE_MAX_BYTES, type AdresseUpload } from './adresseRequest';

/** Creates (id 0) or updates an address and stores its uploads, in one transaction (the caller's, when it passes one). */
export async function saveAdresse(
  services: AppServices,
  db: Db,
  actor: Actor,
  data: AdresseInput,
  uploads: AdresseUpload[] = [],
): Promise<Adresse> {
  return inTransaction(db, (trx) => saveAdresseInTransaction(services, trx, actor, data, uploads));
}

async function saveAdresseInTransaction(
  services: AppServices,
  db: Db,
  actor: Actor,
  data: AdresseInput,
  uploads: AdresseUpload[] = [],
): Promise<Adresse> {
  if (data.id) {
    await claimVersion(db, {
      table: ADRESSEN_TABLE,
      id: data.id,
      expected: data.version,
      entityType: ADRESSE_HISTORY_TYPE,
      label: 'Die Adresse',
      notFound: ADRESSE_NOT_FOUND,
    });
  }
  const before = data.id ? await getAdresse(db, data.id) : undefined;
  const values = {
    anrede: data.anrede,
    titel: data.titel,
    vorname: data.vorname,
    nachname: data.nachname,
    strasse: data.strasse,
    plz: data.plz,
    ort: data.ort,
    land: data.land,
    telefon: data.telefon,
    mobil: data.mobil,
    email: data.email,
    geburtsdatum: data.geburtsdatum,
    eintrittsdatum: data.eintrittsdatum,
    austrittsdatum: data.austrittsdatum,
    flags: data.flags,
    adresstyp: data.adresstyp,
    iban: data.iban,
    zeitung_erlaubt: data.zeitungErlaubt,
    notiz: data.notiz,
    updated_at: nowDb(),
  };
  let id = data.id;
  if (before) await db(ADRESSEN_TABLE).where({ id }).update(values);
  else {
    const [newId] = await db(ADRESSEN_TABLE).insert({ ...values, created_at: values.updated_at });
    id = Number(newId);
  }
  const after = await getAdresse(db, id);
  await recordHistory(db, actor, {
    entityType: ADRESSE_HISTORY_TYPE,
    entityId: id,
    action: before ? 'update' : 'create',
    before: withoutVersion(before),
    after: withoutVersion(after),
  });
  for (const upload of uploads) {
    const record = await services.files.save(db, {
      name: upload.name,
      content: upload.content,
      ownerType: ADRESSE_FILE_OWNER,
      ownerId: id,
      userId: actor.userId,
      allowed: ADRESSE_FILE_KINDS,
      maxBytes: ADRESSE_FILE_MAX_BYTES,
    });
    await recordHistory(db, actor, {
      entityType: ADRESSE_HISTORY_TYPE,
      entityId: id,
      action: 'file-upload',
      after: { fileId: record.id, name: record.name, size: record.size, mime: record.mime },
    });
  }
  return after;
}
