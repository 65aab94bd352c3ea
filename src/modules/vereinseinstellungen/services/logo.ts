import type { Actor } from '../../../platform/auth/principal';
import type { Db } from '../../../platform/db/db';
import { validationFailed } from '../../../platform/errors';
import { detectFileType } from '../../../platform/files/fileTypes';
import { recordHistory } from '../../../platform/history/history';
import type { AppServices } from '../../../platform/services';
import { getSetting, setSection } from '../../../platform/settings/settings';
import { HISTORY_TYPE } from './sections';
import { unsafeSvgReason } from './svgSafety';
import { LOGO_SECTION } from './vereinseinstellungen';

export const LOGO_MAX_BYTES = 2 * 1024 * 1024;
export const LOGO_OWNER = { ownerType: 'Vereinseinstellungen', ownerId: 'logo' } as const;

/**
 * Stores a new club logo (PNG, JPEG or a plain SVG up to 2 MB) and removes the previous file, in
 * the caller's transaction; GetLogo serves it from then on.
 */
export async function saveVereinsLogo(
  services: AppServices,
  db: Db,
  actor: Actor,
  upload: { name: string; content: Buffer },
): Promise<{ fileId: number }> {
  const detected = detectFileType(upload.content, upload.name);
  if (detected?.kind === 'svg' && upload.content.length <= LOGO_MAX_BYTES) {
    // latin1 keeps every byte: the checks look for ASCII markup, whatever the file's encoding.
    const reason = unsafeSvgReason(upload.content.toString('latin1'));
    if (reason) {
      throw validationFailed({
        file: [
          `Dieses SVG wird aus Sicherheitsgründen nicht angenommen: ${reason}. Bitte speichern Sie das Logo ohne Skripte und externe Verweise (z. B. als „Optimiertes SVG“) oder laden Sie ein PNG hoch.`,
        ],
      });
    }
  }
  const previousId = Number(await getSetting(db, LOGO_SECTION, 'fileId'));
  const previous =
    Number.isSafeInteger(previousId) && previousId > 0
      ? ((await db('files').where({ id: previousId }).first('id', 'name', 'size')) as
          | { id: number; name: string; size: number | string }
          | undefined)
      : undefined;
  const record = await services.files.save(db, {
    name: upload.name,
    content: upload.content,
    ...LOGO_OWNER,
    userId: actor.userId,
    allowed: ['png', 'jpeg', 'svg'],
    maxBytes: LOGO_MAX_BYTES,
  });
  await setSection(db, LOGO_SECTION, { fileId: String(record.id) }, actor.userId);
  if (previous) await services.files.remove(db, previous.id);
  await recordHistory(db, actor, {
    entityType: HISTORY_TYPE,
    entityId: LOGO_SECTION,
    action: 'update',
    before: previous ? { fileId: Number(previous.id), name: previous.name, size: Number(previous.size) } : null,
    after: { fileId: record.id, name: record.name, size: record.size, mime: record.mime },
  });
  return { fileId: record.id };
}
