import type { Actor } from '../../../platform/auth/principal';
import type { Db } from '../../../platform/db/db';
import { recordHistory } from '../../../platform/history/history';
import type { AppServices } from '../../../platform/services';
import { getSection, setSection } from '../../../platform/settings/settings';
import { type MailInfo, maileinstellungenBody } from '../schema';
import { invalidateSettingsCache } from './cache';
import { parseInput } from './input';
import { HISTORY_TYPE } from './sections';
import { claimSectionVersion } from './sectionVersions';
import { MAIL_SECTION, mailInfo } from './smtp';
import { encryptSmtpPassword } from './smtpPassword';

/**
 * Saves the Maileinstellungen. A given password is stored encrypted; an absent, null or empty one
 * keeps the stored password. The history shows `passwordSet` (and `passwordChanged`), never the password.
 */
export async function saveMaileinstellungen(
  services: AppServices,
  db: Db,
  actor: Actor,
  input: unknown,
): Promise<MailInfo> {
  const values = parseInput(maileinstellungenBody, input);
  await claimSectionVersion(db, MAIL_SECTION, values.version);
  const source = { ...services, db };
  const before = mailInfo(source, await getSection(db, MAIL_SECTION));
  const passwordChanged = Boolean(values.password);
  await setSection(
    db,
    MAIL_SECTION,
    {
      host: values.host,
      port: String(values.port),
      security: values.security,
      user: values.user,
      fromName: values.fromName,
      fromAddress: values.fromAddress,
      replyTo: values.replyTo,
      ...(values.password ? { password: encryptSmtpPassword(services.config.dataKey, values.password) } : {}),
    },
    actor.userId,
  );
  const after = mailInfo(source, await getSection(db, MAIL_SECTION));
  await recordHistory(db, actor, {
    entityType: HISTORY_TYPE,
    entityId: MAIL_SECTION,
    action: 'update',
    before,
    after: passwordChanged ? { ...after, passwordChanged } : after,
  });
  invalidateSettingsCache(services, db);
  return after;
}

/** Deletes the Maileinstellungen: mail then goes through SMTP_* of the environment, or to the outbox. */
export async function resetMaileinstellungen(services: AppServices, db: Db, actor: Actor): Promise<void> {
  // No check (DELETE has no body), but a form still open on the old settings must notice.
  await claimSectionVersion(db, MAIL_SECTION, undefined);
  const before = mailInfo({ ...services, db }, await getSection(db, MAIL_SECTION));
  await db('settings').where({ section: MAIL_SECTION }).delete();
  await recordHistory(db, actor, { entityType: HISTORY_TYPE, entityId: MAIL_SECTION, action: 'reset', before });
  invalidateSettingsCache(services, db);
}
