import { type Actor, hasAnyRight, type Principal } from '../../../platform/auth/principal';
import type { Right } from '../../../platform/auth/rights';
import type { Db } from '../../../platform/db/db';
import { forbidden, notFound, validationFailed } from '../../../platform/errors';
import type { FileRecord } from '../../../platform/files/fileStore';
import { getHistory, type HistoryEntry, recordHistory } from '../../../platform/history/history';
import type { AppServices } from '../../../platform/services';

/** Files without an owner (none yet) and unknown types are for administrators only. */
const ADMIN_ONLY: readonly Right[] = ['WebApp.Admin'];

function rightsFor(services: AppServices, type: string | null, kind: 'view' | 'edit'): readonly Right[] {
  const entry = type ? services.access[type] : undefined;
  return entry ? entry[kind] : ADMIN_ONLY;
}

export async function getFileFor(services: AppServices, user: Principal, fileId: number): Promise<FileRecord> {
  const record = await services.files.get(services.db, fileId);
  if (!hasAnyRight(user, rightsFor(services, record.ownerType, 'view'))) throw forbidden();
  return record;
}

/** Deletes a file of a record and notes it in that record's history, in the caller's transaction. */
export async function deleteFileFor(services: AppServices, db: Db, user: Principal, actor: Actor, fileId: number) {
  const record = await services.files.get(db, fileId);
  if (!hasAnyRight(user, rightsFor(services, record.ownerType, 'edit'))) throw forbidden();
  await services.files.remove(db, fileId);
  if (record.ownerType && record.ownerId) {
    await recordHistory(db, actor, {
      entityType: record.ownerType,
      entityId: record.ownerId,
      action: 'file-delete',
      before: { file: record.name, size: record.size },
    });
  }
}

/**
 * `entityID` names a record as `<Type>:<id>`, e.g. `Parzelle:17`, because ids of different tables
 * overlap; `entityType` may be given separately instead.
 */
export function parseEntityId(entityID: string, entityType?: string): { type: string; id: string } {
  const [type, id] = entityType ? [entityType, entityID] : entityID.split(':', 2);
  if (!type || !id) throw validationFailed({ entityID: ['Erwartet wird „Typ:ID“, z. B. „Parzelle:17“.'] });
  return { type, id };
}

export async function historyFor(
  services: AppServices,
  user: Principal,
  entityID: string,
  entityType?: string,
): Promise<HistoryEntry[]> {
  const { type, id } = parseEntityId(entityID, entityType);
  if (!services.access[type] && !user.isGlobalAdmin) throw notFound('Unbekannter Eintragstyp.', type);
  if (!hasAnyRight(user, rightsFor(services, type, 'view'))) throw forbidden();
  return getHistory(services.db, type, id);
}
