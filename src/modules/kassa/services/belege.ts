import { readFile } from 'node:fs/promises';
import type { UploadedFile } from '../../../http/router';
import type { Actor } from '../../../platform/auth/principal';
import type { Db } from '../../../platform/db/db';
import { notFound, validationFailed } from '../../../platform/errors';
import { FileResult } from '../../../platform/files/fileResult';
import type { FileRecord } from '../../../platform/files/fileStore';
import { recordHistory } from '../../../platform/history/history';
import type { AppServices } from '../../../platform/services';
import { BELEG_DATEITYPEN } from '../schema/belege';
import type { Beleg } from '../schema/kassabuch';
import { KASSABUCH_HISTORY_TYPE } from './buchen';
import { assertUngeprueft, EINTRAG_NICHT_GEFUNDEN } from './kassabuch';
import { BELEG_OWNER } from './kassabuchLesen';
import { assertOffen, ladePeriode } from './periode';

// Receipts of Kassabuch entries: files of the platform file store owned by 'Kassabuch' and the
// entry's id. PDF, JPEG and PNG only (recognised by content). Attaching stays possible after the
// entry was checked (the hash does not cover files); removing one from a checked entry does not.

/** A receipt scan or PDF may be large; 20 MB each. */
export const BELEG_MAX_BYTES = 20 * 1024 * 1024;
const BELEG_NICHT_GEFUNDEN = 'Diesen Beleg gibt es nicht (mehr).';

const present = (f: FileRecord): Beleg => ({ id: f.id, name: f.name, mime: f.mime, size: f.size });

async function ladeEintragRow(db: Db, id: number) {
  const row = await db('kassabuch').where({ id }).first();
  if (!row) throw notFound(EINTRAG_NICHT_GEFUNDEN);
  return row;
}

/** GET Kassa/KassabuchBelegUpdate: the receipts of an entry. */
export async function listeBelege(services: AppServices, db: Db, kassabuchId: number): Promise<Beleg[]> {
  await ladeEintragRow(db, kassabuchId);
  return (await services.files.listByOwner(db, BELEG_OWNER, kassabuchId)).map(present);
}

/** POST Kassa/UpdateKassabuchBeleg: attaches the uploaded files (field `files`, several); answers every receipt of the entry. */
export async function ladeBelegeHoch(
  services: AppServices,
  db: Db,
  actor: Actor,
  kassabuchId: number,
  files: UploadedFile[],
): Promise<Beleg[]> {
  const eintrag = await ladeEintragRow(db, kassabuchId);
  if (!files.length) throw validationFailed({ files: ['Bitte wählen Sie mindestens eine Datei aus.'] });
  for (const file of files) {
    const record = await services.files.save(db, {
      name: file.name,
      content: await readFile(file.path),
      ownerType: BELEG_OWNER,
      ownerId: kassabuchId,
      userId: actor.userId,
      allowed: BELEG_DATEITYPEN,
      maxBytes: BELEG_MAX_BYTES,
    });
    await recordHistory(db, actor, {
      entityType: KASSABUCH_HISTORY_TYPE,
      entityId: kassabuchId,
      action: 'file-upload',
      after: { belegnummer: eintrag.belegnummer, fileId: record.id, name: record.name, size: record.size },
    });
  }
  return listeBelege(services, db, kassabuchId);
}

async function ladeBeleg(services: AppServices, db: Db, belegId: number): Promise<FileRecord> {
  const record = await services.files.get(db, belegId).catch(() => null);
  if (!record || record.ownerType !== BELEG_OWNER) throw notFound(BELEG_NICHT_GEFUNDEN);
  return record;
}

/** GET Kassa/GetBeleg: the file, inline for the preview or as a download. */
export async function belegDatei(services: AppServices, db: Db, belegId: number, inline: boolean): Promise<FileResult> {
  const record = await ladeBeleg(services, db, belegId);
  return new FileResult(services.files.stream(record), record.mime, record.name, inline);
}

/** DELETE Kassa/DeleteBeleg: 409 when the entry is checked or its period closed. */
export async function loescheBeleg(services: AppServices, db: Db, actor: Actor, belegId: number): Promise<void> {
  const record = await ladeBeleg(services, db, belegId);
  const eintrag = await db('kassabuch')
    .where({ id: Number(record.ownerId) })
    .forUpdate()
    .first();
  if (eintrag) {
    assertUngeprueft(eintrag);
    assertOffen(await ladePeriode(db, Number(eintrag.kassaabrechnung_id)));
  }
  await services.files.remove(db, record.id);
  await recordHistory(db, actor, {
    entityType: KASSABUCH_HISTORY_TYPE,
    entityId: record.ownerId ?? '',
    action: 'file-delete',
    before: { fileId: record.id, name: record.name, size: record.size },
  });
}
